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
      Self.appendText(color, input: input, computed: .text(Array(computed.utf8)), to: &bytes)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The JSON object, pretty printed with sorted keys at the outermost level, without a final
  /// newline (the text `JSONWriter` gives for the same keys and values).
  public var json: String {
    var bytes: [UInt8] = []
    Array(input.utf8).withUnsafeBufferPointer { input in
      Self.appendJSON(
        color, input: input, computed: .text(Array(computed.utf8)), indent: 0, to: &bytes)
    }
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

  /// How a report gets its computed value: written from the color (``fastStyle(_:)`` found
  /// its style), or text the full grammar made.
  enum Computed {
    case fast(CSSColor.Style, alphaIsMissing: Bool)
    case text([UInt8])

    /// The bytes beyond the fixed size of a report that this computed value may take.
    var extraBound: Int {
      if case .text(let bytes) = self { return 6 * bytes.count }
      return 0
    }
  }

  /// The most bytes a report of `inputCount` input bytes may take, in either form (a fast
  /// computed value is at most a few hundred bytes, escaping at most sextuples a byte).
  static func bound(inputCount: Int, computed: Computed) -> Int {
    4096 + 6 * inputCount + computed.extraBound
  }

  /// Appends the text form of `color` read from `input` to `output`.
  static func appendText(
    _ color: Color, input: UnsafeBufferPointer<UInt8>, computed: Computed,
    to output: inout [UInt8]
  ) {
    ByteCursor.append(to: &output, bound: bound(inputCount: input.count, computed: computed)) {
      writeText(color, input: input, computed: computed, to: &$0)
    }
  }

  /// Writes the text form of `color` read from `input`.
  static func writeText(
    _ color: Color, input: UnsafeBufferPointer<UInt8>, computed: Computed,
    nearestGrid: Bool = false, to output: inout ByteCursor
  ) {
    var spaces = SpaceWalk(color)
    // The global read once, not at each row.
    let template = Self.textTemplate
    output.put(template.input)
    output.put(input)
    output.put(template.computed)
    writeComputed(computed, color, &spaces, to: &output)
    let pixel = spaces.rgba8
    output.put(template.hex)
    writeHex(pixel, to: &output)
    output.put(template.name)
    if let name = cssName(pixel) {
      var name = name
      name.withUTF8 { output.put($0) }
    } else {
      output.put(NearestName.name(spaces.resolved(.oklab), grid: nearestGrid))
      output.put(" (nearest)")
    }
    output.put(template.alpha)
    NumberText.writeRoundedDescription(color.alpha, decimals: 4, to: &output)
    for row in template.rows {
      output.put(0x0A)
      output.put(row.head)
      writeCSSValues(spaces.channels(row.space), plan: row.plan, to: &output)
      output.put(UInt8(ascii: ")"))
    }
    output.put(template.gamut)
    output.put(spaces.inSRGBGamut ? "yes" : "no")
    output.put(0x0A)
  }

  /// The fixed text of the text form, made once: each row's name padded to the width of the
  /// longest ("in sRGB gamut"), after the newline that ends the row before.
  struct TextTemplate: Sendable {
    /// A space's row: its name and padding, and its value's head
    /// (`hsl(`, `color(display-p3 `), the space and its print plan.
    struct Row: Sendable {
      var head: FixedText
      var space: ColorSpace
      var plan: CSSPrintPlan
    }

    var input: FixedText
    var computed: FixedText
    var hex: FixedText
    var name: FixedText
    var alpha: FixedText
    var rows: [Row]
    var gamut: FixedText

    init() {
      func label(_ name: String, newline: Bool = true) -> [UInt8] {
        (newline ? [0x0A] : []) + Array(name.utf8)
          + Array(repeating: 0x20, count: 15 - name.utf8.count)
      }
      input = FixedText(label("input", newline: false))
      computed = FixedText(label("computed"))
      hex = FixedText(label("hex"))
      name = FixedText(label("name"))
      alpha = FixedText(label("alpha"))
      gamut = FixedText(label("in sRGB gamut"))
      rows = zip(ColorReport.spaces, ColorReport.plans).map { space, plan in
        // The longest, display-p3's, is 32 bytes.
        var head = label(ColorReport.rowName(space).description, newline: false)
        if plan.isColorFunction { head += Array("color(".utf8) }
        head += Array(plan.name.description.utf8)
        head.append(plan.isColorFunction ? UInt8(ascii: " ") : UInt8(ascii: "("))
        return Row(head: FixedText(head), space: space, plan: plan)
      }
    }
  }

  static let textTemplate = TextTemplate()

  /// Appends the JSON object of `color` read from `input`, its nested lines indented by
  /// `indent` levels of two spaces (the first line is not indented).
  static func appendJSON(
    _ color: Color, input: UnsafeBufferPointer<UInt8>, computed: Computed, indent: Int,
    to output: inout [UInt8]
  ) {
    ByteCursor.append(to: &output, bound: bound(inputCount: input.count, computed: computed)) {
      writeJSON(color, input: input, computed: computed, indent: indent, to: &$0)
    }
  }

  /// Writes the JSON object of `color` read from `input`, its nested lines indented by
  /// `indent` levels of two spaces (the first line is not indented): 0 for a lone report, 1
  /// for one in an array, the levels of ``jsonTemplate``.
  static func writeJSON(
    _ color: Color, input: UnsafeBufferPointer<UInt8>, computed: Computed, indent: Int,
    nearestGrid: Bool = false, to output: inout ByteCursor
  ) {
    precondition(indent == 0 || indent == 1, "a report is written at indent 0 or 1")
    Self.jsonTemplate.withUnsafeBufferPointer { texts in
      EightBitTexts.shared.entries.withUnsafeBufferPointer { eightBit in
        let texts = texts.baseAddress.unsafelyUnwrapped + indent &* JSONText.allCases.count
        writeJSON(
          color, input: input, computed: computed, texts: texts,
          eightBit: eightBit.baseAddress.unsafelyUnwrapped, nearestGrid: nearestGrid,
          to: &output)
      }
    }
  }

  /// ``writeJSON(_:input:computed:indent:to:)`` with the texts of its indent level.
  @inline(__always)
  static func writeJSON(
    _ color: Color, input: UnsafeBufferPointer<UInt8>, computed: Computed,
    texts: UnsafePointer<FixedText>, eightBit: UnsafePointer<EightBitTexts.Entry>,
    nearestGrid: Bool, to output: inout ByteCursor
  ) {
    var spaces = SpaceWalk(color)
    @inline(__always) func put(_ text: JSONText) { output.put(texts[text.rawValue]) }
    // The first value of HSL, HSV and HWB is the same hue, that of Lab and LCH the same
    // lightness, and that of Oklab and Oklch: an array starting with the value the one
    // before started with copies its text.
    var first = FirstNumber()
    func array(_ space: ColorSpace) {
      writeJSONValues(
        spaces.channels(space), separator: texts[JSONText.separator.rawValue], first: &first,
        to: &output)
    }
    // Keys in the order of their UTF-8 bytes, as JSONWriter sorts them.
    put(.alpha)
    if let entry = EightBitTexts.entry(color.alpha, in: eightBit) {
      output.put(entry)
    } else {
      NumberText.writeJSONNumber(color.alpha, to: &output)
    }
    put(.computed)
    switch computed {
    case .fast:
      // Digits, letters, spaces and `(),./%-`: nothing to escape.
      output.put(0x22)
      writeComputed(computed, color, &spaces, to: &output)
      output.put(0x22)
    case .text(let bytes):
      bytes.withUnsafeBufferPointer { writeJSONString($0, to: &output) }
    }
    put(.displayP3)
    array(.displayP3)
    put(.hex)
    writeHex(spaces.rgba8, to: &output)
    put(.hsl)
    first = FirstNumber()
    array(.hsl)
    put(.hsv)
    array(.hsv)
    put(.hwb)
    array(.hwb)
    put(.inSRGBGamut)
    put(spaces.inSRGBGamut ? .inputAfterTrue : .inputAfterFalse)
    writeJSONString(input, to: &output)
    put(.lab)
    first = FirstNumber()
    array(.lab)
    put(.lch)
    array(.lch)
    put(.name)
    // Every CSS name is lowercase letters: nothing to escape.
    output.put(NearestName.name(spaces.resolved(.oklab), grid: nearestGrid))
    put(.oklab)
    first = FirstNumber()
    array(.oklab)
    put(.oklch)
    array(.oklch)
    put(.srgb)
    writeEightBitJSONValues(
      spaces.channels(.srgb), separator: texts[JSONText.separator.rawValue], eightBit: eightBit,
      to: &output)
    put(.close)
  }

  /// The text of the first value of the array written last, kept for the next array.
  struct FirstNumber {
    /// The value's bits.
    var bits: UInt64 = 0
    /// Where its text starts; `nil` before a value is kept.
    var start: UnsafeMutablePointer<UInt8>? = nil
    /// Its length in bytes (at most 24, ``NumberText/writeJSONNumber(_:to:)``'s longest).
    var count = 0
  }

  /// Writes the three values of a JSON array of channels (a missing one is `null`), with
  /// `separator` (the comma and the next line's indentation) between them.
  ///
  /// A first value with the bits of `first`'s is its text copied; otherwise `first` keeps the
  /// first value's text for the next array (the same value gives the same text).
  @inline(never)
  static func writeJSONValues(
    _ channels: Channels, separator: FixedText, first: inout FirstNumber,
    to output: inout ByteCursor
  ) {
    writeEach(of: channels, separator: separator, to: &output) { index, value, output in
      guard index == 0 else { return NumberText.writeJSONNumber(value, to: &output) }
      if let start = first.start, first.bits == value.bitPattern {
        output.putCopy(of: UnsafePointer(start), count: first.count)
      } else {
        let start = output.pointer
        NumberText.writeJSONNumber(value, to: &output)
        let count = start.distance(to: output.pointer)
        first = FirstNumber(bits: value.bitPattern, start: count <= 24 ? start : nil, count: count)
      }
    }
  }

  /// ``writeJSONValues(_:separator:first:to:)`` for sRGB's array, whose values are often
  /// 8-bit values: each is looked up in `eightBit`, the entries of ``EightBitTexts``, first.
  @inline(never)
  static func writeEightBitJSONValues(
    _ channels: Channels, separator: FixedText, eightBit: UnsafePointer<EightBitTexts.Entry>,
    to output: inout ByteCursor
  ) {
    writeEach(of: channels, separator: separator, to: &output) { _, value, output in
      if let entry = EightBitTexts.entry(value, in: eightBit) {
        output.put(entry)
      } else {
        NumberText.writeJSONNumber(value, to: &output)
      }
    }
  }

  /// Writes each of the three channels with `write` (a missing one as `null`), `separator`
  /// between them: one copy of the number's code, run three times.
  @inline(__always)
  static func writeEach(
    of channels: Channels, separator: FixedText, to output: inout ByteCursor,
    _ write: (_ index: Int, _ value: Double, _ output: inout ByteCursor) -> Void
  ) {
    var index = 0
    while true {
      let value = index == 0 ? channels.c0 : index == 1 ? channels.c1 : channels.c2
      if let value { write(index, value, &output) } else { output.put("null") }
      if index == 2 { return }
      output.put(separator)
      index &+= 1
    }
  }

  /// The fixed text between the values of a report's JSON object, in the order written: each
  /// a ``FixedText`` of ``jsonTemplate``, for each indent level.
  enum JSONText: Int, CaseIterable {
    /// `{` and the first key.
    case alpha
    case computed
    /// The key and the array's opening line.
    case displayP3
    /// Between two values of an array.
    case separator
    /// The end of an array, the key and the string's opening quote.
    case hex
    /// The closing quote, the key and the array's opening line.
    case hsl
    case hsv
    case hwb
    case inSRGBGamut
    /// The Boolean's value and the next key.
    case inputAfterTrue
    case inputAfterFalse
    case lab
    case lch
    case name
    case oklab
    case oklch
    case srgb
    /// The end of the last array and the object.
    case close

    /// The text at `indent` (0 or 1): the object's lines inside are indented by one more
    /// level, an array's values by two.
    func text(indent: Int) -> String {
      func line(_ level: Int) -> String {
        "\n" + String(repeating: " ", count: 2 * (indent + level))
      }
      let key = line(1)
      let open = " : [" + line(2)
      let end = line(1) + "],"
      return switch self {
      case .alpha: "{" + key + "\"alpha\" : "
      case .computed: "," + key + "\"computed\" : "
      case .displayP3: "," + key + "\"display-p3\"" + open
      case .separator: "," + line(2)
      case .hex: end + key + "\"hex\" : \""
      case .hsl: "\"," + key + "\"hsl\"" + open
      case .hsv: end + key + "\"hsv\"" + open
      case .hwb: end + key + "\"hwb\"" + open
      case .inSRGBGamut: end + key + "\"inSRGBGamut\" : "
      case .inputAfterTrue: "true," + key + "\"input\" : "
      case .inputAfterFalse: "false," + key + "\"input\" : "
      case .lab: "," + key + "\"lab\"" + open
      case .lch: end + key + "\"lch\"" + open
      case .name: end + key + "\"name\" : \""
      case .oklab: "\"," + key + "\"oklab\"" + open
      case .oklch: end + key + "\"oklch\"" + open
      case .srgb: end + key + "\"srgb\"" + open
      case .close: line(1) + "]" + line(0) + "}"
      }
    }
  }

  /// The texts of ``JSONText`` at indent 0, then at indent 1 (the longest is 30 bytes).
  static let jsonTemplate: [FixedText] = [0, 1].flatMap { indent in
    JSONText.allCases.map { FixedText(Array($0.text(indent: indent).utf8)) }
  }

  /// Writes the three values of `channels` as ``Color/appendCSSString(to:)`` writes them at
  /// full opacity, between the head and the `)` (with the space's print plan read
  /// beforehand).
  @inline(__always)
  static func writeCSSValues(
    _ channels: Channels, plan: CSSPrintPlan, to output: inout ByteCursor
  ) {
    func value(_ channel: Double?, _ decimals: Int, _ percentSign: Bool) {
      guard let channel else { return output.put("none") }
      let scaled = plan.scale == 1 ? channel : channel * plan.scale
      NumberText.writeFixed(scaled, decimals: decimals, to: &output)
      if percentSign { output.put(UInt8(ascii: "%")) }
    }
    value(channels.c0, plan.decimals.0, plan.percentSigns.0)
    output.put(UInt8(ascii: " "))
    value(channels.c1, plan.decimals.1, plan.percentSigns.1)
    output.put(UInt8(ascii: " "))
    value(channels.c2, plan.decimals.2, plan.percentSigns.2)
  }

  /// Writes a computed value: the bytes the full grammar gave, or ``CSSColor/cssText`` of
  /// `color` in the fast style, written byte by byte as `cssText` builds it.
  static func writeComputed(
    _ computed: Computed, _ color: Color, _ spaces: inout SpaceWalk, to output: inout ByteCursor
  ) {
    switch computed {
    case .text(let bytes): output.put(bytes)
    case .fast(let style, let alphaIsMissing):
      var shown = color
      if alphaIsMissing { shown.alpha = 0 }
      writeCSSText(shown, style: style, alphaIsMissing: alphaIsMissing, &spaces, to: &output)
    }
  }

  /// ``CSSColor/cssText`` of `CSSColor(color, alphaIsMissing:, style:)`, whose color's alpha
  /// is already 0 when it is missing; `spaces` is the walk of the same channels.
  static func writeCSSText(
    _ color: Color, style: CSSColor.Style, alphaIsMissing: Bool, _ spaces: inout SpaceWalk,
    to output: inout ByteCursor
  ) {
    func number(_ value: Double?) {
      guard let value else { return output.put("none") }
      if abs(value) >= .greatestFiniteMagnitude {
        return output.put(value > 0 ? "calc(infinity)" : "calc(-infinity)")
      }
      NumberText.writeFixed(value, decimals: 6, to: &output)
    }
    func hue(_ value: Double?) {
      guard let value, value.isFinite, abs(value) >= 1 else { return number(value) }
      NumberText.writeFixed(value, decimals: CSSColor.hueDecimals(value), to: &output)
    }
    func alphaText() {
      if alphaIsMissing {
        output.put(" / none")
      } else if color.alpha < 1 {
        output.put(" / ")
        NumberText.writeFixed(color.alpha, decimals: 6, to: &output)
      }
    }
    func body(_ channels: Channels, hueLast: Bool) {
      number(channels.c0)
      output.put(UInt8(ascii: " "))
      number(channels.c1)
      output.put(UInt8(ascii: " "))
      if hueLast { hue(channels.c2) } else { number(channels.c2) }
    }
    let channels = color.channels
    let space = color.space
    switch style {
    case .legacy:
      let rgb = spaces.resolved(.srgb)
      func byte(_ value: Double) {
        guard !value.isNaN else { return output.put(UInt8(ascii: "0")) }
        let scaled = min(max(value * 255, 0), 255)
        NumberText.writeInteger(Int(((scaled * 1e6).rounded() / 1e6).rounded()), to: &output)
      }
      let alpha = alphaIsMissing ? 0 : color.alpha
      output.put(alpha >= 1 ? "rgb(" : "rgba(")
      byte(rgb.x)
      output.put(", ")
      byte(rgb.y)
      output.put(", ")
      byte(rgb.z)
      if alpha < 1 {
        output.put(", ")
        writeLegacyAlpha(alpha, to: &output)
      }
      output.put(UInt8(ascii: ")"))
    case .modern:
      let row = space.row
      let hueLast = space.hueIndex == 2
      if let form = row.colorFunction {
        output.put("color(")
        output.put(form.name)
        output.put(UInt8(ascii: " "))
        body(channels, hueLast: hueLast)
        alphaText()
        output.put(UInt8(ascii: ")"))
        return
      }
      guard let function = row.function else {
        output.put("color(")
        var name = space.rawValue
        name.withUTF8 { output.put($0) }
        output.put(UInt8(ascii: " "))
        body(channels, hueLast: hueLast)
        alphaText()
        output.put(UInt8(ascii: ")"))
        return
      }
      if function.isLegacy && channels.c0 != nil && channels.c1 != nil && channels.c2 != nil
        && !alphaIsMissing
      {
        // As sRGB, in its color() form (sRGB has an identifier).
        let srgb = Color(space: .srgb, channels: spaces.channels(.srgb), alpha: color.alpha)
        var walk = SpaceWalk(srgb)
        return writeCSSText(srgb, style: .modern, alphaIsMissing: false, &walk, to: &output)
      }
      output.put(function.name)
      output.put(UInt8(ascii: "("))
      body(channels, hueLast: hueLast)
      alphaText()
      output.put(UInt8(ascii: ")"))
    }
  }

  /// ``CSSColor/legacyAlpha(_:)``'s text.
  static func writeLegacyAlpha(_ alpha: Double, to output: inout ByteCursor) {
    let eightBit = (alpha * 255).rounded()
    let two = (eightBit / 255 * 100).rounded() / 100
    if (two * 255).rounded() == eightBit {
      return NumberText.writeFixed(two, decimals: 2, to: &output)
    }
    NumberText.writeFixed((eightBit / 255 * 1000).rounded() / 1000, decimals: 3, to: &output)
  }

  /// A space's raw value as static text (`ColorBatchTests` compares the report rows with the
  /// raw values).
  static func rowName(_ space: ColorSpace) -> StaticString {
    switch space {
    case .srgb: "srgb"
    case .hsl: "hsl"
    case .hsv: "hsv"
    case .hwb: "hwb"
    case .lab: "lab"
    case .lch: "lch"
    case .oklab: "oklab"
    case .oklch: "oklch"
    case .displayP3: "display-p3"
    case .srgbLinear: "srgb-linear"
    case .displayP3Linear: "display-p3-linear"
    case .a98RGB: "a98-rgb"
    case .prophotoRGB: "prophoto-rgb"
    case .rec2020: "rec2020"
    case .xyzD65: "xyz-d65"
    case .xyzD50: "xyz-d50"
    }
  }

  /// Each report space's print plan, read once.
  static let plans: [CSSPrintPlan] = spaces.map { $0.visit(CSSPrintPlan.Reader()) }

  /// Writes `bytes` (UTF-8) as a JSON string, escaped as ``JSONWriter`` escapes it.
  static func writeJSONString(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout ByteCursor) {
    guard needsEscaping(bytes) else {
      output.put(0x22)
      output.put(bytes)
      output.put(0x22)
      return
    }
    var quoted: [UInt8] = []
    JSONNode.writeQuoted(String(decoding: bytes, as: UTF8.self), into: &quoted)
    output.put(quoted)
  }

  /// Whether `bytes` holds a byte JSON escapes: a control byte, a quote or a backslash.
  ///
  /// Eight bytes a word: a byte below 0x20 is one whose value minus 0x20 borrows into its top
  /// bit (among bytes below 0x80, which the word's top bits rule out first), and a quote or
  /// backslash one that XORs to zero with it (the zero-byte test); a borrow only reaches the
  /// bytes above a byte found, so the answer is exact.
  static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    let count = bytes.count
    let ones: UInt64 = 0x0101_0101_0101_0101
    let tops: UInt64 = 0x8080_8080_8080_8080
    var index = 0
    while index &+ 8 <= count {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      let low = word &- 0x20 &* ones
      let quote = (word ^ 0x22 &* ones) &- ones
      let backslash = (word ^ 0x5C &* ones) &- ones
      // Any byte of 0x80 or more: the slow test below decides (UTF-8 needs no escape).
      if word & tops != 0 { break }
      if (low | quote | backslash) & tops != 0 { return true }
      index &+= 8
    }
    while index < count {
      let byte = base[index]
      if byte < 0x20 || byte == 0x22 || byte == 0x5C { return true }
      index &+= 1
    }
    return false
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

  /// Writes `#rrggbb`, or `#rrggbbaa` below full opacity (``Color/hex``).
  static func writeHex(_ pixel: RGBA8, to output: inout ByteCursor) {
    hexDigits.withUnsafeBufferPointer { digits in
      func byte(_ value: UInt8) {
        output.put(digits[Int(value >> 4)])
        output.put(digits[Int(value & 0xF)])
      }
      output.put(UInt8(ascii: "#"))
      byte(pixel.red)
      byte(pixel.green)
      byte(pixel.blue)
      if pixel.alpha < 255 { byte(pixel.alpha) }
    }
  }

  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

  /// ``Color/cssName`` for the 8-bit value `pixel`, from a table made once.
  static func cssName(_ pixel: RGBA8) -> String? {
    guard pixel.alpha == 255 else { return pixel.alpha == 0 ? "transparent" : nil }
    let rgb = UInt32(pixel.red) << 16 | UInt32(pixel.green) << 8 | UInt32(pixel.blue)
    let table = nameTable
    // Most values have no name: a bit of the filter says so without hashing.
    let bit = Int(rgb & 0xFFFF)
    guard table.filter[bit >> 6] & (1 << UInt64(bit & 63)) != 0 else { return nil }
    return table.names[rgb]
  }

  /// The first name of each named value, as ``Color/cssName`` chooses it, and a bit for each
  /// low 16 bits of a named value.
  struct NameTable: Sendable {
    var names: [UInt32: String] = [:]
    var filter = [UInt64](repeating: 0, count: 1024)

    init() {
      for entry in NamedColors.table where names[entry.rgb] == nil {
        names[entry.rgb] = NamedColors.names(for: entry.rgb).first
        let bit = Int(entry.rgb & 0xFFFF)
        filter[bit >> 6] |= 1 << UInt64(bit & 63)
      }
    }
  }

  private static let nameTable = NameTable()
}
