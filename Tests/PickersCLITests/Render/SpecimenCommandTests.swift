import Glibc
import Pickers
import Testing

@Suite("pickers font specimen")
struct SpecimenCommandTests {
  @Test("a specimen of named families has one row per family")
  func families() throws {
    let folder = try RenderOutputFolder()
    let path = folder.path + "/s.png"
    let result = try runPickers([
      "font", "specimen", "DejaVu Sans", "Noto Sans Arabic", "--size", "24", "-o", path,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)  // no progress: stderr is not a terminal
    let image = try RGBAImage(pngFile: path)
    #expect(image.width == 1_400)
    let faces = try runPickers(
      ["font", "specimen", "DejaVu Sans", "--faces", "--size", "24", "-o", folder.path + "/f.png"])
    #expect(faces.status == 0)
    let facesImage = try RGBAImage(pngFile: folder.path + "/f.png")
    // One row per face: as many rows as fc-list lists DejaVu Sans faces.
    let listed = try runProgram(
      "/usr/bin/fc-list", [":family=DejaVu Sans:lang=en", "file", "index"])
    let faceCount = listed.output.split(separator: "\n").count
    #expect(facesImage.height / (image.height / 2) == faceCount)
  }

  @Test("a specimen of every family renders every family of the test set")
  func all() throws {
    let folder = try RenderOutputFolder()
    let path = folder.path + "/all.png"
    let result = try runPickers(["font", "specimen", "--all", "--size", "16", "-o", path])
    #expect(result.status == 0, "\(result.stderr)")
    let image = try RGBAImage(pngFile: path)
    let families = try runProgram("/usr/bin/fc-list", [":", "family"]).output
    let count = Set(
      families.split(separator: "\n").map { $0.split(separator: ",").first.map(String.init) ?? "" }
    ).count
    let rowHeight = image.height / count
    #expect(rowHeight * count == image.height)
  }

  @Test(
    "bad input exits with a clear message and writes no file",
    arguments: [
      ([String](), 2, "missing FAMILY"),
      (["--all", "DejaVu Sans"], 2, "not both"),
      (["--waterfall", "DejaVu Sans", "Inter"], 2, "--waterfall"),
      (["Nonexistent Family"], 1, "no font family named"),
      (["DejaVu Sans", "--size", "0"], 2, "--size"),
      (["DejaVu Sans", "--text", " "], 2, "--text is empty"),
    ])
  func badInput(extra: [String], status: Int32, message: String) throws {
    let folder = try RenderOutputFolder()
    let result = try runPickers(["font", "specimen", "-o", folder.path + "/bad.png"] + extra)
    #expect(result.status == status)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(folder.files().isEmpty)
  }
}
