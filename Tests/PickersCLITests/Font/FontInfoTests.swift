import FoundationEssentials
import Glibc
import Testing

/// The fields of an info object the tests read.
private struct InfoJSON: Decodable {
  var face: FaceJSON
  var languages: [String]
  var codePointCount: Int
}

@Suite("pickers font info")
struct FontInfoCLITests {
  @Test("info on a family lists each face with fc-list's languages")
  func family() throws {
    let result = try runPickers(["font", "info", "DejaVu Sans Mono", "--json"])
    #expect(result.status == 0)
    let infos = try JSONDecoder().decode([InfoJSON].self, from: Data(result.stdout))
    let expected = outputLines(try fcList(["DejaVu Sans Mono", "--format", "%{file}\t%{lang}\n"]))
    #expect(infos.count == expected.count)
    for line in expected {
      let parts = line.split(separator: "\t")
      let info = try #require(infos.first { $0.face.file == parts[0] })
      #expect(info.languages == parts[1].split(separator: "|").map(String.init).sorted())
    }
  }

  @Test("info on a variable font file shows its axes")
  func variableFile() throws {
    let file = "/usr/share/fonts/truetype/inter-vf/Inter.var.ttf"
    let result = try runPickers(["font", "info", file])
    #expect(result.status == 0)
    #expect(result.output.contains("  axis:        wght Weight 100...900 (default 400)\n"))
    #expect(result.output.contains("  instances:   Thin, Thin Italic, Extra Light"))
  }

  @Test("a missing file exits 1")
  func missing() throws {
    let result = try runPickers(["font", "info", "/nonexistent/font.ttf"])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "pickers: cannot read a font from \"/nonexistent/font.ttf\"; expected a font file or an installed family name\n"
    )
  }
}
