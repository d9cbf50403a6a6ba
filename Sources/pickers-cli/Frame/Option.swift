/// An option that takes a value, declared once: its name, type, default, range and help.
///
/// The parser, `--help`, the man page, the completion scripts and the bad-input tests all read
/// the one declaration, as swift-argument-parser's `@Option` does, but with no reflection: a
/// handle is a plain value built when its command's spec is, and its help is only put together
/// when something prints it.
///
///     static let count = Option<Int>(
///       "--count", short: "n", value: "N", default: 8, range: 1...64,
///       help: "How many colors, {min}-{max} (default {default}).")
///     // in the spec:  arguments: [count.argument, ...]
///     // in init:      count = try arguments.value(Self.count)
///
/// In `help`, `{default}` is the default as typed on a command line, `{min}` and `{max}` the
/// ends of the range, and `{choices}` every choice in order, the default marked:
/// `shorter (default), longer, increasing or decreasing`. An option with no default reads as
/// an optional (`Option<Int?>`): `nil` when it is not given.
struct Option<Value: OptionValue>: Sendable {
  /// When a value outside the declaration is refused.
  enum Check: Sendable {
    /// By ``ParsedArguments/value(_:)``: a usage error, exit 2.
    case whenParsed
    /// By the command itself when it runs (its own message and exit status); the declaration
    /// still gives help and completions the choices.
    case whenRun
  }

  /// The declaration the parser, help and generators read.
  let argument: ArgumentSpec
  /// The value when the option is not given.
  let defaultValue: Value
  /// The range a number must be in, if any.
  let range: Value.Parsed.Bounds?

  /// Declares an option; `completion` defaults to the type's choices.
  init(
    _ long: String, short: Character? = nil, value valueName: String, default defaultValue: Value,
    range: Value.Parsed.Bounds? = nil, help: String, check: Check = .whenParsed,
    completion: Completion? = nil
  ) {
    self.defaultValue = defaultValue
    self.range = range
    let accepted = Value.Parsed.accepted(within: range)
    var choices: Completion = .none
    if case .choices(let words) = accepted { choices = .choices(words) }
    var argument = ArgumentSpec.option(
      long, short: short, value: valueName, help: help, completion: completion ?? choices)
    argument.filled = OptionHelp(
      defaultText: defaultValue.defaultText, accepted: accepted,
      checkedWhenParsed: check == .whenParsed)
    self.argument = argument
  }
}

extension Option where Value: ExpressibleByNilLiteral {
  /// Declares an option with no default: it reads as `nil` when it is not given.
  init(
    _ long: String, short: Character? = nil, value valueName: String,
    range: Value.Parsed.Bounds? = nil, help: String, check: Check = .whenParsed,
    completion: Completion? = nil
  ) {
    self.init(
      long, short: short, value: valueName, default: nil, range: range, help: help,
      check: check, completion: completion)
  }
}

extension ParsedArguments {
  /// The value `option` was given, else its default.
  ///
  /// - Throws: ``UsageError`` when the text is not a value of the type or is out of range.
  func value<Value>(_ option: Option<Value>) throws(UsageError) -> Value {
    guard let text = self.option(option.argument.name) else { return option.defaultValue }
    return Value(
      parsed: try Value.Parsed.parse(text, option: option.argument.name, within: option.range))
  }
}

/// What a declaration says about its values, for help, completions and the bad-input tests.
enum AcceptedValues: Sendable, Equatable {
  /// Whole numbers in a range.
  case integers(ClosedRange<Int>)
  /// Finite numbers in a range.
  case numbers(ClosedRange<Double>)
  /// One of these words.
  case choices([String])
}

/// The parts of an option's declaration its help text is filled from.
struct OptionHelp: Sendable {
  /// The default as typed on a command line; `nil` when there is none.
  var defaultText: String?
  var accepted: AcceptedValues?
  /// Whether the parser refuses values outside ``accepted`` (otherwise the command does).
  var checkedWhenParsed: Bool

  /// `template` with `{default}`, `{min}`, `{max}` and `{choices}` replaced.
  func fill(_ template: String) -> String {
    var text = template
    if let defaultText { text = text.replacing("{default}", with: defaultText) }
    switch accepted {
    case .integers(let range):
      text = text.replacing("{min}", with: String(range.lowerBound))
        .replacing("{max}", with: String(range.upperBound))
    case .numbers(let range):
      text = text.replacing("{min}", with: formatNumber(range.lowerBound))
        .replacing("{max}", with: formatNumber(range.upperBound))
    case .choices(let words):
      let marked = words.map { $0 == defaultText ? $0 + " (default)" : $0 }
      let listed =
        marked.count > 1
        ? marked.dropLast().joined(separator: ", ") + " or " + (marked.last ?? "")
        : marked.joined()
      text = text.replacing("{choices}", with: listed)
    case nil:
      break
    }
    return text
  }
}

/// A type an option's value can be: the value itself, or an optional of it for an option with
/// no default.
protocol OptionValue: Sendable {
  /// The type the text is parsed as.
  associatedtype Parsed: ArgumentValue
  init(parsed: Parsed)
  /// The value as help writes a default; `nil` for no default.
  var defaultText: String? { get }
}

/// A type the text of an option is parsed as.
protocol ArgumentValue: OptionValue where Parsed == Self {
  /// What a declaration may limit the values to: a range for numbers, `Never` for the rest.
  associatedtype Bounds: Sendable = Never
  /// Reads `text`, the value given to `option`.
  ///
  /// - Throws: ``UsageError`` saying what `option` takes.
  static func parse(_ text: String, option: String, within bounds: Bounds?) throws(UsageError)
    -> Self
  /// The values a declaration with `bounds` accepts.
  static func accepted(within bounds: Bounds?) -> AcceptedValues?
  /// The value as it is typed on a command line.
  var argumentText: String { get }
}

extension ArgumentValue {
  init(parsed: Self) { self = parsed }
  var defaultText: String? { argumentText }
}

extension Optional: OptionValue where Wrapped: ArgumentValue {
  typealias Parsed = Wrapped
  init(parsed: Wrapped) { self = parsed }
  var defaultText: String? { self?.argumentText }
}

extension Int: ArgumentValue {
  static func parse(_ text: String, option: String, within range: ClosedRange<Int>?)
    throws(UsageError) -> Int
  {
    guard let value = Int(text) else {
      throw UsageError("\(option) takes a whole number, not '\(text)'")
    }
    if let range, !range.contains(value) {
      throw UsageError(
        "\(option) must be between \(range.lowerBound) and \(range.upperBound), not \(value)")
    }
    return value
  }

  static func accepted(within range: ClosedRange<Int>?) -> AcceptedValues? {
    range.map { .integers($0) }
  }

  var argumentText: String { String(self) }
}

extension Double: ArgumentValue {
  static func parse(_ text: String, option: String, within range: ClosedRange<Double>?)
    throws(UsageError) -> Double
  {
    guard let value = Double(text), value.isFinite else {
      throw UsageError("\(option) takes a number, not '\(text)'")
    }
    if let range, !range.contains(value) {
      throw UsageError(
        "\(option) must be between \(formatNumber(range.lowerBound)) and "
          + "\(formatNumber(range.upperBound)), not \(text)")
    }
    return value
  }

  static func accepted(within range: ClosedRange<Double>?) -> AcceptedValues? {
    range.map { .numbers($0) }
  }

  var argumentText: String { formatNumber(self) }
}

extension String: ArgumentValue {
  static func parse(_ text: String, option: String, within bounds: Never?) -> String { text }
  static func accepted(within bounds: Never?) -> AcceptedValues? { nil }
  var argumentText: String { self }
}

/// A value chosen by name from a fixed list: a library enumeration (`Harmony`,
/// `DeltaEMethod`), or a CLI type built from one (``AllOr``).
///
/// A `String`-valued `CaseIterable` enumeration conforms with an empty extension; its words
/// are its raw values, in case order.
protocol ArgumentChoice: ArgumentValue, CaseIterable, Hashable where Bounds == Never {}

extension ArgumentChoice {
  /// The case named `text`, exactly or in lowercase.
  static func named(_ text: String) -> Self? {
    let lowered = text.lowercased()
    return allCases.first { $0.argumentText == text }
      ?? allCases.first {
        $0.argumentText == lowered
      }
  }

  /// Every case's word, in order.
  static var words: [String] { allCases.map(\.argumentText) }

  static func parse(_ text: String, option: String, within bounds: Never?) throws(UsageError)
    -> Self
  {
    if let value = named(text) { return value }
    throw choiceError(option, text, valid: words)
  }

  static func accepted(within bounds: Never?) -> AcceptedValues? { .choices(words) }
}

extension ArgumentChoice where Self: RawRepresentable, RawValue == String {
  var argumentText: String { rawValue }
}

/// The usage error for a word that is none of `valid`.
func choiceError(_ option: String, _ text: String, valid: [String]) -> UsageError {
  UsageError("\(option) must be one of \(valid.joined(separator: ", ")); '\(text)' is not")
}

/// `all`, or one case of `Choice`: `--deficiency all`, `--type triadic`.
enum AllOr<Choice: ArgumentChoice>: ArgumentChoice {
  case all
  case one(Choice)

  static var allCases: [AllOr] { [.all] + Choice.allCases.map { .one($0) } }

  var argumentText: String {
    switch self {
    case .all: "all"
    case .one(let choice): choice.argumentText
    }
  }

  /// The cases this stands for: every one for `all`.
  var cases: [Choice] {
    switch self {
    case .all: Array(Choice.allCases)
    case .one(let choice): [choice]
    }
  }
}
