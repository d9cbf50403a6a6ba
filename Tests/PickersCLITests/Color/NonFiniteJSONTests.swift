import Glibc
import Testing

/// Every `--json` output of a color with an infinite or huge component (where conversions
/// overflow to infinity or NaN) is JSON that Python's `json.loads` reads, or a `pickers:`
/// refusal: never a Swift `EncodingError` and never `inf` or `nan` in the text.
@Suite("Non-finite numbers in --json")
struct NonFiniteJSONTests {
  /// Colors whose components, or whose conversions, are not finite.
  static let colors = [
    "lab(50 calc(Infinity) 0)", "lab(50 calc(-Infinity) 0)", "color(srgb 0 calc(Infinity) 0)",
    "color(srgb 0 calc(-Infinity) 0)", "oklch(calc(Infinity) calc(Infinity) calc(NaN))",
    "oklch(0.5 calc(Infinity) 0)", "oklab(0.5 1e305 1e305)", "lab(2% 1e300 -30)",
    "color(xyz 1e308 1e308 1e308)", "hsl(calc(Infinity) 100% 50%)",
    "rgb(calc(Infinity) 0 calc(-Infinity) / calc(NaN))",
  ]

  /// Each `--json` command, given one such color.
  static func commands(_ color: String) -> [[String]] {
    var commands: [[String]] = [
      ["color", "info", color, "--json"],
      ["color", "mix", color, "red", "--json"],
      ["color", "mix", color, color, "--in", "srgb", "--json"],
      ["color", "mix", color, "blue", "--in", "oklch", "--hue", "longer", "--json"],
      ["color", "contrast", color, "white", "--json"],
      ["color", "contrast", "white", color, "--json"],
      ["palette", "scale", color, "--json"],
      ["palette", "scale", color, "--material", "--json"],
      ["palette", "harmony", color, "--type", "triadic", "--json"],
      ["palette", "simulate", color, "--deficiency", "deuteranopia", "--json"],
      ["theme", "--accent", color, "--json"],
    ]
    for space in ["srgb", "hsl", "hwb", "lab", "lch", "oklab", "oklch", "xyz", "display-p3"] {
      commands.append(["color", "convert", color, "--to", space, "--json"])
    }
    for method in ["2000", "76", "ok"] {
      commands.append(["color", "diff", color, "red", "--method", method, "--json"])
    }
    return commands
  }

  /// Runs every command and checks all the outputs with one Python process.
  @Test("each output is valid JSON for json.loads, or a pickers: refusal", arguments: colors)
  func outputs(color: String) throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    try expectJSONOrRefusal(Self.commands(color), in: folder)
  }

  @Test(
    "standard input's lines stream as one JSON array",
    arguments: [
      ["color", "info", "-"], ["color", "convert", "-", "--to", "lab"],
      ["color", "diff", "-", "red"], ["color", "contrast", "-", "white"],
    ])
  func streamed(arguments: [String]) throws {
    let input = Array((Self.colors.joined(separator: "\n") + "\n").utf8)
    let result = try runPickers(arguments + ["--json"], stdin: input)
    #expect(result.status == 0, "\(result.stderr)")
    let check = try runProgram(
      "/usr/bin/env",
      ["python3", "-c", "import json, sys; print(len(json.loads(sys.stdin.read())))"],
      stdin: result.stdout)
    #expect(check.output == "\(Self.colors.count)\n", "\(check.stderr)")
  }

  @Test("text and JSON agree: an infinite deltaE is 1e308 in both, NaN 0 in both")
  func textAgrees() throws {
    let a = "lab(50 calc(Infinity) 0)"
    let b = "lab(50 calc(-Infinity) 0)"
    let text = try runPickers(["color", "diff", a, b, "--method", "76"])
    #expect(text.output == "1e308\n")
    let json = try runPickers(["color", "diff", a, b, "--method", "76", "--json"])
    #expect(json.output.contains("\"deltaE\" : 1e308"))
    let nanText = try runPickers(["color", "diff", a, "red"])
    let nanJSON = try runPickers(["color", "diff", a, "red", "--json"])
    #expect(nanText.output == "0\n")
    #expect(nanJSON.output.contains("\"deltaE\" : 0,"))
    let info = try runPickers(["color", "info", a])
    let infoJSON = try runPickers(["color", "info", a, "--json"])
    // The sRGB blue channel overflows to infinity: 1e308 in the text and in the JSON.
    #expect(info.output.contains("rgb(none none 1e308)"), "\(info.output)")
    #expect(infoJSON.output.contains("1e308"), "\(infoJSON.output)")
  }
}
