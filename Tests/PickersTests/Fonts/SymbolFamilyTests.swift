import Pickers
import Testing

/// ``FontCatalog/symbolFamilies()`` against fontconfig's own charset answers (`fc-list` with a
/// `:charset=` of the family name's letters).
@Suite("FontCatalog.symbolFamilies")
struct SymbolFamilyTests {
  /// The family name's letters and digits as an fc-list charset (hex code points).
  static func charset(of family: String) -> String {
    family.unicodeScalars
      .filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }
      .map { String($0.value, radix: 16) }.joined(separator: " ")
  }

  @Test("the symbol, music and emoji fonts of the test set are flagged; text families are not")
  func flagged() throws {
    let catalog = try FontCatalog(configFile: FontTools.fixturesConf, cache: .disabled)
    let symbols = try catalog.symbolFamilies()
    for family in ["Noto Music", "Noto Sans Symbols2", "Noto Color Emoji"] {
      #expect(symbols[family] != nil, "\(family) is not flagged")
      #expect(symbols[family]?.sample.isEmpty == false, "\(family) has no sample")
    }
    for family in ["DejaVu Sans", "Liberation Serif", "Inter", "Noto Sans Mono"] {
      #expect(symbols[family] == nil, "\(family) is flagged")
    }
    // fontconfig agrees: no face of a flagged family covers its name; some face of every other
    // family does.
    let all = try catalog.availableFontFamilies
    for family in all {
      let pattern = "\(family.replacing("-", with: "\\-")):charset=\(Self.charset(of: family))"
      let found = try FontTools.run("fc-list", ["--format", "%{family[0]}\n", pattern])
      let covers = found.split(separator: "\n").contains { $0 == family }
      #expect(covers == (symbols[family] == nil), "\(family): fc-list says covers=\(covers)")
    }
  }

  @Test("a sample holds only characters the family's faces cover, at most 8")
  func samples() throws {
    let catalog = try FontCatalog(configFile: FontTools.fixturesConf, cache: .disabled)
    let symbols = try catalog.symbolFamilies()
    let music = try #require(symbols["Noto Music"])
    #expect(music.sample.unicodeScalars.count <= SymbolFamily.sampleLength)
    let hex = music.sample.unicodeScalars.map { String($0.value, radix: 16) }
      .joined(separator: " ")
    let found = try FontTools.run(
      "fc-list", ["--format", "%{family[0]}\n", "Noto Music:charset=\(hex)"])
    #expect(found.contains("Noto Music"), "fc-list: \(found)")
  }
}
