import FoundationEssentials
import Glibc
import Testing

/// The pickers, driven through a pseudo-terminal like a user would.
@Suite("pickers font pick / color pick through a pty", .tags(.terminal))
struct PickTests {
  static let escape = "\u{1B}"

  /// Family names as `fc-list` sorts them (case-insensitively, family[0], deduplicated).
  static func fcListFamilies() throws -> [String] {
    let result = try runProgram("/usr/bin/fc-list", ["--format", "%{family[0]}\n"])
    var seen = Set<String>()
    return result.output.split(separator: "\n").map(String.init).filter { seen.insert($0).inserted }
      .sorted { $0.lowercased() < $1.lowercased() }
  }

  @Test("typing a family's name and Enter prints it on stdout; the terminal is restored")
  func typeAndEnter() throws {
    let home = try makeTemporaryDirectory()
    defer { removeTree(home) }
    let run = try PseudoTerminalRun.run(
      ["font", "pick", "--preview", "none"],
      steps: [.wait("Filter:"), .send("DejaVu Sans Mono"), .wait("Mono"), .send("\r")],
      environment: ["XDG_CONFIG_HOME": home])
    #expect(run.status == 0)
    #expect(run.stdout == "DejaVu Sans Mono\n")
    #expect(run.modesRestored)
    #expect(run.drawn.contains("\(Self.escape)[?1049h"))
    #expect(run.drawn.hasSuffix("\(Self.escape)[?1049l"))
  }

  @Test("--initial, Down and Enter print the family after it in fc-list's sorted order")
  func initialAndMove() throws {
    let families = try Self.fcListFamilies()
    let index = try #require(families.firstIndex(of: "DejaVu Sans"))
    let run = try PseudoTerminalRun.run(
      ["font", "pick", "--preview", "none", "--initial", "DejaVu Sans"],
      steps: [.wait("Filter:"), .send("\(Self.escape)[B"), .wait("›"), .send("\r")])
    #expect(run.status == 0)
    #expect(run.stdout == families[index + 1] + "\n")
  }

  @Test("without a controlling terminal, a terminal on standard input is used instead")
  func standardInputTerminal() throws {
    let run = try PseudoTerminalRun.run(
      ["font", "pick", "--preview", "none"],
      steps: [.wait("Filter:"), .send("DejaVu Serif"), .wait("Serif"), .send("\r")],
      controllingTerminal: false)
    #expect(run.status == 0)
    #expect(run.stdout == "DejaVu Serif\n")
    #expect(run.modesRestored)
  }

  @Test("a terminal answering the kitty query gets a kitty preview; --preview-png keeps it")
  func kittyPreviewDetected() throws {
    let home = try makeTemporaryDirectory()
    defer { removeTree(home) }
    let png = home + "/preview.png"
    let run = try PseudoTerminalRun.run(
      ["font", "pick", "--initial", "DejaVu Sans", "--preview-png", png],
      steps: [
        // Answer as kitty does: the graphics reply, then Primary Device Attributes.
        .waitRaw("\(Self.escape)_Gi=31"), .send("\(Self.escape)_Gi=31;OK\(Self.escape)\\"),
        .send("\(Self.escape)[?62;22c"), .waitRaw("\(Self.escape)_Ga=T,f=32"), .send("\r"),
      ],
      environment: ["XDG_CONFIG_HOME": home])
    #expect(run.status == 0)
    #expect(run.stdout == "DejaVu Sans\n")
    #expect(run.drawn.contains("\(Self.escape)_Ga=d,d=I,i=4242,q=2\(Self.escape)\\"))
    // The PNG kept is a real picture: ImageMagick reads it and finds dark ink on white.
    let stats = try runProgram(
      "/usr/bin/convert",
      [png, "-colorspace", "gray", "-format", "%w %h %[fx:minima] %[fx:maxima]", "info:"])
    let fields = stats.output.split(separator: " ").compactMap { Double($0) }
    try #require(fields.count == 4, "\(stats.output) \(stats.stderr)")
    #expect(fields[0] > 100 && fields[1] > 10)
    #expect(fields[2] < 0.2 && fields[3] > 0.9)
  }

  @Test("Ctrl-P pins a family: the kitty preview becomes a comparison, one labelled row each")
  func pinnedComparePreview() throws {
    let home = try makeTemporaryDirectory()
    defer { removeTree(home) }
    let families = try Self.fcListFamilies()
    let index = try #require(families.firstIndex(of: "DejaVu Sans"))
    let single = home + "/single.png"
    let compared = home + "/compare.png"
    let kitty: [PseudoTerminalRun.Step] = [
      .waitRaw("\(Self.escape)_Gi=31"), .send("\(Self.escape)_Gi=31;OK\(Self.escape)\\"),
      .send("\(Self.escape)[?62;22c"), .waitRaw("\(Self.escape)_Ga=T,f=32"),
    ]
    let one = try PseudoTerminalRun.run(
      ["font", "pick", "--initial", "DejaVu Sans", "--preview-png", single],
      steps: kitty + [.send("\r")], environment: ["XDG_CONFIG_HOME": home])
    #expect(one.status == 0)
    // Pin DejaVu Sans, move down: the preview compares it with the next family.
    let run = try PseudoTerminalRun.run(
      ["font", "pick", "--initial", "DejaVu Sans", "--preview-png", compared],
      steps: kitty + [
        .send("\u{10}"), .waitRaw("\(Self.escape)_Ga=T,f=32"), .send("\(Self.escape)[B"),
        .waitRaw("\(Self.escape)_Ga=T,f=32"), .send("\r"),
      ],
      environment: ["XDG_CONFIG_HOME": home])
    #expect(run.status == 0)
    #expect(run.stdout == families[index + 1] + "\n")
    #expect(run.modesRestored)
    // Bands of ink rows in the kept PNG, read by Pillow: the single preview is one line of
    // text; the comparison is a label and a sample line for each of the two families.
    let script = """
      import sys
      from PIL import Image
      for path in sys.argv[1:]:
          im = Image.open(path).convert("L"); w, h = im.size; px = im.load()
          ink = [any(px[x, y] < 128 for x in range(w)) for y in range(h)]
          print(sum(1 for y in range(h) if ink[y] and (y == 0 or not ink[y - 1])))
      """
    let bands = try runProgram("/usr/bin/python3", ["-c", script, single, compared]).output
      .split(separator: "\n").compactMap { Int($0) }
    try #require(bands.count == 2)
    #expect(bands[0] == 1)
    #expect(bands[1] == 4)
  }

  @Test("a terminal reporting sixel in its Device Attributes gets a sixel preview")
  func sixelPreviewDetected() throws {
    let run = try PseudoTerminalRun.run(
      ["font", "pick", "--initial", "DejaVu Sans"],
      steps: [
        .waitRaw("\(Self.escape)[c"), .send("\(Self.escape)[?62;4;22c"),
        .waitRaw("\(Self.escape)P0;1;0q"), .send("\u{03}"),
      ])
    #expect(run.status == 1)
    #expect(run.modesRestored)
  }

  @Test("Esc prints nothing, exits 1 and restores the terminal")
  func escapeCancels() throws {
    let run = try PseudoTerminalRun.run(
      ["font", "pick", "--preview", "none"],
      steps: [
        .wait("Filter:"), .send("dejavu\(Self.escape)[B"), .wait("dejavu"), .send(Self.escape),
      ])
    #expect(run.status == 1)
    #expect(run.stdout.isEmpty)
    #expect(run.modesRestored)
  }

  @Test("Ctrl-C prints nothing and exits 1")
  func controlCCancels() throws {
    let run = try PseudoTerminalRun.run(
      ["color", "pick"], steps: [.wait("Hex"), .send("\u{03}")])
    #expect(run.status == 1)
    #expect(run.stdout.isEmpty)
    #expect(run.modesRestored)
  }

  @Test("SIGTERM restores the terminal before the program dies of it")
  func sigtermRestores() throws {
    let run = try PseudoTerminalRun.run(
      ["color", "pick"], steps: [.wait("Hex"), .run { pid, _ in kill(pid, SIGTERM) }])
    #expect(run.status == 128 + SIGTERM)
    #expect(run.stdout.isEmpty)
    #expect(run.modesRestored)
    #expect(run.drawn.contains("\(Self.escape)[?1049l"))
  }

  @Test("a crash restores the terminal before the process dies")
  func crashRestores() throws {
    let run = try PseudoTerminalRun.run(
      ["color", "pick"], steps: [.wait("Hex"), .send("!")],
      environment: ["PICKERS_TEST_CRASH_KEY": "!"])
    #expect([128 + SIGILL, 128 + SIGTRAP].contains(run.status))
    #expect(run.stdout.isEmpty)
    #expect(run.modesRestored)
    #expect(run.drawn.contains("\(Self.escape)[?1049l"))
  }

  @Test("resizing the terminal redraws the whole screen at the new size")
  func resizeRedraws() throws {
    let run = try PseudoTerminalRun.run(
      ["color", "pick"],
      steps: [
        .wait("Hex"),
        .run { _, master in
          var window = winsize(ws_row: 20, ws_col: 70, ws_xpixel: 0, ws_ypixel: 0)
          _ = ioctl(master, UInt(TIOCSWINSZ), &window)
        },
        .waitRaw("\(Self.escape)[2J"), .send("\r"),
      ])
    #expect(run.status == 0)
    // The footer of the redrawn screen is on row 20, the new last row.
    #expect(run.drawn.contains("\(Self.escape)[20;1H"))
    var replay = ScreenReplay(width: 70, height: 20)
    let afterResize = try #require(run.drawn.split(separator: "\(Self.escape)[2J").last)
    replay.apply(String(afterResize))
    #expect(replay.lines[19].hasPrefix("↑↓ slider"))
  }

  @Test("two large hue steps from red print #ff8000, hsl(30 100% 50%) in CSS Color 4's table")
  func colorPick() throws {
    let run = try PseudoTerminalRun.run(
      ["color", "pick", "--initial", "red", "--space", "hsl"],
      steps: [
        .wait("Hex"), .send("\(Self.escape)[1;2C\(Self.escape)[1;2C"), .wait("#ff8000"),
        .send("\r"),
      ])
    #expect(run.status == 0)
    #expect(run.stdout == "#ff8000\n")
    #expect(run.modesRestored)
  }

  @Test("--initial takes any CSS color; --format json prints hex, CSS and components")
  func colorPickJSON() throws {
    let run = try PseudoTerminalRun.run(
      ["color", "pick", "--initial", "rebeccapurple", "--format", "json"],
      steps: [.wait("Hex"), .send("\r")])
    #expect(run.status == 0)
    #expect(run.stdout.contains("\"hex\" : \"#663399\""))
    #expect(run.stdout.contains("\"css\" : \"rgb(102 51 153)\""))
    #expect(run.stdout.contains("\"space\" : \"rgb\""))
  }

  @Test("--format css and --opacity print the translucent CSS color")
  func colorPickCSS() throws {
    let run = try PseudoTerminalRun.run(
      ["color", "pick", "--initial", "#0000ff", "--opacity", "--format", "css"],
      steps: [
        .wait("Hex"), .send("\(Self.escape)[B\(Self.escape)[B\(Self.escape)[B50"), .wait("50▏"),
        .send("\r"),
      ])
    #expect(run.status == 0)
    #expect(run.stdout == "rgb(0 0 255 / 0.5)\n")
  }

  @Test("with no terminal the pickers fail at once with a clear message")
  func noTerminal() throws {
    for arguments in [["font", "pick"], ["color", "pick"]] {
      // setsid without -c: a new session with no controlling terminal, stdin a file.
      let result = try runProgram(
        "/usr/bin/setsid", [pickersBinary] + arguments,
        environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""], timeout: 20)
      #expect(result.status == 1)
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.hasPrefix("pickers: no terminal to draw on"))
    }
  }

  @Test("bad option values are usage errors")
  func usageErrors() throws {
    let space = try runPickers(["color", "pick", "--space", "cmyk"])
    #expect(space.status == 2)
    let initial = try runPickers(["color", "pick", "--initial", "not-a-color"])
    #expect(initial.status == 2)
    #expect(initial.stderr.contains("'not-a-color'"))
    let stars = try runPickers(["font", "list", "--favorites", "--min-stars", "9"])
    #expect(stars.status == 2)
    let alone = try runPickers(["font", "list", "--min-stars", "3"])
    #expect(alone.status == 2)
    #expect(alone.stderr.hasPrefix("pickers: --min-stars needs --favorites"))
  }
}

@Suite("--json on the pickers, through a pty", .tags(.terminal))
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

  @Test("font pick --format: the row's face and --size, as the window answers them")
  func fontPickFormats() throws {
    let home = try makeTemporaryDirectory()
    defer { removeTree(home) }
    func pick(_ extra: [String]) throws -> String {
      try PseudoTerminalRun.run(
        ["font", "pick", "--preview", "none"] + extra,
        steps: [.wait("Filter:"), .send("\r")], environment: ["XDG_CONFIG_HOME": home]
      ).stdout
    }
    #expect(
      try pick([
        "--faces", "--initial", "DejaVu Sans:Bold", "--size", "24", "--format", "family size",
      ])
        == "DejaVu Sans 24\n")
    // Without --faces the face is the family's regular one, the style fc-match gives it.
    let regular = try runProgram("/usr/bin/fc-match", ["--format", "%{style[0]}", "DejaVu Serif"])
    #expect(
      try pick(["--initial", "DejaVu Serif", "--format", "family:style"])
        == "DejaVu Serif:\(regular.output)\n")
    struct Answer: Decodable {
      var family: String
      var style: String?
      var size: Double
    }
    let json = try pick(["--faces", "--initial", "DejaVu Sans:Bold", "--format", "json"])
    let answer = try JSONDecoder().decode(Answer.self, from: Data(json.utf8))
    #expect(answer.family == "DejaVu Sans" && answer.style == "Bold" && answer.size == 36)
  }
}
