import Glibc

/// A value of a CSS math function: a number, a percentage or an angle (held in degrees).
struct CalcValue: Equatable, Sendable {
  enum Unit: Equatable, Sendable {
    case number, percentage, angle

    var name: String {
      switch self {
      case .number: "a number"
      case .percentage: "a percentage"
      case .angle: "an angle"
      }
    }
  }

  var value: Double
  var unit: Unit

  /// The value with NaN censored to 0 and infinities clamped to the largest finite values, as
  /// CSS Values 4 section 10.9 does at the top of a calculation.
  var censored: CalcValue {
    if value.isNaN { return CalcValue(value: 0, unit: unit) }
    if value.isInfinite {
      return CalcValue(
        value: value > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude, unit: unit)
    }
    return self
  }
}

/// A cursor over ``CSSToken``s, shared by the math and color grammars.
struct CSSTokenCursor {
  let tokens: [CSSToken]
  /// The byte offset just past the input, for errors at the end.
  let endOffset: Int
  var position = 0

  var peek: CSSToken? { position < tokens.count ? tokens[position] : nil }
  var offset: Int { peek?.offset ?? endOffset }
  var atEnd: Bool { position >= tokens.count }

  mutating func next() -> CSSToken? {
    guard position < tokens.count else { return nil }
    defer { position += 1 }
    return tokens[position]
  }

  /// Skips whitespace; returns whether there was any.
  @discardableResult
  mutating func skipWhitespace() -> Bool {
    var skipped = false
    while let token = peek, token.kind == .whitespace {
      position += 1
      skipped = true
    }
    return skipped
  }

  /// Consumes `kind` (after optional whitespace) or returns `false` without moving.
  mutating func take(_ kind: CSSToken.Kind) -> Bool {
    let saved = position
    skipWhitespace()
    if peek?.kind == kind {
      position += 1
      return true
    }
    position = saved
    return false
  }

  func failure(_ reason: ColorParseError.Reason, at offset: Int? = nil) -> CSSColorParser.Failure {
    CSSColorParser.Failure(offset: offset ?? self.offset, reason: reason)
  }

  /// Consumes `)` after optional whitespace.
  mutating func expectClose() throws(CSSColorParser.Failure) {
    skipWhitespace()
    guard let token = peek else { throw failure(.missingClosingParenthesis) }
    guard token.kind == .rightParenthesis else {
      throw failure(.unexpectedCharacter(CSSMath.describe(token)))
    }
    position += 1
  }

  /// Consumes `,` after optional whitespace.
  mutating func expectComma(_ what: String) throws(CSSColorParser.Failure) {
    guard take(.comma) else { throw failure(.invalidValue("expected ',' \(what)")) }
  }
}

/// The CSS math functions (CSS Values 4 section 10): `calc()`, comparison, stepped value,
/// trigonometric, exponential and sign functions, with the constants `e`, `pi`, `infinity`,
/// `-infinity` and `NaN`.
///
/// Types follow CSS's rules as far as colors need them: numbers, percentages and angles; a
/// product may have one non-number factor, a sum needs one type throughout. Channel keywords of
/// relative colors (`r`, `l`, `alpha`, ...) come in through `keywords` as numbers.
enum CSSMath {
  /// How deeply math functions and parentheses may nest.
  static let maximumDepth = 32

  /// The functions this grammar evaluates.
  static let functions: Set<String> = [
    "calc", "min", "max", "clamp", "round", "mod", "rem", "abs", "sign", "sin", "cos", "tan",
    "asin", "acos", "atan", "atan2", "pow", "sqrt", "hypot", "log", "exp",
  ]

  static func describe(_ token: CSSToken) -> String {
    switch token.kind {
    case .ident(let name, _): name
    case .function(let name): name + "("
    case .hash(let name): "#" + name
    case .number(let value): Color.formatNumber(value, decimals: 6)
    case .percentage(let value): Color.formatNumber(value, decimals: 6) + "%"
    case .dimension(let value, let unit): Color.formatNumber(value, decimals: 6) + unit
    case .whitespace: " "
    case .comma: ","
    case .leftParenthesis: "("
    case .rightParenthesis: ")"
    case .delimiter(let character): String(character)
    case .bad(let what): what
    }
  }

  /// `value` `unit`s in degrees, or `nil` for a unit that is not an angle.
  static func degrees(_ value: Double, unit: String) -> Double? {
    switch unit {
    case "deg": value
    case "rad": degrees(radians: value)
    case "grad": value * 0.9
    case "turn": value * 360
    default: nil
    }
  }

  /// Radians in degrees, rounded as both parsers round them (times 180, then over pi: the
  /// byte parser and the full grammar must give the same value, which `fuzz-color` checks).
  @inline(__always)
  static func degrees(radians value: Double) -> Double { value * 180 / .pi }

  /// Evaluates the math function `name` whose `(` the cursor has just passed.
  static func evaluate(
    function name: String, at offset: Int, _ cursor: inout CSSTokenCursor,
    keywords: [String: Double?], depth: Int = 0
  ) throws(CSSColorParser.Failure) -> CalcValue {
    var evaluator = Evaluator(keywords: keywords)
    return try evaluator.function(name, at: offset, &cursor, depth: depth)
  }

  struct Evaluator {
    let keywords: [String: Double?]

    func fail(_ message: String, at offset: Int) -> CSSColorParser.Failure {
      CSSColorParser.Failure(offset: offset, reason: .invalidCalculation(message))
    }

    mutating func function(
      _ name: String, at offset: Int, _ cursor: inout CSSTokenCursor, depth: Int
    ) throws(CSSColorParser.Failure) -> CalcValue {
      guard depth < CSSMath.maximumDepth else {
        throw CSSColorParser.Failure(
          offset: offset, reason: .nestingTooDeep(limit: CSSMath.maximumDepth))
      }
      var arguments: [(CalcValue, Int)] = []
      var strategy: String? = nil
      cursor.skipWhitespace()
      if name == "round", case .ident(_, let lowered)? = cursor.peek?.kind,
        ["nearest", "up", "down", "to-zero"].contains(lowered)
      {
        strategy = lowered
        cursor.position += 1
        try cursor.expectComma("after the rounding strategy")
      }
      while true {
        cursor.skipWhitespace()
        let argumentOffset = cursor.offset
        arguments.append((try sum(&cursor, depth: depth + 1), argumentOffset))
        cursor.skipWhitespace()
        guard let token = cursor.peek else {
          throw cursor.failure(.missingClosingParenthesis)
        }
        if token.kind == .comma {
          cursor.position += 1
          continue
        }
        guard token.kind == .rightParenthesis else {
          throw fail("unexpected '\(CSSMath.describe(token))' in \(name)()", at: token.offset)
        }
        cursor.position += 1
        break
      }
      return try apply(name, strategy: strategy, arguments, at: offset)
    }

    func count(
      _ name: String, _ arguments: [(CalcValue, Int)], _ allowed: ClosedRange<Int>, at offset: Int
    )
      throws(CSSColorParser.Failure)
    {
      guard allowed.contains(arguments.count) else {
        let expected =
          allowed.lowerBound == allowed.upperBound
          ? "\(allowed.lowerBound)" : "\(allowed.lowerBound) to \(allowed.upperBound)"
        throw fail(
          "\(name)() takes \(expected) argument\(allowed.upperBound == 1 ? "" : "s"), "
            + "found \(arguments.count)", at: offset)
      }
    }

    /// All arguments of one type (CSS: the calculations must have the same type).
    func sameUnit(_ name: String, _ arguments: [(CalcValue, Int)]) throws(CSSColorParser.Failure)
      -> CalcValue.Unit
    {
      let unit = arguments[0].0.unit
      for (argument, offset) in arguments.dropFirst() where argument.unit != unit {
        throw fail(
          "\(name)() mixes \(unit.name) and \(argument.unit.name)", at: offset)
      }
      return unit
    }

    func number(_ name: String, _ argument: (CalcValue, Int)) throws(CSSColorParser.Failure)
      -> Double
    {
      guard argument.0.unit == .number else {
        throw fail("\(name)() takes a number, found \(argument.0.unit.name)", at: argument.1)
      }
      return argument.0.value
    }

    func apply(
      _ name: String, strategy: String?, _ arguments: [(CalcValue, Int)], at offset: Int
    ) throws(CSSColorParser.Failure) -> CalcValue {
      switch name {
      case "calc":
        try count(name, arguments, 1...1, at: offset)
        return arguments[0].0
      case "min", "max":
        let unit = try sameUnit(name, arguments)
        var result = arguments[0].0.value
        for (argument, _) in arguments.dropFirst() {
          // NaN in any argument makes the result NaN (CSS Values 4 section 10.9).
          if argument.value.isNaN || result.isNaN {
            result = .nan
          } else {
            result =
              name == "min" ? Swift.min(result, argument.value) : Swift.max(result, argument.value)
          }
        }
        return CalcValue(value: result, unit: unit)
      case "clamp":
        try count(name, arguments, 3...3, at: offset)
        let unit = try sameUnit(name, arguments)
        let (low, value, high) = (arguments[0].0.value, arguments[1].0.value, arguments[2].0.value)
        if low.isNaN || value.isNaN || high.isNaN { return CalcValue(value: .nan, unit: unit) }
        // The minimum wins over the maximum when they cross.
        return CalcValue(value: Swift.max(low, Swift.min(value, high)), unit: unit)
      case "round":
        try count(name, arguments, 1...2, at: offset)
        let a = arguments[0].0
        let step: Double
        if arguments.count == 2 {
          _ = try sameUnit(name, arguments)
          step = arguments[1].0.value
        } else {
          guard a.unit == .number else {
            throw fail("round() needs a step for \(a.unit.name)", at: arguments[0].1)
          }
          step = 1
        }
        return CalcValue(
          value: Self.round(a.value, step: step, strategy: strategy ?? "nearest"), unit: a.unit)
      case "mod", "rem":
        try count(name, arguments, 2...2, at: offset)
        let unit = try sameUnit(name, arguments)
        let (a, b) = (arguments[0].0.value, arguments[1].0.value)
        return CalcValue(value: name == "mod" ? Self.mod(a, b) : Self.rem(a, b), unit: unit)
      case "abs":
        try count(name, arguments, 1...1, at: offset)
        return CalcValue(value: Swift.abs(arguments[0].0.value), unit: arguments[0].0.unit)
      case "sign":
        try count(name, arguments, 1...1, at: offset)
        let value = arguments[0].0.value
        let sign: Double = value.isNaN ? .nan : value > 0 ? 1 : value < 0 ? -1 : value
        return CalcValue(value: sign, unit: .number)
      case "sin", "cos", "tan":
        try count(name, arguments, 1...1, at: offset)
        let argument = arguments[0].0
        let radians: Double
        switch argument.unit {
        case .number: radians = argument.value
        case .angle: radians = argument.value * .pi / 180
        case .percentage:
          throw fail("\(name)() takes a number or an angle", at: arguments[0].1)
        }
        let result =
          name == "sin"
          ? Glibc.sin(radians) : name == "cos" ? Glibc.cos(radians) : Glibc.tan(radians)
        return CalcValue(value: result, unit: .number)
      case "asin", "acos", "atan":
        try count(name, arguments, 1...1, at: offset)
        let value = try number(name, arguments[0])
        let radians =
          name == "asin"
          ? Glibc.asin(value) : name == "acos" ? Glibc.acos(value) : Glibc.atan(value)
        return CalcValue(value: radians * 180 / .pi, unit: .angle)
      case "atan2":
        try count(name, arguments, 2...2, at: offset)
        _ = try sameUnit(name, arguments)
        return CalcValue(
          value: Glibc.atan2(arguments[0].0.value, arguments[1].0.value) * 180 / .pi, unit: .angle)
      case "pow":
        try count(name, arguments, 2...2, at: offset)
        return CalcValue(
          value: Glibc.pow(try number(name, arguments[0]), try number(name, arguments[1])),
          unit: .number)
      case "sqrt":
        try count(name, arguments, 1...1, at: offset)
        return CalcValue(value: (try number(name, arguments[0])).squareRoot(), unit: .number)
      case "hypot":
        let unit = try sameUnit(name, arguments)
        var total = 0.0
        for (argument, _) in arguments { total += argument.value * argument.value }
        return CalcValue(value: total.squareRoot(), unit: unit)
      case "log":
        try count(name, arguments, 1...2, at: offset)
        let value = Glibc.log(try number(name, arguments[0]))
        if arguments.count == 2 {
          return CalcValue(value: value / Glibc.log(try number(name, arguments[1])), unit: .number)
        }
        return CalcValue(value: value, unit: .number)
      case "exp":
        try count(name, arguments, 1...1, at: offset)
        return CalcValue(value: Glibc.exp(try number(name, arguments[0])), unit: .number)
      default:
        throw fail("unknown math function '\(name)()'", at: offset)
      }
    }

    /// CSS Values 4 section 10.3, `round()`.
    static func round(_ value: Double, step: Double, strategy: String) -> Double {
      if step == 0 || value.isNaN || step.isNaN { return .nan }
      if value.isInfinite { return step.isInfinite ? .nan : value }
      let step = Swift.abs(step)
      if step.isInfinite {
        switch strategy {
        case "up": return value > 0 ? .infinity : value < 0 ? -0.0 : value
        case "down": return value < 0 ? -.infinity : value > 0 ? 0 : value
        default: return value < 0 || (value == 0 && value.sign == .minus) ? -0.0 : 0
        }
      }
      let quotient = value / step
      let rounded: Double
      switch strategy {
      case "up": rounded = quotient.rounded(.up)
      case "down": rounded = quotient.rounded(.down)
      case "to-zero": rounded = quotient.rounded(.towardZero)
      default:
        // Nearest, with ties toward +infinity.
        rounded = (quotient + 0.5).rounded(.down)
      }
      return rounded * step
    }

    /// `mod()`: the result takes the sign of the divisor.
    static func mod(_ a: Double, _ b: Double) -> Double {
      if b == 0 || a.isInfinite || a.isNaN || b.isNaN { return .nan }
      if b.isInfinite { return (a >= 0) == (b > 0) ? a : .nan }
      let remainder = a.truncatingRemainder(dividingBy: b)
      return remainder != 0 && (remainder < 0) != (b < 0) ? remainder + b : remainder
    }

    /// `rem()`: the result takes the sign of the dividend.
    static func rem(_ a: Double, _ b: Double) -> Double {
      if b == 0 || a.isInfinite || a.isNaN || b.isNaN { return .nan }
      if b.isInfinite { return a }
      return a.truncatingRemainder(dividingBy: b)
    }

    /// `<calc-sum>`: products joined by ` + ` and ` - ` (whitespace required around them).
    mutating func sum(_ cursor: inout CSSTokenCursor, depth: Int) throws(CSSColorParser.Failure)
      -> CalcValue
    {
      var result = try product(&cursor, depth: depth)
      while true {
        let saved = cursor.position
        let spaced = cursor.skipWhitespace()
        guard let token = cursor.peek, case .delimiter(let operation) = token.kind,
          operation == "+" || operation == "-"
        else {
          cursor.position = saved
          return result
        }
        guard spaced else {
          throw fail("'\(operation)' needs whitespace on both sides", at: token.offset)
        }
        cursor.position += 1
        guard cursor.skipWhitespace() else {
          throw fail("'\(operation)' needs whitespace on both sides", at: token.offset)
        }
        let operandOffset = cursor.offset
        let operand = try product(&cursor, depth: depth)
        guard operand.unit == result.unit else {
          throw fail(
            "cannot add \(operand.unit.name) to \(result.unit.name)", at: operandOffset)
        }
        result.value =
          operation == "+" ? result.value + operand.value : result.value - operand.value
      }
    }

    /// `<calc-product>`: values joined by `*` and `/`.
    mutating func product(_ cursor: inout CSSTokenCursor, depth: Int)
      throws(CSSColorParser.Failure) -> CalcValue
    {
      var result = try value(&cursor, depth: depth)
      while true {
        let saved = cursor.position
        cursor.skipWhitespace()
        guard let token = cursor.peek, case .delimiter(let operation) = token.kind,
          operation == "*" || operation == "/"
        else {
          cursor.position = saved
          return result
        }
        cursor.position += 1
        cursor.skipWhitespace()
        let operandOffset = cursor.offset
        let operand = try value(&cursor, depth: depth)
        if operation == "*" {
          if result.unit != .number && operand.unit != .number {
            throw fail(
              "cannot multiply \(result.unit.name) by \(operand.unit.name)", at: operandOffset)
          }
          result = CalcValue(
            value: result.value * operand.value,
            unit: result.unit == .number ? operand.unit : result.unit)
        } else {
          if operand.unit != .number && operand.unit != result.unit {
            throw fail(
              "cannot divide \(result.unit.name) by \(operand.unit.name)", at: operandOffset)
          }
          result = CalcValue(
            value: result.value / operand.value,
            unit: operand.unit == .number ? result.unit : .number)
        }
      }
    }

    /// `<calc-value>`: a number, percentage, angle, constant, keyword, `( sum )` or a function.
    mutating func value(_ cursor: inout CSSTokenCursor, depth: Int)
      throws(CSSColorParser.Failure) -> CalcValue
    {
      guard let token = cursor.next() else {
        throw CSSColorParser.Failure(offset: cursor.endOffset, reason: .missingClosingParenthesis)
      }
      switch token.kind {
      case .number(let value): return CalcValue(value: value, unit: .number)
      case .percentage(let value): return CalcValue(value: value, unit: .percentage)
      case .dimension(let value, let unit):
        guard let degrees = CSSMath.degrees(value, unit: unit) else {
          throw CSSColorParser.Failure(offset: token.offset, reason: .unknownUnit(unit))
        }
        return CalcValue(value: degrees, unit: .angle)
      case .ident(let name, let lowered):
        switch lowered {
        case "e": return CalcValue(value: M_E, unit: .number)
        case "pi": return CalcValue(value: .pi, unit: .number)
        case "infinity": return CalcValue(value: .infinity, unit: .number)
        case "-infinity": return CalcValue(value: -.infinity, unit: .number)
        case "nan": return CalcValue(value: .nan, unit: .number)
        default:
          // Channel keywords, like every CSS keyword, ignore ASCII case.
          if let keyword = keywords[lowered] {
            return CalcValue(value: keyword ?? 0, unit: .number)
          }
          throw fail("unknown keyword '\(name)' in a calculation", at: token.offset)
        }
      case .leftParenthesis:
        guard depth < CSSMath.maximumDepth else {
          throw CSSColorParser.Failure(
            offset: token.offset, reason: .nestingTooDeep(limit: CSSMath.maximumDepth))
        }
        cursor.skipWhitespace()
        let inner = try sum(&cursor, depth: depth + 1)
        try cursor.expectClose()
        return inner
      case .function(let name) where CSSMath.functions.contains(name):
        return try function(name, at: token.offset, &cursor, depth: depth + 1)
      case .function(let name):
        throw fail("'\(name)()' is not a math function", at: token.offset)
      default:
        throw fail("unexpected '\(CSSMath.describe(token))' in a calculation", at: token.offset)
      }
    }
  }
}
