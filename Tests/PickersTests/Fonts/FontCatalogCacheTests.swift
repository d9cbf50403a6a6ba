import Testing

@testable import Pickers

#if canImport(Glibc)
  import Glibc
#endif

/// A throwaway font setup: a `fonts.conf` watching a font folder and a config folder, both in a
/// temporary folder, with one DejaVu font copied in.
private final class TemporaryFontSet {
  let root: String
  var conf: String { root + "/fonts.conf" }
  var fonts: String { root + "/fonts" }
  var confD: String { root + "/conf.d" }
  var cache: String { root + "/cache" }

  init() throws {
    var template = Array("/tmp/pickers-fonts-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
      throw FontTools.Failure(description: "mkdtemp failed")
    }
    root = String(cString: made)
    mkdir(fonts, 0o755)
    mkdir(confD, 0o755)
    try addFont("DejaVuSans.ttf")
    try writeText(
      """
      <?xml version="1.0"?>
      <fontconfig>
        <dir>\(fonts)</dir>
        <cachedir>\(root)/fccache</cachedir>
        <include ignore_missing="yes">\(confD)</include>
      </fontconfig>
      """, to: conf)
  }

  deinit {
    _ = try? FontTools.runPlain("/bin/rm", ["-rf", root])
  }

  func addFont(_ name: String) throws {
    let bytes = try readBytes("/usr/share/fonts/truetype/dejavu/" + name)
    try writeBytes(bytes, to: fonts + "/" + name)
  }

  func catalog(cache folder: String? = nil) throws -> FontCatalog {
    try FontCatalog(configFile: conf, cache: .directory(folder ?? cache))
  }

  func fcList() throws -> [String] {
    Array(
      Set(
        FontTools.lines(try FontTools.run("fc-list", ["--format", "%{family[0]}\n"], config: conf)))
    ).sorted()
  }

  func fcMatch(_ pattern: String) throws -> String {
    try FontTools.run(
      "fc-match", ["--format", "%{file}\t%{family[0]}\t%{style[0]}", pattern], config: conf)
  }
}

private func describe(_ face: FontFace) -> String { "\(face.file)\t\(face.family)\t\(face.style)" }

@Suite("FontCatalog cache")
struct FontCatalogCacheTests {
  @Test("a second catalog answers from the cache without loading fontconfig")
  func hit() throws {
    let set = try TemporaryFontSet()
    let cold = try set.catalog()
    #expect(try cold.availableFontFamilies == (try set.fcList()))
    #expect(cold.isConfigurationLoaded)
    #expect(access(try #require(cold.cacheFilePath), R_OK) == 0)

    let warm = try set.catalog()
    #expect(try warm.availableFontFamilies == (try set.fcList()))
    #expect(!warm.isConfigurationLoaded)
    #expect(describe(try warm.match(pattern: "monospace")) == (try set.fcMatch("monospace")))
    #expect(warm.isConfigurationLoaded)  // a new question is a miss

    let warmer = try set.catalog()
    #expect(describe(try warmer.match(pattern: "monospace")) == (try set.fcMatch("monospace")))
    #expect(!warmer.isConfigurationLoaded)
    #expect(try warmer.families(matching: FontFilter(language: "en")) == (try set.fcList()))
    let third = try set.catalog()
    _ = try third.families(matching: FontFilter(language: "en"))
    _ = try third.match(pattern: "monospace")
    #expect(!third.isConfigurationLoaded)
  }

  @Test("a font added to a watched folder shows at once")
  func fontAdded() throws {
    let set = try TemporaryFontSet()
    #expect(try set.catalog().availableFontFamilies == ["DejaVu Sans"])
    #expect(try set.catalog().availableFontFamilies == ["DejaVu Sans"])
    try set.addFont("DejaVuSansMono.ttf")
    let after = try set.catalog()
    #expect(try after.availableFontFamilies == ["DejaVu Sans", "DejaVu Sans Mono"])
    #expect(try after.availableFontFamilies == (try set.fcList()))
    #expect(after.isConfigurationLoaded)
  }

  @Test("a config file added to a config folder, or changed, changes the answer at once")
  func configChanged() throws {
    let set = try TemporaryFontSet()
    try set.addFont("DejaVuSansMono.ttf")
    let before = try set.fcMatch("Fancy")
    #expect(describe(try set.catalog().match(pattern: "Fancy")) == before)
    #expect(describe(try set.catalog().match(pattern: "Fancy")) == before)
    let rule = """
      <?xml version="1.0"?>
      <fontconfig>
        <alias><family>Fancy</family><prefer><family>%@</family></prefer></alias>
      </fontconfig>
      """
    let ruleFile = set.confD + "/50-fancy.conf"
    try writeText(rule.replacing("%@", with: "DejaVu Sans Mono"), to: ruleFile)
    let mono = try set.fcMatch("Fancy")
    #expect(mono.contains("DejaVu Sans Mono"))
    #expect(describe(try set.catalog().match(pattern: "Fancy")) == mono)

    // Same size, new content: only the modification time tells.
    try writeText(rule.replacing("%@", with: "DejaVu Sans Xyzz"), to: ruleFile)
    #expect(describe(try set.catalog().match(pattern: "Fancy")) == (try set.fcMatch("Fancy")))
    #expect(describe(try set.catalog().match(pattern: "Fancy")) != mono)
  }

  @Test("touching the config file makes the next catalog reload fontconfig")
  func touched() throws {
    let set = try TemporaryFontSet()
    _ = try set.catalog().availableFontFamilies
    let warm = try set.catalog()
    #expect(try !warm.isConfigurationLoadedAfterListing())
    #expect(utimensat(AT_FDCWD, set.conf, nil, 0) == 0)  // touch: now
    let after = try set.catalog()
    #expect(try after.availableFontFamilies == ["DejaVu Sans"])
    #expect(after.isConfigurationLoaded)
  }

  @Test("a different environment uses a different cache file")
  func environmentKeyed() throws {
    let set = try TemporaryFontSet()
    let plain = try set.catalog()
    #expect(plain.cacheFilePath == (try set.catalog()).cacheFilePath)
    let other = try FontCatalog(
      configFile: set.conf, cache: .directory(set.cache), environment: ["LANG": "ja_JP.UTF-8"])
    #expect(other.cacheFilePath != plain.cacheFilePath)
    // A relative FONTCONFIG_FILE means another file in another folder: the folder is keyed too.
    let relative = try FontCatalog(
      configFile: set.conf, cache: .directory(set.cache), environment: ["FONTCONFIG_FILE": "f.conf"]
    )
    let absolute = try FontCatalog(
      configFile: set.conf, cache: .directory(set.cache),
      environment: ["FONTCONFIG_FILE": "/f.conf"])
    #expect(relative.environmentKey.contains("|cwd=/"))
    #expect(!absolute.environmentKey.contains("|cwd="))
  }

  @Test("a corrupt cache file is ignored and rewritten")
  func corrupt() throws {
    let set = try TemporaryFontSet()
    let first = try set.catalog()
    _ = try first.availableFontFamilies
    let path = try #require(first.cacheFilePath)
    for garbage in [
      "", "pickers-font-cache 1\nenv x\n", "\u{0}\u{1}garbage\n", "pickers-font-cache 1\n",
    ] {
      try writeText(garbage, to: path)
      let catalog = try set.catalog()
      #expect(try catalog.availableFontFamilies == ["DejaVu Sans"])
      #expect(catalog.isConfigurationLoaded)
    }
    // Torn: a valid file cut short loses its end line.
    let valid = try readText(path)
    try writeText(String(valid.dropLast(5)), to: path)
    let torn = try set.catalog()
    #expect(try torn.availableFontFamilies == ["DejaVu Sans"])
    #expect(torn.isConfigurationLoaded)
    let healed = try set.catalog()
    #expect(try healed.availableFontFamilies == ["DejaVu Sans"])
    #expect(!healed.isConfigurationLoaded)
  }

  @Test("an unwritable cache folder is not fatal")
  func unwritable() throws {
    let set = try TemporaryFontSet()
    try writeText("a file, not a folder", to: set.root + "/blocker")
    let catalog = try set.catalog(cache: set.root + "/blocker/cache")
    #expect(try catalog.availableFontFamilies == ["DejaVu Sans"])
    #expect(describe(try catalog.match(pattern: "sans")) == (try set.fcMatch("sans")))
  }

  @Test("cached answers equal fontconfig's for the test font set")
  func cachedEqualsFresh() throws {
    let set = try TemporaryFontSet()
    let fresh = try FontCatalog(configFile: FontTools.fixturesConf, cache: .disabled)
    for _ in 0..<2 {
      let cached = try FontCatalog(configFile: FontTools.fixturesConf, cache: .directory(set.cache))
      #expect(try cached.families == (try fresh.families))
      for filter in [FontFilter(language: "ja"), FontFilter(monospaced: true)] {
        #expect(try cached.families(matching: filter) == (try fresh.families(matching: filter)))
      }
      for pattern in ["Inter", "serif:lang=ja", "Noto Color Emoji", "DejaVu Sans:bold"] {
        #expect(try cached.match(pattern: pattern) == (try fresh.match(pattern: pattern)))
      }
      // Faces carry the most fields (axes and named instances for Inter), all kept.
      for family in ["Inter", "DejaVu Sans", "Noto Sans CJK JP", "dejavu sans mono"] {
        #expect(
          try cached.availableMembers(ofFontFamily: family)
            == (try fresh.availableMembers(ofFontFamily: family)))
      }
    }
  }

  @Test("a family's faces are answered from the cache, so a preview need not load fontconfig")
  func membersHit() throws {
    let set = try TemporaryFontSet()
    let cold = try set.catalog()
    let faces = try cold.availableMembers(ofFontFamily: "DejaVu Sans")
    #expect(cold.isConfigurationLoaded)
    let warm = try set.catalog()
    #expect(try warm.availableMembers(ofFontFamily: "DejaVu Sans") == faces)
    #expect(!warm.isConfigurationLoaded)
    try set.addFont("DejaVuSans-Bold.ttf")
    let after = try set.catalog()
    #expect(try after.availableMembers(ofFontFamily: "DejaVu Sans").count == faces.count + 1)
  }
}

extension FontCatalog {
  fileprivate func isConfigurationLoadedAfterListing() throws -> Bool {
    _ = try availableFontFamilies
    return isConfigurationLoaded
  }
}
