import FoundationEssentials
import Glibc
import Testing

@Suite("pickers font faces")
struct FontFacesCLITests {
  @Test("faces of DejaVu Sans are the files fc-list has for it, with CSS weights")
  func dejaVuSans() throws {
    let result = try runPickers(["font", "faces", "DejaVu Sans"])
    #expect(result.status == 0)
    let lines = outputLines(result).map { $0.split(separator: "\t").map(String.init) }
    let expected = Set(outputLines(try fcList(["DejaVu Sans", "--format", "%{file}\n"])))
    #expect(Set(lines.map { $0[2] }) == expected)
    #expect(
      lines.contains(["Bold", "700", testFontsFolder + "/DejaVuSans-Bold.ttf"]))
    #expect(
      lines.contains([
        "ExtraLight", "200", testFontsFolder + "/DejaVuSans-ExtraLight.ttf",
      ]))
  }

  @Test("--json gives face objects; a family name in other case still matches")
  func json() throws {
    let result = try runPickers(["font", "faces", "dejavu sans mono", "--json"])
    let faces = try JSONDecoder().decode([FaceJSON].self, from: Data(result.stdout))
    #expect(faces.count == outputLines(try fcList(["DejaVu Sans Mono", "file"])).count)
    #expect(faces.allSatisfy { $0.family == "DejaVu Sans Mono" && $0.spacing == "mono" })
  }

  @Test("an unknown family exits 1 and suggests the closest name")
  func unknown() throws {
    let result = try runPickers(["font", "faces", "Dejavu Snas"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "pickers: no font family named \"Dejavu Snas\"; did you mean \"DejaVu Sans\"?\n")
    let nothing = try runPickers(["font", "faces", "Qqqqqqqqqqqq"])
    #expect(nothing.status == 1)
    #expect(nothing.stderr == "pickers: no font family named \"Qqqqqqqqqqqq\"\n")
  }
}
