import Glibc
import Testing

@testable import Pickers

/// ``FontCatalog/render(_:renderer:)``, the one preview of every surface, against fontconfig's
/// answers (`fc-match`, `fc-list`) and other renderers' pixels (`pango-view`, `hb-view`) on the
/// test font set (Tests/Fixtures/fonts.conf).
@Suite("Preview requests")
struct PreviewRequestTests {
  static let catalog = DesktopText.catalog

  /// `fc-match -f FORMAT PATTERN` on the test configuration, split at newlines.
  static func fcMatch(_ pattern: String, _ format: String) throws -> [String] {
    let printed = try ExternalTool.run("fc-match", ["-f", format, pattern])
    return String(decoding: printed, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false
    ).map(String.init)
  }

  /// `hb-view` (unhinted outlines, gray anti-aliasing) with extra options such as
  /// `--features=liga=0`.
  static func hbView(_ font: FontFile, _ text: String, size: Int, _ extra: [String] = [])
    throws -> RGBAImage
  {
    let folder = try TemporaryFolder()
    let path = folder.path + "/hb-view.png"
    _ = try ExternalTool.run(
      "hb-view",
      [
        "--font-size=\(size)", "--face-index=\(font.index & 0xFFFF)", "--output-format=png",
        "--output-file=\(path)",
      ] + extra + ["--", font.path, text])
    return try RGBAImage(pngFile: path)
  }

  /// `request` drawn as hb-view draws: unhinted outlines, gray anti-aliasing (fontconfig not
  /// asked).
  static func unhinted(_ request: PreviewRequest) -> PreviewRequest {
    var request = request
    request.hinting = GlyphRendering.Hinting.none
    request.antialias = .gray
    return request
  }

  /// How many pixels have channels more than 60 apart (color, not gray).
  static func coloredPixels(_ image: RGBAImage) -> Int {
    var count = 0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let p = image[x, y]
        if Int(max(p.red, p.green, p.blue)) - Int(min(p.red, p.green, p.blue)) > 60 {
          count += 1
        }
      }
    }
    return count
  }

  @Test("a family name draws fc-match's face with no warning, whatever its case")
  func exactFamily() throws {
    let catalog = try #require(Self.catalog)
    let result = try catalog.render(PreviewRequest(family: "dejavu sans", text: "Hamburg"))
    #expect(result.warnings.isEmpty)
    #expect(try [result.font.file.path] == Self.fcMatch("DejaVu Sans", "%{file}"))
    // A weight picks the family's face fontconfig picks for it.
    var bold = PreviewRequest(family: "DejaVu Sans", text: "Hamburg")
    bold.weight = .bold
    let heavy = try catalog.render(bold)
    #expect(try [heavy.font.file.path] == Self.fcMatch("DejaVu Sans:bold", "%{file}"))
    #expect(heavy.image != result.image)
  }

  @Test(
    "a pattern draws fc-match's face, with a warning naming it",
    arguments: ["monospace", "DejaVu Sans Mono:bold", "serif:italic"])
  func patternWarning(pattern: String) throws {
    let catalog = try #require(Self.catalog)
    let matched = try Self.fcMatch(pattern, "%{family[0]}\n%{style[0]}\n%{file}")
    try #require(matched.count == 3)
    let result = try catalog.render(PreviewRequest(family: pattern, text: "Hamburg", size: 24))
    #expect(
      result.warnings == [.patternMatched(pattern: pattern, family: matched[0], style: matched[1])])
    #expect(result.font.file.path == matched[2])
    #expect(
      result.warnings.map(\.description) == [
        "'\(pattern)' is not a family name: using fontconfig's match for it, "
          + "\(matched[0]) \(matched[1])"
      ])
    // resolve(_:) reports the same warning before anything is drawn.
    #expect(try catalog.resolve(PreviewRequest(family: pattern)).warnings == result.warnings)
  }

  @Test("a face of the catalog draws the same bytes as its family's name")
  func faceEqualsFamily() throws {
    let catalog = try #require(Self.catalog)
    let members = try catalog.availableMembers(ofFontFamily: "DejaVu Sans")
    let book = try #require(members.first { $0.style == "Book" })
    for text in ["Hamburgefonstiv", "Hi 世界 ☕", nil] {
      let byName = try catalog.render(PreviewRequest(family: "DejaVu Sans", text: text, size: 36))
      let byFace = try catalog.render(PreviewRequest(font: .face(book), text: text, size: 36))
      #expect(try byFace.pngData() == byName.pngData(), "\(text ?? "the sample")")
      #expect(byFace.warnings.isEmpty)
    }
  }

  @Test("characters the font lacks are drawn by fallback fonts, as pango-view draws them")
  func fallback() throws {
    let catalog = try #require(Self.catalog)
    let sample = InkSample(family: "DejaVu Sans", text: "Hi 世界")
    // fc-list: DejaVu Sans has no U+4E16; fonts of the test set do.
    let covering = String(
      decoding: try ExternalTool.run("fc-list", [":charset=4e16", "family"]), as: UTF8.self)
    #expect(!covering.contains("DejaVu Sans"))
    #expect(!covering.isEmpty)
    let request = PreviewRequest(family: sample.family, text: sample.text, size: 48)
    let drawn = try catalog.render(request)
    DesktopText.expectSameInk(
      drawn.image, try DesktopText.pangoView(sample, size: 48), "fallback vs pango-view")
    // Without fallback the font's own boxes are drawn, as hb-view (which has no fallback)
    // draws them.
    var plain = Self.unhinted(request)
    plain.usesFallback = false
    let boxes = try catalog.render(plain)
    DesktopText.expectSameInk(
      boxes.image, try Self.hbView(TestFonts.dejaVuSans, sample.text, size: 48),
      "no fallback vs hb-view")
    #expect(drawn.image != boxes.image)
    #expect(drawn.warnings.isEmpty && boxes.warnings.isEmpty)
  }

  @Test("an emoji the font has in black and white is drawn in color, as pango-view draws it")
  func emojiInColor() throws {
    let catalog = try #require(Self.catalog)
    // fc-list: DejaVu Sans maps U+2615 and U+2693, and so does the color emoji font.
    let covering = String(
      decoding: try ExternalTool.run("fc-list", [":charset=2615 2693", "family", "color"]),
      as: UTF8.self)
    #expect(covering.contains("DejaVu Sans"))
    #expect(covering.contains("Noto Color Emoji:color=True"))
    let sample = InkSample(family: "DejaVu Sans", text: "☕⚓")
    let request = PreviewRequest(family: sample.family, text: sample.text, size: 48)
    let ours = Self.coloredPixels(try catalog.render(request).image)
    let pango = Self.coloredPixels(try DesktopText.pangoView(sample, size: 48))
    #expect(pango > 300)
    #expect(abs(Double(ours) / Double(pango) - 1) < 0.25, "\(ours) vs pango-view's \(pango)")
    var plain = request
    plain.usesFallback = false
    #expect(Self.coloredPixels(try catalog.render(plain).image) == 0)
  }

  @Test("features, variations, weight and language change the glyphs as they change hb-view's")
  func shapingAsHBView() throws {
    let catalog = try #require(Self.catalog)
    func compare(_ request: PreviewRequest, _ extra: [String], _ what: String) throws
      -> RGBAImage
    {
      let ours = try catalog.render(Self.unhinted(request))
      let text = try #require(request.text)
      let theirs = try Self.hbView(ours.font.file, text, size: Int(request.size), extra)
      DesktopText.expectSameInk(ours.image, theirs, what)
      return ours.image
    }
    let office = PreviewRequest(family: "DejaVu Sans", text: "office ffi", size: 48)
    var noLigatures = office
    noLigatures.features = [try FontFeature(parsing: "liga=0")]
    let ligated = try compare(office, [], "DejaVu Sans default features")
    let separate = try compare(noLigatures, ["--features=liga=0"], "DejaVu Sans liga=0")
    #expect(ligated != separate)

    var heavy = PreviewRequest(family: "Inter", text: "Weight", size: 48)
    heavy.variation = try FontVariation(parsing: "wght=900")
    var thin = heavy
    thin.variation = .none
    thin.weight = .thin
    var bold = PreviewRequest(family: "Inter", text: "Weight", size: 48)
    bold.weight = .bold
    let black = try compare(heavy, ["--variations=wght=900"], "Inter wght=900")
    let light = try compare(thin, ["--variations=wght=100"], "Inter weight 100")
    let boldInk = try compare(bold, ["--variations=wght=700"], "Inter weight 700")
    #expect(Set([black, light, boldInk]).count == 3)

    var japanese = PreviewRequest(family: "Noto Serif CJK JP", text: "直", size: 64)
    japanese.language = "ja"
    var chinese = japanese
    chinese.language = "zh-Hans"
    let ja = try compare(japanese, ["--language=ja"], "直 in Japanese")
    let zh = try compare(chinese, ["--language=zh-Hans"], "直 in Chinese")
    #expect(ja != zh)
  }

  @Test("rendering settings are fontconfig's unless the request names them")
  func renderingSettings() throws {
    let catalog = try #require(Self.catalog)
    // fc-match: hintstyle 1 (slight), antialias true, no rgba for Noto Sans at 14 px.
    #expect(
      try Self.fcMatch("Noto Sans:pixelsize=14", "%{hintstyle} %{antialias} %{rgba}") == [
        "1 True "
      ])
    var request = PreviewRequest(family: "Noto Sans", text: "Hamburg", size: 14)
    let desktop = try catalog.resolve(request).style.rendering
    #expect(desktop.hinting == .slight && desktop.antialias == .gray)
    request.antialias = GlyphRendering.Antialias.none
    let oneBit = try catalog.resolve(request).style.rendering
    #expect(oneBit.hinting == .slight && oneBit.antialias == .none)
    let image = try catalog.render(request).image
    var levels: Set<UInt8> = []
    for y in 0..<image.height {
      for x in 0..<image.width { levels.insert(image[x, y].green) }
    }
    #expect(levels == [0, 255])
    // Both named: fontconfig is not asked, the rest is hb-view's unhinted rendering.
    request.hinting = .full
    request.subpixelPositioning = true
    var expected = GlyphRendering.unhinted
    expected.hinting = .full
    expected.antialias = .none
    expected.subpixelPositioning = true
    #expect(try catalog.resolve(request).style.rendering == expected)
  }

  @Test("a font whose glyphs come out empty is refused, also by a renderer that drew before")
  func damagedFont() throws {
    let catalog = try #require(Self.catalog)
    // The truncated font keeps its cmap (fontconfig reads its letters) but its glyph data is
    // cut off.
    let path = ExternalTool.fixtures + "/broken-fonts/truncated.ttf"
    let charset = String(
      decoding: try ExternalTool.run("fc-query", ["-f", "%{charset}", path]), as: UTF8.self)
    #expect(charset.contains("41-5a 61-7a"))
    #expect(throws: RenderError.damagedFont(path: path)) {
      try catalog.render(PreviewRequest(family: path, text: "Hello"))
    }
    // With a reused renderer (the window's and the terminal picker's), each picture is judged
    // on its own glyphs, not on the renderer's running counts.
    let renderer = try TextRenderer()
    let good = try catalog.render(
      PreviewRequest(family: "DejaVu Sans", text: "Hello"), renderer: renderer)
    #expect(good.warnings.isEmpty)
    for _ in 0..<2 {
      #expect(throws: RenderError.damagedFont(path: path)) {
        try catalog.render(PreviewRequest(family: path, text: "Hello"), renderer: renderer)
      }
    }
    // Ideographs from a good fallback font are ink: the picture is drawn.
    let partial = try catalog.render(PreviewRequest(family: path, text: "Hello 世界"))
    #expect(!partial.image.isUniform)
  }

  @Test("warnings read as the CLI prints them")
  func warningText() {
    let lost = PreviewWarning.glyphsNotDrawn(failed: 4, rendered: 6, path: "/fonts/a.ttf")
    #expect(
      lost.description
        == "4 of 6 glyphs could not be drawn from \"/fonts/a.ttf\" (the font file may be damaged)")
    let matched = PreviewWarning.patternMatched(
      pattern: "monospace", family: "DejaVu Sans Mono", style: "Book")
    #expect(
      matched.description
        == "'monospace' is not a family name: using fontconfig's match for it, "
        + "DejaVu Sans Mono Book")
  }

  @Test("the font's own sample is drawn in its language when no text is given")
  func sample() throws {
    let catalog = try #require(Self.catalog)
    let request = PreviewRequest(family: "Noto Sans Arabic", size: 32)
    let resolved = try catalog.resolve(request)
    var style = resolved.style
    let text = try Typesetter().previewText(nil, style: &style)
    #expect(style.language == "ar")
    var explicit = request
    explicit.text = text
    explicit.language = "ar"
    #expect(try catalog.render(request).pngData() == catalog.render(explicit).pngData())
    // A specimen row of the request sets the same sample in the same style.
    let row = SpecimenRow(label: "Noto Sans Arabic", preview: resolved)
    #expect(row.style == resolved.style && row.text == nil)
  }

  @Test("the library's one call is the request's: FontPreview is PreviewRequest")
  func oneCall() throws {
    let catalog = try #require(Self.catalog)
    let preview = FontPreview(family: "DejaVu Sans", text: "Hi 世界 😀", size: 32)
    #expect(try preview.render(catalog: catalog) == catalog.render(preview).image)
  }
}
