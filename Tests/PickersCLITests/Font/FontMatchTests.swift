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

  @Test("font match --all with no fonts fails like font match (and fc-match) does")
  func matchAllWithoutFonts() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    mkdir(folder + "/fonts", 0o755)
    let conf = folder + "/fonts.conf"
    let text =
      "<?xml version=\"1.0\"?>\n<fontconfig><dir>\(folder)/fonts</dir>"
      + "<cachedir>\(folder)/fccache</cachedir></fontconfig>\n"
    let fd = open(conf, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    _ = Array(text.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    let environment = ["FONTCONFIG_FILE": conf, "XDG_CACHE_HOME": folder + "/cache"]
    let truth = try runProgram("/usr/bin/fc-match", ["serif"], environment: environment)
    #expect(truth.output.isEmpty)
    let single = try runPickers(["font", "match", "serif"], environment: environment)
    #expect(single.status == 1)
    for arguments in [
      ["font", "match", "--all", "serif"], ["font", "match", "--all", "--json", "serif"],
    ] {
      let all = try runPickers(arguments, environment: environment)
      #expect(all.status == 1, "\(arguments)")
      #expect(all.stdout.isEmpty)
      #expect(all.stderr == single.stderr)
    }
  }
}

@Suite("font match --format")
struct FontMatchFormatTests {
  static let cases: [(String, String)] = [
    ("serif", "%{family[0]}\t%{style[0]}\t%{file}\n"),
    ("DejaVu Sans:bold:italic", "%{family}|%{style}|%{weight}|%{slant}\n"),
    ("monospace", "%{=fcmatch}\n"),
    ("serif:lang=ja", "%{file}#%{index}"),
    ("Arial", "%{family[0]} %{fullname[0]}\\n"),
    ("NoSuchFont", "%{family[0]}:%{spacing:-none}\n"),
  ]

  @Test("it prints what fc-match --format prints", arguments: cases)
  func matches(pattern: String, template: String) throws {
    let result = try runPickers(["font", "match", pattern, "--format", template])
    let expected = try runProgram("/usr/bin/fc-match", ["--format", template, pattern])
    #expect(result.status == 0)
    #expect(!result.output.isEmpty)
    #expect(result.output == expected.output)
  }

  @Test("with --all it prints what fc-match -s --format prints", arguments: cases.prefix(3))
  func sorted(pattern: String, template: String) throws {
    let result = try runPickers(["font", "match", pattern, "--all", "--format", template])
    let expected = try runProgram("/usr/bin/fc-match", ["-s", "--format", template, pattern])
    #expect(result.status == 0)
    #expect(result.output == expected.output)
    #expect(result.output.split(separator: "\n").count > 3)
  }

  @Test("a template fontconfig cannot read exits 1 naming it, and prints nothing")
  func badTemplate() throws {
    let result = try runPickers(["font", "match", "serif", "--format", "%{family"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("pickers: cannot read the --format template \"%{family\""))
  }
}
