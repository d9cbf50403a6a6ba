import Glibc
import Testing

/// The font window's answer, preview and compare view (issues 32 and 28), driven as a person
/// would under Xvfb; the truth is fontconfig's (fc-list, fc-match), the decoded pictures and
/// `pickers font preview` / `font compare` run with the options the window says it drew with.
@Suite(
  "the font window: answer formats, theme, re-wrap, scale, collections, compare",
  .serialized,
  .enabled(if: guiToolsPresent, "needs Xvfb, xdotool, xwd, dbus-run-session and pickers-gtk"),
  .tags(.desktop))
struct FontWindowTests {
  /// A PNG's width and height, from its IHDR chunk.
  static func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    guard bytes.count > 24, bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
    func number(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
    return (number(16), number(20))
  }

  /// The window's copy of its picture and the options it drew it with, once `accept` takes
  /// them (the window redraws as keys arrive), else the last read after 30 s.
  static func dump(
    _ path: String, tries: Int = 300, until accept: ([UInt8], [String]) -> Bool = { _, _ in true }
  ) -> (png: [UInt8], arguments: [String]) {
    var last: ([UInt8], [String]) = ([], [])
    // The window writes the picture, then its arguments: arguments that read the same before
    // and after the picture name that picture (a newer one would have rewritten them).
    for _ in 0..<tries {
      if let before = try? runProgram("/bin/cat", [path + ".args"]), before.status == 0,
        let png = try? runProgram("/bin/cat", [path]), png.status == 0,
        let after = try? runProgram("/bin/cat", [path + ".args"]), after.status == 0,
        before.stdout == after.stdout
      {
        last = (
          png.stdout,
          after.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .map(String.init)
        )
        if Self.pngSize(last.0) != nil, accept(last.0, last.1) { break }
      }
      usleep(100_000)
    }
    return last
  }

  /// The value after `option` in `arguments`.
  static func value(_ option: String, in arguments: [String]) -> String? {
    arguments.firstIndex(of: option).flatMap {
      arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil
    }
  }

  @Test("a size typed and a face chosen by keys are the JSON answer; fc-match finds that file")
  func answerCarriesFaceAndSize() throws {
    let session = try WindowSession(
      ["font", "pick", "--gui", "--initial", "DejaVu Sans", "--format", "json"],
      title: "pickers · font")
    try session.awaitPreview("--initial selects DejaVu Sans") { _, arguments in
      arguments.first == "DejaVu Sans"
    }
    try session.click("size")
    try session.keys("ctrl+a")
    try session.type("48")
    let sized = try session.awaitPreview("the preview before the face is chosen")
    // Tab to the face chooser, open it, two faces down, Enter picks it; Enter then chooses.
    try session.keys("Tab", "space")
    try session.awaitPopup(open: true, "the face chooser's list")
    try session.keys("Down", "Down", "Return")
    try session.awaitPopup(open: false, "the face chooser's list")
    try session.awaitPreview("the preview drawn in the face chosen") { png, _ in png != sized.png }
    try session.keys("Return")
    let result = try session.picker.wait()
    #expect(result.status == 0, "\(result.stderr)")
    let parsed = try runProgram(
      "/usr/bin/python3",
      [
        "-c",
        "import json,sys; a=json.load(sys.stdin); print(a['family']); print(a['style']); "
          + "print(repr(a['size']))",
      ], stdin: result.stdout)
    let fields = parsed.output.split(separator: "\n").map(String.init)
    try #require(fields.count == 3, "\(result.output)")
    #expect(fields[0] == "DejaVu Sans")
    #expect(fields[2] == "48")
    let style = fields[1]
    // fontconfig lists that face, and fc-match resolves the answer to the same file.
    let listed = try runProgram(
      "/usr/bin/fc-list", ["--format", "%{file}\n", "DejaVu Sans:style=\(style)"])
    let files = listed.output.split(separator: "\n").map(String.init)
    #expect(files.count == 1, "fc-list: \(listed.output) for \(style)")
    #expect(style != "Book", "the face chooser did not move")
    let matched = try runProgram(
      "/usr/bin/fc-match", ["--format", "%{file}", "DejaVu Sans:style=\(style):pixelsize=48"])
    #expect(matched.output == files.first, "fc-match: \(matched.output)")
  }

  @Test("--format 'family size' and family:style answer from the window as from the terminal")
  func textFormats() throws {
    let session = try WindowSession(
      [
        "font", "pick", "--gui", "--initial", "Liberation Serif", "--size", "20", "--format",
        "family size",
      ], title: "pickers · font")
    try session.awaitPreview("--initial selects Liberation Serif") { _, arguments in
      arguments.first == "Liberation Serif"
    }
    try session.keys("Return")
    let result = try session.picker.wait()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.output == "Liberation Serif 20\n")

    let faces = try WindowSession(
      ["font", "pick", "--gui", "--initial", "Liberation Serif", "--format", "family:style"],
      title: "pickers · font")
    try faces.awaitPreview("--initial selects Liberation Serif") { _, arguments in
      arguments.first == "Liberation Serif"
    }
    try faces.keys("Return")
    let styled = try faces.picker.wait()
    #expect(styled.status == 0, "\(styled.stderr)")
    // Without --faces the face is the family's regular one: what fc-match picks for it.
    let regular = try runProgram(
      "/usr/bin/fc-match", ["--format", "%{style[0]}", "Liberation Serif"])
    #expect(styled.output == "Liberation Serif:\(regular.output)\n")
  }

  @Test("GTK_THEME=Adwaita:dark: the preview is light text on the dark view, on screen too")
  func darkTheme() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let session = try WindowSession(
      ["font", "pick", "--gui", "--initial", "DejaVu Sans"], title: "pickers · font",
      environment: ["GTK_THEME": "Adwaita:dark", "PICKERS_GTK_PREVIEW_PNG": folder + "/p.png"])
    let drawn = Self.dump(folder + "/p.png")
    let background = try #require(Self.value("--bg", in: drawn.arguments))
    let foreground = try #require(Self.value("--fg", in: drawn.arguments))
    func luma(_ hex: String) -> Int {
      let bytes = stride(from: 1, to: 7, by: 2).map {
        Int(hex.dropFirst($0).prefix(2), radix: 16) ?? 0
      }
      return (bytes[0] * 3 + bytes[1] * 6 + bytes[2]) / 10
    }
    #expect(luma(background) < 80, "background \(background)")
    #expect(luma(foreground) > 180, "foreground \(foreground)")
    // On screen, a frame or more after the window drew it: mostly dark, with light ink. The
    // frame (the area has no height at the first frame, when the geometry is written).
    try session.awaitPixels(
      of: "preview", inset: 3, "more than half dark pixels and over 200 light (ink) ones"
    ) { pixels in
      pixels.filter { $0.allSatisfy { $0 < 80 } }.count > pixels.count / 2
        && pixels.filter { $0.allSatisfy { $0 > 180 } }.count > 200
    }
    try session.keys("Escape")
    _ = try session.picker.wait()
  }

  @Test("widening the window re-wraps the preview: wider picture, fewer lines")
  func rewrapOnResize() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let session = try WindowSession(
      ["font", "pick", "--gui", "--initial", "DejaVu Sans"], title: "pickers · font",
      environment: ["PICKERS_GTK_PREVIEW_PNG": folder + "/p.png"])
    try session.click("sample")
    let text = "Sphinx of black quartz, judge my vow; pack my box with five dozen jugs"
    try session.type(text)
    // The picture of the whole text (xdotool returns once it has sent the keys, which a busy
    // window may still be drawing).
    let narrow = Self.dump(folder + "/p.png") { _, arguments in
      Self.value("--text", in: arguments) == text
    }
    let before = try #require(Self.pngSize(narrow.png))
    try session.display.run("/usr/bin/xdotool", ["windowsize", session.window, "1270", "560"])
    let wide = Self.dump(folder + "/p.png") { png, arguments in
      (Self.pngSize(png)?.width ?? 0) > before.width + 200
        && Self.value("--text", in: arguments) == text
    }
    let after = try #require(Self.pngSize(wide.png))
    #expect(after.width > before.width + 200, "\(before) -> \(after)")
    #expect(after.height < before.height, "\(before) -> \(after): no fewer lines")
    try session.keys("Escape")
    _ = try session.picker.wait()
  }

  @Test("GDK_SCALE=2: the preview is drawn at twice the area's size, in device pixels")
  func scaleTwo() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let session = try WindowSession(
      ["font", "pick", "--gui", "--initial", "DejaVu Sans"], title: "pickers · font",
      environment: ["GDK_SCALE": "2", "PICKERS_GTK_PREVIEW_PNG": folder + "/p.png"])
    // A picture for the area as it is now: a vertical scrollbar that appears beside a tall
    // preview narrows the area after the first frame, and the window draws it again.
    var drawn = Self.dump(folder + "/p.png")
    var area: [Int] = []
    try waitUntil(
      "a picture twice as wide as the preview area", every: 0.1,
      last: { "area \(area), picture \(String(describing: Self.pngSize(drawn.png)))" }
    ) {
      area = try session.currentGeometry()["preview-area"] ?? []
      if area.count == 4, Self.pngSize(drawn.png)?.width == 2 * area[2] { return true }
      drawn = Self.dump(folder + "/p.png")
      return false
    }
    let size = try #require(Self.pngSize(drawn.png))
    try #require(area.count == 4)
    #expect(size.width == 2 * area[2], "picture \(size.width) px for a \(area[2]) pt area")
    #expect(Self.value("--size", in: drawn.arguments) == "72.0")
    #expect(Self.value("--padding", in: drawn.arguments) == "24")
    try session.keys("Escape")
    _ = try session.picker.wait()
  }

  @Test("a collection chosen in the window lists only its families")
  func collectionFilter() throws {
    let config = try makeTemporaryDirectory()
    defer { removeTree(config) }
    let created = try runPickers(
      ["font", "collection", "create", "monos", "DejaVu Sans Mono", "Liberation Mono"],
      environment: ["XDG_CONFIG_HOME": config])
    #expect(created.status == 0, "\(created.stderr)")
    let session = try WindowSession(
      ["font", "pick", "--gui"], title: "pickers · font",
      environment: ["XDG_CONFIG_HOME": config])
    let first = try session.awaitPreview("the first family drawn")
    try session.click("collection")
    try session.awaitPopup(open: true, "the collection chooser's list")
    // The chooser opens on "All families"; the collection is next.
    try session.keys("Down", "Return")
    try session.awaitPopup(open: false, "the collection chooser's list")
    let members = ["DejaVu Sans Mono", "Liberation Mono"]
    if !members.contains(first.arguments.first ?? "") {
      try session.awaitPreview("a family of the collection selected") { _, arguments in
        members.contains(arguments.first ?? "")
      }
    }
    try session.click("search")
    try session.type("sans")
    // Only DejaVu Sans Mono of the collection has 'sans' (unfiltered, DejaVu Sans would be
    // first): a window that did not filter times out here, naming the family it selected.
    try session.awaitPreview("the search in the collection selects DejaVu Sans Mono") {
      _, arguments in arguments.first == "DejaVu Sans Mono"
    }
    try session.keys("Return")
    let result = try session.picker.wait()
    #expect(result.status == 0, "\(result.stderr)")
    // Unfiltered, 'sans' starts with DejaVu Sans; in the collection only DejaVu Sans Mono has it.
    #expect(result.output == "DejaVu Sans Mono\n")
  }

  @Test(
    "a family that cannot draw its name is listed by name beside a sample it covers (AT-SPI)",
    .enabled(if: atspiPresent, "needs at-spi2-core and gir1.2-atspi-2.0"))
  func symbolRows() throws {
    let session = try WindowSession(["font", "pick", "--gui"], title: "pickers · font")
    try session.type("noto music")
    // The rows get their own fonts (and symbol rows their samples) a frame or two later.
    let name = try waitFor("a decorated Noto Music row", every: 0.2) {
      let nodes = try WindowAccessibilityTests.tree(of: session)
      return nodes.first { $0.role == "label" && $0.name.hasPrefix("Noto Music ") }?.name
    }
    let sample = name.dropFirst("Noto Music".count).trimmingPrefix("   ")
    #expect(!sample.isEmpty)
    // fontconfig: Noto Music covers every character of the sample, and not its own name.
    let hex = sample.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
    let covered = try runProgram(
      "/usr/bin/fc-list", ["--format", "%{family[0]}\n", "Noto Music:charset=\(hex)"])
    #expect(covered.output.contains("Noto Music"), "sample '\(sample)': \(covered.output)")
    let own = try runProgram(
      "/usr/bin/fc-list",
      ["--format", "%{family[0]}\n", "Noto Music:charset=4e 6f 74 4d 75 73 69 63"])
    #expect(own.output.isEmpty, "\(own.output)")
    try session.keys("Escape")
    _ = try session.picker.wait()
  }

  @Test(
    "the highlight follows the search: the selected row is the one family matching (AT-SPI)",
    .enabled(if: atspiPresent, "needs at-spi2-core and gir1.2-atspi-2.0"))
  func highlightFollowsSearch() throws {
    // fontconfig: the test fonts have one family whose name holds both words.
    let families = try runProgram("/usr/bin/fc-list", ["--format", "%{family[0]}\n"])
    let matching = Set(
      families.output.split(separator: "\n").map(String.init).filter {
        $0.lowercased().contains("dejavu") && $0.lowercased().contains("mono")
      })
    #expect(matching == ["DejaVu Sans Mono"], "\(matching)")
    let session = try WindowSession(["font", "pick", "--gui"], title: "pickers · font")
    try session.type("dejavu mono")
    // The highlight is drawn a frame after the key's matches; the row is the node before
    // its label in the tree.
    var highlighted: [String] = []
    try waitUntil(
      "DejaVu Sans Mono alone highlighted", every: 0.2, last: { "\(highlighted)" }
    ) {
      let nodes = try WindowAccessibilityTests.tree(of: session)
      highlighted = nodes.indices.dropLast().filter {
        nodes[$0].states.contains("selected") && nodes[$0 + 1].role == "label"
      }.map { nodes[$0 + 1].name }
      return highlighted == ["DejaVu Sans Mono"]
    }
    #expect(highlighted == ["DejaVu Sans Mono"])
    try session.keys("Escape")
    _ = try session.picker.wait()
  }

  /// The family names of the list's rows in the accessibility tree, top first: each row is
  /// the node before its label (a symbol family's sample after three spaces left out).
  static func rowNames(_ nodes: [WindowAccessibilityTests.Node], role: String) -> [String] {
    nodes.indices.dropLast().filter { nodes[$0].role == role && nodes[$0 + 1].role == "label" }
      .map { nodes[$0 + 1].name.components(separatedBy: "   ")[0] }
  }

  @Test(
    "rows keep their places as a search narrows and widens: each shows the family the CLI lists there (AT-SPI)",
    .enabled(if: atspiPresent, "needs at-spi2-core and gir1.2-atspi-2.0"))
  func rowsRelabelledInPlace() throws {
    // The CLI's answers: the whole list, and the forgiving search for "serif", best first.
    let all = try runPickers(["font", "list"]).output.split(separator: "\n").map(String.init)
    let serif = try runPickers(["font", "list", "--search", "serif"]).output
      .split(separator: "\n").map(String.init)
    try #require(all.count > 20 && serif.count >= 3 && serif.first != all.first)
    let session = try WindowSession(["font", "pick", "--gui"], title: "pickers · font")
    // The rows' role is the selected node's (the first row is selected at the start).
    var role = ""
    var shown: [String] = []
    try waitUntil("the first rows listed", every: 0.2, last: { "\(shown)" }) {
      let nodes = try WindowAccessibilityTests.tree(of: session)
      guard
        let selected = nodes.indices.dropLast().first(where: {
          nodes[$0].states.contains("selected") && nodes[$0 + 1].role == "label"
        })
      else { return false }
      role = nodes[selected].role
      shown = Self.rowNames(nodes, role: role)
      return shown.count >= 5 && Array(all.prefix(shown.count)) == shown
    }
    let start = shown
    /// Waits until the rows are the first of `expected`, as many as the window shows.
    func waitForRows(_ what: String, _ expected: [String], count: Int) throws {
      try waitUntil(what, every: 0.2, last: { "\(shown)" }) {
        shown = Self.rowNames(try WindowAccessibilityTests.tree(of: session), role: role)
        return shown == Array(expected.prefix(count))
      }
    }
    try session.type("serif")
    try waitForRows("the search's families", serif, count: min(serif.count, start.count))
    for _ in 0..<5 { try session.keys("BackSpace") }
    try waitForRows("the whole list again", all, count: start.count)
    #expect(shown == start)
    try session.keys("Escape")
    _ = try session.picker.wait()
  }

  @Test("compare view: three pinned families are font compare's rows, pixel for pixel")
  func compareView() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let session = try WindowSession(
      ["font", "pick", "--gui"], title: "pickers · font",
      environment: ["PICKERS_GTK_PREVIEW_PNG": folder + "/p.png"])
    let families = ["DejaVu Serif", "Liberation Mono", "Noto Sans Mono"]
    for family in families {
      try session.keys("ctrl+a")
      try session.type(family.lowercased())
      // Pinned once the search has selected it and its preview is drawn (the first argument).
      let shown = Self.dump(folder + "/p.png") { _, arguments in arguments.first == family }
      try #require(shown.arguments.first == family, "\(shown.arguments)")
      try session.keys("ctrl+p")
    }
    try session.click("sample")
    try session.type("Quick 123")
    try session.click("compare")
    // The compare view's arguments: the pinned families, then the options.
    let drawn = Self.dump(folder + "/p.png") { _, arguments in
      arguments.prefix(5) == ArraySlice(families + ["--text", "Quick 123"])
    }
    try #require(drawn.arguments.prefix(3) == ArraySlice(families), "\(drawn.arguments)")
    let command = try runPickers(
      ["font", "compare"] + drawn.arguments + ["-o", folder + "/cli.png"])
    #expect(command.status == 0, "\(command.stderr)")
    func pixels(_ png: [UInt8]) throws -> [UInt8] {
      try runProgram("/usr/bin/convert", ["png:-", "-depth", "8", "rgb:-"], stdin: png).stdout
    }
    let window = try pixels(drawn.png)
    #expect(window.count > 10_000)
    let cli = try runProgram("/bin/cat", [folder + "/cli.png"]).stdout
    #expect(window == (try pixels(cli)), "the window's rows differ from font compare's")
    try session.keys("Escape")
    _ = try session.picker.wait()
  }
}
