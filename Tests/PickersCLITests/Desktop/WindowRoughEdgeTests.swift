import Glibc
import Testing

/// The rough edges a person hit in the picker windows (issue 32), each driven as a person
/// would: keys and clicks from xdotool under Xvfb, the answer read from standard output.
@Suite(
  "the picker windows' rough edges, under Xvfb",
  .serialized,
  .enabled(if: guiToolsPresent, "needs Xvfb, xdotool, xwd, dbus-run-session and pickers-gtk"),
  .tags(.desktop))
struct WindowRoughEdgeTests {
  /// Whether the picker is still running after `seconds`: a deliberate negative check (nothing
  /// may happen within that time), so a fixed sleep and no state to wait for.
  static func stillRunning(_ session: WindowSession, after seconds: Double) -> Bool {
    usleep(UInt32(seconds * 1_000_000))
    let found = try? session.display.run("/usr/bin/xdotool", ["search", "--name", "^pickers"])
    return found?.status == 0 && found?.output.isEmpty == false
  }

  @Test("typing 10 into the R spin button and pressing Enter answers red 10")
  func spinButtonEnter() throws {
    let session = try WindowSession(
      ["color", "pick", "--gui", "--initial", "#3478f6", "--format", "css"],
      title: "pickers · color")
    try session.click("spin0")
    try session.keys("ctrl+a")
    try session.type("10")
    try session.keys("Return")
    let result = try session.picker.wait()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.output == "rgb(10 120 246)\n")
  }

  @Test("Enter while the CSS entry is not a color does not choose; a valid color then does")
  func invalidEntryBlocksEnter() throws {
    let session = try WindowSession(
      ["color", "pick", "--gui", "--initial", "#3478f6"], title: "pickers · color")
    try session.click("entry")
    try session.keys("ctrl+a")
    try session.type("rebeccapurplx")
    try session.keys("Return")
    #expect(Self.stillRunning(session, after: 1), "Enter chose with an invalid entry")
    try session.keys("ctrl+a")
    try session.type("rebeccapurple")
    try session.keys("Return")
    let result = try session.picker.wait()
    #expect(result.status == 0, "\(result.stderr)")
    // CSS Color 4 names rebeccapurple #663399.
    #expect(result.output == "#663399\n")
  }

  @Test(
    "an out-of-sRGB --initial shows and answers one color: color convert's gamut mapping",
    arguments: ["oklch(70% 0.3 150)", "oklch(150% 2 400)"])
  func outOfGamutInitial(css: String) throws {
    let convert = try runPickers(["color", "convert", css, "--to", "hex"])
    #expect(convert.status == 0, "\(convert.stderr)")
    let hex = convert.output.trimmingSuffix("\n")
    let session = try WindowSession(
      ["color", "pick", "--gui", "--initial", css, "--format", "css"], title: "pickers · color")
    let screen = try session.display.screenshot()
    let swatch = try session.pixels(of: "swatch", in: screen, inset: 2)
    let bytes = stride(from: 1, to: 7, by: 2).map {
      UInt8(hex.dropFirst($0).prefix(2), radix: 16) ?? 0
    }
    #expect(!swatch.isEmpty)
    #expect(swatch.allSatisfy { $0 == bytes }, "swatch \(swatch.first ?? []) not \(hex)")
    try session.keys("Return")
    let result = try session.picker.wait()
    #expect(result.status == 0, "\(result.stderr)")
    // The CSS answer is the same color as the hex the converter printed.
    let back = try runPickers([
      "color", "convert", result.output.trimmingSuffix("\n"), "--to", "hex",
    ])
    #expect(back.output == convert.output, "answer \(result.output)")
  }

  @Test("two color windows open at once: the recent colors keep both picks")
  func recentColorsMerge() throws {
    let state = try makeTemporaryDirectory()
    defer { removeTree(state) }
    let shared = ["XDG_STATE_HOME": state]
    let first = try WindowSession(
      ["color", "pick", "--gui", "--initial", "#111111"], title: "pickers · color",
      environment: shared)
    let second = try WindowSession(
      ["color", "pick", "--gui", "--initial", "#222222"], title: "pickers · color",
      environment: shared)
    try second.keys("Return")
    #expect(try second.picker.wait().output == "#222222\n")
    try first.keys("Return")
    #expect(try first.picker.wait().output == "#111111\n")
    let recent = try runProgram("/bin/cat", [state + "/pickers/recent-colors"])
    #expect(recent.output == "#111111\n#222222\n")
  }

  @Test("the accent swatches are one Tab stop; Right moves along them, Space picks one")
  func swatchRowArrows() throws {
    let accents = try runPickers(["palette", "accents", "--format", "hex"])
    let hexes = accents.output.split(separator: "\n").map(String.init)
    #expect(hexes.count > 4, "\(accents.output)")
    let session = try WindowSession(
      ["color", "pick", "--gui", "--initial", "#3478f6"], title: "pickers · color")
    try session.click("entry")
    // From the entry one Tab reaches the row, on its first swatch; three Rights, then Space.
    try session.keys("Tab", "Right", "Right", "Right", "space")
    try session.awaitSwatch(hexes[3].lowercased(), "the fourth accent swatch picked")
    try session.keys("Return")
    let result = try session.picker.wait()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.output == hexes[3].lowercased() + "\n")
  }

  @Test("the font window selects and shows --initial: Enter answers it")
  func fontInitial() throws {
    let session = try WindowSession(
      ["font", "pick", "--gui", "--initial", "Noto Sans Mono"], title: "pickers · font")
    try session.awaitPreview("--initial selects Noto Sans Mono") { _, arguments in
      arguments.first == "Noto Sans Mono"
    }
    try session.keys("Return")
    let result = try session.picker.wait()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.output == "Noto Sans Mono\n")
  }
}

extension String {
  /// The string without one trailing `suffix`.
  fileprivate func trimmingSuffix(_ suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}

@Suite(
  "the color window's 2-D field, under Xvfb",
  .serialized,
  .enabled(if: guiToolsPresent, "needs Xvfb, xdotool, xwd, dbus-run-session and pickers-gtk"),
  .tags(.desktop))
struct ColorFieldWindowTests {
  @Test("a click near the field's top-right corner at hue 0 answers that HSV red")
  func clickCorner() throws {
    let session = try WindowSession(
      ["color", "pick", "--gui", "--initial", "#ff8080"], title: "pickers · color")
    let rect = try #require(session.geometry["field"])
    try session.display.run(
      "/usr/bin/xdotool",
      [
        "mousemove", "--window", session.window, String(rect[0] + rect[2] - 1),
        String(rect[1] + 1), "click", "1",
      ])
    // HSV at hue 0 (the textbook formula): the click is 1 px inside the top-right corner.
    let value = 1 - 1 / Double(rect[3])
    let saturation = Double(rect[2] - 1) / Double(rect[2])
    let red = Int((value * 255).rounded())
    let other = Int((value * (1 - saturation) * 255).rounded())
    func hex(_ byte: Int) -> String { (byte < 16 ? "0" : "") + String(byte, radix: 16) }
    let expected = "#" + hex(red) + hex(other) + hex(other)
    try session.awaitSwatch(expected, "the field clicked")
    try session.keys("Return")
    let result = try session.picker.wait()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.output == expected + "\n")
  }
}
