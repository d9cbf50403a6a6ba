import Glibc
import Testing

@testable import Pickers

/// The batch against the same lines converted one at a time with the public per-color API
/// (``Color/init(css:context:)``, ``Color/gamutMapped(to:)``, ``Color/cssString``,
/// ``CSSColor/cssText`` and ``JSONWriter``), which is what `color convert` and `color info`
/// printed line by line before the batch existed.
@Suite("ColorBatch") struct ColorBatchTests {
  /// A mixed input: every syntax the byte parser reads, forms only the full grammar reads,
  /// bad colors, blank and whitespace lines, CRLF endings, non-UTF-8 bytes, a line of exactly
  /// the limit and one over it, and a last line without a newline.
  static func mixedInput(lines count: Int, limit: Int) -> [UInt8] {
    let forms: [(Int) -> String] = [
      { "#\(String($0 * 2_654_435 % 0x100_0000, radix: 16))" },
      { "#\(String($0 % 0x1000, radix: 16))" },
      { "rgb(\($0 % 256), \($0 * 7 % 256), \($0 * 13 % 256))" },
      { "rgba(\($0 % 256) 10 20 / \(Double($0 % 100) / 100))" },
      { "hsl(\($0 % 360) \($0 % 100)% 40%)" },
      { "hwb(\($0 % 360) 10% 20% / none)" },
      { "lab(\($0 % 100) \($0 % 80 - 40) 12)" },
      { "oklch(0.\($0 % 97 + 1) 0.\($0 % 30) \($0 % 360) / 50%)" },
      { "color(display-p3 0.\($0 % 9) 0.5 1)" },
      { _ in "  RebeccaPurple\t" },
      { _ in "transparent" },
      { "color-mix(in oklch, red \($0 % 100)%, blue)" },
      { _ in "oklch(from #3478f6 calc(l + 0.1) c h)" },
      { _ in "currentcolor" },
      { "not-a-color-\($0)" },
      { _ in "rgb(1 2)" },
      { _ in "" },
      { _ in " \t " },
      { "#abc\($0 % 10)\r" },
      { _ in "r\u{e9}d" },
      { _ in "lab(50 \u{2212}20 30)" },
    ]
    var bytes: [UInt8] = []
    for index in 0..<count {
      bytes += Array(forms[index % forms.count](index).utf8)
      if index % 997 == 5 { bytes += [0x72, 0xFF, 0x64] }  // not UTF-8
      bytes.append(0x0A)
    }
    bytes += Array(repeating: UInt8(ascii: " "), count: limit - 3) + Array("red".utf8) + [0x0A]
    bytes += Array(repeating: UInt8(ascii: "x"), count: limit + 1) + [0x0A]
    bytes += Array("\r\n#0f0\r\n\r\n".utf8)
    bytes += Array(repeating: UInt8(ascii: "y"), count: 3 * limit) + [0x0A]
    bytes += Array("hsl(10 20% 30%)".utf8)  // no newline
    return bytes
  }

  /// One line after another, as the line reader and the commands did it.
  static func reference(_ input: [UInt8], _ batch: ColorBatch) throws -> (
    bytes: [UInt8], problems: [String]
  ) {
    var lines = input.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
    if lines.last?.isEmpty == true { lines.removeLast() }
    var output: [UInt8] = []
    var problems: [String] = []
    var colors = 0
    for (index, raw) in lines.enumerated() {
      let number = index + 1
      guard raw.count <= batch.maximumLineLength else {
        problems.append("\(number) \(output.count) tooLong")
        continue
      }
      let line = raw.last == 0x0D ? Array(raw.dropLast()) : raw
      guard let text = String(validating: line, as: UTF8.self) else {
        problems.append("\(number) \(output.count) notUTF8")
        continue
      }
      if text.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
      let color: Color
      do throws(ColorParseError) {
        color = try Color(css: text, context: batch.context)
      } catch {
        problems.append("\(number) \(output.count) \(error)")
        continue
      }
      switch batch.output {
      case .css(let space): output += Array((color.gamutMapped(to: space).cssString + "\n").utf8)
      case .hex: output += Array((color.hex + "\n").utf8)
      case .report:
        if colors > 0 { output.append(0x0A) }
        output += Array(reportText(color, input: text, context: batch.context).utf8)
      case .reportJSON:
        let element = try CommandJSON.writer.encode(
          ReportJSON(text, color, computed: computed(text, color, batch.context)))
        output += Array((colors == 0 ? "[\n  " : ",\n  ").utf8)
        for byte in element {
          output.append(byte)
          if byte == 0x0A { output += [0x20, 0x20] }
        }
      }
      colors += 1
    }
    return (output, problems)
  }

  static func computed(_ text: String, _ color: Color, _ context: CSSColorContext) -> String {
    (try? CSSColor(css: text, context: context))?.cssText ?? CSSColor(color).cssText
  }

  static func reportText(_ color: Color, input: String, context: CSSColorContext) -> String {
    let alpha = (color.alpha * 10_000).rounded() / 10_000
    var alphaText = alpha == 0 ? "0" : String(alpha)
    if alphaText.hasSuffix(".0") { alphaText.removeLast(2) }
    var rows: [(String, String)] = [
      ("input", input), ("computed", computed(input, color, context)), ("hex", color.hex),
      ("name", color.cssName ?? "\(color.nearestCSSName) (nearest)"), ("alpha", alphaText),
    ]
    for space in [ColorSpace.srgb, .hsl, .hsv, .hwb, .lab, .lch, .oklab, .oklch, .displayP3] {
      rows.append((space.rawValue, color.converted(to: space).withOpacity(1).cssString))
    }
    rows.append(("in sRGB gamut", color.isInGamut() ? "yes" : "no"))
    return rows.map { $0.0 + String(repeating: " ", count: 15 - $0.0.count) + $0.1 + "\n" }
      .joined()
  }

  struct ReportJSON: Encodable {
    var input: String
    var computed: String
    var hex: String
    var alpha: Double
    var inSRGBGamut: Bool
    var name: String
    var spaces: [(String, [Double?])]

    init(_ input: String, _ color: Color, computed: String) {
      self.input = input
      self.computed = computed
      hex = color.hex
      alpha = color.alpha
      inSRGBGamut = color.isInGamut()
      name = color.nearestCSSName
      spaces = [ColorSpace.srgb, .hsl, .hsv, .hwb, .lab, .lch, .oklab, .oklch, .displayP3].map {
        ($0.rawValue, color.converted(to: $0).channels.values)
      }
    }

    struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      try container.encode(input, forKey: Key(stringValue: "input"))
      try container.encode(computed, forKey: Key(stringValue: "computed"))
      try container.encode(hex, forKey: Key(stringValue: "hex"))
      try container.encode(alpha, forKey: Key(stringValue: "alpha"))
      try container.encode(inSRGBGamut, forKey: Key(stringValue: "inSRGBGamut"))
      try container.encode(name, forKey: Key(stringValue: "name"))
      for (space, values) in spaces {
        var array = container.nestedUnkeyedContainer(forKey: Key(stringValue: space))
        for value in values {
          if let value { try array.encode(value) } else { try array.encodeNil() }
        }
      }
    }
  }

  enum CommandJSON {
    static let writer = JSONWriter(nonFiniteNumbers: .clampedAsCSS)
  }

  /// Runs `batch` over `input` through a file, as a command reads standard input.
  static func run(_ batch: ColorBatch, _ input: [UInt8], processors: Int = 2) throws -> (
    bytes: [UInt8], problems: [String]
  ) {
    var template = Array("/tmp/pickers-batch-XXXXXX".utf8CString)
    let descriptor = mkstemp(&template)
    #expect(descriptor >= 0)
    defer {
      close(descriptor)
      unlink(template)
    }
    input.withUnsafeBytes { _ = write(descriptor, $0.baseAddress, $0.count) }
    lseek(descriptor, 0, SEEK_SET)
    var output: [UInt8] = []
    var problems: [String] = []
    try batch.run(
      reading: descriptor, processors: processors, write: { output += $0 },
      report: { line, problem in
        let text: String
        switch problem {
        case .tooLong: text = "tooLong"
        case .notUTF8: text = "notUTF8"
        case .notAColor(let error): text = "\(error)"
        }
        problems.append("\(line) \(output.count) \(text)")
      })
    return (output, problems)
  }

  static let outputs: [ColorBatch.Output] = [.css(.oklch), .css(.srgb), .hex, .report, .reportJSON]

  /// Each output over many blocks of an eighth of the default size (32 KiB for lines; 8 KiB
  /// and 256 lines for reports, each still split across two threads): a few thousand lines
  /// cross tens of block boundaries, in seconds where 60,000 lines took minutes in a debug
  /// build.
  @Test(
    "a large mixed input gives the per-line output and problems, byte for byte",
    arguments: outputs)
  func largeMixedInput(output: ColorBatch.Output) throws {
    let limit = 64 * 1024
    let report = output == .report || output == .reportJSON
    let input = Self.mixedInput(lines: report ? 2_000 : 12_000, limit: limit)
    var batch = ColorBatch(output: output, maximumLineLength: limit)
    batch.testingBlockSize = batch.blockSize / 8
    batch.testingBlockLines = batch.blockLines.map { $0 / 8 }
    let expected = try Self.reference(input, batch)
    let got = try Self.run(batch, input)
    #expect(got.bytes == expected.bytes, "\(output)")
    #expect(got.problems == expected.problems, "\(output)")
    let oneThread = try Self.run(batch, input, processors: 1)
    #expect(oneThread.bytes == expected.bytes, "\(output), one thread")
  }

  /// A report names the nearest color from the grid once a batch is long (30,000 lines); here
  /// the switch comes after 700 lines, inside the input, so the lines after it are named by
  /// the grid and must still read as the per-color API names them.
  @Test("reports name the same nearest colors after the batch switches to the grid")
  func nearestGridSwitch() throws {
    let limit = 64 * 1024
    let input = Self.mixedInput(lines: 2_000, limit: limit)
    for output in [ColorBatch.Output.report, .reportJSON] {
      var batch = ColorBatch(output: output, maximumLineLength: limit)
      batch.testingBlockSize = batch.blockSize / 8
      batch.testingBlockLines = batch.blockLines.map { $0 / 8 }
      let expected = try Self.reference(input, batch)
      batch.testingNearestGridAfterLines = 700
      let got = try Self.run(batch, input)
      #expect(got.bytes == expected.bytes, "\(output)")
      #expect(got.problems == expected.problems, "\(output)")
    }
  }

  @Test("block boundaries at every offset of a small input change nothing")
  func everyBoundary() throws {
    let limit = 24
    let input = Self.mixedInput(lines: 30, limit: limit)
    for output in Self.outputs {
      var batch = ColorBatch(output: output, maximumLineLength: limit)
      let expected = try Self.reference(input, batch)
      for size in 1...(input.count + 1) {
        batch.testingBlockSize = size
        // Reports: blocks of at most 1 to 4 lines too.
        batch.testingBlockLines = batch.blockLines.map { _ in 1 + size % 4 }
        let got = try Self.run(batch, input)
        #expect(got.bytes == expected.bytes, "\(output), block \(size)")
        #expect(got.problems == expected.problems, "\(output), block \(size)")
      }
    }
  }

  @Test("an empty input writes nothing; a JSON array of none is closed as JSONWriter closes one")
  func emptyInput() throws {
    let got = try Self.run(ColorBatch(output: .reportJSON), [])
    #expect(got.bytes.isEmpty && got.problems.isEmpty)
    let empty: [Int] = []
    #expect(
      ColorBatch.arrayEnd(count: 0)
        == String(decoding: try JSONWriter().encode(empty), as: UTF8.self) + "\n")
  }
}
