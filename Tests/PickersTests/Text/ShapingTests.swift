import Testing

@testable import Pickers

/// Fonts of the fixed test set (Tests/Fixtures/fonts.conf).
enum TestFonts {
  static let dejaVuSans = FontFile(path: FontTools.fontsFolder + "/DejaVuSans.ttf")
  static let notoSansArabic = FontFile(
    path: FontTools.fontsFolder + "/NotoSansArabic-Regular.ttf")
  static let notoSansDevanagari = FontFile(
    path: FontTools.fontsFolder + "/NotoSansDevanagari-Regular.ttf")
  static let notoColorEmoji = FontFile(path: FontTools.fontsFolder + "/NotoColorEmoji.ttf")
  static let inter = FontFile(path: FontTools.fontsFolder + "/Inter.var.ttf")
}

@Suite("Shaping against hb-shape")
struct ShapingTests {
  /// Units per em of the fonts used (from their `head` tables, as `ttx`/`fc-query` report).
  static let unitsPerEm: [String: Double] = [
    TestFonts.dejaVuSans.path: 2048, TestFonts.notoSansArabic.path: 1000,
    TestFonts.notoSansDevanagari.path: 1000,
  ]

  /// Shapes `text` at `size` px and compares glyph ids, clusters and positions with hb-shape's
  /// font-unit output scaled to the same size (26.6 rounding: within 1/32 px).
  func expectSameAsHarfBuzz(_ font: FontFile, _ text: String, size: Double = 40) throws {
    let reference = try ExternalTool.hbShape(font: font.path, text: text)
    let typesetter = try Typesetter()
    let lines = try typesetter.layout(text, style: TextStyle(font: font, size: size))
    let line = try #require(lines.first)
    #expect(lines.count == 1)
    let glyphs = line.runs.flatMap(\.glyphs)
    try #require(glyphs.count == reference.count, "glyph count \(glyphs.count) vs hb-shape")
    let perUnit = size / (Self.unitsPerEm[font.path] ?? 1000)
    // Both count clusters in Unicode scalars (hb-shape without --utf8-clusters).
    for (ours, theirs) in zip(glyphs, reference) {
      #expect(ours.id == theirs.g)
      #expect(ours.cluster == theirs.cl)
      #expect(abs(ours.xAdvance - Double(theirs.ax) * perUnit) < 1.0 / 32)
      #expect(abs(ours.xOffset - Double(theirs.dx) * perUnit) < 1.0 / 32)
      #expect(abs(ours.yOffset - Double(theirs.dy) * perUnit) < 1.0 / 32)
    }
  }

  @Test("Latin with kerning and ligatures equals hb-shape in DejaVu Sans")
  func latin() throws {
    try expectSameAsHarfBuzz(TestFonts.dejaVuSans, "AVATAR Type office fluffy WAVE")
  }

  @Test("Arabic equals hb-shape in Noto Sans Arabic")
  func arabic() throws {
    try expectSameAsHarfBuzz(TestFonts.notoSansArabic, "مرحبا بالعالم")
  }

  @Test("Devanagari (reordering, conjuncts) equals hb-shape in Noto Sans Devanagari")
  func devanagari() throws {
    try expectSameAsHarfBuzz(TestFonts.notoSansDevanagari, "क्षत्रिय हिन्दी किताब")
  }

  @Test("Arabic is laid out right to left and its letters are joined")
  func arabicDirectionAndJoining() throws {
    let typesetter = try Typesetter()
    let style = TextStyle(font: TestFonts.notoSansArabic, size: 40)
    let line = try #require(try typesetter.layout("بيت", style: style).first)
    let run = try #require(line.runs.first)
    #expect(line.runs.count == 1)
    #expect(run.isRightToLeft)
    #expect(run.script == "Arab")
    // Visual order: the first letter of the word is the rightmost glyph.
    #expect(run.glyphs.map(\.cluster) == [2, 1, 0])
    // Joined: each letter's glyph differs from the letter shaped alone (its isolated form),
    // as HarfBuzz itself shapes them.
    for (offset, letter) in ["ب", "ي", "ت"].enumerated() {
      let isolated = try #require(
        try ExternalTool.hbShape(font: style.font.path, text: letter).first)
      let joined = try #require(run.glyphs.first { $0.cluster == offset })
      #expect(joined.id != isolated.g, "letter \(letter) is not joined")
    }
  }

  @Test("mixed left-to-right and right-to-left text is reordered by the bidi algorithm")
  func bidi() throws {
    let typesetter = try Typesetter()
    let style = TextStyle(font: TestFonts.dejaVuSans, size: 20)
    let line = try #require(try typesetter.layout("abc שלום def", style: style).first)
    // UAX #9 in a left-to-right paragraph: "abc ", then the Hebrew word reversed, then " def".
    let clusters = line.runs.flatMap { $0.glyphs.map(\.cluster) }
    #expect(clusters == [0, 1, 2, 3, 7, 6, 5, 4, 8, 9, 10, 11])
    #expect(line.runs.filter(\.isRightToLeft).flatMap(\.textRange) == [4, 5, 6, 7])
    // A right-to-left paragraph puts its first word on the right.
    let rtl = try #require(try typesetter.layout("שלום abc", style: style).first)
    #expect(rtl.runs.flatMap { $0.glyphs.map(\.cluster) } == [5, 6, 7, 4, 3, 2, 1, 0])
  }
}

@Suite("Font fallback")
struct FallbackTests {
  static let text = "Hello 世界"

  @Test("a CJK character in a Latin-only font is drawn by fontconfig's fallback font")
  func cjkFallback() throws {
    let fallback = try FontFallback.query(
      configFile: ExternalTool.fontsConf, family: "DejaVu Sans", text: Self.text, language: nil)
    let typesetter = try Typesetter()
    let line = try #require(
      try typesetter.layout(
        Self.text, style: TextStyle(font: TestFonts.dejaVuSans, size: 32), fallback: fallback
      ).first)
    let cjk = try #require(line.runs.first { $0.textRange.contains(6) })
    #expect(cjk.font != TestFonts.dejaVuSans)
    #expect(cjk.glyphs.allSatisfy { $0.id != 0 })
    let latin = try #require(line.runs.first { $0.textRange.contains(0) })
    #expect(latin.font == TestFonts.dejaVuSans)
    // The fallback font is one that fc-match also proposes for the characters.
    let output = try ExternalTool.run(
      "fc-match", ["-s", "--format=%{file}\n", "DejaVu Sans:charset=4e16"])
    let files = String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
    #expect(files.contains(cjk.font.path))
  }

  @Test("without fallback the missing character is the font's .notdef glyph")
  func noFallback() throws {
    let typesetter = try Typesetter()
    let line = try #require(
      try typesetter.layout(Self.text, style: TextStyle(font: TestFonts.dejaVuSans, size: 32))
        .first)
    #expect(line.runs.allSatisfy { $0.font == TestFonts.dejaVuSans })
    let glyphs = line.runs.flatMap(\.glyphs)
    #expect(glyphs.filter { $0.id == 0 }.count == 2)
  }

  @Test("emoji prefer the color emoji font")
  func emoji() throws {
    let fallback = try FontFallback.query(
      configFile: ExternalTool.fontsConf, family: "DejaVu Sans", text: "a😀", language: nil)
    let typesetter = try Typesetter()
    let line = try #require(
      try typesetter.layout(
        "a😀", style: TextStyle(font: TestFonts.dejaVuSans, size: 32), fallback: fallback
      ).first)
    #expect(line.runs.last?.font == TestFonts.notoColorEmoji)
  }
}

@Suite("Text input errors")
struct TextInputErrorTests {
  @Test("empty or blank text is refused")
  func empty() throws {
    let typesetter = try Typesetter()
    let style = TextStyle(font: TestFonts.dejaVuSans, size: 20)
    #expect(throws: TextError.emptyText) { try typesetter.layout("", style: style) }
    #expect(throws: TextError.emptyText) { try typesetter.layout(" \n ", style: style) }
  }

  @Test("zero, negative, absurd and non-finite font sizes are refused")
  func sizes() throws {
    let typesetter = try Typesetter()
    for size in [0, -12, 1e9, .infinity, .nan] {
      #expect(throws: TextError.self) {
        try typesetter.layout("a", style: TextStyle(font: TestFonts.dejaVuSans, size: size))
      }
    }
  }

  @Test("text over the length limit is refused before shaping")
  func tooLong() throws {
    let typesetter = try Typesetter()
    let text = String(repeating: "a", count: TextLayoutLimits.maximumCharacters + 1)
    #expect(throws: TextError.textTooLong(count: 10_001, limit: 10_000)) {
      try typesetter.layout(text, style: TextStyle(font: TestFonts.dejaVuSans, size: 20))
    }
  }

  @Test("a file that is not a font is reported with its path")
  func notAFont() throws {
    let typesetter = try Typesetter()
    let style = TextStyle(font: FontFile(path: ExternalTool.fontsConf), size: 20)
    #expect(throws: TextError.unreadableFont(path: ExternalTool.fontsConf, index: 0)) {
      try typesetter.layout("a", style: style)
    }
  }

  @Test("variation strings are parsed or refused with the text quoted")
  func variations() throws {
    let parsed = try FontVariation(parsing: "wght=650,wdth=80")
    #expect(parsed.settings == [.init(tag: "wght", value: 650), .init(tag: "wdth", value: 80)])
    for bad in ["", "wght", "wght=", "wght=abc", "toolong=1", "wght=1,", "=5"] {
      #expect(throws: TextError.malformedVariation(bad)) { try FontVariation(parsing: bad) }
    }
  }

  @Test("an axis or instance the font lacks is refused, naming what it has")
  func unknownAxis() throws {
    let typesetter = try Typesetter()
    let style = TextStyle(
      font: TestFonts.inter, size: 20,
      variation: FontVariation(settings: [.init(tag: "XXXX", value: 1)]))
    do {
      _ = try typesetter.layout("a", style: style)
      Issue.record("an unknown axis was accepted")
    } catch .unknownAxis(let tag, let available) {
      #expect(tag == "XXXX")
      #expect(available.contains("wght"))
    } catch {
      Issue.record("unexpected error \(error)")
    }
    let instance = TextStyle(
      font: TestFonts.inter, size: 20, variation: FontVariation(instance: "Nope"))
    #expect(throws: TextError.self) { try typesetter.layout("a", style: instance) }
    let bold = TextStyle(
      font: TestFonts.inter, size: 20, variation: FontVariation(instance: "Bold"))
    #expect(try typesetter.layout("a", style: bold).count == 1)
  }
}
