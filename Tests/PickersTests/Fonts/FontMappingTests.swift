import CFontconfig
import Testing

@testable import Pickers

/// The weight, width, slant and spacing tables against fontconfig's constants.
@Suite("Font trait mappings")
struct FontMappingTests {
  /// fontconfig constant to CSS weight, as the CSS Fonts specification and OpenType's
  /// usWeightClass name them (350 semilight and 380 book are fontconfig's own in-betweens).
  static let weights: [(Int32, Int, FontWeight)] = [
    (FC_WEIGHT_THIN, 100, .thin), (FC_WEIGHT_EXTRALIGHT, 200, .extraLight),
    (FC_WEIGHT_LIGHT, 300, .light), (FC_WEIGHT_DEMILIGHT, 350, .semiLight),
    (FC_WEIGHT_BOOK, 380, .book), (FC_WEIGHT_REGULAR, 400, .regular),
    (FC_WEIGHT_MEDIUM, 500, .medium), (FC_WEIGHT_DEMIBOLD, 600, .semiBold),
    (FC_WEIGHT_BOLD, 700, .bold), (FC_WEIGHT_EXTRABOLD, 800, .extraBold),
    (FC_WEIGHT_BLACK, 900, .black), (FC_WEIGHT_EXTRABLACK, 1000, .extraBlack),
  ]

  @Test("each fontconfig weight constant maps to its CSS weight and back", arguments: weights)
  func weight(constant: Int32, css: Int, named: FontWeight) {
    #expect(FcWeightToOpenType(constant) == Int32(css))
    #expect(FontWeight(fontconfig: Double(constant)) == named)
    #expect(named.rawValue == css)
    #expect(named.fontconfigValue == Double(constant))
  }

  @Test("the weight table covers every named weight, in ascending order")
  func weightTableComplete() {
    #expect(FontWeight.fontconfigTable.map(\.fontconfig) == Self.weights.map(\.0))
    #expect(FontWeight.fontconfigTable.map(\.weight) == Self.weights.map(\.2))
  }

  @Test("weights parse from CSS numbers and names")
  func weightParsing() {
    #expect(FontWeight(parsing: "650") == FontWeight(rawValue: 650))
    #expect(FontWeight(parsing: "Semi Bold") == .semiBold)
    #expect(FontWeight(parsing: "extra-light") == .extraLight)
    #expect(FontWeight(parsing: "normal") == .regular)
    #expect(FontWeight(parsing: "heavy") == .black)
    #expect(FontWeight(parsing: "1001") == nil)
    #expect(FontWeight(parsing: "chunky") == nil)
  }

  @Test(
    "each fontconfig width constant is the CSS font-stretch percentage",
    arguments: [
      (FC_WIDTH_ULTRACONDENSED, FontWidth.ultraCondensed),
      (FC_WIDTH_EXTRACONDENSED, .extraCondensed),
      (FC_WIDTH_CONDENSED, .condensed), (FC_WIDTH_SEMICONDENSED, .semiCondensed),
      (FC_WIDTH_NORMAL, .normal), (FC_WIDTH_SEMIEXPANDED, .semiExpanded),
      (FC_WIDTH_EXPANDED, .expanded), (FC_WIDTH_EXTRAEXPANDED, .extraExpanded),
      (FC_WIDTH_ULTRAEXPANDED, .ultraExpanded),
    ])
  func width(constant: Int32, named: FontWidth) {
    #expect(Int32(named.rawValue) == constant)
    #expect(FontWidth.fontconfigTable.contains { $0.width == named && $0.fontconfig == constant })
  }

  @Test(
    "each fontconfig slant constant maps to a slant and back",
    arguments: [
      (FC_SLANT_ROMAN, FontSlant.roman), (FC_SLANT_ITALIC, .italic), (FC_SLANT_OBLIQUE, .oblique),
    ])
  func slant(constant: Int32, named: FontSlant) {
    #expect(FontSlant(fontconfig: constant) == named)
    #expect(named.fontconfigValue == constant)
  }

  @Test(
    "each fontconfig spacing constant maps to a spacing and back",
    arguments: [
      (FC_PROPORTIONAL, FontSpacing.proportional), (FC_DUAL, .dual), (FC_MONO, .mono),
      (FC_CHARCELL, .charcell),
    ])
  func spacing(constant: Int32, named: FontSpacing) {
    #expect(FontSpacing(fontconfig: constant) == named)
    #expect(named.fontconfigValue == constant)
    #expect(named.isMonospaced == (constant >= FC_MONO))
  }

  @Test(
    "faces carry the traits fc-match reports for them",
    arguments: [
      "DejaVu Sans:oblique", "DejaVu Serif:bold:italic", "DejaVu Sans Mono", "DejaVu Sans:light",
      "Liberation Sans Narrow:bold", "Noto Sans CJK JP:black",
    ])
  func traitsAgreeWithFcMatch(pattern: String) throws {
    let catalog = try FontCatalog(configFile: FontTools.fixturesConf, cache: .disabled)
    let face = try catalog.match(pattern: pattern)
    let fields = try FontTools.run(
      "fc-match", ["--format", "%{weight}|%{width}|%{slant}|%{spacing:-0}", pattern]
    ).split(separator: "|").map { Int32($0)! }
    #expect(face.weight.rawValue == Int(FcWeightToOpenType(fields[0])))
    #expect(face.width.rawValue == Int(fields[1]))
    #expect(face.slant.fontconfigValue == fields[2])
    #expect(face.spacing.fontconfigValue == fields[3])
  }
}
