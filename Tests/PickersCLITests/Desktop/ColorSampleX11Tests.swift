import Foundation
import Glibc
import Testing

/// One Xvfb for the suite, showing the fixture's windows (Tests/Fixtures/desktop/
/// color-windows.py): #202020 everywhere, #ff0000 at 100,100 200x150, #3366cc at 400,100
/// 200x150, a 1-pixel #00ff7f line at x 700 (y 100 to 399), and a gradient at 100,400 where
/// pixel (100+i, 400+j) is (i, 4j, 255-i).
private let sharedScreen: Result<VirtualScreen, HarnessError> = {
  do {
    return .success(try VirtualScreen())
  } catch {
    return .failure(HarnessError(description: "\(error)"))
  }
}()

/// The hex value the fixture paints at `x`, `y` (its documented layout).
private func fixtureColor(_ x: Int, _ y: Int) -> String {
  func hex(_ r: Int, _ g: Int, _ b: Int) -> String {
    let digits = Array("0123456789abcdef")
    return "#" + [r, g, b].map { String([digits[$0 >> 4], digits[$0 & 15]]) }.joined()
  }
  switch (x, y) {
  case (100..<300, 100..<250): return "#ff0000"
  case (400..<600, 100..<250): return "#3366cc"
  case (700, 100..<400): return "#00ff7f"
  case (100..<356, 400..<464): return hex(x - 100, 4 * (y - 400), 255 - (x - 100))
  default: return "#202020"
  }
}

/// Parses standard output as JSON.
private func json(_ result: PickersResult) throws -> Any {
  try JSONSerialization.jsonObject(with: Data(result.stdout))
}

/// The tests share one pointer and keyboard, so they run one at a time.
@Suite("pickers color sample on X11 (Xvfb)", .serialized, .tags(.desktop))
struct ColorSampleX11Tests {
  let screen: VirtualScreen

  init() throws {
    screen = try sharedScreen.get()
    for tool in ["xdotool", "xwd", "xclip"] {
      try #require(programExists(tool), "\(tool) is installed by scripts/install-deps")
    }
  }

  /// Starts `pickers color sample ARGUMENTS` with the pointer at `start`, waits for its
  /// magnifier, runs `actions`, and returns what the command printed.
  private func sample(
    _ arguments: [String], pointer start: (Int, Int), extraEnvironment: [String: String] = [:],
    actions: (String) throws -> Void
  ) throws -> PickersResult {
    try screen.run("xdotool", ["mousemove", "\(start.0)", "\(start.1)"])
    let process = try BackgroundProcess(
      pickersBinary, ["color", "sample", "--timeout", "60"] + arguments,
      environment: screen.environment.merging(extraEnvironment) { $1 })
    let window = try #require(
      try screen.window(named: "pickers-sample magnifier"), "the magnifier appears")
    try actions(window)
    return try process.wait(timeout: 60)
  }

  @Test("--at agrees with xwd's pixel and the fixture's layout, 1-px line and gradient too")
  func atAgreesWithXWD() throws {
    let shot = try screen.screenshot()
    #expect(shot.width == screen.width && shot.height == screen.height)
    let points = [
      (150, 150), (450, 150), (700, 100), (700, 399), (699, 200), (701, 200), (100, 400),
      (355, 463), (228, 431), (5, 5), (1279, 799), (299, 249), (300, 249),
    ]
    for (x, y) in points {
      let result = try runPickers(
        ["color", "sample", "--at", "\(x),\(y)"], environment: screen.environment)
      #expect(result.status == 0, "\(x),\(y): \(result.stderr)")
      #expect(result.output == shot.hex(x, y) + "\n", "\(x),\(y) against xwd")
      #expect(result.output == fixtureColor(x, y) + "\n", "\(x),\(y) against the layout")
    }
  }

  @Test("--at with --json gives the position, and --format converts like color convert")
  func atJSONAndFormat() throws {
    let result = try runPickers(
      ["color", "sample", "--at", "450,150", "--json", "--format", "oklch"],
      environment: screen.environment)
    #expect(result.status == 0, "\(result.stderr)")
    let object = try #require(try json(result) as? [String: Any])
    #expect(Set(object.keys) == ["color", "hex", "x", "y", "backend"])
    #expect(object["hex"] as? String == "#3366cc")
    #expect(object["x"] as? Int == 450 && object["y"] as? Int == 150)
    #expect(object["backend"] as? String == "x11")
    let converted = try runPickers(["color", "convert", "#3366cc", "--to", "oklch"])
    #expect(object["color"] as? String == converted.output.dropLast().description)
  }

  @Test("--at off the screen fails with exit 1, a message naming the screen, and no output")
  func atOffScreen() throws {
    let result = try runPickers(
      ["color", "sample", "--at", "1280,10"], environment: screen.environment)
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "pickers: 1280,10 is outside the screen (1280x800 pixels, 0,0 to 1279,799)\n")
  }

  @Test(
    "a left click prints the exact color under the pointer",
    arguments: [
      (450, 150), (700, 250), (150, 200), (228, 431),
    ])
  func click(x: Int, y: Int) throws {
    let result = try sample([], pointer: (10, 10)) { _ in
      try screen.run("xdotool", ["mousemove", "\(x)", "\(y)", "click", "1"])
    }
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.output == fixtureColor(x, y) + "\n")
  }

  @Test("a click with --json reports where it was")
  func clickJSON() throws {
    let result = try sample(["--json"], pointer: (10, 10)) { _ in
      try screen.run("xdotool", ["mousemove", "120", "110", "click", "1"])
    }
    #expect(result.status == 0, "\(result.stderr)")
    let object = try #require(try json(result) as? [String: Any])
    #expect(object["hex"] as? String == "#ff0000")
    #expect(object["x"] as? Int == 120 && object["y"] as? Int == 110)
  }

  @Test("arrows move the sampled pixel by one, Shift+arrows by ten, Enter picks (--count 2)")
  func arrowKeys() throws {
    let result = try sample(["--json", "--count", "2"], pointer: (690, 200)) { _ in
      // Ten single steps right land on the 1-pixel line at x 700; typed in one go, as fast
      // as xdotool can, so the keys queue up behind the pointer's moves.
      try screen.run("xdotool", ["key"] + Array(repeating: "Right", count: 10) + ["Return"])
      // Shift+Down twice and Up once: y 200 + 20 - 1 = 219, still on the line.
      try screen.run("xdotool", ["key", "shift+Down", "shift+Down", "Up"])
      try screen.run("xdotool", ["key", "Return"])
    }
    #expect(result.status == 0, "\(result.stderr)")
    let items = try #require(try json(result) as? [[String: Any]])
    #expect(items.count == 2)
    #expect(items.first?["x"] as? Int == 700 && items.first?["y"] as? Int == 200)
    #expect(items.first?["hex"] as? String == "#00ff7f")
    #expect(items.last?["x"] as? Int == 700 && items.last?["y"] as? Int == 219)
    #expect(items.last?["hex"] as? String == "#00ff7f")
  }

  @Test("Esc cancels: exit 1, nothing printed")
  func escape() throws {
    let result = try sample([], pointer: (450, 150)) { _ in
      try screen.run("xdotool", ["key", "Escape"])
    }
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.isEmpty)
  }

  @Test("a right click cancels: exit 1, nothing printed")
  func rightClick() throws {
    let result = try sample(["--count", "3"], pointer: (450, 150)) { _ in
      try screen.run("xdotool", ["click", "1"])
      try screen.run("xdotool", ["click", "3"])
    }
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.isEmpty)
  }

  @Test("the magnifier shows the zoomed pixels around the pointer and follows the arrows")
  func magnifierScreenshot() throws {
    let result = try sample([], pointer: (700, 200)) { window in
      try expectMagnifier(window, showing: (700, 200))
      try screen.run("xdotool", ["key", "Right"])
      try expectMagnifier(window, showing: (701, 200))
      try screen.run("xdotool", ["key", "Escape"])
    }
    #expect(result.status == 1)
  }

  /// Checks, on a screenshot, that every cell of the magnifier shows the screen pixel it
  /// stands for: 15 x 15 cells of `cell` x `cell` pixels, the center one framed in black or white,
  /// its middle showing the pixel itself.
  private func expectMagnifier(
    _ window: String, showing center: (Int, Int), cell: Int = 9
  ) throws {
    /// The window's inside corner and size now (xdotool gives the corner outside its 1-pixel
    /// border).
    func geometry() throws -> (left: Int, top: Int, width: Int?, height: Int?) {
      let text = try screen.run("xdotool", ["getwindowgeometry", "--shell", window]).output
      var values: [String: Int] = [:]
      for line in text.split(separator: "\n") {
        let parts = line.split(separator: "=")
        if parts.count == 2 { values[String(parts[0])] = Int(parts[1]) }
      }
      return (
        try #require(values["X"]) + 1, try #require(values["Y"]) + 1, values["WIDTH"],
        values["HEIGHT"]
      )
    }
    // The window is drawn after it moves, the cells before the center's frame: wait (bounded)
    // until its center cell and that cell's frame are both on screen, asking where the window
    // is each time (on a loaded machine it can still be moving after the first look).
    let corners = [(0, 0), (cell - 1, 0), (0, cell - 1), (cell - 1, cell - 1), (cell / 2, 0)]
    func drawn(_ shot: XWDImage, _ left: Int, _ top: Int) -> Bool {
      shot.hex(left + 7 * cell + cell / 2, top + 7 * cell + cell / 2)
        == fixtureColor(center.0, center.1)
        && corners.allSatisfy { (dx, dy) in
          ["#000000", "#ffffff"].contains(shot.hex(left + 7 * cell + dx, top + 7 * cell + dy))
        }
    }
    var place = try geometry()
    var shot = try screen.screenshot()
    let deadline = monotonicNow() + 20
    while !drawn(shot, place.left, place.top) && monotonicNow() < deadline {
      usleep(100_000)
      place = try geometry()
      shot = try screen.screenshot()
    }
    let (left, top) = (place.left, place.top)
    #expect(place.width == 15 * cell && place.height == 15 * cell + 18)
    var wrong: [String] = []
    for row in 0..<15 {
      for column in 0..<15 {
        let (x, y) = (center.0 - 7 + column, center.1 - 7 + row)
        let shown = shot.hex(left + column * cell + cell / 2, top + row * cell + cell / 2)
        if shown != shot.hex(x, y) { wrong.append("\(x),\(y): \(shown) not \(shot.hex(x, y))") }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    for (dx, dy) in corners {
      let frame = shot.hex(left + 7 * cell + dx, top + 7 * cell + dy)
      #expect(frame == "#000000" || frame == "#ffffff", "the center cell's frame is \(frame)")
    }
  }

  @Test("on a HiDPI screen (Xft.dpi 192) the magnifier doubles and clicks stay device pixels")
  func hiDPI() throws {
    try #require(programExists("xrdb"), "xrdb is installed by scripts/install-deps")
    try screen.run("xrdb", ["-merge"], stdin: Array("Xft.dpi: 192\n".utf8))
    defer { _ = try? screen.run("xrdb", ["-remove"]) }
    let cancelled = try sample([], pointer: (700, 200)) { window in
      try expectMagnifier(window, showing: (700, 200), cell: 18)
      try screen.run("xdotool", ["key", "Escape"])
    }
    #expect(cancelled.status == 1)
    let clicked = try sample(["--json"], pointer: (10, 10)) { _ in
      try screen.run("xdotool", ["mousemove", "700", "330", "click", "1"])
    }
    let object = try #require(try json(clicked) as? [String: Any])
    #expect(object["hex"] as? String == "#00ff7f")
    #expect(object["x"] as? Int == 700 && object["y"] as? Int == 330)
  }

  @Test("no click within --timeout fails with exit 1 and says so")
  func timeout() throws {
    try screen.run("xdotool", ["mousemove", "10", "10"])
    let result = try runPickers(
      ["color", "sample", "--timeout", "1"], environment: screen.environment)
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "pickers: no answer after 1 s waiting for a click (--timeout sets the limit)\n")
  }

  @Test("--copy puts the printed answer on the CLIPBOARD selection")
  func copy() throws {
    let environment = screen.environment.merging(["PICKERS_CLIPBOARD_SECONDS": "60"]) { $1 }
    let result = try runPickers(
      ["color", "sample", "--at", "700,300", "--format", "srgb", "--copy"],
      environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    let converted = try runPickers(["color", "convert", "#00ff7f", "--to", "srgb"]).output
    #expect(result.output == converted)
    let pasted = try screen.run("xclip", ["-o", "-selection", "clipboard"])
    #expect(pasted.status == 0, "\(pasted.stderr)")
    #expect(pasted.output + "\n" == converted)
    let targets = try screen.run("xclip", ["-o", "-selection", "clipboard", "-t", "TARGETS"])
    #expect(targets.output.split(separator: "\n").contains("UTF8_STRING"))
    // A click-picked color is copied too.
    let clicked = try sample(["--copy"], pointer: (10, 10), extraEnvironment: environment) { _ in
      try screen.run("xdotool", ["mousemove", "450", "150", "click", "1"])
    }
    #expect(clicked.output == "#3366cc\n")
    #expect(try screen.run("xclip", ["-o", "-selection", "clipboard"]).output == "#3366cc")
  }

  @Test("the helper's own protocol: '#rrggbb X Y' lines, exit 0")
  func helperProtocol() throws {
    let helper = buildProductsDirectory + "/pickers-sample"
    let result = try runProgram(
      helper, ["pick", "--at", "700,150"], environment: screen.environment)
    #expect(result.status == 0)
    #expect(result.output == "#00ff7f 700 150\n")
    var environment = screen.environment
    environment["PICKERS_CLIPBOARD_SECONDS"] = "30"
    let copied = try runProgram(
      helper, ["pick", "--at", "150,150", "--copy"], environment: environment)
    #expect(copied.output == "#ff0000 150 150\n")
    #expect(try screen.run("xclip", ["-o", "-selection", "clipboard"]).output == "#ff0000")
  }

  @Test("every example in the command's help runs")
  func helpExamples() throws {
    let help = try runPickers(["color", "sample", "--help"]).output
    let examples = help.split(separator: "\n").drop { $0 != "EXAMPLES:" }.dropFirst()
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    #expect(examples.count == 3)
    var environment = screen.environment
    environment["PATH"] = buildProductsDirectory + ":/usr/bin:/bin"
    environment["PICKERS_CLIPBOARD_SECONDS"] = "5"
    for example in examples {
      let result = try runProgram("/bin/bash", ["-c", example], environment: environment)
      #expect(result.status == 0, "\(example): \(result.stderr)")
      #expect(!result.stdout.isEmpty, "\(example)")
    }
  }
}
