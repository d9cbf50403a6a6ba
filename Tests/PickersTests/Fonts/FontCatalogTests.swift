import Testing

@testable import Pickers

#if canImport(Glibc)
  import Glibc
#endif

/// The catalog against the real fontconfig tools, on the fixed test font set.
@Suite("FontCatalog")
struct FontCatalogTests {
  let catalog: FontCatalog

  init() throws {
    catalog = try FontCatalog(configFile: FontTools.fixturesConf, cache: .disabled)
  }

  /// The set of `family[0]` of what `fc-list` prints for a query.
  private func fcListFamilies(_ query: [String] = []) throws -> Set<String> {
    Set(FontTools.lines(try FontTools.run("fc-list", query + ["--format", "%{family[0]}\n"])))
  }

  @Test("the family list equals fc-list's family[0] set, sorted case-insensitively")
  func familiesMatchFcList() throws {
    let families = try catalog.availableFontFamilies
    #expect(Set(families) == (try fcListFamilies()))
    #expect(families.count == Set(families).count)
    #expect(families == families.sorted { $0.lowercased() < $1.lowercased() })
    #expect(families.count > 200)
  }

  @Test("other family names are kept as aliases of the primary one")
  func aliasesKept() throws {
    let expected = Set(
      FontTools.lines(try FontTools.run("fc-list", ["--format", "%{family}\n"]))
        .flatMap { $0.split(separator: ",").map(String.init) })
    let families = try catalog.families
    #expect(Set(families.flatMap { [$0.name] + $0.aliases }) == expected)
  }

  @Test(
    "a language filter equals fc-list :lang=L",
    arguments: ["ja", "ar", "hi", "zh-cn", "ko", "he", "ru"])
  func languageFilter(language: String) throws {
    let families = try catalog.families(matching: FontFilter(language: language))
    #expect(Set(families) == (try fcListFamilies([":lang=\(language)"])))
    #expect(!families.isEmpty)
  }

  @Test("the monospace filter equals fc-list :spacing=mono plus :spacing=charcell")
  func monospaceFilter() throws {
    let families = try catalog.families(matching: FontFilter(monospaced: true))
    let expected = try fcListFamilies([":spacing=mono"]).union(
      try fcListFamilies([":spacing=charcell"]))
    #expect(Set(families) == expected)
    #expect(families.contains("DejaVu Sans Mono"))
  }

  @Test("the color filter equals fc-list :color=true")
  func colorFilter() throws {
    let families = try catalog.families(matching: FontFilter(color: true))
    #expect(Set(families) == (try fcListFamilies([":color=true"])))
    #expect(families == ["Noto Color Emoji"])
  }

  @Test("a text filter equals fc-list :charset= with the text's code points")
  func coversFilter() throws {
    let text = "日本語"
    let charset = text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
    let families = try catalog.families(matching: FontFilter(covers: text))
    #expect(Set(families) == (try fcListFamilies([":charset=\(charset)"])))
    #expect(!families.isEmpty)
  }

  @Test("filters combine: Russian and monospaced equals fc-list :lang=ru:spacing=mono")
  func combinedFilter() throws {
    let families = try catalog.families(matching: FontFilter(language: "ru", monospaced: true))
    #expect(Set(families) == (try fcListFamilies([":lang=ru:spacing=mono"])))
    #expect(families.contains("DejaVu Sans Mono") && !families.contains("DejaVu Sans"))
  }

  @Test("style and weight filters equal fc-list :style= and :weight=")
  func styleAndWeightFilter() throws {
    let bold = try catalog.families(matching: FontFilter(style: "Bold Italic"))
    #expect(Set(bold) == (try fcListFamilies([":style=Bold Italic"])))
    let heavy = try catalog.families(matching: FontFilter(weight: .bold))
    #expect(Set(heavy) == (try fcListFamilies([":weight=200"])))
    #expect(!bold.isEmpty && !heavy.isEmpty)
  }

  @Test("coverage counts, per family, the code points fc-list says each family covers")
  func coverageFraction() throws {
    let characters: [Character] = ["a", "é", "日", "ب"]
    var expected: [String: Int] = [:]
    for character in characters {
      let point = String(character.unicodeScalars.first!.value, radix: 16)
      for family in try fcListFamilies([":charset=\(point)"]) { expected[family, default: 0] += 1 }
    }
    let coverage = try catalog.coverage(of: String(characters))
    #expect(Dictionary(uniqueKeysWithValues: coverage.map { ($0.family, $0.covered) }) == expected)
    #expect(coverage.allSatisfy { $0.total == 4 })
    let dejavu = try #require(coverage.first { $0.family == "DejaVu Sans" })
    #expect(dejavu.fraction == Double(expected["DejaVu Sans"]!) / 4)
  }

  /// Patterns covering generic families, styles, weights, languages, aliases and fallbacks.
  static let patterns = [
    "serif", "sans-serif", "sans", "monospace", "mono", "emoji", "system-ui", "cursive",
    "fantasy", "DejaVu Sans", "DejaVu Sans:bold", "DejaVu Sans:italic", "DejaVu Sans:bold:italic",
    "DejaVu Sans Mono:bold", "DejaVu Serif:condensed", "DejaVu Sans:weight=200",
    "dejavu sans:oblique", "Liberation Serif:bold", "Arial", "Arial:bold", "Helvetica",
    "Times New Roman", "Times New Roman:italic", "Courier New", "Courier", "Times", "Verdana",
    "Georgia", "Comic Sans MS", "NoSuchFont", "Zzyzx Qwerty:bold", ":weight=200", ":weight=50",
    ":slant=italic", "serif:lang=ja", "sans:lang=ja", "monospace:lang=ja", "sans:lang=zh-cn",
    "sans:lang=ko", ":lang=ar", ":lang=hi", ":lang=he", "Noto Sans CJK JP:bold", "Inter",
    "Inter:bold", "Inter:weight=80:slant=100", "Inter Display:light", "WenQuanYi Zen Hei",
    "Noto Color Emoji", ":spacing=mono", "serif:spacing=100", ":charset=1f600", "",
    "monospace:size=20", ":family=Liberation Mono:bold",
  ]

  @Test("match equals fc-match: file, family and style", arguments: patterns)
  func matchEqualsFcMatch(pattern: String) throws {
    let expected = try FontTools.run(
      "fc-match", ["--format", "%{file}\t%{family[0]}\t%{style[0]}", pattern])
    let face = try catalog.match(pattern: pattern)
    #expect("\(face.file)\t\(face.family)\t\(face.style)" == expected)
  }

  @Test(
    "sorted matches equal fc-match -s, in order",
    arguments: ["serif", "monospace:lang=ja", "Arial:bold"])
  func sortedMatchesEqualFcMatchSort(pattern: String) throws {
    let expected = FontTools.lines(
      try FontTools.run(
        "fc-match", ["-s", "--format", "%{file}#%{index}\t%{family[0]}\n", pattern]))
    let faces = try catalog.sortedMatches(pattern: pattern)
    #expect(faces.map { "\($0.file)#\($0.index)\t\($0.family)" } == expected)
  }

  @Test(
    "a pattern fc-match cannot parse is a malformed-pattern error",
    arguments: [
      ":weight=abc", ":size=abc", ":charset=zz",
    ])
  func malformedPattern(pattern: String) throws {
    let tool = try FontTools.runWithStatus("fc-match", [pattern])
    #expect(tool.status != 0)
    #expect(throws: FontError.malformedPattern(pattern)) { try catalog.match(pattern: pattern) }
    #expect(throws: FontError.malformedPattern(pattern)) {
      try catalog.sortedMatches(pattern: pattern)
    }
  }

  @Test("the faces of DejaVu Sans are fc-list's, with CSS weights, slants and files")
  func dejaVuSansFaces() throws {
    let faces = try catalog.availableMembers(ofFontFamily: "DejaVu Sans")
    let expected = FontTools.lines(
      try FontTools.run(
        "fc-list", ["DejaVu Sans", "--format", "%{family[0]}\t%{style[0]}\t%{file}\t%{index}\n"]))
    #expect(
      Set(faces.map { "\($0.family)\t\($0.style)\t\($0.file)\t\($0.index)" }) == Set(expected))
    let bold = try #require(faces.first { $0.style == "Bold" && $0.width == .normal })
    #expect(bold.weight == .bold)
    #expect(bold.slant == .roman)
    #expect(bold.spacing == .proportional)
    #expect(bold.file.hasSuffix("/DejaVuSans-Bold.ttf"))
    #expect(bold.postScriptName == "DejaVuSans-Bold")
    let oblique = try #require(faces.first { $0.style == "Oblique" && $0.width == .normal })
    #expect(oblique.slant == .oblique)
    #expect(oblique.weight == .regular)
    let condensed = try #require(faces.first { $0.style == "Condensed Bold" })
    #expect(condensed.width == .semiCondensed)
    #expect(!faces.contains { $0.isVariable || $0.isColor })
  }

  @Test("family lookup ignores case and finds DejaVu Sans Mono's monospaced faces")
  func caseInsensitiveLookup() throws {
    let faces = try catalog.availableMembers(ofFontFamily: "dejavu sans mono")
    #expect(!faces.isEmpty)
    #expect(faces.allSatisfy { $0.family == "DejaVu Sans Mono" && $0.spacing == .mono })
  }

  @Test("Noto Color Emoji is a color face")
  func colorFace() throws {
    let face = try catalog.match(pattern: "Noto Color Emoji")
    #expect(face.isColor)
  }

  @Test("Inter's variable face has the axes and instances fontTools reads")
  func interAxes() throws {
    let fixture = try String(contentsOfFixture: "inter-axes.txt")
    var axes: [FontAxis] = []
    var instances: [FontInstance] = []
    for line in fixture.split(separator: "\n") where !line.hasPrefix("#") {
      if line.hasPrefix("axis ") {
        let parts = line.split(separator: " ", maxSplits: 5).map(String.init)
        axes.append(
          FontAxis(
            tag: parts[1], name: parts[5], minimum: Double(parts[2])!,
            defaultValue: Double(parts[3])!, maximum: Double(parts[4])!))
      } else if line.hasPrefix("instance ") {
        let parts = line.dropFirst("instance ".count).split(separator: "\t").map(String.init)
        var coordinates: [String: Double] = [:]
        for pair in parts[1].split(separator: ",") {
          let keyValue = pair.split(separator: "=")
          coordinates[String(keyValue[0])] = Double(keyValue[1])!
        }
        instances.append(FontInstance(name: parts[0], coordinates: coordinates))
      }
    }
    let faces = try catalog.availableMembers(ofFontFamily: "Inter")
    let variable = try #require(
      faces.first { $0.isVariable && $0.file == FontTools.fontsFolder + "/Inter.var.ttf" }
    )
    #expect(variable.axes == axes)
    #expect(variable.namedInstances == instances)
    #expect(variable.weight == FontWeight(rawValue: Int(axes[0].defaultValue)))
    #expect(axes.count >= 2 && instances.count >= 9)
    #expect(faces.contains { !$0.isVariable && $0.style == "Semi Bold" })
  }

  @Test("an unknown family is an error that suggests the closest name")
  func unknownFamily() throws {
    #expect(throws: FontError.self) { try catalog.availableMembers(ofFontFamily: "Dejavu Snas") }
    do {
      _ = try catalog.availableMembers(ofFontFamily: "Dejavu Snas")
    } catch let FontError.unknownFamily(name, suggestions) {
      #expect(name == "Dejavu Snas")
      #expect(suggestions.first == "DejaVu Sans")
      #expect(
        FontError.unknownFamily(name, suggestions: ["DejaVu Sans"]).description
          == "no font family named \"Dejavu Snas\"; did you mean \"DejaVu Sans\"?")
    }
    #expect(throws: FontError.unknownFamily("Zzzzzzzzzzzz", suggestions: [])) {
      try catalog.availableMembers(ofFontFamily: "Zzzzzzzzzzzz")
    }
  }

  @Test("an unknown language and an empty text are errors, not empty lists")
  func badFilters() throws {
    #expect(throws: FontError.unknownLanguage("klingon")) {
      try catalog.families(matching: FontFilter(language: "klingon"))
    }
    #expect(throws: FontError.emptyText) {
      try catalog.families(matching: FontFilter(covers: ""))
    }
    #expect(
      try catalog.families(matching: FontFilter(language: "ja_JP")).contains("Noto Sans CJK JP"))
  }

  @Test("a missing or broken configuration file is an error")
  func brokenConfiguration() throws {
    #expect(throws: FontError.configurationUnavailable(path: "/nonexistent/fonts.conf")) {
      try FontCatalog(configFile: "/nonexistent/fonts.conf", cache: .disabled)
    }
    let path = "/tmp/pickers-broken-\(getpid()).conf"
    try writeText("<fontconfig><dir>unclosed", to: path)
    defer { unlink(path) }
    let broken = try FontCatalog(configFile: path, cache: .disabled)
    #expect(throws: FontError.configurationUnavailable(path: path)) {
      try broken.availableFontFamilies
    }
  }

  @Test("a font template is evaluated by fontconfig exactly as fc-list --format does")
  func templateEqualsFcList() throws {
    let template = "%{family[0]}\t%{style[0]}\t%{file}\n"
    let expected = try FontTools.run("fc-list", ["--format", template])
    let text = try catalog.formatted(template)
    #expect(Set(FontTools.lines(text)) == Set(FontTools.lines(expected)))
    #expect(text.count == expected.count)
  }

  @Test("info on a file gives fc-query's languages and code point count")
  func infoOnFile() throws {
    let file = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    let infos = try catalog.info(file)
    let info = try #require(infos.first)
    let languages = try FontTools.run("fc-query", ["--format", "%{lang}", file])
    #expect(info.languages == languages.split(separator: "|").map(String.init).sorted())
    let ranges = try FontTools.run("fc-query", ["--format", "%{charset}", file])
    var count = 0
    for range in ranges.split(separator: " ") {
      let bounds = range.split(separator: "-").map { Int($0, radix: 16)! }
      count += (bounds.last! - bounds.first!) + 1
    }
    #expect(info.codePointCount == count)
    #expect(info.face.family == "DejaVu Sans")
    #expect(throws: FontError.unreadableFont(path: "/nonexistent.ttf")) {
      try catalog.info("/nonexistent.ttf")
    }
  }

  @Test("info on a family lists each face once with its languages")
  func infoOnFamily() throws {
    let infos = try catalog.info("DejaVu Sans Mono")
    #expect(infos.count == (try catalog.availableMembers(ofFontFamily: "DejaVu Sans Mono")).count)
    #expect(infos.allSatisfy { $0.languages.contains("en") && $0.codePointCount > 1000 })
  }

  @Test("many tasks querying one catalog at once get the answers one task gets")
  func concurrentUse() async throws {
    let catalog = self.catalog
    let families = try catalog.availableFontFamilies
    let serif = try catalog.match(pattern: "serif")
    try await withThrowingTaskGroup(of: Bool.self) { group in
      for round in 0..<16 {
        group.addTask {
          round.isMultiple(of: 2)
            ? try catalog.availableFontFamilies == families
            : try catalog.match(pattern: "serif") == serif
        }
      }
      for try await same in group { #expect(same) }
    }
  }

  @Test("withConfig hands the text layer a configuration holding the test fonts")
  func withConfigRunsUnderTheLock() throws {
    let count = catalog.withConfig { config in FontCatalogTests.fontCount(config) }
    #expect(
      count == FontTools.lines(try FontTools.run("fc-list", ["--format", "%{file}\n"])).count)
  }
}
