import FoundationEssentials
import Glibc
import Testing

@Suite("pickers font match")
struct FontMatchCLITests {
  static let patterns = [
    "serif", "sans-serif", "monospace", "emoji", "DejaVu Sans:bold:italic", "Arial", "Helvetica",
    "Times New Roman", "Courier New", "NoSuchFont", ":weight=200", "serif:lang=ja",
    "sans:lang=ko", "Inter:bold", "Liberation Sans Narrow:bold", "",
  ]

  @Test("match prints the face fc-match picks: file, family, style", arguments: patterns)
  func match(pattern: String) throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let expected = try runProgram(
      "/usr/bin/fc-match", ["--format", "%{file}: \"%{family[0]}\" \"%{style[0]}\"\n", pattern])
    for _ in 0..<2 {  // cold, then from the cache
      let result = try runPickers(
        ["font", "match", pattern], environment: cacheEnvironment(folder))
      #expect(result.status == 0)
      #expect(result.output == expected.output)
    }
  }

  @Test("--all lists fc-match -s's order")
  func all() throws {
    let result = try runPickers(["font", "match", "--all", "monospace"])
    let expected = try runProgram(
      "/usr/bin/fc-match",
      ["-s", "--format", "%{file}: \"%{family[0]}\" \"%{style[0]}\"\n", "monospace"])
    #expect(result.output == expected.output)
  }

  @Test("--json describes the face, with axes for a variable font")
  func json() throws {
    let result = try runPickers(["font", "match", "Inter", "--json"])
    let face = try JSONDecoder().decode(FaceJSON.self, from: Data(result.stdout))
    let expected = try runProgram("/usr/bin/fc-match", ["--format", "%{file}", "Inter"])
    #expect(face.file == expected.output)
    #expect(face.family == "Inter")
  }

  @Test("a pattern fc-match cannot parse exits 1 with the pattern quoted")
  func malformed() throws {
    let result = try runPickers(["font", "match", ":weight=abc"])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("pickers: cannot parse the font pattern \":weight=abc\""))
    #expect(try runProgram("/usr/bin/fc-match", [":weight=abc"]).status != 0)
  }

  @Test("the locale fontconfig reads changes the answer at once, cache or not")
  func environmentChange() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    var environment = cacheEnvironment(folder)
    let plain = try runPickers(["font", "match", "serif"], environment: environment)
    _ = try runPickers(["font", "match", "serif"], environment: environment)
    environment["FC_LANG"] = "ja"
    let japanese = try runPickers(["font", "match", "serif"], environment: environment)
    let expected = try runProgram(
      "/usr/bin/fc-match", ["--format", "%{file}: \"%{family[0]}\" \"%{style[0]}\"\n", "serif"],
      environment: ["FC_LANG": "ja"])
    #expect(japanese.output == expected.output)
    #expect(japanese.output != plain.output)
  }
}
