import FoundationEssentials
import Glibc
import Testing

/// Lines of a program's output.
func outputLines(_ result: PickersResult) -> [String] {
  result.output.split(separator: "\n").map(String.init)
}

/// `fc-list` on the test fonts, as the independent truth.
func fcList(_ arguments: [String], environment: [String: String] = [:]) throws -> PickersResult {
  try runProgram("/usr/bin/fc-list", arguments, environment: environment)
}

/// A private cache folder, so each test sees cold and warm runs it controls.
func cacheEnvironment(_ folder: String) -> [String: String] {
  ["XDG_CACHE_HOME": folder]
}

@Suite("pickers font list")
struct FontListCLITests {
  @Test("font list prints fc-list's family[0] set, sorted case-insensitively, cold and warm")
  func list() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let expected = Set(outputLines(try fcList(["--format", "%{family[0]}\n"])))
    for _ in 0..<2 {
      let result = try runPickers(["font", "list"], environment: cacheEnvironment(folder))
      #expect(result.status == 0)
      #expect(result.stderr.isEmpty)
      let lines = outputLines(result)
      #expect(Set(lines) == expected)
      #expect(lines == lines.sorted { $0.lowercased() < $1.lowercased() })
    }
  }

  @Test("--lang equals fc-list :lang=L", arguments: ["ja", "ar", "hi", "zh-cn"])
  func language(language: String) throws {
    let result = try runPickers(["font", "list", "--lang", language])
    #expect(result.status == 0)
    let expected = Set(
      outputLines(try fcList([":lang=\(language)", "--format", "%{family[0]}\n"])))
    #expect(Set(outputLines(result)) == expected)
    #expect(!expected.isEmpty)
  }

  @Test("--mono equals fc-list :spacing=mono, and combines with --lang")
  func monospace() throws {
    let mono = try runPickers(["font", "list", "--mono"])
    #expect(
      Set(outputLines(mono))
        == Set(outputLines(try fcList([":spacing=mono", "--format", "%{family[0]}\n"]))))
    let both = try runPickers(["font", "list", "--mono", "--lang", "ru"])
    #expect(
      Set(outputLines(both))
        == Set(outputLines(try fcList([":spacing=mono:lang=ru", "--format", "%{family[0]}\n"]))))
    #expect(!both.stdout.isEmpty)
  }

  @Test("--color-fonts lists the color fonts fc-list :color=true lists")
  func colorFonts() throws {
    let result = try runPickers(["font", "list", "--color-fonts"])
    #expect(
      outputLines(result)
        == outputLines(try fcList([":color=true", "--format", "%{family[0]}\n"])))
  }

  @Test("--covers lists the families fc-list :charset= lists")
  func covers() throws {
    let result = try runPickers(["font", "list", "--covers", "ب"])
    #expect(
      Set(outputLines(result))
        == Set(outputLines(try fcList([":charset=628", "--format", "%{family[0]}\n"]))))
  }

  @Test("--json prints the same names as a JSON array")
  func json() throws {
    let text = try runPickers(["font", "list", "--lang", "ko"])
    let result = try runPickers(["font", "list", "--lang", "ko", "--json"])
    #expect(result.status == 0)
    let names = try JSONDecoder().decode([String].self, from: Data(result.stdout))
    #expect(names == outputLines(text))
  }

  @Test("--faces prints one face a line: family, style, file, for every face fc-list has")
  func faces() throws {
    let result = try runPickers(["font", "list", "--faces"])
    let expected = outputLines(
      try fcList(["--format", "%{family[0]}\t%{style[0]}\t%{file}\n"]))
    #expect(outputLines(result).sorted() == expected.sorted())
    let json = try runPickers(["font", "list", "--faces", "--mono", "--json"])
    let faces = try JSONDecoder().decode([FaceJSON].self, from: Data(json.stdout))
    #expect(!faces.isEmpty && faces.allSatisfy { $0.spacing == "mono" })
  }

  @Test("--format is fontconfig's template engine: output equals fc-list --format byte for byte")
  func format() throws {
    let template = "%{family[0]}|%{style[0]}|%{weight}|%{file}\\n"
    let result = try runPickers(["font", "list", "--lang", "he", "--format", template])
    let expected = try fcList([":lang=he", "--format", template])
    #expect(result.output == expected.output)
    #expect(!expected.output.isEmpty)
  }

  @Test("--search ranks forgiving matches first")
  func search() throws {
    let result = try runPickers(["font", "list", "--search", "dej mo"])
    #expect(outputLines(result) == ["DejaVu Sans Mono"])
    let subsequence = try runPickers(["font", "list", "--search", "liberation srf"])
    #expect(outputLines(subsequence).first == "Liberation Serif")
  }

  @Test("an unknown language exits 1 with a message; --format with --json is a usage error")
  func badInput() throws {
    let language = try runPickers(["font", "list", "--lang", "klingon"])
    #expect(language.status == 1)
    #expect(
      language.stderr
        == "pickers: unknown language \"klingon\"; expected a tag fontconfig knows such as \"ja\" or \"zh-cn\"\n"
    )
    #expect(language.stdout.isEmpty)
    let usage = try runPickers(["font", "list", "--format", "%{file}", "--json"])
    #expect(usage.status == 2)
  }
}

/// The fields of a face object the tests read.
struct FaceJSON: Decodable {
  var family: String
  var style: String
  var file: String
  var index: Int
  var weight: Int
  var spacing: String
  var isVariable: Bool
  var axes: [AxisJSON]
}

struct AxisJSON: Decodable {
  var tag: String
  var minimum: Double
  var defaultValue: Double
  var maximum: Double
}
