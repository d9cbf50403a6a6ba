import FoundationEssentials
import Glibc
import Testing

/// Whether AT-SPI can be read from Python (`gir1.2-atspi-2.0`, `at-spi2-core`).
let atspiPresent =
  guiToolsPresent
  && (try? runProgram(
    "/usr/bin/python3",
    ["-c", "import gi; gi.require_version('Atspi', '2.0'); from gi.repository import Atspi"]))?
    .status == 0

/// The picker windows as a screen reader sees them: GTK's accessibility tree read over AT-SPI
/// (the bus Orca reads) by `Tests/Fixtures/atspi-tree.py`, inside the window's D-Bus session.
@Suite(
  "the picker windows through AT-SPI",
  .serialized,
  .enabled(if: atspiPresent, "needs Xvfb, pickers-gtk, at-spi2-core and gir1.2-atspi-2.0"),
  .tags(.desktop))
struct WindowAccessibilityTests {
  struct Node: Decodable {
    var role: String
    var name: String
    var description: String
    var labelledBy: [String]
    var states: [String]
    var value: Double?
  }

  struct Tree: Decodable {
    var application: String?
    var nodes: [Node]?
  }

  /// The session bus of the picker running on `display` (read from its process's environment).
  static func busAddress(display: String) throws -> String {
    for _ in 0..<100 {
      let script = """
        for f in /proc/[0-9]*/environ; do
          tr '\\0' '\\n' < "$f" 2>/dev/null | grep -qx "DISPLAY=\(display)" || continue
          a=$(tr '\\0' '\\n' < "$f" 2>/dev/null | grep '^DBUS_SESSION_BUS_ADDRESS=' | head -1)
          [ -n "$a" ] && { echo "${a#DBUS_SESSION_BUS_ADDRESS=}"; exit 0; }
        done
        """
      let found = try runProgram("/bin/sh", ["-c", script])
      let address = found.output.split(separator: "\n").first.map(String.init) ?? ""
      if !address.isEmpty { return address }
      usleep(100_000)
    }
    throw HarnessError(description: "no session bus for display \(display)")
  }

  static func tree(of session: WindowSession) throws -> [Node] {
    let address = try busAddress(display: session.display.name)
    let result = try runProgram(
      "/usr/bin/python3", [fixturesDirectory + "/atspi-tree.py", "pickers", "40"],
      environment: ["DBUS_SESSION_BUS_ADDRESS": address, "DISPLAY": session.display.name],
      timeout: 60)
    let tree = try JSONDecoder().decode(Tree.self, from: Data(result.stdout))
    #expect(tree.application == "pickers", "\(result.output) \(result.stderr)")
    return tree.nodes ?? []
  }

  /// The HSL hue of a hex color, from Python's colorsys (an independent conversion).
  static func hslHue(_ hex: String) throws -> Double? {
    let script =
      "import colorsys,sys; h=sys.argv[1].lstrip('#'); "
      + "print(colorsys.rgb_to_hls(*(int(h[i:i+2],16)/255 for i in (0,2,4)))[0]*360)"
    let result = try runProgram("/usr/bin/python3", ["-c", script, hex])
    return Double(result.output.split(separator: "\n").first.map(String.init) ?? "")
  }

  @Test("color window: named application, sliders and spins labelled by R/G/B, named swatches")
  func colorWindow() throws {
    let session = try WindowSession(
      ["color", "pick", "--gui", "--initial", "#3478f6"], title: "pickers · color")
    let nodes = try Self.tree(of: session)
    // The hue strip is a slider too, named by itself with the hue as its value.
    let hue = try #require(nodes.first { $0.role == "slider" && $0.name == "Hue" })
    // #3478f6 is hsl(217.9 ...): the strip shows HSV's hue, which is HSL's, rounded as shown.
    let expectedHue = try #require(try Self.hslHue("#3478f6"))
    // Its value: AT-SPI's Value interface where GTK offers it, and the description ("218°").
    let described = Double(hue.description.prefix { $0.isNumber || $0 == "." }) ?? -1
    #expect(abs((hue.value ?? described) - expectedHue) < 0.6, "\(hue)")
    #expect(abs(described - expectedHue.rounded()) < 1e-9, "\(hue)")
    #expect(nodes.contains { $0.name == "original, #3478f6" }, "\(nodes.map(\.name))")
    #expect(nodes.contains { $0.name == "new, #3478f6" }, "\(nodes.map(\.name))")
    let sliders = nodes.filter { $0.role == "slider" && $0.name != "Hue" }
    let spins = nodes.filter { $0.role == "spin button" }
    #expect(sliders.count == 3, "\(nodes.map(\.role))")
    #expect(spins.count == 3)
    for control in sliders + spins {
      #expect(["R", "G", "B"].contains(control.labelledBy.first ?? ""), "\(control)")
      // Named by the label, not by GTK's class name.
      #expect(!control.name.hasPrefix("Gtk"), "\(control)")
    }
    // A swatch per system accent, named by its color and hex.
    let swatches = nodes.filter { $0.name.hasPrefix("system ") }
    #expect(swatches.count >= 5, "\(nodes.map(\.name))")
    for swatch in swatches {
      #expect(swatch.name.contains(", #"), "\(swatch.name)")
    }
    let blue = try #require(swatches.first { $0.name.hasPrefix("system blue, #") })
    #expect(blue.role == "button" || blue.role == "push button")
    // One Tab stop for the whole row: only one swatch is focusable.
    #expect(swatches.filter { $0.states.contains("focusable") }.count == 1)
    let entry = nodes.first { $0.labelledBy.first == "CSS" }
    #expect(entry != nil, "the CSS entry has no label relation")
    try session.keys("Escape")
    _ = try session.picker.wait()
  }

  @Test("font window: the stars read '3 of 5 stars', the search field and list are named")
  func fontWindow() throws {
    let session = try WindowSession(["font", "pick", "--gui"], title: "pickers · font")
    let nodes = try Self.tree(of: session)
    for stars in 1...5 {
      #expect(nodes.contains { $0.name == "\(stars) of 5 stars" }, "\(nodes.map(\.name))")
    }
    #expect(nodes.contains { $0.name == "Search families" })
    #expect(nodes.contains { $0.name == "Font families" })
    #expect(nodes.contains { $0.labelledBy.first == "Size" })
    try session.keys("Escape")
    _ = try session.picker.wait()
  }
}
