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

  /// `template` with `{default}`, `{min}`, `{max}` and `{choices}` replaced, in one pass; any
  /// other text in braces is kept as written.
  func fill(_ template: String) -> String {
    var text = ""
    var rest = template[...]
    while let open = rest.firstIndex(of: "{") {
      text += rest[..<open]
      guard let close = rest[open...].firstIndex(of: "}"),
        let value = value(of: rest[rest.index(after: open)..<close])
      else {
        text.append("{")
        rest = rest[rest.index(after: open)...]
        continue
      }
      text += value
      rest = rest[rest.index(after: close)...]
    }
    return text + rest
  }

  /// What the placeholder `name` stands for; `nil` when the declaration has no such part.
  private func value(of name: Substring) -> String? {
    switch (name, accepted) {
    case ("default", _): return defaultText
    case ("min", .integers(let range)?): return String(range.lowerBound)
    case ("max", .integers(let range)?): return String(range.upperBound)
    case ("min", .numbers(let range)?): return formatNumber(range.lowerBound)
    case ("max", .numbers(let range)?): return formatNumber(range.upperBound)
    case ("choices", .choices(let words)?):
      let marked = words.map { $0 == defaultText ? $0 + " (default)" : $0 }
      guard let last = marked.last, marked.count > 1 else { return marked.first }
      return marked.dropLast().joined(separator: ", ") + " or " + last
    default: return nil
    }
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
///
/// Building a spec reads ``words`` and parsing calls ``named(_:)``; neither makes an array of
/// `Self`. A type that is not a plain enumeration implements both from its parts' words, as
/// ``AllOr`` does: each new array type is a metadata instantiation at start-up (300 K
/// instructions for two, measured on `pickers palette harmony`).
protocol ArgumentChoice: ArgumentValue, CaseIterable, Hashable where Bounds == Never {
  /// Every case's word, in order.
  static var words: [String] { get }
  /// The case named `text`, exactly or in lowercase.
  static func named(_ text: String) -> Self?
}

extension ArgumentChoice {
  static var words: [String] { allCases.map(\.argumentText) }

  static func named(_ text: String) -> Self? {
    let lowered = text.lowercased()
    return allCases.first { $0.argumentText == text }
      ?? allCases.first { $0.argumentText == lowered }
  }

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

  static func named(_ text: String) -> Self? {
    Self(rawValue: text) ?? Self(rawValue: text.lowercased())
  }
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
  static var words: [String] { ["all"] + Choice.words }

  static func named(_ text: String) -> AllOr? {
    text == "all" || text.lowercased() == "all" ? .all : Choice.named(text).map { .one($0) }
  }

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
