import Testing

@testable import Pickers

@Suite("FontSearch")
struct FontSearchTests {
  static let names = [
    "DejaVu Sans", "DejaVu Sans Mono", "DejaVu Serif", "Noto Sans", "Noto Sans Mono",
    "Noto Serif", "Liberation Sans", "Liberation Mono", "Inter", "Inter Display",
  ]

  /// The ranking of `query` over the names, which names prepared once rank alike.
  private func search(_ query: String) -> [String] {
    let found = FontSearch(query).ranked(Self.names) { [$0] }
    let prepared = FontSearch(query).ranked(Self.names.map(FontSearch.Name.init))
    #expect(prepared.map { Self.names[$0] } == found, "prepared names, \(query)")
    return found
  }

  @Test("an exact name, in any case, comes first")
  func exactFirst() {
    #expect(search("dejavu sans").first == "DejaVu Sans")
    #expect(search("INTER").first == "Inter")
  }

  @Test("word prefixes match in order: 'dej mo' finds DejaVu Sans Mono")
  func wordPrefixes() {
    #expect(search("dej mo") == ["DejaVu Sans Mono"])
    #expect(Set(search("lib")) == ["Liberation Sans", "Liberation Mono"])
  }

  @Test("subsequences match, tighter and shorter first")
  func subsequences() {
    let found = search("djvsns")
    #expect(found.first == "DejaVu Sans")
    #expect(found.contains("DejaVu Sans Mono"))
    #expect(!found.contains("Noto Sans"))
  }

  @Test("accents and punctuation are ignored on both sides")
  func accents() {
    #expect(search("Nöto Sáns").first == "Noto Sans")
    #expect(FontSearch("noto").ranked(["Nòto-Sans"]) { [$0] } == ["Nòto-Sans"])
    #expect(String(FontSearch.fold("Éclair-Ünïcode  ß")) == "eclair unicode ß")
  }

  @Test("a query that matches nothing gives nothing, an empty one everything")
  func noMatch() {
    #expect(search("xyz123").isEmpty)
    #expect(search("").count == Self.names.count)
  }

  @Test("the kinds of match rank exact > prefix > word prefix > substring > subsequence")
  func scoreOrder() throws {
    let query = FontSearch("sans")
    let exact = try #require(query.score("Sans"))
    let prefix = try #require(query.score("Sans Serif"))
    let word = try #require(query.score("Noto Sans"))
    let substring = try #require(query.score("Xsansx"))
    let subsequence = try #require(query.score("S a n s e r i f x"))
    #expect(exact > prefix)
    #expect(prefix > word)
    #expect(word > substring)
    #expect(substring > subsequence || query.score("Sxaxnxs").map { $0 < substring } == true)
  }

  @Test("an element matches through any of its names (aliases)")
  func aliases() {
    let families = [FontFamily(name: "Noto Sans CJK JP", aliases: ["Noto Sans CJK JP Regular"])]
    #expect(FontSearch("cjk jp reg").ranked(families) { [$0.name] + $0.aliases } == families)
  }

  @Test("suggestions find misspelled names by search or by edit distance")
  func suggestions() {
    #expect(FontSearch.suggestions(for: "Dejavu Snas", among: Self.names).first == "DejaVu Sans")
    #expect(FontSearch.suggestions(for: "Liberaton Mono", among: Self.names) == ["Liberation Mono"])
    #expect(FontSearch.suggestions(for: "Intre", among: Self.names).first == "Inter")
    #expect(FontSearch.suggestions(for: "Qqqqqqqqq", among: Self.names).isEmpty)
  }

  @Test("edit distance counts a swap of neighbours as one edit")
  func editDistance() {
    #expect(FontSearch.editDistance(Array("snas"), Array("sans")) == 1)
    #expect(FontSearch.editDistance(Array("kitten"), Array("sitting")) == 3)
    #expect(FontSearch.editDistance([], Array("abc")) == 3)
  }

  @Test("the catalog's family search finds installed families by alias and filter")
  func catalogSearch() throws {
    let catalog = try FontCatalog(configFile: FontTools.fixturesConf, cache: .disabled)
    #expect(try catalog.searchFamilies("dejavu mono").first == "DejaVu Sans Mono")
    let japanese = try catalog.searchFamilies("noto serif", matching: FontFilter(language: "ja"))
    #expect(!japanese.isEmpty)
    #expect(japanese.allSatisfy { $0.hasPrefix("Noto Serif CJK") })
  }

  @Test("search and suggestions are one matcher: a typo is found by both")
  func typosFoundBySearch() throws {
    #expect(search("DejaVu Snas Mono").first == "DejaVu Sans Mono")
    #expect(search("Intre").first == "Inter")
    // Misspellings rank below every real match.
    #expect(search("Noto Sans").first == "Noto Sans")
    // A short query never matches by edit distance alone.
    #expect(search("xq").isEmpty)
    let catalog = try FontCatalog(configFile: FontTools.fixturesConf, cache: .disabled)
    #expect(try catalog.searchFamilies("DejaVu Snas Mono").first == "DejaVu Sans Mono")
    #expect(try catalog.suggestions(forFamily: "DejaVu Snas Mono").first == "DejaVu Sans Mono")
  }
}
