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

  @Test("theme --json is --format json, byte for byte")
  func themeJSON() throws {
    let named = try runPickers(["theme", "--accent", "system-blue", "--format", "json"])
    let flag = try runPickers(["theme", "--accent", "system-blue", "--json"])
    #expect(named.status == 0)
    #expect(flag.stdout == named.stdout)
    _ = try JSONValue(parsing: flag.stdout)
  }
}

@Suite("font match --format")
struct FontMatchFormatTests {
  static let cases: [(String, String)] = [
    ("serif", "%{family[0]}\t%{style[0]}\t%{file}\n"),
    ("DejaVu Sans:bold:italic", "%{family}|%{style}|%{weight}|%{slant}\n"),
    ("monospace", "%{=fcmatch}\n"),
    ("serif:lang=ja", "%{file}#%{index}"),
    ("Arial", "%{family[0]} %{fullname[0]}\\n"),
    ("NoSuchFont", "%{family[0]}:%{spacing:-none}\n"),
  ]

  @Test("it prints what fc-match --format prints", arguments: cases)
  func matches(pattern: String, template: String) throws {
    let result = try runPickers(["font", "match", pattern, "--format", template])
    let expected = try runProgram("/usr/bin/fc-match", ["--format", template, pattern])
    #expect(result.status == 0)
    #expect(!result.output.isEmpty)
    #expect(result.output == expected.output)
  }

  @Test("with --all it prints what fc-match -s --format prints", arguments: cases.prefix(3))
  func sorted(pattern: String, template: String) throws {
    let result = try runPickers(["font", "match", pattern, "--all", "--format", template])
    let expected = try runProgram("/usr/bin/fc-match", ["-s", "--format", template, pattern])
    #expect(result.status == 0)
    #expect(result.output == expected.output)
    #expect(result.output.split(separator: "\n").count > 3)
  }

  @Test("a template fontconfig cannot read exits 1 naming it, and prints nothing")
  func badTemplate() throws {
    let result = try runPickers(["font", "match", "serif", "--format", "%{family"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("pickers: cannot read the --format template \"%{family\""))
  }
}

@Suite("one meaning for --size")
struct SizeOptionTests {
  @Test("a text size is a number; NxN means N, pixel for pixel")
  func textSize() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    for command in ["preview", "specimen"] {
      let base = ["font", command, "DejaVu Sans", "--text", "Size"]
      let number = try runPickers(base + ["--size", "20", "-o", folder + "/n.png"])
      let square = try runPickers(base + ["--size", "20x20", "-o", folder + "/s.png"])
      #expect(number.status == 0 && square.status == 0, "\(square.stderr)")
      let first = try RGBAImage(pngFile: folder + "/n.png")
      let second = try RGBAImage(pngFile: folder + "/s.png")
      #expect(first == second)
      // And it is a different picture from another size.
      _ = try runPickers(base + ["--size", "30", "-o", folder + "/t.png"])
      #expect(try RGBAImage(pngFile: folder + "/t.png").height > first.height)
    }
  }

  @Test("a text size with two different sides is refused, saying what a text size is")
  func textSizeRefused() throws {
    for command in ["preview", "specimen"] {
      let result = try runPickers([
        "font", command, "DejaVu Sans", "--size", "48x20", "-o", "/tmp/never-written.png",
      ])
      #expect(result.status == 2)
      #expect(
        result.stderr.hasPrefix(
          "pickers: --size '48x20' is a picture size (WxH): the text size is a number of "
            + "pixels, such as 48"))
      #expect(access("/tmp/never-written.png", F_OK) != 0)
    }
  }

  @Test("a picture size is WxH; N means NxN")
  func pictureSize() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let one = try runPickers(["color", "swatch", "red", "--size", "40", "-o", folder + "/a.png"])
    let two = try runPickers([
      "color", "swatch", "red", "--size", "40x40", "-o", folder + "/b.png",
    ])
    #expect(one.status == 0 && two.status == 0)
    let image = try RGBAImage(pngFile: folder + "/a.png")
    #expect(image.width == 40 && image.height == 40)
    #expect(image == (try RGBAImage(pngFile: folder + "/b.png")))
    let wide = try runPickers([
      "color", "swatch", "red", "--size", "40x10", "-o", folder + "/c.png",
    ])
    #expect(wide.status == 0)
    let picture = try RGBAImage(pngFile: folder + "/c.png")
    #expect(picture.width == 40 && picture.height == 10)
  }

  @Test("every --size help says whether it is a text size or a picture size")
  func helpSaysWhich() throws {
    for (path, kind) in [
      (["font", "preview"], "Text size in pixels, a number"),
      (["font", "specimen"], "Text size in pixels, a number"),
      (["color", "swatch"], "Picture size of each swatch in pixels, WxH"),
    ] {
      let help = try runPickers(path + ["--help"]).output
      let flat = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(flat.contains(kind), "\(path)")
    }
  }
}

@Suite("counts are --count N")
struct CountOptionTests {
  @Test("palette distinct --count N is the same as palette distinct N")
  func distinct() throws {
    let option = try runPickers(["palette", "distinct", "--count", "6", "--format", "hex"])
    let short = try runPickers(["palette", "distinct", "-n", "6", "--format", "hex"])
    let positional = try runPickers(["palette", "distinct", "6", "--format", "hex"])
    #expect(option.status == 0)
    #expect(option.output.split(separator: "\n").count == 6)
    #expect(option.output == positional.output)
    #expect(option.output == short.output)
    let agree = try runPickers(["palette", "distinct", "6", "--count", "6", "--format", "hex"])
    #expect(agree.output == option.output)
  }

  @Test("two different counts, or none, are usage errors")
  func refused() throws {
    let both = try runPickers(["palette", "distinct", "3", "--count", "4"])
    #expect(both.status == 2)
    #expect(both.stderr.hasPrefix("pickers: --count 4 and N 3 disagree"))
    let none = try runPickers(["palette", "distinct"])
    #expect(none.status == 2)
    #expect(none.stderr.hasPrefix("pickers: missing --count N"))
  }
}

@Suite("-o into a missing folder, and --mkdir")
struct OutputFolderTests {
  /// Every command that takes `-o`, writing into `path`.
  static func commands(writingTo path: String) -> [[String]] {
    [
      ["color", "swatch", "red", "-o", path + ".png"],
      ["font", "preview", "DejaVu Sans", "--text", "Hi", "-o", path + ".png"],
      ["font", "specimen", "DejaVu Sans", "--text", "Hi", "-o", path + ".png"],
      ["palette", "accents", "-o", path + ".gpl"],
      ["palette", "scale", "red", "-o", path + ".png"],
      ["palette", "distinct", "--count", "3", "--format", "ase", "-o", path + ".ase"],
      ["theme", "--accent", "red", "--format", "kitty", "-o", path + ".conf"],
      ["theme", "--accent", "red", "--format", "kitty", "--preview", path + ".png"],
    ]
  }

  @Test("without --mkdir a missing folder is named, with how to create it; nothing is written")
  func missing() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    for arguments in Self.commands(writingTo: folder + "/new/deeper/out") {
      let result = try runPickers(arguments)
      #expect(result.status == 1, "\(arguments)")
      let file = try #require(arguments.last { $0.hasPrefix(folder) })
      #expect(
        result.stderr
          == "pickers: cannot write \"\(file)\": folder \"\(folder)/new/deeper\" does not exist "
          + "(create it with mkdir -p \(folder)/new/deeper, or pass --mkdir)\n", "\(arguments)")
      #expect(result.stdout.isEmpty)
      #expect(directoryEntries(folder).isEmpty)
    }
  }

  @Test("a folder with a space is quoted in the mkdir -p hint")
  func quotedHint() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let result = try runPickers(["color", "swatch", "red", "-o", folder + "/my shots/a.png"])
    #expect(result.stderr.contains("mkdir -p '\(folder)/my shots', or pass --mkdir)"))
  }

  @Test("--mkdir makes every missing folder with mode 0755, then writes the same file")
  func mkdir() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let plain = Self.commands(writingTo: folder + "/plain")
    let nested = Self.commands(writingTo: folder + "/a/b/c/out")
    for (index, arguments) in nested.enumerated() {
      // Under umask 022, as mkdir -p would give 0755.
      let shell = "umask 022; exec \"$PICKERS\" \"$@\""
      let made = try runProgram(
        "/bin/sh", ["-c", shell, "sh"] + arguments + ["--mkdir"],
        environment: ["PICKERS": pickersBinary])
      #expect(made.status == 0, "\(arguments): \(made.stderr)")
      for path in ["/a", "/a/b", "/a/b/c"] {
        var status = stat()
        #expect(stat(folder + path, &status) == 0)
        #expect(status.st_mode & 0o7777 == 0o755, "\(path): \(String(status.st_mode, radix: 8))")
      }
      let file = try #require(arguments.last { $0.hasPrefix(folder) })
      // The same bytes as a run into a folder that exists (a PNG is compared by pixels).
      let reference = plain[index]
      #expect(try runPickers(reference).status == 0)
      let referenceFile = try #require(reference.last { $0.hasPrefix(folder) })
      if file.hasSuffix(".png") {
        #expect(try RGBAImage(pngFile: file) == (try RGBAImage(pngFile: referenceFile)))
      } else {
        #expect(
          try readFile(file, maximumSize: 1 << 20) == readFile(referenceFile, maximumSize: 1 << 20))
      }
      removeTree(folder + "/a")
    }
  }

  @Test("a failed run with --mkdir removes the folders it made")
  func cleanup() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    // The picture's folders are made, the theme file cannot be written (its path is a folder).
    let result = try runPickers([
      "theme", "--accent", "red", "--format", "kitty", "--preview", folder + "/new/deep/p.png",
      "-o", folder, "--mkdir",
    ])
    #expect(result.status == 1)
    #expect(result.stderr.contains("it is a folder"))
    #expect(directoryEntries(folder).isEmpty)
    // A bad color fails before any folder is made.
    let bad = try runPickers(["color", "swatch", "nonsense", "-o", folder + "/x/y.png", "--mkdir"])
    #expect(bad.status == 1)
    #expect(directoryEntries(folder).isEmpty)
  }

  @Test("--mkdir through a file in the path fails with the system's reason, leaving nothing")
  func fileInTheWay() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let blocker = folder + "/file"
    let descriptor = open(blocker, O_CREAT | O_WRONLY, 0o644)
    close(descriptor)
    let result = try runPickers(["color", "swatch", "red", "-o", blocker + "/x/a.png", "--mkdir"])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("pickers: cannot "))
    #expect(directoryEntries(folder) == ["file"])
  }
}

@Suite("--json on the pickers, through a pty")
struct PickJSONTests {
  @Test("color pick --json prints what --format json prints")
  func colorPick() throws {
    var outputs: [String] = []
    for format in [["--json"], ["--format", "json"]] {
      let run = try PseudoTerminalRun.run(
        ["color", "pick", "--initial", "rebeccapurple"] + format,
        steps: [.wait("Hex"), .send("\r")])
      #expect(run.status == 0)
      outputs.append(run.stdout)
    }
    #expect(outputs[0] == outputs[1])
    #expect(outputs[0].contains("\"hex\" : \"#663399\""))
  }

  @Test("font pick --json prints the family, and the style with --faces")
  func fontPick() throws {
    let home = try makeTemporaryDirectory()
    defer { removeTree(home) }
    struct Answer: Decodable {
      var family: String
      var style: String?
    }
    let plain = try PseudoTerminalRun.run(
      ["font", "pick", "--preview", "none", "--faces", "--initial", "DejaVu Sans:Bold"],
      steps: [.wait("Filter:"), .send("\r")], environment: ["XDG_CONFIG_HOME": home])
    let json = try PseudoTerminalRun.run(
      ["font", "pick", "--preview", "none", "--faces", "--initial", "DejaVu Sans:Bold", "--json"],
      steps: [.wait("Filter:"), .send("\r")], environment: ["XDG_CONFIG_HOME": home])
    #expect(plain.stdout == "DejaVu Sans:Bold\n")
    let answer = try JSONDecoder().decode(Answer.self, from: Data(json.stdout.utf8))
    #expect(answer.family == "DejaVu Sans" && answer.style == "Bold")
    let family = try PseudoTerminalRun.run(
      ["font", "pick", "--preview", "none", "--initial", "DejaVu Serif", "--json"],
      steps: [.wait("Filter:"), .send("\r")], environment: ["XDG_CONFIG_HOME": home])
    #expect(family.stdout.contains("\"style\" : null"))
    let decoded = try JSONDecoder().decode(Answer.self, from: Data(family.stdout.utf8))
    #expect(decoded.family == "DejaVu Serif" && decoded.style == nil)
  }
}

@Suite("bad-input rows for the consistency options")
struct ConsistencyCoverageTests {
  /// The options added for one meaning per option across the CLI, by command.
  static let added: [([String], String)] =
    [
      (["color", "convert"], "--json"), (["color", "mix"], "--json"),
      (["color", "diff"], "--json"),
      (["color", "pick"], "--json"), (["font", "pick"], "--json"), (["theme"], "--json"),
      (["font", "match"], "--format"), (["palette", "distinct"], "--count"),
      (["font", "preview"], "--size"), (["font", "specimen"], "--size"),
    ]
    + [
      ["color", "swatch"], ["font", "preview"], ["font", "specimen"], ["palette", "accents"],
      ["palette", "scale"], ["palette", "harmony"], ["palette", "distinct"],
      ["palette", "from-image"], ["palette", "simulate"], ["palette", "convert"], ["theme"],
    ].map { ($0, "--mkdir") }

  @Test("each added option is declared by its command and has a row in BadInputs.swift")
  func rows() throws {
    for (path, option) in Self.added {
      let help = try runPickers(path + ["--help"]).output
      #expect(help.contains(" \(option) ") || help.contains(" \(option)\n"), "\(path) \(option)")
      let covered = badInputs.contains { row in
        guard let arguments = row.arguments, Array(arguments.prefix(path.count)) == path else {
          return row.shell.map {
            $0.contains(" \(path.joined(separator: " ")) ") && $0.contains(option)
          }
            ?? false
        }
        return arguments.contains { $0 == option || $0.hasPrefix(option + "=") }
      }
      #expect(covered, "no bad-input row for pickers \(path.joined(separator: " ")) \(option)")
    }
  }
}
