/// The full CSS Color 5 grammar over ``CSSToken``s: colors, `color-mix()`, `light-dark()`,
/// `contrast-color()`, `currentcolor`, system colors, and (in `RelativeColor.swift`) the color
/// functions with math and the relative syntax.
///
/// `Color(css:)` tries the byte parser first; this parser runs only when that one fails, so
/// plain colors keep their speed.
struct CSSValueParser {
  typealias Failure = CSSColorParser.Failure

  /// How deeply colors may nest inside `color-mix()`, `light-dark()` and relative colors.
  static let maximumDepth = 32
  /// The longest text read (a guard for absurd input; no real color comes close).
  static let maximumLength = 1 << 20

  var cursor: CSSTokenCursor
  let context: CSSColorContext
  /// Set once the text uses something only this grammar reads (math, `from`, `color-mix()`,
  /// comments, ...): its errors then say more than the byte parser's.
  var usedFullGrammar = false

  /// Parses `text` as one color.
  static func parse(_ text: String, context: CSSColorContext) throws(ColorParseError) -> CSSColor {
    var usedFullGrammar = false
    switch run(text, context: context, usedFullGrammar: &usedFullGrammar) {
    case .success(let color): return color
    case .failure(let failure): throw failure.error(in: text)
    }
  }

  /// The color `Color(css:)` returns when the byte parser failed with `fastFailure`: this
  /// grammar's result, or the more precise of the two errors.
  static func fallback(_ text: String, after fastFailure: Failure) throws(ColorParseError) -> Color
  {
    var usedFullGrammar = false
    switch run(text, context: CSSColorContext(), usedFullGrammar: &usedFullGrammar) {
    case .success(let color): return color.color
    case .failure(let failure):
      throw (usedFullGrammar ? failure : fastFailure).error(in: text)
    }
  }

  /// Parses `text` as one color of a `color-mix()`: a color with an optional percentage
  /// before or after it (`red 30%`, `30% red`).
  static func parseMixStop(_ text: String, context: CSSColorContext) throws(ColorParseError)
    -> MixStop
  {
    var usedFullGrammar = false
    var stop: MixStop? = nil
    let result = run(text, context: context, usedFullGrammar: &usedFullGrammar) {
      (parser) throws(Failure) -> CSSColor in
      var percentage = try parser.mixPercentage()
      let color = try parser.color(depth: 0)
      if percentage == nil {
        parser.cursor.skipWhitespace()
        percentage = try parser.mixPercentage()
      }
      stop = MixStop(color, percentage: percentage)
      return color
    }
    switch result {
    case .success:
      guard let stop else { throw ColorParseError(input: text, column: 1, reason: .empty) }
      return stop
    case .failure(let failure): throw failure.error(in: text)
    }
  }

  /// The specified value of `text`, as ``specifiedColor(depth:)`` writes it.
  static func specified(_ text: String, context: CSSColorContext) throws(ColorParseError)
    -> String
  {
    var usedFullGrammar = false
    let result = run(text, context: context, usedFullGrammar: &usedFullGrammar) {
      (parser) throws(Failure) in try parser.specifiedColor(depth: 0)
    }
    switch result {
    case .success(let written): return written
    case .failure(let failure): throw failure.error(in: text)
    }
  }

  static func run(
    _ text: String, context: CSSColorContext, usedFullGrammar: inout Bool
  ) -> Result<CSSColor, Failure> {
    run(text, context: context, usedFullGrammar: &usedFullGrammar) {
      (parser) throws(Failure) in try parser.color(depth: 0)
    }
  }

  static func run<Value>(
    _ text: String, context: CSSColorContext, usedFullGrammar: inout Bool,
    body: (inout CSSValueParser) throws(Failure) -> Value
  ) -> Result<Value, Failure> {
    guard text.utf8.count <= maximumLength else {
      // Said as the reason, whatever the fast parser stopped at (see `fallback`).
      usedFullGrammar = true
      return .failure(
        Failure(
          offset: 0,
          reason: .invalidValue(
            "over pickers' limit of \(maximumLength) bytes (1 MiB) for one color")))
    }
    // Comments and escapes are for the tokenizer only.
    var previous: UInt8 = 0
    usedFullGrammar = text.utf8.contains { byte in
      defer { previous = byte }
      return byte == 0x5C || (previous == 0x2F && byte == 0x2A)
    }
    guard var tokens = CSSTokenizer.tokens(text) else {
      return .failure(Failure(offset: 0, reason: .invalidValue("too many tokens")))
    }
    if !context.customProperties.isEmpty {
      do throws(Failure) {
        if let substituted = try CSSVariables.substitute(
          tokens, properties: context.customProperties)
        {
          tokens = substituted
          usedFullGrammar = true
        }
      } catch {
        usedFullGrammar = true
        return .failure(error)
      }
    }
    var parser = CSSValueParser(
      cursor: CSSTokenCursor(tokens: tokens, endOffset: text.utf8.count), context: context)
    parser.usedFullGrammar = usedFullGrammar
    do throws(Failure) {
      parser.cursor.skipWhitespace()
      guard !parser.cursor.atEnd else { throw Failure(offset: 0, reason: .empty) }
      let color = try body(&parser)
      parser.cursor.skipWhitespace()
      guard parser.cursor.atEnd else {
        throw Failure(offset: parser.cursor.offset, reason: .trailingText)
      }
      usedFullGrammar = parser.usedFullGrammar
      return .success(color)
    } catch {
      usedFullGrammar = parser.usedFullGrammar
      return .failure(error)
    }
  }

  // MARK: - Colors

  /// One `<color>` at the cursor (after optional whitespace).
  mutating func color(depth: Int) throws(Failure) -> CSSColor {
    cursor.skipWhitespace()
    guard let token = cursor.next() else {
      throw Failure(offset: cursor.endOffset, reason: .invalidValue("expected a color"))
    }
    guard depth < Self.maximumDepth else {
      usedFullGrammar = true
      throw Failure(offset: token.offset, reason: .nestingTooDeep(limit: Self.maximumDepth))
    }
    switch token.kind {
    case .hash(let digits):
      return CSSColor(try hex(digits, at: token.offset), style: .legacy)
    case .ident(let name, let lowered):
      return try named(name, lowered: lowered, at: token.offset)
    case .function(let name):
      if let shape = Self.shape(name) {
        return try colorFunction(name, shape: shape, at: token.offset, depth: depth)
      }
      switch name {
      case "color-mix":
        usedFullGrammar = true
        return try colorMix(depth: depth)
      case "alpha":
        usedFullGrammar = true
        return try relativeAlpha(depth: depth)
      case "light-dark":
        usedFullGrammar = true
        let light = try color(depth: depth + 1)
        try cursor.expectComma("between the two colors of light-dark()")
        let dark = try color(depth: depth + 1)
        try cursor.expectClose()
        return context.scheme == .light ? light : dark
      case "contrast-color":
        usedFullGrammar = true
        let background = try color(depth: depth + 1)
        try cursor.expectClose()
        return CSSColor(Self.contrastColor(on: background.color), style: .legacy)
      default:
        if CSSMath.functions.contains(name) {
          usedFullGrammar = true
          throw Failure(
            offset: token.offset,
            reason: .invalidValue("\(name)() gives a number, not a color"))
        }
        if ["var", "env", "attr"].contains(name) {
          throw Failure(offset: token.offset, reason: .unsupported("\(name)()"))
        }
        throw Failure(offset: token.offset, reason: .unknownFunction(name))
      }
    case .delimiter(let character):
      throw Failure(offset: token.offset, reason: .unexpectedCharacter(String(character)))
    default:
      throw Failure(offset: token.offset, reason: .invalidValue("expected a color"))
    }
  }

  /// Hex notation through the byte parser (escapes have been decoded by the tokenizer).
  func hex(_ digits: String, at offset: Int) throws(Failure) -> Color {
    switch Color.fastParse("#" + digits) {
    case .success(let color): return color
    case .failure(let failure):
      throw Failure(offset: offset + failure.offset, reason: failure.reason)
    }
  }

  /// A named color, `transparent`, `currentcolor` or a system color.
  mutating func named(_ name: String, lowered: String, at offset: Int) throws(Failure) -> CSSColor {
    if let color = NamedColors.color(named: lowered) { return CSSColor(color, style: .legacy) }
    if lowered == "currentcolor" {
      usedFullGrammar = true
      return context.resolvedCurrentColor
    }
    if let system = SystemColors.Name(css: lowered) {
      usedFullGrammar = true
      return CSSColor(context.table.color(system, scheme: context.scheme), style: .legacy)
    }
    throw Failure(offset: offset, reason: .unknownName(name))
  }

  /// CSS Color 5 `contrast-color()`: white or black, whichever has the higher WCAG 2 contrast
  /// with `background` (white when they tie).
  static func contrastColor(on background: Color) -> Color {
    let opaque = background.withOpacity(1)
    return Color.white.contrastRatio(with: opaque) >= Color.black.contrastRatio(with: opaque)
      ? .white : .black
  }

  // MARK: - color-mix()

  /// The spaces `color-mix(in …)` accepts by name (the registry's `<color-space>` names).
  static func interpolationSpace(_ name: String) -> ColorSpace? {
    CSSSpaceNames.colorSpace(name)
  }

  /// `color-mix( [in <space> [<hue-method> hue]?]? , [<color> && <percentage>?]# )`.
  mutating func colorMix(depth: Int) throws(Failure) -> CSSColor {
    let mix = try mixArguments(depth: depth) { (parser, depth) throws(Failure) in
      try parser.color(depth: depth)
    }
    return Color.mix(
      mix.stops.map { MixStop($0.color, percentage: $0.percentage) },
      in: mix.space ?? .oklab, hue: mix.hue ?? .shorter)
  }

  /// The arguments of `color-mix()` after its name, through its `)`: the interpolation space
  /// and hue method (`nil` when not written), and each color, read by `color`, with its share.
  mutating func mixArguments<Stop>(
    depth: Int, color: (inout CSSValueParser, Int) throws(Failure) -> Stop
  ) throws(Failure) -> (
    space: ColorSpace?, hue: HueInterpolation?, stops: [(color: Stop, percentage: Double?)]
  ) {
    var space: ColorSpace? = nil
    var hue: HueInterpolation? = nil
    cursor.skipWhitespace()
    if case .ident(_, "in")? = cursor.peek?.kind {
      cursor.position += 1
      cursor.skipWhitespace()
      guard let token = cursor.next(), case .ident(let name, let lowered) = token.kind else {
        throw cursor.failure(.invalidValue("expected a color space after 'in'"))
      }
      guard let named = Self.interpolationSpace(lowered) else {
        throw Failure(offset: token.offset, reason: .unknownColorSpace(name))
      }
      space = named
      cursor.skipWhitespace()
      if let token = cursor.peek, case .ident(let word, let lowered) = token.kind {
        guard let method = HueInterpolation(rawValue: lowered) else {
          throw Failure(
            offset: token.offset,
            reason: .invalidValue(
              "unknown hue method '\(word)' (expected shorter, longer, increasing, decreasing or"
                + " specified)"
            ))
        }
        guard named.hueIndex != nil else {
          throw Failure(
            offset: token.offset,
            reason: .invalidValue("\(named.rawValue) has no hue to interpolate"))
        }
        cursor.position += 1
        cursor.skipWhitespace()
        guard case .ident(_, "hue")? = cursor.peek?.kind else {
          throw cursor.failure(.invalidValue("expected 'hue' after '\(word)'"))
        }
        cursor.position += 1
        hue = method
      }
      try cursor.expectComma("after the interpolation method")
    }
    var stops: [(color: Stop, percentage: Double?)] = []
    while true {
      cursor.skipWhitespace()
      var percentage = try mixPercentage()
      cursor.skipWhitespace()
      let stop = try color(&self, depth + 1)
      if percentage == nil {
        cursor.skipWhitespace()
        percentage = try mixPercentage()
      }
      stops.append((stop, percentage))
      guard stops.count <= 1_000 else {
        throw cursor.failure(.invalidValue("color-mix() takes at most 1000 colors"))
      }
      cursor.skipWhitespace()
      if cursor.take(.comma) { continue }
      try cursor.expectClose()
      break
    }
    return (space, hue, stops)
  }

  /// The specified value of the color at the cursor, as CSS Color 5 section 7 serializes a
  /// declared `color-mix()`: a `color-mix()` keeps its form, with the interpolation method as
  /// written (`shorter hue`, the default, left out), each share after its color and each
  /// color's own specified value; `currentcolor` stays `currentcolor`; any other color is
  /// written as its computed value (``CSSColor/cssText``).
  mutating func specifiedColor(depth: Int) throws(Failure) -> String {
    cursor.skipWhitespace()
    guard let token = cursor.peek, depth < Self.maximumDepth else {
      return try color(depth: depth).cssText
    }
    switch token.kind {
    case .function("color-mix"):
      cursor.position += 1
      usedFullGrammar = true
      let mix = try mixArguments(depth: depth) { (parser, depth) throws(Failure) in
        try parser.specifiedColor(depth: depth)
      }
      var method = ""
      if let space = mix.space {
        method = "in " + space.rawValue
        if let hue = mix.hue, hue != .shorter { method += " \(hue.rawValue) hue" }
        method += ", "
      }
      let stops = mix.stops.map { stop in
        guard let percentage = stop.percentage else { return stop.color }
        return stop.color + " " + Color.formatNumber(percentage, decimals: 6) + "%"
      }
      return "color-mix(" + method + stops.joined(separator: ", ") + ")"
    case .ident(_, "currentcolor"):
      cursor.position += 1
      usedFullGrammar = true
      return "currentcolor"
    default:
      return try color(depth: depth).cssText
    }
  }

  /// A `<percentage [0,100]>` (or a math function giving one) at the cursor, if there is one.
  mutating func mixPercentage() throws(Failure) -> Double? {
    guard let token = cursor.peek else { return nil }
    let value: Double
    switch token.kind {
    case .percentage(let number):
      cursor.position += 1
      value = number
    case .function(let name) where CSSMath.functions.contains(name):
      cursor.position += 1
      let result = try CSSMath.evaluate(
        function: name, at: token.offset, &cursor, keywords: [:]
      ).censored
      guard result.unit == .percentage else {
        throw Failure(
          offset: token.offset,
          reason: .invalidValue("a color-mix() share must be a percentage"))
      }
      value = result.value
    case .number, .dimension:
      throw Failure(
        offset: token.offset, reason: .invalidValue("a color-mix() share must be a percentage"))
    default:
      return nil
    }
    guard value >= 0 && value <= 100 else {
      throw Failure(
        offset: token.offset,
        reason: .invalidValue("a color-mix() share must be between 0% and 100%"))
    }
    return value
  }
}
