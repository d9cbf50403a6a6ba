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

/// The font window's preview is the PNG `pickers font preview` writes for the same request.
///
/// Both call the library's one preview (`FontCatalog.render`); the window writes each
/// preview's PNG where `PICKERS_GTK_PREVIEW_PNG` says.
@Suite(
  "the font window's preview is pickers font preview's",
  .serialized,
  .enabled(if: guiToolsPresent, "needs Xvfb, xdotool, xwd, dbus-run-session and pickers-gtk"))
struct WindowPreviewTests {
  /// The file's bytes once they equal `expected`, else the last bytes read after `timeout`
  /// seconds (the window redraws as each typed character arrives).
  func bytes(of path: String, becoming expected: [UInt8], timeout: Double = 30) -> [UInt8] {
    var last: [UInt8] = []
    for _ in 0..<Int(timeout * 10) {
      if let read = try? runProgram("/bin/cat", [path]), read.status == 0 {
        last = read.stdout
        if last == expected { break }
      }
      usleep(100_000)
    }
    return last
  }

  @Test(
    "byte for byte: the font's sample, then typed text with a fallback font and a color emoji")
  func sameBytesAsCommand() throws {
    let folder = try RenderOutputFolder()
    let base = folder.path
    let dump = base + "/window.png"
    let session = try WindowSession(
      ["font", "pick", "--gui", "--initial", "DejaVu Sans"], title: "pickers · font",
      environment: ["PICKERS_GTK_PREVIEW_PNG": dump])
    // The window's preview: 36 px (where its size stepper starts), 12 px of padding, as wide
    // as its drawing area, in the theme's colors; the window names those options beside its
    // copy of the picture (window.png.args), and the command must draw the same bytes.
    func command(_ extra: [String]) throws -> [UInt8] {
      let path = base + "/cli.png"
      // The arguments of the last picture, once they are for the preview area as it is now
      // (a frame after the first can still narrow it, as a scrollbar appears).
      var options: [String] = []
      var width = ""
      try waitUntil(
        "the picture's arguments for a preview area \(width) wide", every: 0.1,
        last: { "\(options)" }
      ) {
        let read = try runProgram("/bin/cat", [dump + ".args"])
        options = read.output.split(separator: "\n", omittingEmptySubsequences: false)
          .dropLast().map(String.init)
        width = (try session.currentGeometry()["preview-area"]?[2]).map(String.init) ?? ""
        return read.status == 0 && options.count >= 11
          && Array(options[5...6]) == ["--width", width]
      }
      // The family the window drew, then its options.
      #expect(options.first == "DejaVu Sans", "\(options)")
      options = Array(options.dropFirst())
      // Without --text the window's arguments end at --bg; the test adds its own text.
      let drawn = Array(options.prefix(10))
      #expect(drawn.prefix(4) == ["--size", "36.0", "--padding", "12"], "\(options)")
      #expect(drawn.dropFirst(4).prefix(2) == ["--width", width], "\(options)")
      // GTK's default theme (Adwaita, light): black text on a white view.
      #expect(drawn.suffix(4) == ["--fg", "#000000", "--bg", "#ffffff"], "\(options)")
      let result = try runPickers(
        ["font", "preview", "DejaVu Sans"] + drawn + extra + ["-o", path])
      #expect(result.status == 0, "\(result.stderr)")
      return try runProgram("/bin/cat", [path]).stdout
    }
    let sample = try command([])
    #expect(sample.count > 1_000)
    let first = bytes(of: dump, becoming: sample)
    #expect(first == sample, "the sample: the window's \(first.count) bytes, not \(sample.count)")
    // 世界 are not in DejaVu Sans (a fallback font draws them); ☕ is, in black and white, but
    // the color emoji font draws it: the rules the window's own copy of the preview lacked.
    let text = "Hi 世界 ☕"
    let typed = try command(["--text", text])
    #expect(typed != sample)
    try session.click("sample")
    // ASCII typed as keys; the rest as GTK's Ctrl+Shift+U hex input (xdotool's remapped
    // keycodes for characters without a key are not reliably seen under Xvfb).
    for scalar in text.unicodeScalars {
      if scalar.isASCII {
        try session.type(String(scalar))
      } else {
        try session.keys("ctrl+shift+u")
        try session.type(String(scalar.value, radix: 16))
        try session.keys("space")
      }
    }
    let last = bytes(of: dump, becoming: typed)
    #expect(last == typed, "'\(text)': the window's \(last.count) bytes, not \(typed.count)")
    try session.keys("Escape")
    #expect(try session.picker.wait().status == 1)
  }
}
