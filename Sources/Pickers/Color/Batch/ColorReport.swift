/// One color in every color space, with its hex value, its CSS name and its computed value:
/// what `pickers color info` prints, as aligned text or as a JSON object.
///
/// The text form is one row per property, names padded to one column:
///
///     let report = try ColorReport(css: "rebeccapurple")
///     print(report.text, terminator: "")
///     // input          rebeccapurple
///     // computed       rgb(102, 51, 153)
///     // hex            #663399
///     // ...
///
/// The JSON form has the keys `input`, `computed`, `hex`, `alpha`, one array per space
/// (`srgb`, `hsl`, `hsv`, `hwb`, `lab`, `lch`, `oklab`, `oklch`, `display-p3`; a missing
/// component is `null`), `inSRGBGamut` and `name` (the nearest CSS name), sorted and pretty
/// printed as ``JSONWriter`` writes them. Both forms are written byte by byte, so a batch
/// (``ColorBatch``) formats millions of them without a string per line.
public struct ColorReport: Sendable, Hashable {
  /// The text the color was read from.
  public var input: String
  /// The color.
  public var color: Color
  /// The CSS computed value of ``input`` (``CSSColor/cssText``).
  public var computed: String

  /// Creates a report of `color`, read from `input`, whose computed value is `computed`.
  public init(input: String, color: Color, computed: String) {
    self.input = input
    self.color = color
    self.computed = computed
  }

  /// Reads `text` as ``Color/init(css:context:)`` does and reports it.
  ///
  /// - Throws: ``ColorParseError`` when `text` is not a color.
  public init(css text: String, context: CSSColorContext = CSSColorContext())
    throws(ColorParseError)
  {
    let color = try Color(css: text, context: context)
    self.init(input: text, color: color, computed: Self.computed(text, color: color, context))
  }

  /// The spaces a report shows, in order.
  static let spaces: [ColorSpace] = [
    .srgb, .hsl, .hsv, .hwb, .lab, .lch, .oklab, .oklch, .displayP3,
  ]

  /// The aligned text form, a row per line, ending in a newline.
  public var text: String {
    var bytes: [UInt8] = []
    Array(input.utf8).withUnsafeBufferPointer { input in
      Self.appendText(color, input: input, computed: Array(computed.utf8), to: &bytes)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The JSON object, pretty printed with sorted keys at the outermost level, without a final
  /// newline (the text `JSONWriter` gives for the same keys and values).
  public var json: String {
    var bytes: [UInt8] = []
    Self.appendJSON(color, input: input.utf8, computed: Array(computed.utf8), indent: 0, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The CSS computed value of `text`, which ``Color/init(css:context:)`` read as `color`.
  ///
  /// Text the byte parser reads (hex, names, color functions with literal numbers) is
  /// classified from its bytes: hex and names are legacy colors, a function is legacy when its
  /// form is (`rgb()`, `hsl()`, `hwb()`), and a `/ none` alpha is kept. Anything else goes
  /// through the full grammar (``CSSColor/init(css:context:)``).
  static func computed(_ text: String, color: Color, _ context: CSSColorContext) -> String {
    let bytes = Array(text.utf8)
    let fast = bytes.withUnsafeBufferPointer { bytes -> String? in
      guard case .success = CSSColorParser.parse(bytes) else { return nil }
      return fastComputed(bytes, color: color)
    }
    if let fast { return fast }
    return (try? CSSColor(css: text, context: context))?.cssText ?? CSSColor(color).cssText
  }

  /// ``computed(_:color:_:)`` for text the byte parser read as `color`.
  static func fastComputed(_ bytes: UnsafeBufferPointer<UInt8>, color: Color) -> String? {
    guard let style = fastStyle(bytes) else { return nil }
    return CSSColor(color, alphaIsMissing: style.alphaIsMissing, style: style.style).cssText
  }

  /// How the full grammar serializes a color the byte parser read from `bytes`.
  static func fastStyle(_ bytes: UnsafeBufferPointer<UInt8>)
    -> (style: CSSColor.Style, alphaIsMissing: Bool)?
  {
    var start = 0
    var end = bytes.count
    while start < end && CSSColorParser.isWhitespace(bytes[start]) { start += 1 }
    while end > start && CSSColorParser.isWhitespace(bytes[end - 1]) { end -= 1 }
    guard start < end else { return nil }
    if bytes[start] == UInt8(ascii: "#") { return (.legacy, false) }
    guard let open = bytes[start..<end].firstIndex(of: UInt8(ascii: "(")) else {
      return (.legacy, false)
    }
    var nameEnd = open
    while nameEnd > start && CSSColorParser.isWhitespace(bytes[nameEnd - 1]) { nameEnd -= 1 }
    guard let key = NameKey(bytes: UnsafeBufferPointer(rebasing: bytes[start..<nameEnd])) else {
      return nil
    }
    // color(…) has no function shape here, and is never legacy.
    let legacy = CSSSpaceNames.function(key)?.isLegacy ?? false
    // A `/ none` alpha: the last value after a slash is the word none.
    var alphaIsMissing = false
    if let slash = bytes[open..<end].lastIndex(of: UInt8(ascii: "/")) {
      var word = slash + 1
      while word < end && CSSColorParser.isWhitespace(bytes[word]) { word += 1 }
      var wordEnd = word
      while wordEnd < end && CSSColorParser.isLetter(bytes[wordEnd]) { wordEnd += 1 }
      if wordEnd - word == 4 {
        let lowered = bytes[word..<wordEnd].map { $0 | 0x20 }
        alphaIsMissing = lowered == Array("none".utf8)
      }
    }
    return (legacy ? .legacy : .modern, alphaIsMissing)
  }

  // MARK: - Writing

  /// Appends the text form of `color` read from `input` to `output`.
  static func appendText(
    _ color: Color, input: UnsafeBufferPointer<UInt8>, computed: [UInt8],
    to output: inout [UInt8]
  ) {
    // Every row name fits the width of the longest, "in sRGB gamut".
    func row(_ name: StaticString) {
      name.withUTF8Buffer { output.append(contentsOf: $0) }
      output.append(contentsOf: Self.padding[15 - name.utf8CodeUnitCount])
    }
    row("input")
    output.append(contentsOf: input)
    output.append(0x0A)
    row("computed")
    output.append(contentsOf: computed)
    output.append(0x0A)
    let pixel = color.rgba8
    row("hex")
    appendHex(pixel, to: &output)
    output.append(0x0A)
    row("name")
    if let name = cssName(pixel) {
      output.append(contentsOf: name.utf8)
    } else {
      output.append(contentsOf: color.nearestCSSName.utf8)
      output.append(contentsOf: " (nearest)".utf8)
    }
    output.append(0x0A)
    row("alpha")
    Color.appendRoundedDescription(color.alpha, decimals: 4, to: &output)
    output.append(0x0A)
    let opaque = color.withOpacity(1)
    for space in spaces {
      space.rawValue.utf8.withContiguousStorageIfAvailable { name in
        output.append(contentsOf: name)
        output.append(contentsOf: Self.padding[15 - name.count])
      }
      opaque.converted(to: space).appendCSSString(to: &output)
      output.append(0x0A)
    }
    row("in sRGB gamut")
    output.append(contentsOf: (color.isInGamut() ? "yes" : "no").utf8)
    output.append(0x0A)
  }

  /// Appends the JSON object of `color` read from `input`, its nested lines indented by
  /// `indent` levels of two spaces (the first line is not indented).
  static func appendJSON<Input: Collection<UInt8>>(
    _ color: Color, input: Input, computed: [UInt8], indent: Int, to output: inout [UInt8]
  ) {
    // A newline and its indentation as one array, copied in one append: the spaces appended
    // as a repeated element took the generic sequence path, 10% of `color info --json`.
    let breaks = indent == 1 ? Self.batchLineBreaks : Self.lineBreaks(indent: indent)
    func newline(_ level: Int) {
      output.append(contentsOf: breaks[level])
    }
    func key(_ name: StaticString) {
      newline(1)
      output.append(0x22)
      name.withUTF8Buffer { output.append(contentsOf: $0) }
      output.append(contentsOf: "\" : ".utf8)
    }
    func array(_ space: ColorSpace) {
      output.append(UInt8(ascii: "["))
      let channels = color.converted(to: space).channels
      // One channel at a time: an array of the three (and its enumeration) was a heap
      // allocation per space per line.
      func channel(_ value: Double?) {
        newline(2)
        if let value {
          Color.appendJSONNumber(value, to: &output)
        } else {
          output.append(contentsOf: "null".utf8)
        }
      }
      channel(channels.c0)
      output.append(UInt8(ascii: ","))
      channel(channels.c1)
      output.append(UInt8(ascii: ","))
      channel(channels.c2)
      newline(1)
      output.append(UInt8(ascii: "]"))
    }
    // Keys in the order of their UTF-8 bytes, as JSONWriter sorts them.
    output.append(UInt8(ascii: "{"))
    key("alpha")
    Color.appendJSONNumber(color.alpha, to: &output)
    output.append(UInt8(ascii: ","))
    key("computed")
    appendJSONString(computed, to: &output)
    output.append(UInt8(ascii: ","))
    key("display-p3")
    array(.displayP3)
    output.append(UInt8(ascii: ","))
    key("hex")
    output.append(0x22)
    appendHex(color.rgba8, to: &output)
    output.append(0x22)
    func member(_ name: StaticString, _ space: ColorSpace) {
      output.append(UInt8(ascii: ","))
      key(name)
      array(space)
    }
    member("hsl", .hsl)
    member("hsv", .hsv)
    member("hwb", .hwb)
    output.append(UInt8(ascii: ","))
    key("inSRGBGamut")
    output.append(contentsOf: (color.isInGamut() ? "true" : "false").utf8)
    output.append(UInt8(ascii: ","))
    key("input")
    appendJSONString(input, to: &output)
    member("lab", .lab)
    member("lch", .lch)
    output.append(UInt8(ascii: ","))
    key("name")
    appendJSONString(color.nearestCSSName.utf8, to: &output)
    member("oklab", .oklab)
    member("oklch", .oklch)
    member("srgb", .srgb)
    newline(0)
    output.append(UInt8(ascii: "}"))
  }

  /// The spaces after a text row's name, by count (1 to 15): one array append each, where a
  /// repeated element took the generic sequence path (6% of `color info`).
  private static let padding: [[UInt8]] = (0...15).map { [UInt8](repeating: 0x20, count: $0) }

  /// A newline and the indentation of each nesting level, for objects indented `indent` levels.
  private static func lineBreaks(indent: Int) -> [[UInt8]] {
    (0...2).map { [0x0A] + [UInt8](repeating: 0x20, count: 2 * (indent + $0)) }
  }

  /// ``lineBreaks(indent:)`` of the batch's elements, made once.
  private static let batchLineBreaks = lineBreaks(indent: 1)

  /// Appends `bytes` (UTF-8) as a JSON string, escaped as ``JSONWriter`` escapes it.
  static func appendJSONString<Text: Collection<UInt8>>(_ bytes: Text, to output: inout [UInt8]) {
    guard bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
      output.append(0x22)
      output.append(contentsOf: bytes)
      output.append(0x22)
      return
    }
    JSONNode.writeQuoted(String(decoding: bytes, as: UTF8.self), into: &output)
  }

  /// Appends `#rrggbb`, or `#rrggbbaa` below full opacity (``Color/hex``).
  static func appendHex(_ pixel: RGBA8, to output: inout [UInt8]) {
    func byte(_ value: UInt8) {
      output.append(hexDigits[Int(value >> 4)])
      output.append(hexDigits[Int(value & 0xF)])
    }
    output.append(UInt8(ascii: "#"))
    byte(pixel.red)
    byte(pixel.green)
    byte(pixel.blue)
    if pixel.alpha < 255 { byte(pixel.alpha) }
  }

  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

  /// ``Color/cssName`` for the 8-bit value `pixel`, from a table made once.
  static func cssName(_ pixel: RGBA8) -> String? {
    guard pixel.alpha == 255 else { return pixel.alpha == 0 ? "transparent" : nil }
    let rgb = UInt32(pixel.red) << 16 | UInt32(pixel.green) << 8 | UInt32(pixel.blue)
    return firstNames[rgb]
  }

  /// The first name of each named value, as ``Color/cssName`` chooses it.
  private static let firstNames: [UInt32: String] = {
    var names: [UInt32: String] = [:]
    for entry in NamedColors.table where names[entry.rgb] == nil {
      names[entry.rgb] = NamedColors.names(for: entry.rgb).first
    }
    return names
  }()
}
