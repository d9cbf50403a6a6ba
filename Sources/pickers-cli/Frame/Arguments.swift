/// The arguments of one command after parsing, ready to be read into typed values.
///
///     let size = try arguments.integer("--size", in: 1...4096) ?? 64
///     let json = arguments.flag("--json")
struct ParsedArguments: Sendable {
  /// Option and flag values by long name, in the order given.
  private(set) var values: [String: [String]] = [:]
  /// Positional values by declared name, in order.
  private(set) var positionalValues: [String: [String]] = [:]

  /// Whether the flag was given.
  func flag(_ long: String) -> Bool { values[long] != nil }

  /// The option's value, the last one when given more than once.
  func option(_ long: String) -> String? { values[long]?.last }

  /// Every value of a repeatable option, in order.
  func options(_ long: String) -> [String] { values[long] ?? [] }

  /// The positional argument declared as `name`.
  func positional(_ name: String) -> String? { positionalValues[name]?.first }

  /// Every value of a repeating positional argument.
  func positionals(_ name: String) -> [String] { positionalValues[name] ?? [] }

  /// The option's value as a whole number within `range`.
  ///
  /// - Throws: ``UsageError`` when the value is not a whole number or out of range.
  func integer(_ long: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
    guard let text = option(long) else { return nil }
    return try Int.parse(text, option: long, within: range)
  }

  /// The option's value as a number within `range`.
  ///
  /// - Throws: ``UsageError`` when the value is not a finite number or out of range.
  func double(_ long: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
    guard let text = option(long) else { return nil }
    return try Double.parse(text, option: long, within: range)
  }

  /// The option's value as one case of a string-valued enumeration.
  ///
  /// - Throws: ``UsageError`` listing the valid values when the value is not one of them.
  func choice<Choice: RawRepresentable & CaseIterable>(
    _ long: String, as type: Choice.Type
  ) throws(UsageError) -> Choice? where Choice.RawValue == String {
    guard let text = option(long) else { return nil }
    if let value = Choice(rawValue: text) ?? Choice(rawValue: text.lowercased()) { return value }
    throw choiceError(long, text, valid: Choice.allCases.map(\.rawValue))
  }

  fileprivate mutating func append(option long: String, _ value: String) {
    values[long, default: []].append(value)
  }

  fileprivate mutating func append(positional name: String, _ value: String) {
    positionalValues[name, default: []].append(value)
  }
}

/// Prints a number without a trailing `.0`.
func formatNumber(_ value: Double) -> String {
  value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}

/// The options every command accepts, handled by the frame itself.
enum GlobalOptions {
  static let help = ArgumentSpec.flag("--help", short: "h", help: "Show help for this command.")
  /// `--color WHEN`, read by the runner (``Runner``), also before a subcommand's name.
  static let colorMode = Option<ColorMode>(
    "--color", value: "WHEN", default: .auto, help: "Color terminal output: {choices}.")
  static let color = colorMode.argument
  static let all = [color, help]
}

/// What the parser found besides the command's own arguments.
struct ParseOutcome {
  var arguments = ParsedArguments()
  var helpRequested = false
  var colorMode: String?
}

/// Splits `tokens` according to a command's declared arguments.
enum ArgumentParser {
  /// Parses the tokens that follow a leaf command's name.
  ///
  /// Options take the next token as their value even when it starts with `-`, so
  /// `--size -5` reaches validation. A lone `-` and negative numbers are positionals; `--`
  /// ends option parsing.
  ///
  /// - Throws: ``UsageError`` for unknown options, missing values and wrong positional counts.
  static func parse(_ tokens: [String], spec: CommandSpec) throws(UsageError) -> ParseOutcome {
    let declared = spec.arguments + GlobalOptions.all
    var outcome = ParseOutcome()
    // `--help` anywhere before `--` wins over every other mistake on the line.
    for token in tokens {
      if token == "--" { break }
      if token == "--help" || token == "-h" {
        outcome.helpRequested = true
        return outcome
      }
    }
    var positionals: [String] = []
    var index = 0
    var optionsEnded = false

    func lookup(long: String) -> ArgumentSpec? {
      declared.first { $0.kind != .positional && $0.name == long }
    }
    func lookup(short: Character) -> ArgumentSpec? {
      declared.first { $0.kind != .positional && $0.short == short }
    }
    func record(_ argument: ArgumentSpec, value: String?) {
      switch argument.name {
      case GlobalOptions.help.name: outcome.helpRequested = true
      case GlobalOptions.color.name: outcome.colorMode = value
      default: outcome.arguments.append(option: argument.name, value ?? "")
      }
    }

    while index < tokens.count {
      let token = tokens[index]
      index += 1
      if optionsEnded || token == "-" || !token.hasPrefix("-") || isNumber(token) {
        positionals.append(token)
        continue
      }
      if token == "--" {
        optionsEnded = true
        continue
      }
      if token.hasPrefix("--") {
        let parts = token.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let long = String(parts[0])
        guard let argument = lookup(long: long) else {
          throw unknownOption(long, declared: declared)
        }
        if argument.kind == .flag {
          guard parts.count == 1 else { throw UsageError("\(long) does not take a value") }
          record(argument, value: nil)
        } else if parts.count == 2 {
          record(argument, value: String(parts[1]))
        } else {
          guard index < tokens.count else {
            throw UsageError("missing value for \(long) <\(argument.valueName)>")
          }
          record(argument, value: tokens[index])
          index += 1
        }
        continue
      }
      // Short options: `-h`, `-o FILE`, `-oFILE`, and bundled flags `-ab`.
      var letters = Substring(token.dropFirst())
      while let letter = letters.first {
        letters = letters.dropFirst()
        guard let argument = lookup(short: letter) else {
          throw unknownOption("-\(letter)", declared: declared)
        }
        if argument.kind == .flag {
          record(argument, value: nil)
          continue
        }
        if !letters.isEmpty {
          record(argument, value: String(letters))
        } else {
          guard index < tokens.count else {
            throw UsageError("missing value for -\(letter) <\(argument.valueName)>")
          }
          record(argument, value: tokens[index])
          index += 1
        }
        break
      }
    }

    if outcome.helpRequested { return outcome }
    try assign(positionals, to: spec, into: &outcome.arguments)
    for argument in spec.arguments where argument.kind == .option && !argument.optional {
      if outcome.arguments.option(argument.name) == nil {
        throw UsageError("missing option \(argument.name) <\(argument.valueName)>")
      }
    }
    return outcome
  }

  private static func assign(
    _ values: [String], to spec: CommandSpec, into arguments: inout ParsedArguments
  ) throws(UsageError) {
    let declared = spec.arguments.filter { $0.kind == .positional }
    var remaining = values[...]
    for (position, argument) in declared.enumerated() {
      if argument.repeating {
        // Leave one value for each positional declared after this one.
        let reserved = declared.count - position - 1
        let take = max(0, remaining.count - reserved)
        for value in remaining.prefix(take) { arguments.append(positional: argument.name, value) }
        remaining = remaining.dropFirst(take)
        if take == 0 && !argument.optional {
          throw UsageError("missing argument <\(argument.name)>")
        }
        continue
      }
      guard let value = remaining.first else {
        if argument.optional { continue }
        throw UsageError("missing argument <\(argument.name)>")
      }
      arguments.append(positional: argument.name, value)
      remaining = remaining.dropFirst()
    }
    if let extra = remaining.first {
      throw UsageError("unexpected argument '\(extra)'")
    }
  }

  private static func unknownOption(_ name: String, declared: [ArgumentSpec]) -> UsageError {
    let names = declared.filter { $0.kind != .positional }.map(\.name)
    if let guess = closestMatch(to: name, in: names) {
      return UsageError("unknown option '\(name)'; did you mean '\(guess)'?")
    }
    return UsageError("unknown option '\(name)'")
  }

  /// Whether a token is a number (`-5`, `-0.5`, `-1e3`) rather than an option.
  static func isNumber(_ token: String) -> Bool {
    guard token.count > 1, token.hasPrefix("-") else { return false }
    let body = token.dropFirst()
    guard let first = body.first, first.isASCII, first.isNumber || first == "." else {
      return false
    }
    return Double(token) != nil
  }
}

/// The candidate closest to `word` by edit distance, when it is close enough to be a likely typo.
func closestMatch(to word: String, in candidates: [String]) -> String? {
  let lowered = word.lowercased()
  var best: (String, Int)?
  for candidate in candidates {
    let distance = editDistance(lowered, candidate.lowercased())
    if distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
  }
  guard let (candidate, distance) = best else { return nil }
  let allowed = max(1, min(3, candidate.count / 3))
  return distance <= allowed ? candidate : nil
}

/// Levenshtein distance over Unicode scalars.
func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a.unicodeScalars)
  let b = Array(b.unicodeScalars)
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}
