extension Color {
  /// Reads any CSS color: hex, a named color, `transparent`, `rgb()`, `rgba()`, `hsl()`,
  /// `hsla()`, `hwb()`, `lab()`, `lch()`, `oklab()`, `oklch()` or `color()`, and the CSS
  /// Color 5 additions (`color-mix()`, relative colors, math functions, `light-dark()`,
  /// `contrast-color()`, `currentcolor`, system colors) in the default (light) context.
  ///
  /// Case does not matter. Values are clamped where CSS Color 4 says they are clamped at
  /// parse time (rgb channels to 0...255, alpha to 0...1, Lab and Oklab lightness, negative
  /// chroma and saturation); `none` gives a missing (`nil`) channel. `color(--hsv h s v)` is
  /// also read, since that is how an HSV color is printed.
  ///
  ///     let a = try Color(css: "#ff8000")
  ///     let b = try Color(css: "oklch(70% 0.1 200 / 50%)")
  ///     let c = try Color(css: "rgb(255 128 0 / none)")
  ///
  /// - Throws: ``ColorParseError`` naming what went wrong and the column where it did.
  public init(css text: String) throws(ColorParseError) {
    switch Self.fastParse(text) {
    case .success(let color): self = color
    case .failure(let failure):
      // Only text the byte parser cannot read goes through the full CSS Color 5 grammar.
      self = try CSSValueParser.fallback(text, after: failure)
    }
  }

  /// Reads a plain CSS Color 4 color with the byte parser only.
  init(fastCSS text: String) throws(ColorParseError) {
    switch Self.fastParse(text) {
    case .success(let color): self = color
    case .failure(let failure): throw failure.error(in: text)
    }
  }

  @inline(__always)
  static func fastParse(_ text: String) -> Result<Color, CSSColorParser.Failure> {
    if let fast = text.utf8.withContiguousStorageIfAvailable({ CSSColorParser.parse($0) }) {
      return fast
    }
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { CSSColorParser.parse($0) }
  }
}

extension CSSColorParser.Failure {
  /// The public error for this failure in `text`.
  func error(in text: String) -> ColorParseError {
    ColorParseError(
      input: text, column: CSSColorParser.column(ofByte: offset, in: text), reason: reason)
  }
}

/// A hand-written parser over UTF-8 bytes: no regular expressions, no allocation for a
/// well-formed color.
///
/// Why a second parser of the grammar ``CSSValueParser`` reads: plain CSS Color 4 colors (hex,
/// names, the color functions with literal numbers) are most of what is parsed, often in
/// batches of millions, and this parser reads them about nine times as fast as the tokenizer
/// and the full grammar (`pickers-bench color`: `color.parse.mixed` against
/// `color.parse.mixed.tokenizer`). It shares everything but the reading of
/// bytes with the full grammar: the spaces' names, channels, clamps and scales come from the
/// registry (``CSSSpaceNames``, ``ColorSpace/definition``) and both build colors with
/// ``build(_:_:)``. Whatever it rejects goes to the full grammar; `fuzz-color` and
/// `ColorSpaceRegistryTests` check that the two give the same value bit for bit.
struct CSSColorParser {
  struct Failure: Error {
    var offset: Int
    var reason: ColorParseError.Reason
  }

  /// One value inside a color function.
  enum Value {
    case number(Double)
    case percentage(Double)
    /// An angle, in degrees.
    case angle(Double)
    case none
  }

  struct Component {
    var value: Value
    var offset: Int
  }

  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Color, Failure> {
    var parser = CSSColorParser(bytes: bytes)
    do {
      return .success(try parser.parseColor())
    } catch {
      return .failure(error)
    }
  }

  /// The 1-based column of byte `offset` in `text`, counting Unicode scalars.
  static func column(ofByte offset: Int, in text: String) -> Int {
    var column = 1
    for (position, byte) in text.utf8.enumerated() {
      if position >= offset { break }
      if byte & 0xC0 != 0x80 { column += 1 }
    }
    return column
  }

  // MARK: - Bytes

  @inline(__always) var atEnd: Bool { index >= bytes.count }
  @inline(__always) var peek: UInt8 { index < bytes.count ? bytes[index] : 0 }

  @inline(__always)
  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
  }

  @inline(__always)
  static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

  @inline(__always)
  static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 }

  @inline(__always)
  static func isNameCharacter(_ byte: UInt8) -> Bool {
    isLetter(byte) || isDigit(byte) || byte == 0x2D || byte == 0x5F || byte >= 0x80
  }

  /// Skips whitespace; returns whether there was any.
  @discardableResult @inline(__always)
  mutating func skipWhitespace() -> Bool {
    let start = index
    while index < bytes.count && Self.isWhitespace(bytes[index]) { index += 1 }
    return index > start
  }

  /// The character at `offset` as a string, for messages.
  func character(at offset: Int) -> String {
    guard offset < bytes.count else { return "" }
    var end = offset + 1
    while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
  }

  func text(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  /// Reads a name (letters, digits, `-`, `_`, non-ASCII) starting at `index`.
  mutating func readName() -> Range<Int> {
    let start = index
    while index < bytes.count && Self.isNameCharacter(bytes[index]) { index += 1 }
    return start..<index
  }

  // MARK: - Top level

  mutating func parseColor() throws(Failure) -> Color {
    skipWhitespace()
    guard !atEnd else { throw Failure(offset: 0, reason: .empty) }
    let color: Color
    let byte = peek
    if byte == 0x23 {  // #
      color = try parseHex()
    } else if Self.isLetter(byte) || byte == 0x2D || byte == 0x5F || byte >= 0x80 {
      let start = index
      let name = readName()
      if peek == 0x28 {  // (
        index += 1
        color = try parseFunction(name: name)
      } else {
        color = try namedColor(name, start: start)
      }
    } else {
      throw Failure(offset: index, reason: .unexpectedCharacter(character(at: index)))
    }
    skipWhitespace()
    guard atEnd else { throw Failure(offset: index, reason: .trailingText) }
    return color
  }

  func namedColor(_ name: Range<Int>, start: Int) throws(Failure) -> Color {
    let slice = UnsafeBufferPointer(rebasing: bytes[name])
    if let key = NameKey(bytes: slice) {
      if let color = NamedColors.color(named: key) { return color }
      if key.string == "currentcolor" {
        throw Failure(offset: start, reason: .unsupported("'currentcolor'"))
      }
    }
    throw Failure(offset: start, reason: .unknownName(text(name)))
  }

  @inline(__always)
  static func hexValue(_ byte: UInt8) -> UInt32? {
    if isDigit(byte) { return UInt32(byte - 0x30) }
    let lower = byte | 0x20
    if lower >= 0x61 && lower <= 0x66 { return UInt32(lower - 0x61 + 10) }
    return nil
  }

  mutating func parseHex() throws(Failure) -> Color {
    let hashOffset = index
    index += 1
    var value: UInt64 = 0
    var count = 0
    while index < bytes.count, let digit = Self.hexValue(bytes[index]) {
      value = value << 4 | UInt64(digit)
      count += 1
      index += 1
      if count > 8 { break }
    }
    if index < bytes.count && Self.isNameCharacter(bytes[index]) && count <= 8 {
      throw Failure(offset: index, reason: .hexDigit(character(at: index)))
    }
    func expand(_ nibble: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: nibble * 17) }
    func byte(_ shift: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: value >> shift) }
    switch count {
    case 3:
      return Color(
        red8: expand(value >> 8 & 0xF), green8: expand(value >> 4 & 0xF),
        blue8: expand(value & 0xF))
    case 4:
      return Color(
        red8: expand(value >> 12 & 0xF), green8: expand(value >> 8 & 0xF),
        blue8: expand(value >> 4 & 0xF), alpha8: expand(value & 0xF))
    case 6:
      return Color(red8: byte(16), green8: byte(8), blue8: byte(0))
    case 8:
      return Color(red8: byte(24), green8: byte(16), blue8: byte(8), alpha8: byte(0))
    default:
      if count > 8 {
        while index < bytes.count && Self.hexValue(bytes[index]) != nil {
          count += 1
          index += 1
        }
      }
      throw Failure(offset: hashOffset, reason: .hexLength(count))
    }
  }

  // MARK: - Functions

  // Lowercase names packed little-endian into one word (see `packedName(_:)`), as literals so
  // that comparing costs nothing: "color" is 0x72_6f6c_6f63 (r, o, l, o, c). The functions of
  // the spaces come from the registry (``CSSSpaceNames``).
  static var colorWord: UInt64 { 0x72_6f6c_6f63 }
  static var noneWord: UInt64 { 0x656e_6f6e }
  static var degWord: UInt64 { 0x67_6564 }
  static var radWord: UInt64 { 0x64_6172 }
  static var gradWord: UInt64 { 0x6461_7267 }
  static var turnWord: UInt64 { 0x6e72_7574 }

  /// The lowercase ASCII bytes of a short name packed into one word, or `nil` if longer
  /// than eight bytes.
  @inline(__always)
  func packedName(_ range: Range<Int>) -> UInt64? {
    guard range.count <= 8 else { return nil }
    var word: UInt64 = 0
    var shift: UInt64 = 0
    for position in range {
      let byte = bytes[position]
      let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
      word |= UInt64(lower) << shift
      shift += 8
    }
    return word
  }

  mutating func parseFunction(name: Range<Int>) throws(Failure) -> Color {
    let shape: CSSFunctionShape
    let word = packedName(name)
    if word == Self.colorWord {
      skipWhitespace()
      let spaceStart = index
      let spaceName = readName()
      guard !spaceName.isEmpty else {
        throw Failure(offset: spaceStart, reason: .unknownColorSpace(character(at: spaceStart)))
      }
      guard let key = NameKey(bytes: UnsafeBufferPointer(rebasing: bytes[spaceName])),
        let named = CSSSpaceNames.colorFunction(key)
      else {
        throw Failure(offset: spaceStart, reason: .unknownColorSpace(text(spaceName)))
      }
      shape = named
    } else if let key = word.map({ NameKey(packed: $0, count: name.count) })
      ?? NameKey(bytes: UnsafeBufferPointer(rebasing: bytes[name])),
      let function = CSSSpaceNames.function(key)
    {
      shape = function
    } else {
      let lowered = text(name).lowercased()
      if ["calc", "var", "color-mix", "light-dark", "env", "attr", "min", "max", "clamp"]
        .contains(lowered)
      {
        throw Failure(offset: name.lowerBound, reason: .unsupported("\(lowered)()"))
      }
      throw Failure(offset: name.lowerBound, reason: .unknownFunction(text(name)))
    }
    let arguments = try parseArguments(shape)
    return try build(shape, arguments)
  }

  /// The values of a function, up to its closing parenthesis.
  struct Arguments {
    var c0 = Component(value: .none, offset: 0)
    var c1 = Component(value: .none, offset: 0)
    var c2 = Component(value: .none, offset: 0)
    var alpha: Component?
    var commas = false
    /// Offset of the closing parenthesis.
    var end = 0

    /// The channel at `position` (0...2) or the alpha (3).
    subscript(position: Int) -> Component? {
      switch position {
      case 0: c0
      case 1: c1
      case 2: c2
      default: alpha
      }
    }
  }

  mutating func parseArguments(_ shape: CSSFunctionShape) throws(Failure) -> Arguments {
    let allowCommas = shape.commas != nil
    var arguments = Arguments()
    var count = 0
    var commas: Bool? = nil
    var slash = false
    skipWhitespace()
    while true {
      if atEnd { throw Failure(offset: index, reason: .missingClosingParenthesis) }
      if peek == 0x29 { break }  // ")" right after a separator is caught below
      let component = try parseComponent()
      if slash {
        guard arguments.alpha == nil else {
          throw Failure(offset: component.offset, reason: .misplacedSlash)
        }
        arguments.alpha = component
      } else {
        switch count {
        case 0: arguments.c0 = component
        case 1: arguments.c1 = component
        case 2: arguments.c2 = component
        case 3 where commas == true: arguments.alpha = component
        default:
          throw Failure(
            offset: component.offset,
            reason: .wrongChannelCount(function: shape.label, expected: 3, found: count + 1))
        }
        count += 1
      }
      skipWhitespace()
      if atEnd { throw Failure(offset: index, reason: .missingClosingParenthesis) }
      let separator = peek
      if separator == 0x29 { break }
      if separator == 0x2C {  // ,
        let commaOffset = index
        index += 1
        skipWhitespace()
        guard allowCommas else {
          throw Failure(offset: commaOffset, reason: .commasNotAllowed(function: shape.label))
        }
        if commas == false || slash {
          throw Failure(offset: index, reason: .mixedSeparators)
        }
        commas = true
        if peek == 0x29 || atEnd {
          throw Failure(offset: index, reason: .expectedValue)
        }
      } else if separator == 0x2F {  // /
        if commas == true {
          throw Failure(offset: index, reason: .mixedSeparators)
        }
        if slash || count != 3 {
          throw Failure(offset: index, reason: .misplacedSlash)
        }
        slash = true
        commas = false
        index += 1
        skipWhitespace()
        if peek == 0x29 || atEnd {
          throw Failure(offset: index, reason: .expectedValue)
        }
      } else {
        if commas == true {
          throw Failure(offset: index, reason: .mixedSeparators)
        }
        if slash {
          throw Failure(offset: index, reason: .misplacedSlash)
        }
        commas = false
      }
    }
    arguments.end = index
    index += 1  // )
    let channelCount = commas == true ? min(count, 3) : count
    if channelCount != 3 {
      throw Failure(
        offset: arguments.end,
        reason: .wrongChannelCount(function: shape.label, expected: 3, found: channelCount))
    }
    arguments.commas = commas == true
    return arguments
  }

  mutating func parseComponent() throws(Failure) -> Component {
    let start = index
    if let number = parseNumber() {
      if peek == 0x25 {  // %
        index += 1
        return Component(value: .percentage(number), offset: start)
      }
      if Self.isLetter(peek) {
        let unit = readName()
        let degrees: Double
        switch packedName(unit) {
        case Self.degWord: degrees = number
        case Self.radWord: degrees = CSSMath.degrees(radians: number)
        case Self.gradWord: degrees = number * 0.9
        case Self.turnWord: degrees = number * 360
        default:
          throw Failure(offset: unit.lowerBound, reason: .unknownUnit(text(unit)))
        }
        return Component(value: .angle(degrees), offset: start)
      }
      return Component(value: .number(number), offset: start)
    }
    if Self.isLetter(peek) || peek == 0x2D {
      let name = readName()
      if packedName(name) == Self.noneWord {
        return Component(value: .none, offset: start)
      }
      if peek == 0x28 {
        let lowered = text(name).lowercased()
        throw Failure(offset: start, reason: .unsupported("\(lowered)()"))
      }
      throw Failure(offset: start, reason: .expectedValue)
    }
    if atEnd || peek == 0x29 || peek == 0x2C || peek == 0x2F {
      throw Failure(offset: start, reason: .expectedValue)
    }
    throw Failure(offset: start, reason: .unexpectedCharacter(character(at: start)))
  }

  // MARK: - Building colors

  /// How a percentage maps to a channel value, and whether angles are allowed.
  enum Kind {
    /// A plain channel: number as is, `percent` = the value of 100%.
    case channel(percent: Double)
    /// A hue: a number of degrees or an angle.
    case hue
  }

  func value(_ component: Component, _ kind: Kind, channel: @autoclosure () -> String)
    throws(Failure) -> Double?
  {
    switch (component.value, kind) {
    case (.none, _): return nil
    case (.number(let number), _): return number
    case (.percentage(let percent), .channel(let hundred)): return percent / 100 * hundred
    case (.angle(let degrees), .hue): return degrees
    case (.percentage, .hue):
      throw Failure(
        offset: component.offset,
        reason: .wrongValueType(channel: channel(), expected: "a number or an angle"))
    case (.angle, .channel):
      throw Failure(
        offset: component.offset,
        reason: .wrongValueType(channel: channel(), expected: "a number or a percentage"))
    }
  }

  func alphaValue(_ arguments: Arguments) throws(Failure) -> Double {
    guard let component = arguments.alpha else { return 1 }
    switch component.value {
    case .none: return 0
    case .number(let number): return min(max(number, 0), 1)
    case .percentage(let percent): return min(max(percent / 100, 0), 1)
    case .angle:
      throw Failure(
        offset: component.offset,
        reason: .wrongValueType(channel: "alpha", expected: "a number or a percentage"))
    }
  }

  /// A hue in `0..<360`.
  ///
  /// An infinite or NaN angle is 0 (CSS Values 4 section 10.9): math
  /// functions hand infinities over clamped to the largest finite double, which counts too.
  @inline(__always)
  static func hue(_ value: Double?) -> Double? {
    guard let value else { return nil }
    guard abs(value) < .greatestFiniteMagnitude else { return 0 }
    return Polar.normalizedHue(value)
  }

  /// Legacy (comma) syntax rules: no `none`; for rgb(), numbers or percentages, not both;
  /// for hsl(), percentages after the hue.
  func checkLegacy(_ arguments: Arguments, _ commas: CSSForm.Commas) throws(Failure) {
    guard arguments.commas else { return }
    var kinds = (number: false, percentage: false)
    for position in 0..<4 {
      guard let component = arguments[position] else { continue }
      if case .none = component.value {
        throw Failure(offset: component.offset, reason: .noneInLegacySyntax)
      }
      guard commas == .oneKind && position < 3 else { continue }
      switch component.value {
      case .number: kinds.number = true
      case .percentage: kinds.percentage = true
      default: break
      }
      if kinds.number && kinds.percentage {
        throw Failure(offset: component.offset, reason: .mixedNumbersAndPercentages)
      }
    }
    guard commas == .percentagesAfterHue else { return }
    for position in 1...2 {
      guard let component = arguments[position] else { continue }
      if case .percentage = component.value { continue }
      throw Failure(
        offset: component.offset,
        reason: .wrongValueType(
          channel: "saturation and lightness", expected: "percentages in the comma syntax"))
    }
  }

  /// The color `arguments` give in `shape`'s function: the alpha, the comma rules, then each
  /// channel as the space's registry row says (what 100% is, hue or not, clamps, scale).
  func build(_ shape: CSSFunctionShape, _ arguments: Arguments) throws(Failure) -> Color {
    let alpha = try alphaValue(arguments)
    if arguments.commas, let commas = shape.commas { try checkLegacy(arguments, commas) }
    return Color(space: shape.space, channels: try channels(shape, arguments), alpha: alpha)
  }

  /// The three channels of `arguments` in `shape`'s space; CSS Color 4's parse-time clamps
  /// apply when `clamped`.
  func channels(_ shape: CSSFunctionShape, _ arguments: Arguments, clamped: Bool = true)
    throws(Failure) -> Channels
  {
    @inline(__always)
    func channel(_ index: Int, _ component: Component) throws(Failure) -> Double? {
      guard let percent = shape.percent(index) else {
        return Self.hue(try value(component, .hue, channel: shape.form.label(index)))
      }
      guard
        var result = try value(
          component, .channel(percent: percent), channel: shape.form.label(index))
      else { return nil }
      if clamped, let clamp = shape.clamp(index) {
        result = min(max(result, clamp.lowerBound), clamp.upperBound)
      }
      return shape.scale == 1 ? result : result / shape.scale
    }
    return Channels(
      try channel(0, arguments.c0), try channel(1, arguments.c1), try channel(2, arguments.c2))
  }
}
