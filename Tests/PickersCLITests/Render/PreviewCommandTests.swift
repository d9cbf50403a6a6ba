import Glibc
import Pickers
import Testing

@Suite("pickers font preview")
struct PreviewCommandTests {
  /// How many pixels differ from the background enough to be ink.
  func inkCount(_ image: RGBAImage) -> Int {
    var count = 0
    for y in 0..<image.height {
      for x in 0..<image.width where image[x, y].red < 128 { count += 1 }
    }
    return count
  }

  @Test("a preview of a family is written and has ink")
  func family() throws {
    let folder = try RenderOutputFolder()
    let path = folder.path + "/p.png"
    let result = try runPickers(["font", "preview", "DejaVu Sans", "--text", "Hello", "-o", path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    let image = try RGBAImage(pngFile: path)
    #expect(image[0, 0] == .white)
    #expect(inkCount(image) > 200)
  }

  @Test("a CJK character is drawn by a fallback font unless --no-fallback shows the box")
  func fallback() throws {
    let folder = try RenderOutputFolder()
    let with = folder.path + "/with.png"
    let without = folder.path + "/without.png"
    let text = "世"
    #expect(
      try runPickers(["font", "preview", "DejaVu Sans", "--text", text, "-o", with]).status == 0)
    #expect(
      try runPickers([
        "font", "preview", "DejaVu Sans", "--text", text, "--no-fallback", "-o", without,
      ]).status == 0)
    let fallback = try RGBAImage(pngFile: with)
    let box = try RGBAImage(pngFile: without)
    // DejaVu's .notdef is a hollow rectangle: little ink. The ideograph has many strokes.
    #expect(inkCount(fallback) > inkCount(box))
    #expect(fallback.bytes != box.bytes)
  }

  @Test("a pattern is matched with a warning, and an unknown family suggests names")
  func resolution() throws {
    let folder = try RenderOutputFolder()
    let pattern = try runPickers(["font", "preview", "monospace", "-o", folder.path + "/m.png"])
    #expect(pattern.status == 0)
    #expect(pattern.stderr.contains("warning"))
    let unknown = try runPickers(["font", "preview", "DejaVu Snas", "-o", folder.path + "/u.png"])
    #expect(unknown.status == 1)
    #expect(unknown.stderr.contains("DejaVu Sans"))
    let missing = try runPickers([
      "font", "preview", "/no/such/font.ttf", "-o", folder.path + "/n.png",
    ])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("/no/such/font.ttf"))
    // A file that is not a font is reported by FreeType's refusal, naming the file.
    let notFont = try runPickers(["font", "preview", testFontsConf, "-o", folder.path + "/c.png"])
    #expect(notFont.status == 1)
    #expect(notFont.stderr.contains("cannot read font face 0 of"))
    #expect(folder.files() == ["m.png"])
  }

  @Test("--variation and --weight change a variable font's weight")
  func variation() throws {
    let folder = try RenderOutputFolder()
    var counts: [Int] = []
    for (index, extra) in [["--weight", "100"], ["--variation", "wght=900"]].enumerated() {
      let path = folder.path + "/v\(index).png"
      let result = try runPickers(
        ["font", "preview", "Inter", "--text", "Weight", "-o", path] + extra)
      #expect(result.status == 0, "\(result.stderr)")
      counts.append(inkCount(try RGBAImage(pngFile: path)))
    }
    #expect(counts[0] < counts[1])
  }

  @Test(
    "bad input exits with a clear message and writes no file",
    arguments: [
      (["--text", ""], 1, "the text is empty"),
      (["--size", "0"], 2, "--size"),
      (["--size", "-5"], 2, "--size"),
      (["--size", "100000"], 2, "--size"),
      (["--variation", "wght"], 2, "malformed variation 'wght'"),
      (["--variation", "ZZZZ=1"], 1, "the font has no variation axes"),
      (["--weight", "heavyish"], 2, "--weight 'heavyish'"),
      (["--size", "4000", "--text", String(repeating: "W", count: 800)], 1, "over the limit"),
      (["--width", "0"], 2, "--width"),
    ])
  func badInput(extra: [String], status: Int32, message: String) throws {
    let folder = try RenderOutputFolder()
    let result = try runPickers(
      ["font", "preview", "DejaVu Sans", "-o", folder.path + "/bad.png"] + extra)
    #expect(result.status == status)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(folder.files().isEmpty)
  }
}
