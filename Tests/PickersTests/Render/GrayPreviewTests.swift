import Testing

@testable import Pickers

/// The one-byte-a-pixel path of `pickers font preview` against the RGBA canvas it replaces.
@Suite("Gray previews")
struct GrayPreviewTests {
  /// A paragraph of about 2,000 characters (plain ASCII: broken without ICU).
  static let paragraph: String = {
    let sentences = [
      "Every picture of text begins as a question about a font: which file holds the family,",
      "which faces cover the characters (and which do not), and how large each glyph is drawn.",
      "The shaper answers with glyph numbers; the rasterizer turns outlines into coverage!",
      "Numbers such as 1234567890 and quotes like \"these\" or 'those' all need their room?",
    ]
    var text = ""
    var round = 0
    while text.unicodeScalars.count < 1_950 {
      text += sentences[round % sentences.count] + " "
      round += 1
    }
    return text + "The end."
  }()

  /// The same preview drawn on the RGBA canvas and as the CLI's PNG (the gray canvas when the
  /// colors allow it, ``PreviewResult/pngData(options:)``), the PNG decoded by our reader.
  private func bothWays(
    _ text: String, _ options: PreviewOptions, font: FontFile = TestFonts.dejaVuSans,
    compression: PNGEncodingOptions.Compression = .default
  ) throws -> (rgba: RGBAImage, png: RGBAImage, gray: Bool) {
    let resolved = ResolvedFont(file: font, family: "DejaVu Sans")
    func result(allowsGray: Bool) throws -> PreviewResult {
      try PreviewDrawing.draw(
        text, options: options, font: resolved, fallback: nil, renderer: try TextRenderer(),
        allowsGray: allowsGray)
    }
    let rgba = try result(allowsGray: false)
    guard case .rgba(let image) = rgba.pixels else {
      throw ExternalTool.Failure(description: "drawn in gray although gray was not allowed")
    }
    let png = try result(allowsGray: true).pngData(options: .init(compression: compression))
    let gray = try Preview.renderGray(text, options: options, renderer: try TextRenderer())
    return (image, try RGBAImage(pngData: png), gray != nil)
  }

  @Test(
    "a gray preview's PNG decodes to the RGBA canvas's pixels",
    arguments: [
      (RGBA8.black, RGBA8.white, GlyphRendering.unhinted),
      (
        RGBA8(red: 119, green: 119, blue: 119), RGBA8(red: 221, green: 221, blue: 221),
        GlyphRendering(hinting: .slight)
      ),
      (RGBA8.white, RGBA8(red: 32, green: 32, blue: 32), GlyphRendering(hinting: .full)),
      (RGBA8.black, RGBA8.white, GlyphRendering(hinting: .full, antialias: .none)),
    ])
  func samePixels(foreground: RGBA8, background: RGBA8, rendering: GlyphRendering) throws {
    var style = TextStyle(font: TestFonts.dejaVuSans, size: 24)
    style.rendering = rendering
    let options = PreviewOptions(
      style: style, foreground: foreground, background: background, width: 800)
    let (rgba, png, gray) = try bothWays(Self.paragraph, options)
    #expect(gray)
    #expect(rgba.height > 20 * 24)  // wrapped into many lines
    #expect(png == rgba)
  }

  @Test("the gray PNG decodes to the same pixels at every compression")
  func everyCompression() throws {
    let options = PreviewOptions(
      style: TextStyle(font: TestFonts.dejaVuSans, size: 48), foreground: RGBA8.black,
      background: RGBA8.white)
    for compression in PNGEncodingOptions.Compression.allCases {
      let (rgba, png, gray) = try bothWays(
        "The quick brown fox jumps over the lazy dog", options, compression: compression)
      #expect(gray)
      #expect(png == rgba, "\(compression)")
    }
  }

  @Test("colors, translucency, color glyphs and subpixel anti-aliasing keep the RGBA canvas")
  func rgbaWhenNeeded() throws {
    let style = TextStyle(font: TestFonts.dejaVuSans, size: 24)
    let red = PreviewOptions(
      style: style, foreground: RGBA8(red: 200, green: 0, blue: 0), background: RGBA8.white)
    let veil = PreviewOptions(
      style: style, foreground: RGBA8.black,
      background: RGBA8(red: 255, green: 255, blue: 255, alpha: 128))
    var lcd = style
    lcd.rendering = GlyphRendering(hinting: .full, antialias: .subpixel)
    let fringes = PreviewOptions(style: lcd, foreground: RGBA8.black, background: RGBA8.white)
    for options in [red, veil, fringes] {
      let (rgba, png, gray) = try bothWays("Hamburgefonstiv", options)
      #expect(!gray)
      #expect(png == rgba)
    }
    let emoji = PreviewOptions(
      style: TextStyle(font: TestFonts.notoColorEmoji, size: 24), foreground: RGBA8.black,
      background: RGBA8.white)
    let (rgba, png, gray) = try bothWays("😀", emoji, font: TestFonts.notoColorEmoji)
    #expect(!gray)
    #expect(png == rgba)
  }

  @Test("gray masks mix over any level as the RGBA canvas mixes them, overlaps included")
  func masksMatchCanvas() throws {
    var generator = SplitMix64(seed: 19)
    for round in 0..<40 {
      let level = UInt8.random(in: 0...255, using: &generator)
      let background = UInt8.random(in: 0...255, using: &generator)
      let (width, height) = (37, 23)
      var gray = try GrayCanvas(width: width, height: height, level: background)
      let fill = RGBA8(red: background, green: background, blue: background)
      var canvas = try Canvas(width: width, height: height, fill: fill)
      // Overlapping masks, some past the edges: later ones land on pixels already drawn.
      for _ in 0..<6 {
        let (w, h) = (
          Int.random(in: 1...20, using: &generator), Int.random(in: 1...16, using: &generator)
        )
        let mask = (0..<w * h).map { _ in
          Bool.random(using: &generator) ? 0 : UInt8.random(in: 0...255, using: &generator)
        }
        let (x, y) = (
          Int.random(in: -8...30, using: &generator), Int.random(in: -8...18, using: &generator)
        )
        gray.drawMask(mask, maskWidth: w, maskHeight: h, x: x, y: y, level: level)
        canvas.drawMask(
          mask, maskWidth: w, maskHeight: h, x: x, y: y,
          color: RGBA8(red: level, green: level, blue: level))
      }
      #expect(gray.image == canvas.image, "round \(round)")
    }
  }

  @Test("a gray canvas is uniform exactly when every pixel has the same level")
  func uniform() throws {
    for (width, height) in [(1, 1), (1, 5), (7, 1), (13, 9)] {
      let blank = try GrayCanvas(width: width, height: height, level: 200)
      #expect(blank.isUniform, "\(width) x \(height)")
      #expect(blank.image.bytes.allSatisfy { $0 == 200 || $0 == 255 })
      // One pixel of another level anywhere, the first and the last included (a single pixel
      // is uniform whatever its level).
      for index in 0..<width * height where width * height > 1 {
        var canvas = blank
        canvas.drawMask(
          [255], maskWidth: 1, maskHeight: 1, x: index % width, y: index / width, level: 10)
        let levels = Set(
          stride(from: 0, to: canvas.image.bytes.count, by: 4).map { canvas.image.bytes[$0] })
        #expect(levels.count == 2)
        #expect(!canvas.isUniform, "\(width) x \(height), pixel \(index)")
      }
    }
    // Every row starts with its PNG filter byte, 0, whatever the level.
    let canvas = try GrayCanvas(width: 5, height: 3, level: 77)
    #expect(canvas.scanlines == (0..<3).flatMap { _ in [0, 77, 77, 77, 77, 77] })
  }

  @Test("the paragraph breaks into the same lines with and without ICU")
  func sameLines() throws {
    try #require(LineBreaker.isAvailable, "ICU (libicu72) is not installed")
    let scalars = Self.paragraph.unicodeScalars.map(\.value)
    let plain = try #require(LineBreaker.plainOpportunities(in: scalars))
    #expect(plain == LineBreaker.icuOpportunities(in: scalars, language: nil))
  }
}
