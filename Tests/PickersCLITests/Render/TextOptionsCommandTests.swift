import Glibc
import Pickers
import Testing

/// The text options of issue 20 through the binary: fontconfig's rendering settings, their
/// overrides, features, language and script, and the specimen's feature samples.
@Suite("pickers font preview and specimen: rendering and shaping options")
struct TextOptionsCommandTests {
  @Test("--hinting and --antialias override fontconfig's settings and change the picture")
  func overrides() throws {
    let folder = try RenderOutputFolder()
    var pictures: [String: RGBAImage] = [:]
    for (name, options) in [
      ("default", [String]()), ("none", ["--hinting", "none", "--antialias", "gray"]),
      ("mono", ["--antialias", "none"]), ("lcd", ["--antialias", "subpixel"]),
    ] {
      let path = folder.path + "/\(name).png"
      let result = try runPickers(
        ["font", "preview", "DejaVu Serif", "--text", "Hamburg", "--size", "14", "-o", path]
          + options)
      #expect(result.status == 0, "\(result.stderr)")
      pictures[name] = try RGBAImage(pngFile: path)
    }
    #expect(pictures["default"] != pictures["none"])
    // One-bit glyphs: every pixel is the background or the text color.
    let mono = try #require(pictures["mono"])
    var levels: Set<UInt8> = []
    for y in 0..<mono.height {
      for x in 0..<mono.width { levels.insert(mono[x, y].green) }
    }
    #expect(levels == [0, 255])
    // Subpixel anti-aliasing: some pixel's channels differ.
    let lcd = try #require(pictures["lcd"])
    var fringed = false
    for y in 0..<lcd.height {
      for x in 0..<lcd.width where lcd[x, y].red != lcd[x, y].blue { fringed = true }
    }
    #expect(fringed)
  }

  @Test("--features, --lang and --script change the glyphs as hb-shape says they should")
  func shaping() throws {
    let folder = try RenderOutputFolder()
    func draw(_ name: String, _ family: String, _ text: String, _ options: [String]) throws
      -> RGBAImage
    {
      let path = folder.path + "/\(name).png"
      let result = try runPickers(
        ["font", "preview", family, "--text", text, "-o", path] + options)
      #expect(result.status == 0, "\(result.stderr)")
      return try RGBAImage(pngFile: path)
    }
    // hb-shape: "office" has the ffi ligature in DejaVu Sans, not with liga=0.
    #expect(
      try draw("liga", "DejaVu Sans", "office", [])
        != draw("noliga", "DejaVu Sans", "office", ["--features", "liga=0"]))
    // hb-shape --language=zh-Hans picks another glyph for 直 than --language=ja.
    #expect(
      try draw("ja", "Noto Serif CJK JP", "直", ["--lang", "ja"])
        != draw("zh", "Noto Serif CJK JP", "直", ["--lang", "zh-Hans"]))
    #expect(
      try draw("sr", "Noto Serif", "бгдпт", ["--lang", "sr", "--script", "cyrl"]).width > 0)
  }

  @Test("bad rendering and shaping options are usage errors naming the value")
  func badOptions() throws {
    for (options, message) in [
      (["--hinting", "strong"], "--hinting must be one of none, slight, medium, full; 'strong'"),
      (["--antialias", "rgb"], "--antialias must be one of none, gray, subpixel; 'rgb'"),
      (["--features", "liga=x"], "malformed feature 'liga=x'"),
      (["--script", "Latin"], "unknown script 'Latin'"),
      (["--lang", ""], "--lang '' is not a language tag"),
    ] {
      let result = try runPickers(
        ["font", "preview", "DejaVu Sans", "-o", "/tmp/pickers-never-written.png"] + options)
      #expect(result.status == 2)
      #expect(result.stderr.contains(message), "\(result.stderr)")
      #expect(access("/tmp/pickers-never-written.png", F_OK) != 0)
    }
  }

  @Test("--feature-samples draws a default row and one row per feature of the font")
  func featureSamples() throws {
    let folder = try RenderOutputFolder()
    let path = folder.path + "/features.png"
    let result = try runPickers([
      "font", "specimen", "DejaVu Sans", "--feature-samples", "--text", "office", "--size", "16",
      "-o", path,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    // hb-shape's font has GSUB/GPOS features; with one row each plus the default row, the sheet
    // is taller than two rows.
    let image = try RGBAImage(pngFile: path)
    #expect(image.height > 3 * 40)
    let twoFamilies = try runPickers([
      "font", "specimen", "DejaVu Sans", "Inter", "--feature-samples", "-o", path,
    ])
    #expect(twoFamilies.status == 2)
  }
}
