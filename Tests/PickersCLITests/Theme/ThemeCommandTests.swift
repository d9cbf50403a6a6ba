import FoundationEssentials
import Glibc
import Pickers
import Testing

/// `pickers theme`: choices, fonts, images, the preview picture and bad input.
@Suite("pickers theme")
struct ThemeCommandTests {
  /// Runs `pickers theme` in a fresh folder and returns the result and the folder's entries.
  static func runInFolder(_ arguments: (String) -> [String]) throws -> (PickersResult, [String]) {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let result = try runPickers(["theme"] + arguments(folder))
    return (result, directoryEntries(folder))
  }

  @Test(
    "bad input exits 1 with a clear message and writes nothing",
    arguments: [
      (["--accent", "system-blue", "--format", "yaml"], "unknown format 'yaml'"),
      (["--accent", "notacolor", "--format", "kitty"], "notacolor"),
      (["--from-image", "/nonexistent/wall.png", "--format", "kitty"], "/nonexistent/wall.png"),
      (["--accent", "red", "--font", "No Such Font Family", "--format", "kitty"], "No Such Font"),
      (["--accent", "red", "--mono-font", "Nope Mono", "--format", "kitty"], "Nope Mono"),
      (["--accent", "red", "--scheme", "both", "--format", "kitty"], "holds one scheme"),
    ])
  func badInput(arguments: [String], mention: String) throws {
    let (result, entries) = try Self.runInFolder { folder in
      arguments + ["-o", folder + "/out.conf", "--preview", folder + "/preview.png"]
    }
    #expect(result.status == 1, "\(arguments)")
    #expect(result.stderr.hasPrefix("pickers: "), "\(result.stderr)")
    #expect(result.stderr.contains(mention), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(entries.isEmpty, "\(entries)")
  }

  @Test("an unwritable -o leaves no preview behind")
  func unwritableOutput() throws {
    let (result, entries) = try Self.runInFolder { folder in
      [
        "--accent", "red", "--format", "kitty", "-o", folder + "/missing/theme.conf", "--preview",
        folder + "/preview.png",
      ]
    }
    #expect(result.status == 1)
    #expect(result.stderr.contains("missing"), "\(result.stderr)")
    #expect(entries.isEmpty)
  }

  @Test("an unwritable -o with --preview a dangling link leaves the link and no picture")
  func unwritableOutputPreviewThroughLink() throws {
    let (result, entries) = try Self.runInFolder { folder in
      #expect(symlink("target.png", folder + "/preview.png") == 0)
      return [
        "--accent", "red", "--format", "kitty", "-o", folder + "/missing/theme.conf", "--preview",
        folder + "/preview.png",
      ]
    }
    #expect(result.status == 1)
    #expect(result.stderr.contains("missing"), "\(result.stderr)")
    #expect(entries == ["preview.png"], "\(entries)")
  }

  @Test("a file that is not a PNG is refused, exit 1, nothing written")
  func notAPNG() throws {
    let (result, entries) = try Self.runInFolder { folder in
      _ = try? runProgram("/bin/sh", ["-c", "echo hello > '\(folder)/fake.png'"])
      return ["--from-image", folder + "/fake.png", "--format", "json", "-o", folder + "/t.json"]
    }
    #expect(result.status == 1)
    #expect(result.stderr.contains("fake.png"), "\(result.stderr)")
    #expect(entries == ["fake.png"])
  }

  @Test("usage mistakes exit 2: no accent, both accent and image, no format")
  func usage() throws {
    #expect(try runPickers(["theme", "--format", "kitty"]).status == 2)
    #expect(
      try runPickers(["theme", "--accent", "red", "--from-image", "a.png", "--format", "json"])
        .status == 2)
    #expect(try runPickers(["theme", "--accent", "red"]).status == 2)
  }

  @Test("-o writes the same bytes as standard output; --font names the family in the file")
  func outputFile() throws {
    let stdout = try runPickers([
      "theme", "--accent", "#7c3aed", "--format", "kitty", "--mono-font", "DejaVu Sans Mono",
    ])
    #expect(stdout.status == 0)
    #expect(stdout.output.contains("\nfont_family DejaVu Sans Mono\n"))
    let (result, entries) = try Self.runInFolder { folder in
      [
        "--accent", "#7c3aed", "--format", "kitty", "--mono-font", "DejaVu Sans Mono", "-o",
        folder + "/theme.conf",
      ]
    }
    #expect(result.status == 0 && result.stdout.isEmpty)
    #expect(entries == ["theme.conf"])
  }

  @Test("default fonts are fontconfig's sans-serif and monospace matches (fc-match)")
  func defaultFonts() throws {
    let result = try runPickers(["theme", "--accent", "teal", "--format", "json"])
    let sans = try runProgram("/usr/bin/fc-match", ["-f", "%{family[0]}", "sans-serif"])
    let mono = try runProgram("/usr/bin/fc-match", ["-f", "%{family[0]}", "monospace"])
    #expect(result.output.contains("\"ui\": \"\(sans.output)\""), "\(sans.output)")
    #expect(result.output.contains("\"mono\": \"\(mono.output)\""), "\(mono.output)")
  }

  @Test("a theme from an image takes its accent from the image and names it as pywal's wallpaper")
  func fromImage() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    // Mostly dark gray, a third saturated orange: the orange is the accent.
    var image = try RGBAImage(
      width: 60, height: 60, filledWith: RGBA8(red: 40, green: 40, blue: 40))
    image.fill(x: 0, y: 0, width: 60, height: 20, with: RGBA8(red: 255, green: 120, blue: 0))
    let path = folder + "/wall.png"
    try image.writePNG(to: path)
    let result = try runPickers(["theme", "--from-image", path, "--format", "pywal-json"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.output.contains("\"wallpaper\": \"\(path)\""))
    let json = try runPickers(["theme", "--from-image", path, "--format", "json"])
    // The accent's OKLCH hue is the orange's (about 52 degrees), not the gray's (none).
    let orange = try Color(css: "#ff7800").converted(to: .oklch).channels.c2 ?? 0
    let accentHex = try #require(
      json.output.split(separator: "\n").first { $0.contains("\"accent\":") }?
        .split(separator: "\"")[3])
    let hue = try Color(css: String(accentHex)).converted(to: .oklch).channels.c2 ?? -100
    #expect(abs(hue - orange) < 3, "\(accentHex)")
  }

  @Test("--preview draws the theme: decoded pixels show its background and accent colors")
  func preview() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let result = try runPickers([
      "theme", "--accent", "system-green", "--scheme", "both", "--format", "json", "--preview",
      folder + "/preview.png",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let image = try RGBAImage(pngFile: folder + "/preview.png")
    #expect(image.width == 1920 && image.height == 420)
    func hex(_ scheme: String, _ role: String) throws -> String {
      let text = result.output
      let start = try #require(text.firstRange(of: "\"\(scheme)\": {"))
      let tail = text[start.upperBound...]
      let line = try #require(tail.split(separator: "\n").first { $0.contains("\"\(role)\":") })
      return String(line.split(separator: "\"")[3])
    }
    func pixelHex(_ x: Int, _ y: Int) -> String {
      let p = image[x, y]
      return "#"
        + [p.red, p.green, p.blue].map {
          let s = String($0, radix: 16)
          return s.count == 1 ? "0" + s : s
        }.joined()
    }
    // Right edge of the panel body: background; the button's middle: accent.
    #expect(pixelHex(950, 410) == (try hex("light", "background")))
    #expect(pixelHex(960 + 950, 410) == (try hex("dark", "background")))
    #expect(pixelHex(222, 185) == (try hex("light", "accent")))
    #expect(pixelHex(960 + 222, 185) == (try hex("dark", "accent")))
  }

  @Test("theme --json is --format json, byte for byte")
  func themeJSON() throws {
    let named = try runPickers(["theme", "--accent", "system-blue", "--format", "json"])
    let flag = try runPickers(["theme", "--accent", "system-blue", "--json"])
    #expect(named.status == 0)
    #expect(flag.stdout == named.stdout)
    _ = try JSONValue(parsing: flag.stdout)
  }
}
