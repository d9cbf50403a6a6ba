import Glibc
import Pickers
import Testing

/// A font folder holding the broken fonts of `Tests/Fixtures/broken-fonts` (a truncated TrueType
/// font, a zero-byte file, a text file named `.ttf` and a font whose cmap maps nothing) beside one
/// good font (DejaVu Sans), with a `fonts.conf` that sees only that folder.
struct BrokenFontFolder {
  let root: String
  var fonts: String { root + "/fonts" }
  var config: String { root + "/fonts.conf" }
  var environment: [String: String] {
    ["FONTCONFIG_FILE": config, "XDG_CACHE_HOME": root + "/xdg-cache", "HOME": root]
  }

  static let brokenFiles = ["truncated.ttf", "empty.ttf", "not-a-font.ttf", "empty-cmap.ttf"]
  static let goodFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

  init() throws {
    root = try makeTemporaryDirectory()
    _ = mkdir(root + "/fonts", 0o755)
    for name in Self.brokenFiles {
      try copyFile(fixturesDirectory + "/broken-fonts/" + name, to: fonts + "/" + name)
    }
    try copyFile(Self.goodFont, to: fonts + "/DejaVuSans.ttf")
    let text = """
      <?xml version="1.0"?>
      <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
      <fontconfig><dir>\(fonts)</dir><cachedir>\(root)/fc-cache</cachedir></fontconfig>
      """
    try writeText(text, to: config)
  }

  func run(_ arguments: [String]) throws -> PickersResult {
    try runPickers(arguments, environment: environment, timeout: 120)
  }

  /// Runs a fontconfig tool on this folder's configuration: the independent truth.
  func tool(_ name: String, _ arguments: [String]) throws -> String {
    try runProgram("/usr/bin/" + name, arguments, environment: environment).output
  }
}

func copyFile(_ source: String, to target: String) throws {
  let result = try runProgram("/bin/cp", [source, target])
  guard result.status == 0 else { throw HarnessError(description: "cp \(source) failed") }
}

/// How many pixels of a decoded PNG differ from its top-left pixel (the background).
func inkPixels(_ path: String) throws -> Int {
  let image = try RGBAImage(pngFile: path)
  let background = image[0, 0]
  var count = 0
  for y in 0..<image.height {
    for x in 0..<image.width where image[x, y] != background { count += 1 }
  }
  return count
}

@Suite("Broken fonts", .serialized, .tags(.reliability))
struct ReliabilityBrokenFontTests {
  @Test("font list shows what fc-list shows: the good font, no zero-byte or non-font file")
  func listing() throws {
    let folder = try BrokenFontFolder()
    defer { removeTree(folder.root) }
    let expected = Set(
      try folder.tool("fc-list", ["--format", "%{family[0]}\n"]).split(separator: "\n").map(
        String.init))
    let result = try folder.run(["font", "list"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(Set(result.output.split(separator: "\n").map(String.init)) == expected)
    #expect(expected.contains("DejaVu Sans"))

    let faces = try folder.run(["font", "list", "--faces"])
    #expect(faces.status == 0)
    let files = Set(
      faces.output.split(separator: "\n").compactMap { $0.split(separator: "\t").last })
    let fcFiles = Set(
      try folder.tool("fc-list", ["--format", "%{file}\n"]).split(separator: "\n"))
    #expect(files == fcFiles)
    #expect(!files.contains { $0.hasSuffix("/empty.ttf") || $0.hasSuffix("/not-a-font.ttf") })
  }

  @Test("font match answers like fc-match for the good and the broken families")
  func matching() throws {
    let folder = try BrokenFontFolder()
    defer { removeTree(folder.root) }
    for pattern in ["DejaVu Sans", "Pickers Empty Cmap", "truncated", "sans-serif", "empty"] {
      let expected = try folder.tool("fc-match", ["--format", "%{file}", pattern])
      let result = try folder.run(["font", "match", pattern, "--json"])
      #expect(result.status == 0, "\(pattern): \(result.stderr)")
      #expect(result.output.contains("\"file\" : \"\(expected)\""), "\(pattern)")
    }
  }

  @Test("font info reports a zero-byte file and a non-font clearly, exit 1")
  func info() throws {
    let folder = try BrokenFontFolder()
    defer { removeTree(folder.root) }
    for name in ["empty.ttf", "not-a-font.ttf"] {
      let path = folder.fonts + "/" + name
      let result = try folder.run(["font", "info", path])
      #expect(result.status == 1)
      #expect(result.stderr.hasPrefix("pickers: cannot read a font from \"\(path)\""))
      #expect(result.stdout.isEmpty)
    }
    // The truncated font keeps its header, names and cmap: what fontconfig reads from it is
    // reported like any font; the damage is in the glyph data.
    let truncated = try folder.run(["font", "info", folder.fonts + "/truncated.ttf"])
    #expect(truncated.status == 0)
    #expect(truncated.output.contains("truncated"))
  }

  @Test("previews: the good font draws ink, broken ones end cleanly, never a crash")
  func previews() throws {
    let folder = try BrokenFontFolder()
    defer { removeTree(folder.root) }
    let good = folder.root + "/good.png"
    let result = try folder.run(["font", "preview", "DejaVu Sans", "--text", "Hello", "-o", good])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try inkPixels(good) > 100)

    // No character is in the empty cmap: fallback (the good font) draws the letters.
    let fallback = folder.root + "/fallback.png"
    let empty = try folder.run([
      "font", "preview", "Pickers Empty Cmap", "--text", "Hello", "-o", fallback,
    ])
    #expect(empty.status == 0, "\(empty.stderr)")
    #expect(try inkPixels(fallback) > 100)

    for family in ["Pickers Empty Cmap", "truncated"] {
      for extra in [[], ["--no-fallback"]] {
        let path = folder.root + "/broken.png"
        _ = unlink(path)
        let run = try folder.run(
          ["font", "preview", family, "--text", "Hello", "-o", path] + extra)
        #expect(run.status == 0 || run.status == 1, "\(family) \(extra): \(run.status)")
        if run.status == 0 {
          _ = try RGBAImage(pngFile: path)  // a complete, decodable PNG
        } else {
          #expect(run.stderr.hasPrefix("pickers: "))
          #expect(access(path, F_OK) != 0)
        }
      }
    }
  }

  @Test("a preview of a font whose glyphs come out empty is an error, not a blank picture")
  func truncatedPreview() throws {
    let folder = try BrokenFontFolder()
    defer { removeTree(folder.root) }
    let path = folder.root + "/blank.png"
    let font = folder.fonts + "/truncated.ttf"
    for extra in [[], ["--no-fallback"]] {
      let run = try folder.run(["font", "preview", font, "--text", "Hello", "-o", path] + extra)
      #expect(run.status == 1, "\(extra)")
      #expect(
        run.stderr
          == "pickers: no glyph could be drawn from \"\(font)\": the font file is damaged\n")
      #expect(access(path, F_OK) != 0)
    }
  }

  @Test("a specimen of every family goes on past the broken ones")
  func specimen() throws {
    let folder = try BrokenFontFolder()
    defer { removeTree(folder.root) }
    let path = folder.root + "/all.png"
    let result = try folder.run(["font", "specimen", "--all", "-o", path])
    #expect(result.status == 0, "\(result.stderr)")
    let image = try RGBAImage(pngFile: path)
    #expect(image.height > 0)
    #expect(try inkPixels(path) > 100)
    let families = try folder.tool("fc-list", ["--format", "%{family[0]}\n"])
    let alone = folder.root + "/good.png"
    let good = try folder.run(["font", "specimen", "DejaVu Sans", "-o", alone])
    #expect(good.status == 0)
    // One row per family fontconfig lists: the sheet with the broken families is taller.
    #expect(families.split(separator: "\n").count > 1)
    #expect(image.height > (try RGBAImage(pngFile: alone)).height)
  }
}
