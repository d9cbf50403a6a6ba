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

  @Test("a cache folder with missing parents is made, and made again if removed meanwhile")
  func deepFolder() throws {
    let set = try TemporaryFontSet()
    let folder = set.root + "/a/b/c"
    let first = try set.catalog(cache: folder)
    #expect(try first.availableFontFamilies == ["DejaVu Sans"])
    #expect(access(try #require(first.cacheFilePath), R_OK) == 0)
    #expect(!(try set.catalog(cache: folder)).isConfigurationLoaded)
    // Removed while the first catalog is alive: its next answer makes the folders again.
    _ = try FontTools.runPlain("/bin/rm", ["-rf", set.root + "/a"])
    let match = describe(try first.match(pattern: "sans"))
    let warm = try set.catalog(cache: folder)
    #expect(describe(try warm.match(pattern: "sans")) == match)
    #expect(!warm.isConfigurationLoaded)
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

  @Test("face lists and templates are answered from the cache, equal to the uncached answers")
  func facesHit() throws {
    let set = try TemporaryFontSet()
    let fresh = try FontCatalog(configFile: FontTools.fixturesConf, cache: .disabled)
    let template = "%{family[0]}\t%{style[0]}\t%{file}\t%{weight}\t%{lang}\n"
    let filters = [FontFilter(), FontFilter(language: "ja"), FontFilter(monospaced: true)]
    for round in 0..<2 {
      let cached = try FontCatalog(configFile: FontTools.fixturesConf, cache: .directory(set.cache))
      for filter in filters {
        #expect(try cached.faces(matching: filter) == (try fresh.faces(matching: filter)))
        #expect(
          try cached.formatted(template, matching: filter)
            == (try fresh.formatted(template, matching: filter)))
      }
      #expect(cached.isConfigurationLoaded == (round == 0), "round \(round)")
    }
    // The template's text is fontconfig's own, byte for byte.
    #expect(
      try fresh.formatted(template, matching: FontFilter(language: "ja"))
        == (try FontTools.run("fc-list", [":lang=ja", "--format", template])))
    // Every face fc-list has, with the file fc-list names.
    let files = FontTools.lines(try FontTools.run("fc-list", ["--format", "%{file}#%{index}\n"]))
    #expect(
      try fresh.faces().map { "\($0.file)#\($0.index)" }.sorted() == files.sorted())
  }

  @Test("face lists follow a font added and removed, as fc-list does")
  func facesInvalidated() throws {
    let set = try TemporaryFontSet()
    let template = "%{family[0]}|%{style[0]}|%{file}\n"
    func check(_ expected: Int) throws {
      let truth = FontTools.lines(
        try FontTools.run(
          "fc-list", ["--format", "%{family[0]}|%{style[0]}|%{file}\n"],
          config: set.conf))
      #expect(truth.count == expected)
      for _ in 0..<2 {
        let catalog = try set.catalog()
        #expect(
          try catalog.faces().map { "\($0.family)|\($0.style)|\($0.file)" }.sorted()
            == truth.sorted())
        #expect(try FontTools.lines(catalog.formatted(template)).sorted() == truth.sorted())
      }
    }
    try check(1)
    try set.addFont("DejaVuSansMono.ttf")
    try check(2)
    #expect(unlink(set.fonts + "/DejaVuSans.ttf") == 0)
    try check(1)
  }

  @Test("after a font is added, the rebuilt cache answers the next catalog without fontconfig")
  func rebuiltCacheSettles() throws {
    let set = try TemporaryFontSet()
    _ = try set.catalog().availableFontFamilies
    try set.addFont("DejaVuSansMono.ttf")
    let rebuilt = try set.catalog()
    #expect(try rebuilt.availableFontFamilies == (try set.fcList()))
    #expect(rebuilt.isConfigurationLoaded)
    // The stat results of the stale file were reused as stamps: they must be the right ones.
    let next = try set.catalog()
    #expect(try next.availableFontFamilies == (try set.fcList()))
    #expect(!next.isConfigurationLoaded)
  }

  @Test("an include added to a changed config file is read again, not taken from the cache")
  func changedIncludeList() throws {
    let set = try TemporaryFontSet()
    // Outside the sandbox, so that only the include list can make the cache watch it.
    let outside = try TemporaryFontSet()
    let bytes = try readBytes("/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")
    try writeBytes(bytes, to: outside.root + "/serif.ttf")
    #expect(try set.catalog().availableFontFamilies == ["DejaVu Sans"])
    // A font change makes the next run rebuild from the stale file (reusing include lists).
    try set.addFont("DejaVuSansMono.ttf")
    #expect(try set.catalog().availableFontFamilies == ["DejaVu Sans", "DejaVu Sans Mono"])
    // The config file gains an optional include of a file in a folder that does not exist...
    let later = outside.root + "/later/extra.conf"
    let include = "<include ignore_missing=\"yes\">\(later)</include>\n</fontconfig>"
    try writeText(
      (try readText(set.conf)).replacing("</fontconfig>", with: include), to: set.conf)
    #expect(try set.catalog().availableFontFamilies == (try set.fcList()))
    #expect(try set.catalog().availableFontFamilies == ["DejaVu Sans", "DejaVu Sans Mono"])
    // ...which is then created: the changed file's include list was read again.
    mkdir(outside.root + "/later", 0o755)
    try writeText(
      "<?xml version=\"1.0\"?>\n<fontconfig><dir>\(outside.root)</dir></fontconfig>\n", to: later)
    let truth = try set.fcList()
    #expect(truth == ["DejaVu Sans", "DejaVu Sans Mono", "DejaVu Serif"])
    #expect(try set.catalog().availableFontFamilies == truth)
  }

  @Test("a stale cache file reports every path as it is now, and includes of unchanged files")
  func staleObservation() throws {
    let set = try TemporaryFontSet()
    let (a, b) = (set.root + "/a.conf", set.root + "/b.conf")
    try writeText("<fontconfig/>", to: a)
    try writeText("<fontconfig/>", to: b)
    let stamps = [a, b, set.fonts].map(FileStamp.init(current:))
    var file = CatalogCacheFile(
      environmentKey: "key", stamps: stamps, includes: [a: ["/x/a.conf"], b: ["/x/b.conf"]])
    file.store(["answer"], for: "question")
    file.save(folder: set.cache)
    let path = set.cache + "/" + CatalogCacheFile.fileName(for: "key")
    guard case .current(let current) = CatalogCacheFile.load(path: path, environmentKey: "key")
    else {
      Issue.record("a file with current stamps did not load")
      return
    }
    #expect(current.lines(for: "question") == ["answer"])
    try writeText("<fontconfig><!-- longer --></fontconfig>", to: b)
    guard case .stale(let seen) = CatalogCacheFile.load(path: path, environmentKey: "key") else {
      Issue.record("a file with a changed stamp was not stale")
      return
    }
    #expect(seen.stamps[b] == FileStamp(current: b))
    #expect(seen.stamps[b] != stamps[1])
    #expect(seen.stamps[a] == stamps[0])
    #expect(seen.stamps[set.fonts] == stamps[2])
    #expect(seen.includes == [a: ["/x/a.conf"]])
  }
}

extension FontCatalog {
  fileprivate func isConfigurationLoadedAfterListing() throws -> Bool {
    _ = try availableFontFamilies
    return isConfigurationLoaded
  }
}
