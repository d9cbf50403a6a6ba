import FoundationEssentials
import Glibc
import Pickers
import Testing

/// The `--json` object of `color convert` and `color mix`.
private struct ColorResult: Decodable {
  var css: String
  var hex: String
  var space: String
  var components: [Double?]
  var alpha: Double?
}

/// The `--json` object of `color diff`.
private struct DiffResult: Decodable {
  var a: String
  var b: String
  var method: String
  var deltaE: Double
}

/// The numbers in a CSS color string (`oklch(0.44 0.16 303.4)` -> [0.44, 0.16, 303.4]), with
/// `none` as nil and percentages as written.
private func numbers(in css: String) -> [Double?] {
  guard let open = css.firstIndex(of: "("), let close = css.lastIndex(of: ")") else { return [] }
  var body = String(css[css.index(after: open)..<close])
  if body.hasPrefix("--") || body.hasPrefix("srgb") || body.hasPrefix("display-p3")
    || body.hasPrefix("xyz") || body.hasPrefix("a98") || body.hasPrefix("prophoto")
    || body.hasPrefix("rec2020")
  {
    // color(SPACE a b c): drop the space's name.
    body = String(body.drop { $0 != " " })
  }
  let channels = body.split(separator: "/").first ?? ""
  return channels.split(separator: " ").map { word in
    word == "none" ? nil : Double(word.filter { $0 != "%" })
  }
}

private func decode<T: Decodable>(_ type: T.Type, _ result: PickersResult) throws -> T {
  try JSONDecoder().decode(T.self, from: Data(result.stdout))
}

@Suite("--json on color convert, mix and diff")
struct ColorJSONTests {
  static let conversions: [(String, String)] = [
    ("#663399", "oklch"), ("rebeccapurple", "hex"), ("oklch(0.9 0.3 140)", "hex"),
    ("red", "lab"), ("white", "oklch"), ("hsl(200 50% 40% / 0.5)", "hsl"),
    ("#3478f6", "display-p3"), ("lab(50 20 -30)", "xyz-d50"), ("tomato", "hwb"),
    ("oklch(0.7 0.4 30)", "srgb"),
  ]

  @Test(
    "convert --json holds the plain answer, its hex, and components equal to its numbers",
    arguments: conversions)
  func convert(color: String, target: String) throws {
    let plain = try runPickers(["color", "convert", color, "--to", target])
    let json = try runPickers(["color", "convert", color, "--to", target, "--json"])
    #expect(plain.status == 0 && json.status == 0)
    let value = try decode(ColorResult.self, json)
    #expect(value.css + "\n" == plain.output)
    let hex = try runPickers(["color", "convert", color, "--to", "hex"])
    #expect(value.hex + "\n" == hex.output)
    if target == "hex" {
      #expect(value.space == "srgb")
      return
    }
    #expect(value.space == (target == "xyz" ? "xyz-d65" : target))
    let printed = numbers(in: value.css)
    #expect(printed.count == value.components.count)
    for (shown, exact) in zip(printed, value.components) {
      #expect((shown == nil) == (exact == nil), "\(value.css) vs \(value.components)")
      if let shown, let exact {
        // rgb() writes sRGB in 0-255, the components are 0-1 as in color(srgb ...).
        if value.css.hasPrefix("rgb(") {
          #expect(abs(shown / 255 - exact) <= 0.5 / 255, "\(value.css) vs \(value.components)")
          continue
        }
        // The text keeps six significant digits; hsl and hwb write percentages.
        let scale = abs(shown) > 1.5 || target == "hsl" || target == "hwb" ? 1e-2 : 1e-5
        #expect(abs(shown - exact) <= scale, "\(value.css) vs \(value.components)")
      }
    }
  }

  @Test("a white has no hue: null in the components, none in the text")
  func powerlessHue() throws {
    let value = try decode(
      ColorResult.self, try runPickers(["color", "convert", "white", "--to", "oklch", "--json"]))
    #expect(value.components.count == 3)
    #expect(value.components[2] == nil)
    #expect(value.css.contains("none"))
  }

  @Test("standard input gives an array, one element per good line, streamed; bad lines exit 1")
  func convertBatch() throws {
    let input = Array("red\nnot-a-color\n#0000ff\n\noklch(0.5 0.1 200)\n".utf8)
    let plain = try runPickers(["color", "convert", "-", "--to", "oklch"], stdin: input)
    let json = try runPickers(["color", "convert", "-", "--to", "oklch", "--json"], stdin: input)
    #expect(plain.status == 1 && json.status == 1)
    #expect(json.stderr.hasPrefix("pickers: line 2: "))
    #expect(json.stderr == plain.stderr)
    let values = try decode([ColorResult].self, json)
    let lines = plain.output.split(separator: "\n").map(String.init)
    #expect(values.map(\.css) == lines)
    #expect(lines.count == 3)
  }

  @Test("mix --json holds the plain answer; its hex is the answer converted to hex")
  func mix() throws {
    let cases: [[String]] = [
      ["red", "blue"], ["red", "blue", "--in", "oklch", "--hue", "longer", "--amount", "0.25"],
      ["red 20%", "lime", "blue", "--in", "srgb"],
      ["rgb(255 0 0 / none)", "rgb(0 0 255 / none)", "--in", "srgb"],
    ]
    for arguments in cases {
      let plain = try runPickers(["color", "mix"] + arguments)
      let json = try runPickers(["color", "mix"] + arguments + ["--json"])
      #expect(plain.status == 0 && json.status == 0)
      let value = try decode(ColorResult.self, json)
      #expect(value.css + "\n" == plain.output)
      let hex = try runPickers(["color", "convert", value.css, "--to", "hex"])
      #expect(value.hex + "\n" == hex.output)
      // An alpha of none is null, as in the text's "/ none".
      #expect((value.alpha == nil) == value.css.contains("/ none"))
    }
  }

  @Test("mix - --json gives one element per line of standard input")
  func mixBatch() throws {
    let input = Array("red\nyellow\n".utf8)
    let plain = try runPickers(["color", "mix", "-", "blue"], stdin: input)
    let values = try decode(
      [ColorResult].self, try runPickers(["color", "mix", "-", "blue", "--json"], stdin: input))
    #expect(values.map(\.css) == plain.output.split(separator: "\n").map(String.init))
  }

  @Test("diff --json gives the unrounded deltaE the plain output rounds, for every method")
  func diff() throws {
    for method in ["2000", "ok", "76"] {
      let plain = try runPickers(["color", "diff", "red", "orange", "--method", method])
      let json = try runPickers(["color", "diff", "red", "orange", "--method", method, "--json"])
      let value = try decode(DiffResult.self, json)
      #expect(value.a == "red" && value.b == "orange" && value.method == method)
      let shown = try #require(Double(plain.output.split(separator: "\n")[0]))
      #expect(abs(value.deltaE - shown) <= 5e-7)
    }
  }

  @Test("diff --json matches Sharma, Wu and Dalal's CIEDE2000 test data")
  func diffPublished() throws {
    // Pairs 1, 7 and 17 of "The CIEDE2000 Color-Difference Formula: Implementation Notes,
    // Supplementary Test Data, and Mathematical Observations" (2005), table 1.
    let pairs: [(String, String, Double)] = [
      ("lab(50 2.6772 -79.7751)", "lab(50 0 -82.7485)", 2.0425),
      ("lab(50 0 0)", "lab(50 -1 2)", 2.3669),
      ("lab(50 2.5 0)", "lab(73 25 -18)", 27.1492),
    ]
    let input = Array(pairs.map { $0.0 + "\n" }.joined().utf8)
    for (first, second, expected) in pairs {
      let value = try decode(
        DiffResult.self, try runPickers(["color", "diff", first, second, "--json"]))
      #expect(abs(value.deltaE - expected) < 5e-5, "\(first) \(second): \(value.deltaE)")
    }
    // The batch form agrees with the single one.
    let batch = try decode(
      [DiffResult].self,
      try runPickers(["color", "diff", "-", "lab(50 0 -82.7485)", "--json"], stdin: input))
    #expect(batch.count == 3)
    #expect(abs(batch[0].deltaE - 2.0425) < 5e-5)
  }
}
