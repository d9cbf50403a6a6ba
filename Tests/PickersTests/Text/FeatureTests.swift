import FoundationEssentials
import Testing

@testable import Pickers

@Suite("OpenType features, language and script against hb-shape")
struct FeatureTests {
  static func font(_ name: String, index: Int = 0) -> FontFile {
    FontFile(path: FontTools.fontsFolder + "/" + name, index: index)
  }

  /// Glyph ids and clusters from `hb-shape` with `options` (such as `--features=liga=0`).
  static func hbShape(_ font: FontFile, _ text: String, _ options: [String]) throws -> [UInt32] {
    let output = try ExternalTool.run(
      "hb-shape",
      ["--output-format=json", "--no-glyph-names", "--face-index=\(font.index)"] + options + [
        "--", font.path, text,
      ])
    return try JSONDecoder().decode([ExternalTool.HBGlyph].self, from: Data(output)).map(\.g)
  }

  static func ours(_ font: FontFile, _ text: String, style change: (inout TextStyle) -> Void)
    throws -> [UInt32]
  {
    var style = TextStyle(font: font, size: 40)
    change(&style)
    let lines = try Typesetter().layout(text, style: style)
    return lines.flatMap { $0.runs.flatMap { $0.glyphs.map(\.id) } }
  }

  @Test(
    "features in hb-view's syntax shape as hb-shape --features does",
    arguments: [
      ("DejaVuSans.ttf", "office fit", "liga=0"),
      ("NotoSerif-Regular.ttf", "Hamburg 2024", "smcp,onum"),
      ("NotoSans-Regular.ttf", "Hamburg", "+smcp,-kern"),
      ("DejaVuSans.ttf", "office", "liga[0:3]=0"),
    ])
  func features(file: String, text: String, list: String) throws {
    let font = Self.font(file)
    let features = try FontFeature.list(list)
    let theirs = try Self.hbShape(font, text, ["--features=\(list)"])
    let plain = try Self.hbShape(font, text, [])
    #expect(theirs != plain, "the features change hb-shape's glyphs")
    #expect(try Self.ours(font, text) { $0.features = features } == theirs)
  }

  @Test("a language selects locl forms as hb-shape --language does (Serbian italics, Chinese)")
  func language() throws {
    let italic = Self.font("NotoSerif-Italic.ttf")
    let serbian = try Self.hbShape(italic, "бгдпт", ["--language=sr"])
    #expect(serbian != (try Self.hbShape(italic, "бгдпт", [])))
    #expect(try Self.ours(italic, "бгдпт") { $0.language = "sr" } == serbian)

    let cjk = Self.font("NotoSerifCJK-Regular.ttc")
    let chinese = try Self.hbShape(cjk, "直", ["--language=zh-Hans"])
    #expect(chinese != (try Self.hbShape(cjk, "直", ["--language=ja"])))
    #expect(try Self.ours(cjk, "直") { $0.language = "zh-Hans" } == chinese)
    #expect(try Self.ours(cjk, "直") { $0.language = "ja" } != chinese)
  }

  @Test("a script is passed to shaping as hb-shape --script passes it")
  func script() throws {
    let font = Self.font("NotoSerif-Italic.ttf")
    let theirs = try Self.hbShape(font, "бгдпт", ["--script=Cyrl", "--language=sr"])
    #expect(
      try Self.ours(font, "бгдпт") {
        $0.script = "Cyrl"
        $0.language = "sr"
      } == theirs)
  }

  @Test("malformed features and scripts are refused with the text quoted")
  func badInput() throws {
    #expect(throws: TextError.invalidFeature("liga=x")) { try FontFeature.list("kern,liga=x") }
    #expect(throws: TextError.invalidFeature("=1")) { try FontFeature.list("=1") }
    #expect(!FontFeature.isKnownScript("Latin"))
    #expect(!FontFeature.isKnownScript("L4tn"))
    #expect(FontFeature.isKnownScript("Cyrl"))
    #expect(throws: TextError.unknownScript("x")) {
      try Typesetter().layout(
        "a", style: TextStyle(font: TestFonts.dejaVuSans, size: 20, script: "x"))
    }
    // Parsed settings print back in hb-view's syntax.
    #expect(
      try FontFeature.list("-liga,smcp,aalt=2").map(\.description) == [
        "liga=0", "smcp=1", "aalt=2",
      ])
  }
}
