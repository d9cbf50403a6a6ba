import FoundationEssentials
import Glibc
import Pickers
import Testing

/// `pickers palette ...` against the binary.
@Suite("pickers palette")
struct PaletteCommandTests {
  @Test("accents prints Apple's published values by name")
  func accents() throws {
    let result = try runPickers(["palette", "accents", "--scheme", "dark", "--format", "hex"])
    #expect(result.status == 0)
    let hexes = result.output.split(separator: "\n")
    #expect(hexes.count == 13)
    #expect(hexes[7] == "#0a84ff")  // blue, dark: 10 132 255
    let lines = try runPickers(["palette", "accents"]).output.split(separator: "\n").map {
      $0.split(separator: " ").map(String.init)
    }
    #expect(lines.count == 26)
    #expect(lines.contains(["system-blue", "#007aff"]))
    #expect(lines.contains(["system-gray-dark", "#8e8e93"]))
  }

  struct Entry: Decodable {
    var name: String
    var hex: String
    var oklch: [Double?]
  }

  @Test("--json decodes; GIMP palettes list 0-255 channels")
  func formats() throws {
    let json = try runPickers([
      "palette", "scale", "system-blue", "--steps", "100,500,900", "--json",
    ])
    let entries = try JSONDecoder().decode([Entry].self, from: Data(json.stdout))
    #expect(entries.map(\.name) == ["100", "500", "900"])
    #expect(entries[1].hex == "#007aff")
    let gpl = try runPickers(["palette", "accents", "--scheme", "light", "--format", "gpl"])
    #expect(gpl.output.hasPrefix("GIMP Palette\nName: System accents\n"))
    #expect(gpl.output.contains("  0 122 255\tsystem-blue\n"))
  }

  @Test("harmony, distinct and simulate print one color per line")
  func others() throws {
    let triad = try runPickers([
      "palette", "harmony", "oklch(0.65 0.1 40)", "-t", "triadic", "--format", "hex",
    ])
    #expect(triad.status == 0 && triad.output.split(separator: "\n").count == 3)
    let all = try runPickers(["palette", "harmony", "teal", "--format", "hex"])
    #expect(all.output.split(separator: "\n").count == 2 + 3 + 3 + 4 + 4 + 3 + 5)
    let distinct = try runPickers([
      "palette", "distinct", "5", "--avoid", "white", "--format", "hex",
    ])
    #expect(distinct.output.split(separator: "\n").count == 5)
    let simulate = try runPickers(
      ["palette", "simulate", "-", "--deficiency", "deuteranopia", "--format", "hex"],
      stdin: Array("oklch(0.6 0.12 30)\noklch(0.6 0.12 135)\n".utf8))
    #expect(simulate.status == 0)
    #expect(simulate.output.split(separator: "\n").count == 4)
    #expect(simulate.stderr.contains("hard to tell apart with deuteranopia"))
  }

  @Test("from-image finds the blocks of a PNG, most common first")
  func fromImage() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    var image = try RGBAImage(
      width: 40, height: 40, filledWith: RGBA8(red: 20, green: 60, blue: 200))
    image.fill(x: 0, y: 0, width: 40, height: 10, with: RGBA8(red: 240, green: 240, blue: 240))
    for y in 10..<15 {
      for x in 0..<40 { image[x, y] = .clear }
    }
    try image.writePNG(to: folder + "/in.png")
    let result = try runPickers(["palette", "from-image", folder + "/in.png", "-n", "2"])
    #expect(result.status == 0, "\(result.stderr)")
    // 1000 blue and 400 white opaque pixels; the 200 transparent ones are not counted.
    #expect(result.output == "71.4%  #143cc8\n28.6%  #f0f0f0\n")
  }

  @Test("-o FILE.png draws a sheet whose swatches hold the colors")
  func sheet() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let result = try runPickers([
      "palette", "accents", "--scheme", "light", "-o", folder + "/a.png",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let image = try RGBAImage(pngFile: folder + "/a.png")
    #expect(image.width == 4 * 224 && image.height == 4 * 96)
    // Top-left corner of each swatch is outside its label: exactly the accent.
    for (index, accent) in SystemAccent.allCases.enumerated() {
      let (r, g, b) = accent.rgb8(.light)
      let pixel = image[(index % 4) * 224 + 4, (index / 4) * 96 + 4]
      #expect(pixel == RGBA8(red: r, green: g, blue: b), "\(accent)")
    }
  }

  @Test(
    "bad input exits 1 with a message and writes nothing",
    arguments: [
      (["palette", "scale", "nocolor"], "nocolor"),
      (["palette", "accents", "--format", "xml"], "unknown format 'xml'"),
      (["palette", "from-image", "/nonexistent.png"], "/nonexistent.png"),
      (["palette", "simulate", "red", "bogus(1)"], "bogus(1)"),
      (["palette", "distinct", "3", "--avoid", "nothing"], "nothing"),
    ])
  func badInput(arguments: [String], mention: String) throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let result = try runPickers(arguments + ["-o", folder + "/out.txt"])
    #expect(result.status == 1)
    #expect(
      result.stderr.hasPrefix("pickers: ") && result.stderr.contains(mention), "\(result.stderr)")
    #expect(directoryEntries(folder).isEmpty)
  }

  @Test("usage mistakes exit 2")
  func usage() throws {
    #expect(try runPickers(["palette", "distinct", "0"]).status == 2)
    #expect(try runPickers(["palette", "scale", "red", "--steps", "50,abc"]).status == 2)
    #expect(try runPickers(["palette", "simulate", "red", "--severity", "2"]).status == 2)
    #expect(try runPickers(["palette", "from-image", "x.png", "--count", "0"]).status == 2)
  }
}
