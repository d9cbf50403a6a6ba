import Foundation
import Testing

/// Parses standard output as a JSON object.
private func object(_ result: PickersResult) throws -> [String: Any] {
  try #require(JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
}

@Suite("pickers color info")
struct ColorInfoTests {
  @Test("--json has exactly the documented keys, with CSS values for rebeccapurple")
  func jsonKeys() throws {
    let result = try runPickers(["color", "info", "rebeccapurple", "--json"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    let json = try object(result)
    #expect(
      Set(json.keys) == [
        "input", "computed", "hex", "alpha", "srgb", "hsl", "hsv", "hwb", "lab", "lch", "oklab",
        "oklch",
        "display-p3", "inSRGBGamut", "name",
      ])
    #expect(json["hex"] as? String == "#663399")
    #expect(json["name"] as? String == "rebeccapurple")
    #expect(json["inSRGBGamut"] as? Bool == true)
    // CSS Color 4 defines rebeccapurple as rgb(102 51 153), which is hsl(270 50% 40%).
    let hsl = try #require(json["hsl"] as? [Double])
    #expect(abs(hsl[0] - 270) < 1e-9 && abs(hsl[1] - 50) < 1e-9 && abs(hsl[2] - 40) < 1e-9)
    let srgb = try #require(json["srgb"] as? [Double])
    #expect(abs(srgb[0] - 102.0 / 255) < 1e-12)
  }

  @Test("a powerless hue is null, and sRGB is unclamped for an out-of-gamut color")
  func nullsAndUnclamped() throws {
    let gray = try object(try runPickers(["color", "info", "#808080", "--json"]))
    let oklch = try #require(gray["oklch"] as? [Any])
    #expect(oklch[2] is NSNull)
    let hsl = try #require(gray["hsl"] as? [Any])
    #expect(hsl[0] is NSNull)
    let p3 = try object(try runPickers(["color", "info", "color(display-p3 1 0 0)", "--json"]))
    let srgb = try #require(p3["srgb"] as? [Double])
    #expect(srgb[0] > 1 && srgb[1] < 0)
    #expect(p3["inSRGBGamut"] as? Bool == false)
    let hex = try #require(p3["hex"] as? String)
    #expect(hex.count == 7 && hex.hasPrefix("#"))
  }

  @Test("the text form lists every space")
  func text() throws {
    let result = try runPickers(["color", "info", "red"])
    #expect(result.status == 0)
    for label in [
      "hex", "name", "srgb", "hsl", "hwb", "lab", "lch", "oklab", "oklch", "display-p3",
    ] {
      #expect(result.output.contains("\n\(label) "), "\(label)")
    }
    #expect(result.output.contains("#ff0000"))
    #expect(result.output.contains("rgb(255 0 0)"))
  }

  @Test("COLOR - reads lines; a bad line is reported by number, the rest printed, exit 1")
  func standardInput() throws {
    let input = Array("red\nrgb(1 2,3)\nblue\n".utf8)
    let result = try runPickers(["color", "info", "-", "--json"], stdin: input)
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "pickers: line 2: cannot parse color \"rgb(1 2,3)\": mixed comma and space syntax "
        + "at column 9\n")
    let array = try #require(
      JSONSerialization.jsonObject(with: Data(result.stdout)) as? [[String: Any]])
    #expect(array.map { $0["hex"] as? String } == ["#ff0000", "#0000ff"])
  }

  @Test("a single bad COLOR exits 1 with the parse error")
  func badColor() throws {
    let result = try runPickers(["color", "info", "#12345"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "pickers: cannot parse color \"#12345\": hex color needs 3, 4, 6 or 8 digits, found 5 "
        + "at column 1\n")
  }
}

@Suite("pickers color convert")
struct ColorConvertTests {
  @Test("prints CSS strings in the target space")
  func convert() throws {
    let cases: [([String], String)] = [
      (["#663399", "--to", "hsl"], "hsl(270 50% 40%)\n"),
      (["rebeccapurple", "--to", "hex"], "#663399\n"),
      (["hsl(120 100% 25%)", "--to", "hex"], "#008000\n"),
      (["rgb(255 0 0 / 50%)", "--to", "srgb"], "rgb(255 0 0 / 0.5)\n"),
      (["white", "--to", "oklab"], "oklab(1 0 0)\n"),
      // coloraide 8.13 (Tests/Fixtures/color): gray is oklch(0.5998708 0 none).
      (["gray", "--to", "oklch"], "oklch(0.599871 0 none)\n"),
    ]
    for (arguments, expected) in cases {
      let result = try runPickers(["color", "convert"] + arguments)
      #expect(result.status == 0, "\(arguments)")
      #expect(result.output == expected, "\(arguments)")
    }
  }

  @Test("an out-of-gamut color is gamut mapped before printing in an RGB space")
  func gamutMapped() throws {
    let result = try runPickers(["color", "convert", "oklch(0.9 0.3 140)", "--to", "srgb"])
    #expect(result.status == 0)
    // Every channel of the printed rgb() is within 0...255.
    let numbers = result.output.dropFirst(4).dropLast(2).split(separator: " ").compactMap {
      Double($0)
    }
    #expect(numbers.count == 3)
    #expect(numbers.allSatisfy { $0 >= 0 && $0 <= 255 })
  }

  @Test("lines from standard input, bad ones reported with their number")
  func standardInput() throws {
    let result = try runPickers(
      ["color", "convert", "-", "--to", "hex"], stdin: Array("red\n\nnope\nlime\n".utf8))
    #expect(result.status == 1)
    #expect(result.output == "#ff0000\n#00ff00\n")
    #expect(
      result.stderr == "pickers: line 3: cannot parse color \"nope\": unknown color name 'nope' "
        + "at column 1\n")
  }

  @Test("an unknown space is a usage error listing the valid ones")
  func unknownSpace() throws {
    let result = try runPickers(["color", "convert", "red", "--to", "cmyk"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--to must be one of hex, srgb"))
  }
}

@Suite("pickers color contrast")
struct ColorContrastTests {
  @Test("black on white is 21:1 and passes everything (WCAG 2 definition)")
  func blackOnWhite() throws {
    let json = try object(try runPickers(["color", "contrast", "black", "white", "--json"]))
    #expect(Set(json.keys) == ["ratio", "aa", "aaa", "aaLarge", "aaaLarge", "apca"])
    #expect(abs((json["ratio"] as? Double ?? 0) - 21) < 1e-9)
    #expect(json["aa"] as? Bool == true && json["aaa"] as? Bool == true)
  }

  @Test("#888 on #fff: the APCA keystone Lc 63.06, and WCAG 3.54:1 (large text AA only)")
  func apcaKeystone() throws {
    let json = try object(try runPickers(["color", "contrast", "#888", "#fff", "--json"]))
    #expect(abs((json["apca"] as? Double ?? 0) - 63.056_469_930_209_424) < 1e-9)
    #expect(json["aa"] as? Bool == false && json["aaLarge"] as? Bool == true)
    let text = try runPickers(["color", "contrast", "#777", "white"])
    #expect(
      text.output
        == "ratio  4.48:1\nAA     fail (normal text)  pass (large text)\n"
        + "AAA    fail (normal text)  fail (large text)\nAPCA   Lc 71.1\n")
  }
}

@Suite("pickers color mix and diff")
struct ColorMixDiffTests {
  @Test("mix follows color-mix(): halfway in sRGB between red and blue")
  func mix() throws {
    let result = try runPickers(["color", "mix", "red", "blue", "--in", "srgb"])
    #expect(result.output == "rgb(127.5 0 127.5)\n")
    let longer = try runPickers([
      "color", "mix", "oklch(0.6 0.1 30)", "oklch(0.6 0.1 300)", "--in", "oklch", "--hue",
      "longer",
    ])
    #expect(longer.output == "oklch(0.6 0.1 165)\n")
    let amount = try runPickers([
      "color", "mix", "black", "white", "--in", "srgb", "--amount", "0.25",
    ])
    #expect(amount.output == "rgb(63.75 63.75 63.75)\n")
    let bad = try runPickers(["color", "mix", "red", "blue", "--amount", "2"])
    #expect(bad.status == 2)
  }

  @Test("diff gives CIEDE2000 of Sharma's first pair, and deltaE OK black/white of 1")
  func diff() throws {
    let sharma = try runPickers(["color", "diff", "lab(50 2.6772 -79.7751)", "lab(50 0 -82.7485)"])
    let value = try #require(Double(sharma.output.dropLast()))
    #expect(abs(value - 2.0425) < 5e-5)
    let ok = try runPickers(["color", "diff", "black", "white", "--method", "ok"])
    #expect(ok.output == "1\n")
    let cie76 = try runPickers(["color", "diff", "lab(50 0 0)", "lab(53 4 0)", "--method", "76"])
    #expect(cie76.output == "5\n")
  }
}
