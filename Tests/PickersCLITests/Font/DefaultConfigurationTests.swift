import Testing

/// The default configuration, loaded by pickers itself, answers as fontconfig's own tools do.
///
/// pickers parses `FONTCONFIG_FILE` without `FcInitLoadConfig`, which also parses fontconfig's
/// 72 conf.avail templates for `fc-conflist` (issue 19). These tests hold the answers to
/// fontconfig's tools, which load it the long way: every property of every face, matched,
/// sorted and listed, with no cache in between.
@Suite("Default configuration: the answers of fontconfig's own load")
struct DefaultConfigurationTests {
  /// Families, aliases, generic names, languages, sizes (hinting rules depend on them) and a
  /// family that does not exist.
  static let patterns = [
    "serif", "sans-serif", "monospace", "Arial", "Times New Roman", "Courier",
    "DejaVu Sans:bold", "serif:lang=ja", "monospace:lang=ko", "sans:lang=ar", ":weight=200",
    "Noto Sans:italic", "emoji", "DejaVu Sans Mono:size=7", "sans:pixelsize=8", "Wingdings",
  ]

  /// Every property fontconfig has for the faces, less `prgname` (the program's own name).
  static let everything = "%{=unparse}\n"

  private static func withoutProgramName(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.split(separator: ":", omittingEmptySubsequences: false).filter {
        !$0.hasPrefix("prgname=")
      }.joined(separator: ":")
    }.joined(separator: "\n")
  }

  private static let noCache = ["PICKERS_NO_CACHE": "1"]

  @Test("font match prints every property fc-match prints", arguments: patterns)
  func match(pattern: String) throws {
    let result = try runPickers(
      ["font", "match", pattern, "--format", Self.everything], environment: Self.noCache)
    let expected = try runProgram("/usr/bin/fc-match", ["--format", Self.everything, pattern])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.output.contains("hintstyle="))
    #expect(Self.withoutProgramName(result.output) == Self.withoutProgramName(expected.output))
  }

  @Test("font match --all is fc-match -s, face for face and property for property")
  func sorted() throws {
    for pattern in Self.patterns.prefix(6) {
      let result = try runPickers(
        ["font", "match", pattern, "--all", "--format", Self.everything],
        environment: Self.noCache)
      let expected = try runProgram(
        "/usr/bin/fc-match", ["-s", "--format", Self.everything, pattern])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.output.split(separator: "\n").count > 10)
      #expect(
        Self.withoutProgramName(result.output) == Self.withoutProgramName(expected.output),
        "\(pattern)")
    }
  }

  @Test("font list --format lists every face as fc-list does, cached or not")
  func list() throws {
    let expected = try runProgram("/usr/bin/fc-list", ["--format", Self.everything])
    #expect(expected.output.split(separator: "\n").count > 400)
    let fresh = try runPickers(
      ["font", "list", "--format", Self.everything], environment: Self.noCache)
    #expect(fresh.status == 0, "\(fresh.stderr)")
    #expect(fresh.output == expected.output)
    let cache = try makeTemporaryDirectory()
    defer { removeTree(cache) }
    let environment = ["XDG_CACHE_HOME": cache]
    for _ in 0..<2 {
      let cached = try runPickers(
        ["font", "list", "--format", Self.everything], environment: environment)
      #expect(cached.output == expected.output)
    }
  }
}
