/// The color functions in the full grammar: their absolute form with math functions inside,
/// and the relative syntax of CSS Color 5 (`oklch(from <color> l c h / alpha)`).
extension CSSValueParser {
  typealias Component = CSSColorParser.Component

  /// The color function named `name` (lowercased): `color` (its space is read after the
  /// parenthesis) or a space's own function from the registry; `nil` for anything else.
  static func shape(_ name: String) -> CSSFunctionShape? {
    guard let key = NameKey(name) else { return nil }
    if name == "color" { return CSSFunctionShape(.srgb, color: true) }
    return CSSSpaceNames.function(key)
  }

  /// `rgb()`, `hsl()`, ..., `color()` whose `(` the cursor has just passed.
  mutating func colorFunction(
    _ name: String, shape initial: CSSFunctionShape, at offset: Int, depth: Int
  ) throws(Failure) -> CSSColor {
    var shape = initial
    cursor.skipWhitespace()
    var origin: CSSColor? = nil
    if let token = cursor.peek, case .ident(_, "from") = token.kind {
      usedFullGrammar = true
      // The legacy names take the relative syntax too (rgba(from …), hsla(from …)): CSS
      // Color 5 section 4 defines them as the same functions.
      cursor.position += 1
      origin = try color(depth: depth + 1)
      cursor.skipWhitespace()
    }
    if shape.isColorFunction {
      guard let token = cursor.next(), case .ident(let spaceName, let lowered) = token.kind else {
        throw cursor.failure(.unknownColorSpace(""))
      }
      guard let key = NameKey(lowered), let named = CSSSpaceNames.colorFunction(key) else {
        throw Failure(offset: token.offset, reason: .unknownColorSpace(spaceName))
      }
      shape = named
    }
    if let origin {
      return try relative(shape, origin: origin)
    }
    return try absolute(shape)
  }

  // MARK: - Absolute colors with math

  /// One channel value: a number, percentage, angle, `none` or a math function.
  ///
  /// In a relative color, `keywords` gives the origin's channels.
  mutating func component(keywords: [String: Double?]?) throws(Failure) -> Component {
    cursor.skipWhitespace()
    guard let token = cursor.next() else {
      throw Failure(offset: cursor.endOffset, reason: .missingClosingParenthesis)
    }
    switch token.kind {
    case .number(let value): return Component(value: .number(value), offset: token.offset)
    case .percentage(let value): return Component(value: .percentage(value), offset: token.offset)
    case .dimension(let value, let unit):
      guard let degrees = CSSMath.degrees(value, unit: unit) else {
        throw Failure(offset: token.offset, reason: .unknownUnit(unit))
      }
      return Component(value: .angle(degrees), offset: token.offset)
    case .ident(let name, let lowered):
      if lowered == "none" { return Component(value: .none, offset: token.offset) }
      if let keywords, let keyword = keywords[lowered] {
        return Component(value: keyword.map { .number($0) } ?? .none, offset: token.offset)
      }
      if keywords != nil {
        throw Failure(
          offset: token.offset, reason: .invalidValue("unknown channel keyword '\(name)'"))
      }
      throw Failure(offset: token.offset, reason: .expectedValue)
    case .function(let name) where CSSMath.functions.contains(name):
      usedFullGrammar = true
      let result = try CSSMath.evaluate(
        function: name, at: token.offset, &cursor, keywords: keywords ?? [:]
      ).censored
      let value: CSSColorParser.Value
      switch result.unit {
      case .number: value = .number(result.value)
      case .percentage: value = .percentage(result.value)
      case .angle: value = .angle(result.value)
      }
      return Component(value: value, offset: token.offset)
    case .function(let name):
      throw Failure(offset: token.offset, reason: .unsupported("\(name)()"))
    case .rightParenthesis, .comma:
      throw Failure(offset: token.offset, reason: .expectedValue)
    case .delimiter("/"):
      throw Failure(offset: token.offset, reason: .expectedValue)
    default:
      throw Failure(
        offset: token.offset, reason: .unexpectedCharacter(CSSMath.describe(token)))
    }
  }

  /// The channels of an absolute color function, with the comma and space syntaxes and the
  /// rules of the byte parser (which builds the color).
  mutating func absolute(_ shape: CSSFunctionShape) throws(Failure) -> CSSColor {
    let allowCommas = shape.commas != nil
    var items: [Component] = []
    var commas: Bool? = nil
    var slash = false
    var alpha: Component? = nil
    while true {
      cursor.skipWhitespace()
      guard let token = cursor.peek else {
        throw Failure(offset: cursor.endOffset, reason: .missingClosingParenthesis)
      }
      if token.kind == .rightParenthesis {
        cursor.position += 1
        break
      }
      let item = try component(keywords: nil)
      if slash {
        guard alpha == nil else { throw Failure(offset: item.offset, reason: .misplacedSlash) }
        alpha = item
      } else {
        let limit = commas == true ? 4 : 3
        guard items.count < limit else {
          throw Failure(
            offset: item.offset,
            reason: .wrongChannelCount(function: shape.label, expected: 3, found: items.count + 1))
        }
        items.append(item)
      }
      cursor.skipWhitespace()
      guard let separator = cursor.peek else {
        throw Failure(offset: cursor.endOffset, reason: .missingClosingParenthesis)
      }
      switch separator.kind {
      case .rightParenthesis: continue
      case .comma:
        guard allowCommas else {
          throw Failure(offset: separator.offset, reason: .commasNotAllowed(function: shape.label))
        }
        cursor.position += 1
        if commas == false || slash {
          throw Failure(offset: cursor.offset, reason: .mixedSeparators)
        }
        commas = true
        cursor.skipWhitespace()
        if cursor.peek?.kind == .rightParenthesis || cursor.atEnd {
          throw cursor.failure(.expectedValue)
        }
      case .delimiter("/"):
        if commas == true { throw Failure(offset: separator.offset, reason: .mixedSeparators) }
        if slash || items.count != 3 {
          throw Failure(offset: separator.offset, reason: .misplacedSlash)
        }
        cursor.position += 1
        slash = true
        commas = false
        cursor.skipWhitespace()
        if cursor.peek?.kind == .rightParenthesis || cursor.atEnd {
          throw cursor.failure(.expectedValue)
        }
      default:
        if commas == true { throw Failure(offset: separator.offset, reason: .mixedSeparators) }
        if slash { throw Failure(offset: separator.offset, reason: .misplacedSlash) }
        commas = false
      }
    }
    if commas == true && items.count == 4 { alpha = items.removeLast() }
    guard items.count == 3 else {
      throw Failure(
        offset: cursor.offset,
        reason: .wrongChannelCount(function: shape.label, expected: 3, found: items.count))
    }
    var arguments = CSSColorParser.Arguments()
    arguments.c0 = items[0]
    arguments.c1 = items[1]
    arguments.c2 = items[2]
    arguments.alpha = alpha
    arguments.commas = commas == true
    let builder = CSSColorParser(bytes: UnsafeBufferPointer(start: nil, count: 0))
    let color = try builder.build(shape, arguments)
    var alphaIsMissing = false
    if case .none? = alpha?.value { alphaIsMissing = true }
    let legacy = shape.isLegacy
    return CSSColor(color, alphaIsMissing: alphaIsMissing, style: legacy ? .legacy : .modern)
  }

  // MARK: - Relative colors

  /// `<function>(from <origin> c0 c1 c2 [/ alpha])`: the origin converted to the function's
  /// space, its channels available as keywords (CSS Color 5 section 4).
  mutating func relative(_ shape: CSSFunctionShape, origin: CSSColor) throws(Failure)
    -> CSSColor
  {
    let channels = origin.color.carried(to: shape.space)
    let names = shape.space.channelNames
    // Keywords are numbers in the units of the function: rgb() channels are 0-255.
    let scale = shape.scale
    let keywords: [String: Double?] = [
      names.0: channels.c0.map { $0 * scale },
      names.1: channels.c1.map { $0 * scale },
      names.2: channels.c2.map { $0 * scale },
      "alpha": origin.alphaOrNil,
    ]
    var items: [Component] = []
    // The kind of each channel written as a literal number or percentage (not a keyword or a
    // math function), for the type check of hsl() and hwb() below.
    var literals: [CSSToken.Kind?] = []
    for _ in 0..<3 {
      cursor.skipWhitespace()
      switch cursor.peek?.kind {
      case .number?, .percentage?: literals.append(cursor.peek?.kind)
      default: literals.append(nil)
      }
      let item = try component(keywords: keywords)
      items.append(item)
      cursor.skipWhitespace()
      if cursor.peek?.kind == .comma {
        throw cursor.failure(.commasNotAllowed(function: shape.label))
      }
    }
    try Self.checkLiteralTypes(shape, items, literals)
    var alpha: Component? = nil
    cursor.skipWhitespace()
    if cursor.peek?.kind == .delimiter("/") {
      cursor.position += 1
      alpha = try component(keywords: keywords)
    }
    cursor.skipWhitespace()
    guard let close = cursor.peek else {
      throw Failure(offset: cursor.endOffset, reason: .missingClosingParenthesis)
    }
    guard close.kind == .rightParenthesis else {
      if alpha == nil && close.kind != .delimiter("/") {
        throw Failure(
          offset: close.offset,
          reason: .wrongChannelCount(function: shape.label, expected: 3, found: 4))
      }
      throw Failure(offset: close.offset, reason: .misplacedSlash)
    }
    cursor.position += 1
    var arguments = CSSColorParser.Arguments()
    arguments.c0 = items[0]
    arguments.c1 = items[1]
    arguments.c2 = items[2]
    // Without "/ alpha" the origin's alpha is kept.
    arguments.alpha =
      alpha
      ?? Component(
        value: origin.alphaOrNil.map { .number($0) } ?? .none, offset: cursor.offset)
    let builder = CSSColorParser(bytes: UnsafeBufferPointer(start: nil, count: 0))
    var color: Color
    if shape.clampsRelative {
      color = try builder.build(shape, arguments)
    } else {
      // Relative rgb() is not clamped: out-of-gamut origins stay out of gamut.
      let channels = try builder.channels(shape, arguments, clamped: false)
      color = Color(
        space: shape.space, channels: channels, alpha: try builder.alphaValue(arguments))
    }
    if case .none? = arguments.alpha?.value {
      return CSSColor(color, alphaIsMissing: true)
    }
    color.alpha = try builder.alphaValue(arguments)
    return CSSColor(color)
  }

  /// Checks the channel types of a relative `hsl()` or `hwb()`.
  ///
  /// The two channels after the hue may not be a literal number and a literal percentage
  /// side by side (`hsl(from red h 10% 10)`): the web-platform-tests channel-type rule. Keywords and math functions take either type.
  static func checkLiteralTypes(
    _ shape: CSSFunctionShape, _ items: [Component], _ literals: [CSSToken.Kind?]
  ) throws(Failure) {
    guard shape.space == .hsl || shape.space == .hwb, literals.count == 3 else { return }
    var sawNumber = false
    var sawPercentage = false
    for index in 1...2 {
      switch literals[index] {
      case .number?: sawNumber = true
      case .percentage?: sawPercentage = true
      default: break
      }
    }
    guard sawNumber && sawPercentage else { return }
    let names = shape.space.channelNames
    throw Failure(
      offset: items[2].offset,
      reason: .invalidValue(
        "\(shape.label)(from …) takes \(names.1) and \(names.2) of one type: both numbers or"
          + " both percentages"))
  }

  /// CSS Color 5 `alpha(from <color> [/ <alpha>]?)`, whose `(` the cursor has just passed.
  ///
  /// The result is the origin with its alpha replaced (the keyword `alpha` is the origin's). The origin
  /// keeps its space and serialization; a `currentcolor` origin gives `color(srgb …)`.
  mutating func relativeAlpha(depth: Int) throws(Failure) -> CSSColor {
    cursor.skipWhitespace()
    guard let token = cursor.next(), case .ident(_, "from") = token.kind else {
      throw cursor.failure(.invalidValue("alpha() starts with 'from' and a color"))
    }
    cursor.skipWhitespace()
    var isCurrentColor = false
    if case .ident(_, "currentcolor")? = cursor.peek?.kind { isCurrentColor = true }
    var result = try color(depth: depth + 1)
    if isCurrentColor {
      result = CSSColor(
        result.color.converted(to: .srgb), alphaIsMissing: result.alphaIsMissing)
    }
    cursor.skipWhitespace()
    if cursor.peek?.kind == .delimiter("/") {
      cursor.position += 1
      let item = try component(keywords: ["alpha": result.alphaOrNil])
      switch item.value {
      case .none:
        result = CSSColor(result.color, alphaIsMissing: true, style: result.style)
      case .number(let number):
        result.alphaIsMissing = false
        result.color.alpha = min(max(number, 0), 1)
      case .percentage(let percent):
        result.alphaIsMissing = false
        result.color.alpha = min(max(percent / 100, 0), 1)
      case .angle:
        throw Failure(
          offset: item.offset,
          reason: .wrongValueType(channel: "alpha", expected: "a number or a percentage"))
      }
    }
    try cursor.expectClose()
    return result
  }
}
