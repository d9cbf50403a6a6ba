import Testing

@testable import Pickers

@Suite("Specimens")
struct SpecimenTests {
  static let rows = [
    SpecimenRow(label: "DejaVu Sans", style: TextStyle(font: TestFonts.dejaVuSans, size: 24)),
    SpecimenRow(
      label: "Noto Sans Arabic", style: TextStyle(font: TestFonts.notoSansArabic, size: 24)),
    SpecimenRow(
      label: "Noto Sans Devanagari", style: TextStyle(font: TestFonts.notoSansDevanagari, size: 30)),
    SpecimenRow(
      label: "Inter", style: TextStyle(font: TestFonts.inter, size: 18), text: "Inter 18"),
    SpecimenRow(
      label: "Noto Color Emoji", style: TextStyle(font: TestFonts.notoColorEmoji, size: 24)),
  ]

  static var options: SpecimenOptions {
    var options = SpecimenOptions(labelFont: TestFonts.dejaVuSans)
    options.width = 500
    options.concurrency = 3
    return options
  }

  @Test("rows rendered in parallel arrive in order and equal rows rendered one by one")
  func parallelInOrder() async throws {
    let rows = Array(repeating: Self.rows, count: 4).flatMap { $0 }
    var bands: [RGBAImage] = []
    try await Specimen.render(rows, options: Self.options) { bands.append($0) }
    let sequential = try rows.map { row throws(RenderError) in
      try Specimen.renderRow(row, options: Self.options)
    }
    #expect(bands == sequential)
    let size = try Specimen.size(of: rows, options: Self.options)
    #expect(bands.reduce(0) { $0 + $1.height } == size.height)
    #expect(bands.allSatisfy { $0.width == size.width })
  }

  @Test("a streamed specimen PNG decodes to the rows stacked in order")
  func streamedPNG() async throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/specimen.png"
    let size = try Specimen.size(of: Self.rows, options: Self.options)
    let writer = try PNGStreamWriter(path: path, width: size.width, height: size.height)
    try await Specimen.render(Self.rows, options: Self.options) { try writer.append(rows: $0) }
    try writer.finish()
    let decoded = try RGBAImage(pngFile: path)
    var expected: [UInt8] = []
    for row in Self.rows { expected += try Specimen.renderRow(row, options: Self.options).bytes }
    #expect(decoded.width == size.width && decoded.height == size.height)
    #expect(decoded.bytes == expected)
    #expect(folder.files() == ["specimen.png"])
  }

  @Test("a row whose font cannot be read shows the reason instead of stopping the sheet")
  func brokenFont() throws {
    let broken = SpecimenRow(
      label: "Broken", style: TextStyle(font: FontFile(path: ExternalTool.fontsConf), size: 24))
    let image = try Specimen.renderRow(broken, options: Self.options)
    // The reason is drawn in red in the label line.
    var red = 0
    for y in 0..<image.height {
      for x in 0..<image.width where image[x, y].red > 150 && image[x, y].green < 100 { red += 1 }
    }
    #expect(red > 20)
  }

  @Test("empty sheets and bad sizes are refused before rendering")
  func badInput() {
    #expect(throws: RenderError.emptySpecimen) { try Specimen.size(of: [], options: Self.options) }
    let zero = SpecimenRow(label: "x", style: TextStyle(font: TestFonts.dejaVuSans, size: 0))
    #expect(throws: RenderError.self) { try Specimen.size(of: [zero], options: Self.options) }
    var wide = Self.options
    wide.width = 40_000
    let rows = Array(repeating: Self.rows[0], count: 20_000)
    #expect(throws: RenderError.self) { try Specimen.size(of: rows, options: wide) }
  }
}
