import Glibc
import Testing

/// The color window's hue and opacity strips, old/new swatch and eyedropper (issues 32, 27),
/// driven as a person would under Xvfb: xdotool drags, clicks and keys; the answer read from
/// standard output and checked against Python's colorsys and the linear strip scale.
@Suite(
  "the color window's strips, old/new swatch and eyedropper, under Xvfb",
  .serialized,
  .enabled(if: guiToolsPresent, "needs Xvfb, xdotool, xwd, dbus-run-session and pickers-gtk"),
  .tags(.desktop))
struct ColorStripWindowTests {
  /// `#rrggbb` of HSV (hue in degrees, saturation and value 0...1), from Python's colorsys.
  static func hsvHex(_ hue: Double, _ saturation: Double, _ value: Double) throws -> String {
    let script =
      "import colorsys,sys; h,s,v=(float(a) for a in sys.argv[1:]); "
      + "print('#%02x%02x%02x' % tuple(int(c*255+0.5) for c in colorsys.hsv_to_rgb(h/360,s,v)))"
    let result = try runProgram(
      "/usr/bin/python3", ["-c", script, "\(hue)", "\(saturation)", "\(value)"])
    return String(result.output.split(separator: "\n").first ?? "")
  }

  /// The numbers in a CSS function's text (`oklch(60% 0.1 193)` -> 60, 0.1, 193).
  static func numbers(_ css: String) -> [Double] {
    css.split(whereSeparator: { !"0123456789.-".contains($0) }).compactMap { Double($0) }
  }

  /// Drags with button 1 inside widget `name` from `from` to `to` (widget pixels).
  static func drag(
    _ session: WindowSession, _ name: String, from: (Int, Int), to: (Int, Int)
  ) throws {
    let rect = try #require(session.geometry[name])
    let display = session.display
    func move(_ point: (Int, Int)) throws {
      try display.run(
        "/usr/bin/xdotool",
        [
          "mousemove", "--window", session.window, String(rect[0] + point.0),
          String(rect[1] + point.1),
        ])
    }
    try move(from)
    try display.run("/usr/bin/xdotool", ["mousedown", "1"])
    // Pacing, not a wait for a state: a drag is motion over time, and GTK folds motion events
    // that arrive together into one (the caller waits for the drag's result).
    usleep(100_000)
    for step in 1...4 {
      try move((from.0 + (to.0 - from.0) * step / 4, from.1 + (to.1 - from.1) * step / 4))
      usleep(50_000)
    }
    try display.run("/usr/bin/xdotool", ["mouseup", "1"])
  }

  @Test("dragging the hue strip of #ff0000 to a third of its height answers HSV hue 120")
  func hueDrag() throws {
    let session = try WindowSession(
      ["color", "pick", "--gui", "--initial", "#ff0000"], title: "pickers · color")
    let rect = try #require(session.geometry["hue"])
    let target = rect[3] / 3
    try Self.drag(session, "hue", from: (rect[2] / 2, 2), to: (rect[2] / 2, target))
    // Saturation and value stay 1: the color at that hue of the strip's linear scale.
    let hue = Double(target) / Double(rect[3]) * 360
    let expected = try Self.hsvHex(hue, 1, 1)
    try session.awaitSwatch(expected, "the drag to hue \(hue)")
    try session.keys("Return")
    let result = try session.picker.wait()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.output == expected + "\n", "hue \(hue)")
  }

  @Test("in OKLCH a click on the hue strip's middle, Down x3 and Shift+Down answer hue 180 + 13")
  func hueKeys() throws {
    let session = try WindowSession(
      [
        "color", "pick", "--gui", "--space", "oklch", "--initial", "oklch(60% 0.1 100)",
        "--format", "css",
      ],
      title: "pickers · color")
    try session.click("hue")
    try session.keys("Down", "Down", "Down", "shift+Down", "Return")
    let result = try session.picker.wait()
    #expect(result.status == 0, "\(result.stderr)")
    let rect = try #require(session.geometry["hue"])
    let clicked = Double(rect[3] / 2) / Double(rect[3]) * 360
    let values = Self.numbers(result.output)
    #expect(result.output.hasPrefix("oklch("), "\(result.output)")
    #expect(values.count == 3, "\(result.output)")
    if values.count == 3 {
      // Lightness as a fraction (0.6) or a percentage (60%).
      let lightness = result.output.contains("%") ? values[0] / 100 : values[0]
      #expect(abs(lightness - 0.6) < 0.0005, "\(result.output)")
      #expect(abs(values[1] - 0.1) < 0.0005, "\(result.output)")
      #expect(abs(values[2] - (clicked + 13)) < 0.06, "\(result.output) vs \(clicked + 13)")
    }
  }

  @Test("with --opacity a click a quarter down the opacity strip and Up answer alpha 0.76")
  func opacityStrip() throws {
    let session = try WindowSession(
      ["color", "pick", "--gui", "--opacity", "--initial", "#3366cc", "--format", "css"],
      title: "pickers · color")
    let rect = try #require(session.geometry["opacity"])
    let y = rect[3] / 4
    try session.display.run(
      "/usr/bin/xdotool",
      [
        "mousemove", "--window", session.window, String(rect[0] + rect[2] / 2),
        String(rect[1] + y), "click", "1",
      ])
    // Translucent, the swatch is drawn over a checkerboard: no longer all #3366cc.
    try session.awaitPixels(of: "swatch", inset: 2, "a translucent #3366cc (the click)") {
      !$0.allSatisfy { $0 == [0x33, 0x66, 0xcc] }
    }
    try session.keys("Up", "Return")
    let result = try session.picker.wait()
    #expect(result.status == 0, "\(result.stderr)")
    // Opaque at the top, clear at the bottom, in hundredths as the A slider shows them.
    let alpha = ((1 - Double(y) / Double(rect[3])) * 100).rounded() / 100 + 0.01
    let values = Self.numbers(result.output)
    #expect(values.count == 4, "\(result.output)")
    if values.count == 4 {
      #expect(Array(values.prefix(3)) == [51, 102, 204], "\(result.output)")
      #expect(abs(values[3] - alpha) < 1e-9, "\(result.output) vs \(alpha)")
    }
    // Without --opacity there is no opacity strip.
    let plain = try WindowSession(["color", "pick", "--gui"], title: "pickers · color")
    #expect(plain.geometry["opacity"] == nil)
    #expect(plain.geometry["hue"] != nil)
    try plain.keys("Escape")
    _ = try plain.picker.wait()
  }

  @Test("the old half shows --initial; after a field click, clicking it restores #3366cc")
  func originalSwatch() throws {
    let session = try WindowSession(
      ["color", "pick", "--gui", "--initial", "#3366cc"], title: "pickers · color")
    let field = try #require(session.geometry["field"])
    try session.display.run(
      "/usr/bin/xdotool",
      [
        "mousemove", "--window", session.window, String(field[0] + field[2] - 1),
        String(field[1] + 1), "click", "1",
      ])
    let screen = try session.awaitScreen("the new swatch changed by the field click") {
      let new = try session.pixels(of: "swatch", in: $0, inset: 2)
      return !new.isEmpty && new.allSatisfy { $0 != [0x33, 0x66, 0xcc] }
    }
    let old = try session.pixels(of: "original", in: screen, inset: 8)
    #expect(!old.isEmpty && old.allSatisfy { $0 == [0x33, 0x66, 0xcc] }, "\(old.first ?? [])")
    try session.click("original")
    try session.awaitSwatch("#3366cc", "the old half clicked")
    try session.keys("Return")
    let result = try session.picker.wait()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.output == "#3366cc\n")
  }

  @Test(
    "while the portal's pick is pending the window answers a click and a key and repaints; then the color arrives"
  )
  func eyedropperStaysResponsive() throws {
    let session = try WindowSession(
      ["color", "pick", "--gui", "--initial", "#ff8080"], title: "pickers · color",
      environment: ["XDG_SESSION_TYPE": "wayland"])
    try #require(session.geometry["dropper"] != nil, "the eyedropper needs pickers-sample")
    // The stand-in portal joins the window's own session bus.
    let address = try WindowAccessibilityTests.busAddress(display: session.display.name)
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let release = folder + "/release"
    let portal = try BackgroundProcess(
      "/usr/bin/env",
      [
        "DBUS_SESSION_BUS_ADDRESS=\(address)", "STANDIN_RELEASE=\(release)",
        "STANDIN_LOG=\(folder)/log", "/usr/bin/python3",
        fixturesDirectory + "/desktop/portal-standin.py", "released:0.2,0.4,0.8", "--",
        "/bin/sh", "-c", "touch \"$0\"; sleep 60", folder + "/ready",
      ])
    defer { kill(-portal.pid, SIGKILL) }
    for _ in 0..<200 where access(folder + "/ready", F_OK) != 0 { usleep(50_000) }
    if access(folder + "/ready", F_OK) != 0 {
      let failed = try? portal.wait(timeout: 1)
      Issue.record("the stand-in portal did not start on \(address): \(failed?.stderr ?? "")")
      return
    }
    try session.click("dropper")
    try waitUntil(
      "the stand-in portal's log of a PickColor call",
      last: {
        "pickers-sample: "
          + ((try? runProgram("/bin/sh", ["-c", "ps -eo args | grep pickers-[s]ample"]))?.output
            ?? "")
      }
    ) { !BackgroundProcess.contents(folder + "/log").isEmpty }
    // Pending: a click in the field's top-right corner sets HSV red at hue 0, a key moves it,
    // and the swatch repaints with it.
    let field = try #require(session.geometry["field"])
    try session.display.run(
      "/usr/bin/xdotool",
      [
        "mousemove", "--window", session.window, String(field[0] + field[2] - 1),
        String(field[1] + 1), "click", "1",
      ])
    // And a key: Left moves the field's marker 0.01 to the left (less saturation).
    try session.keys("Left")
    let value = 1 - 1 / Double(field[3])
    let saturation = Double(field[2] - 1) / Double(field[2]) - 0.01
    let red = try Self.hsvHex(0, saturation, value)
    try session.awaitSwatch(red, "the field clicked and Left pressed while the pick is pending")
    // The portal answers (0.2, 0.4, 0.8): #3366cc arrives in the window, and Enter chooses it.
    _ = creat(release, 0o644)
    try session.awaitSwatch("#3366cc", "the picked color")
    try session.keys("Return")
    let result = try session.picker.wait()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.output == "#3366cc\n", "\(result.stderr)")
  }
}

/// The color window in GTK's dark theme, which is also the README's dark screenshot.
@Suite(
  "the color window in Adwaita dark, under Xvfb",
  .serialized,
  .enabled(if: guiToolsPresent, "needs Xvfb, xdotool, xwd, dbus-run-session and pickers-gtk"),
  .tags(.desktop))
struct ColorWindowDarkTests {
  @Test("GTK_THEME=Adwaita:dark draws a dark window around the same swatch")
  func dark() throws {
    let session = try WindowSession(
      ["color", "pick", "--gui", "--initial", "#3478f6"], title: "pickers · color",
      environment: ["GTK_THEME": "Adwaita:dark"])
    let screen = try session.display.screenshot(
      keepingPNG: GUITests.screenshotFolder.map { $0 + "/gui-color-dark.png" })
    let swatch = try session.pixels(of: "swatch", in: screen, inset: 2)
    #expect(!swatch.isEmpty && swatch.allSatisfy { $0 == [0x34, 0x78, 0xf6] })
    // The window's margin left of the field: Adwaita dark's background, not light's.
    let field = try #require(session.geometry["field"])
    let origin = try session.display.run(
      "/usr/bin/xdotool", ["getwindowgeometry", "--shell", session.window])
    let values = origin.output.split(separator: "\n").reduce(into: [String: Int]()) {
      let pair = $1.split(separator: "=")
      if pair.count == 2 { $0[String(pair[0])] = Int(pair[1]) }
    }
    let left = (values["X"] ?? 0) + 2
    let top = (values["Y"] ?? 0) + field[1] + 10
    var margin: [[UInt8]] = []
    for y in top..<(top + 20) {
      for x in left..<(left + 8) {
        let offset = (y * session.display.width + x) * 3
        margin.append(Array(screen[offset..<(offset + 3)]))
      }
    }
    #expect(margin.allSatisfy { $0.allSatisfy { $0 < 80 } }, "\(margin.first ?? [])")
    try session.keys("Escape")
    _ = try session.picker.wait()
  }
}

/// The hue strip at `GDK_SCALE=2`: drawn per device pixel, not a scaled-up 1x picture.
@Suite(
  "the color window's hue strip at scale 2, under Xvfb",
  .serialized,
  .enabled(if: guiToolsPresent, "needs Xvfb, xdotool, xwd, dbus-run-session and pickers-gtk"),
  .tags(.desktop))
struct ColorStripScaleTests {
  @Test("every device row of the hue strip is its own HSV hue (Python colorsys), within 1/255")
  func sharpAtScale2() throws {
    let session = try WindowSession(
      ["color", "pick", "--gui", "--initial", "#ff0000"], title: "pickers · color",
      environment: ["GDK_SCALE": "2"])
    let rect = try #require(session.geometry["hue"])
    let screen = try session.display.screenshot()
    let origin = try session.display.run(
      "/usr/bin/xdotool", ["getwindowgeometry", "--shell", session.window])
    let values = origin.output.split(separator: "\n").reduce(into: [String: Int]()) {
      let pair = $1.split(separator: "=")
      if pair.count == 2 { $0[String(pair[0])] = Int(pair[1]) }
    }
    // The window's rectangles are in GTK's logical pixels; the screen has two per pixel.
    let x = (values["X"] ?? 0) + (rect[0] + rect[2] / 2) * 2
    let top = (values["Y"] ?? 0) + rect[1] * 2
    let rows = rect[3] * 2
    // Past the marker (hue 0, at the top) and the focus ring, every 7th device row.
    let sampled = Array(stride(from: 16, to: rows - 8, by: 7))
    let script =
      "import colorsys,sys; n=int(sys.argv[1])\n"
      + "for r in sys.argv[2:]:\n"
      + "  c=colorsys.hsv_to_rgb((int(r)+0.5)/n,1,1); print(*(round(v*255) for v in c))"
    let expected = try runProgram(
      "/usr/bin/python3", ["-c", script, String(rows)] + sampled.map(String.init))
    let lines = expected.output.split(separator: "\n").map {
      $0.split(separator: " ").compactMap { Int($0) }
    }
    #expect(lines.count == sampled.count)
    for (row, want) in zip(sampled, lines) {
      let offset = ((top + row) * session.display.width + x) * 3
      let got = screen[offset..<(offset + 3)].map(Int.init)
      #expect(zip(got, want).allSatisfy { abs($0 - $1) <= 1 }, "row \(row): \(got) vs \(want)")
    }
    try session.keys("Escape")
    _ = try session.picker.wait()
  }
}
