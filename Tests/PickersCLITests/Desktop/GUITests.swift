import Glibc
import Testing

/// Spawn attributes that reset the signal mask and dispositions: test threads block signals,
/// and a child would inherit that (an Xvfb deaf to SIGTERM).
final class SpawnAttributes {
  var value = posix_spawnattr_t()

  init(newSession: Bool = false) {
    posix_spawnattr_init(&value)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&value, &none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigdefault(&value, &all)
    // POSIX_SPAWN_SETSIGMASK | SETSIGDEF, and SETSID (0x80, glibc behind _GNU_SOURCE, which
    // Swift does not see): a new session with no controlling terminal.
    let flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | (newSession ? 0x80 : 0)
    posix_spawnattr_setflags(&value, Int16(flags))
  }

  deinit { posix_spawnattr_destroy(&value) }
}

/// A virtual X display for one test: `Xvfb` on a free display number, white root window.
final class VirtualDisplay {
  let number: Int
  let width = 1280
  let height = 800
  private let pid: pid_t

  var name: String { ":\(number)" }

  init() throws {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw HarnessError(description: "pipe failed") }
    defer { close(fds[0]) }
    _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, fds[1], 3)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    // -displayfd: Xvfb picks a free display number and writes it to fd 3 once it is ready;
    // -terminate: it exits when its last client (the picker) disconnects, even if a test dies.
    let arguments = [
      "Xvfb", "-displayfd", "3", "-screen", "0", "\(width)x\(height)x24", "-wr", "-nolisten",
      "tcp", "-terminate",
    ]
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let attributes = SpawnAttributes()
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/usr/bin/Xvfb", &actions, &attributes.value, argv, environ)
    close(fds[1])
    guard spawned == 0 else { throw HarnessError(description: "cannot start Xvfb") }
    self.pid = pid
    var text = ""
    var byte: UInt8 = 0
    var pollfd = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
    // A hang guard only: Xvfb is normally ready in well under a second.
    while !text.hasSuffix("\n"), poll(&pollfd, 1, 30_000) > 0, read(fds[0], &byte, 1) == 1 {
      text.append(Character(UnicodeScalar(byte)))
    }
    guard let number = Int(text.filter(\.isNumber)) else {
      kill(pid, SIGKILL)
      throw HarnessError(description: "Xvfb did not report a display")
    }
    self.number = number
  }

  deinit {
    kill(pid, SIGTERM)
    var status: Int32 = 0
    for _ in 0..<100 where waitpid(pid, &status, WNOHANG) == 0 { usleep(50_000) }
    if kill(pid, 0) == 0 {
      kill(pid, SIGKILL)
      _ = waitpid(pid, &status, 0)
    }
  }

  /// Runs an X client (xdotool, xwd) on this display.
  @discardableResult
  func run(_ program: String, _ arguments: [String]) throws -> PickersResult {
    try runProgram(program, arguments, environment: ["DISPLAY": name], timeout: 30)
  }

  /// A screenshot of the whole screen, decoded by ImageMagick: RGB bytes, row by row.
  func screenshot(keepingPNG png: String? = nil) throws -> [UInt8] {
    var command = "xwd -root -silent -display \(name) | convert xwd:- -depth 8 rgb:-"
    if let png {
      command =
        "xwd -root -silent -display \(name) > \(png).xwd && convert \(png).xwd -trim +repage png:\(png) && "
        + "convert \(png).xwd -depth 8 rgb:- && rm \(png).xwd"
    }
    let result = try runProgram("/bin/sh", ["-c", command], timeout: 30)
    guard result.status == 0, result.stdout.count == width * height * 3 else {
      throw HarnessError(description: "screenshot failed: \(result.stderr)")
    }
    return result.stdout
  }
}

/// `pickers` running in the background in its own session (no controlling terminal), inside
/// `dbus-run-session`, with its output going to files.
final class BackgroundPickers {
  private let pid: pid_t
  private let folder: String
  private var finished: PickersResult?

  init(_ arguments: [String], environment: [String: String], folder: String) throws {
    self.folder = folder
    var env = childEnvironment()
    for (key, value) in environment { env[key] = value }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, folder + "/stderr", O_WRONLY | O_CREAT, 0o644)
    let attributes = SpawnAttributes(newSession: true)
    // The session bus's own services (the accessibility registry) print on the daemon's
    // standard output; only pickers' goes to the file the test reads.
    let command = [
      "dbus-run-session", "--", "/bin/sh", "-c", "exec \"$@\" > \"$0\"", folder + "/stdout",
      pickersBinary,
    ]
    let argv = (command + arguments).map { strdup($0) } + [nil]
    let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    guard
      posix_spawn(&pid, "/usr/bin/dbus-run-session", &actions, &attributes.value, argv, envp) == 0
    else { throw HarnessError(description: "cannot start dbus-run-session") }
    self.pid = pid
  }

  deinit {
    if finished == nil {
      kill(-pid, SIGKILL)
      var status: Int32 = 0
      _ = waitpid(pid, &status, 0)
    }
  }

  /// Waits for the program to exit (killing it after `timeout` seconds, a hang guard).
  func wait(timeout: Double = 30) throws -> PickersResult {
    if let finished { return finished }
    var status: Int32 = 0
    var waited = 0.0
    while waitpid(pid, &status, WNOHANG) == 0 {
      guard waited < timeout else {
        kill(-pid, SIGKILL)
        _ = waitpid(pid, &status, 0)
        finished = PickersResult(status: -1, stdout: [], stderr: "")
        throw HarnessError(description: "pickers did not exit within \(timeout) s")
      }
      usleep(50_000)
      waited += 0.05
    }
    let code: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    let out = try runProgram("/bin/cat", [folder + "/stdout"]).stdout
    let err = try runProgram("/bin/cat", [folder + "/stderr"]).output
    let result = PickersResult(status: code, stdout: out, stderr: err)
    finished = result
    return result
  }
}

/// One window test: a display, a fresh home, the picker started and its first frame drawn.
final class WindowSession {
  let display: VirtualDisplay
  let home: String
  let picker: BackgroundPickers
  /// Widget rectangles from `PICKERS_GTK_GEOMETRY`, in window pixels: x, y, width, height.
  private(set) var geometry: [String: [Int]] = [:]
  private(set) var window = ""

  init(_ arguments: [String], title: String, environment extra: [String: String] = [:]) throws {
    display = try VirtualDisplay()
    home = try makeTemporaryDirectory()
    var environment = [
      "DISPLAY": display.name, "WAYLAND_DISPLAY": "", "GDK_BACKEND": "x11", "HOME": home,
      "XDG_CONFIG_HOME": home + "/config", "XDG_STATE_HOME": home + "/state",
      "XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache",
      "XDG_RUNTIME_DIR": home, "PICKERS_GTK_GEOMETRY": home + "/geometry",
      "PICKERS_GTK_PREVIEW_PNG": home + "/preview.png", "GSETTINGS_BACKEND": "memory",
      "NO_AT_BRIDGE": "1",
    ]
    environment.merge(extra) { _, added in added }
    picker = try BackgroundPickers(arguments, environment: environment, folder: home)
    // Wait for the first frame (a hang guard: 60 s even on a loaded machine).
    var text = ""
    for _ in 0..<1_200 {
      if let read = try? runProgram("/bin/cat", [home + "/geometry"]), read.status == 0 {
        text = read.output
        break
      }
      usleep(50_000)
    }
    geometry = Self.rectangles(text)
    guard !geometry.isEmpty else {
      throw HarnessError(
        description: "no window appeared: \((try? picker.wait(timeout: 1))?.stderr ?? "")")
    }
    let search = try display.run("/usr/bin/xdotool", ["search", "--name", "^\(title)$"])
    window = search.output.split(separator: "\n").first.map(String.init) ?? ""
    try display.run("/usr/bin/xdotool", ["windowfocus", "--sync", window])
  }

  deinit { removeTree(home) }

  /// Where the font window writes its test copy of the preview (`PICKERS_GTK_PREVIEW_PNG`)
  /// and, beside it, the arguments it drew it with; a test's own path replaces it.
  var previewPath: String { home + "/preview.png" }

  /// The font window's preview and its arguments once `accept` takes them (the window redraws
  /// as keys arrive: a key sent before the search selected a family acts on the wrong one);
  /// fails naming `what` after 30 s.
  @discardableResult
  func awaitPreview(
    _ what: String, path: String? = nil,
    until accept: ([UInt8], [String]) -> Bool = { _, _ in true }
  ) throws -> (png: [UInt8], arguments: [String]) {
    let drawn = FontWindowTests.dump(path ?? previewPath, until: accept)
    guard FontWindowTests.pngSize(drawn.png) != nil, accept(drawn.png, drawn.arguments) else {
      throw HarnessError(
        description: "waited 30 s for the preview: \(what); last arguments \(drawn.arguments)")
    }
    return drawn
  }

  /// Waits until every pixel of the color window's new swatch (2 px in from its edges) is
  /// `hex` (`#rrggbb`): the state a click or key set, before the key that reads it.
  func awaitSwatch(_ hex: String, _ why: String) throws {
    let bytes = stride(from: 1, to: 7, by: 2).map {
      UInt8(hex.dropFirst($0).prefix(2), radix: 16) ?? 0
    }
    try awaitPixels(of: "swatch", inset: 2, "\(hex) (\(why))") {
      $0.allSatisfy { $0 == bytes }
    }
  }

  /// How many windows are mapped on the screen: the picker's own, and a popup (a drop-down's
  /// list, a popover) while one is open (GTK maps each as a window of its own on X11).
  func viewableWindows() throws -> Int {
    let script = """
      import sys
      from Xlib import X, display
      d = display.Display(sys.argv[1])
      children = d.screen().root.query_tree().children
      print(sum(1 for w in children if w.get_attributes().map_state == X.IsViewable))
      """
    let result = try runProgram("/usr/bin/python3", ["-c", script, display.name])
    guard result.status == 0, let count = Int(result.output.filter(\.isNumber)) else {
      throw HarnessError(description: "cannot list the screen's windows: \(result.stderr)")
    }
    return count
  }

  /// Waits until a popup (`what`) is open on the screen, or until none is: keys sent before a
  /// drop-down's list is mapped go to the button under it.
  func awaitPopup(open: Bool, _ what: String) throws {
    var count = 0
    try waitUntil(
      "\(what) to be \(open ? "open" : "closed")", last: { "\(count) windows mapped" }
    ) {
      count = try viewableWindows()
      return open ? count > 1 : count == 1
    }
  }

  /// A screenshot once `accept` takes it (what is on screen lags what the window knows by a
  /// frame or more); fails naming `what` after `timeout` seconds.
  func awaitScreen(
    _ what: String, timeout: Double = 20, until accept: ([UInt8]) throws -> Bool
  ) throws -> [UInt8] {
    var last: [UInt8] = []
    return try waitFor("the screen to show \(what)", timeout: timeout) {
      last = try display.screenshot()
      return try accept(last) ? last : nil
    }
  }

  /// The pixels of widget `name` once `accept` takes them (see ``awaitScreen(_:timeout:until:)``).
  @discardableResult
  func awaitPixels(
    of name: String, inset: Int = 0, _ what: String, timeout: Double = 20,
    until accept: ([[UInt8]]) -> Bool
  ) throws -> [[UInt8]] {
    var pixels: [[UInt8]] = []
    _ = try awaitScreen("\(name) \(what)", timeout: timeout) { screen in
      pixels = try self.pixels(of: name, in: screen, inset: inset)
      return !pixels.isEmpty && accept(pixels)
    }
    return pixels
  }

  /// The rectangles of a geometry report's lines (`NAME X Y WIDTH HEIGHT`).
  static func rectangles(_ text: String) -> [String: [Int]] {
    var rectangles: [String: [Int]] = [:]
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: " ")
      let numbers = fields.dropFirst().compactMap { Int($0) }
      if numbers.count == 4 { rectangles[String(fields[0])] = numbers }
    }
    return rectangles
  }

  /// The widgets' rectangles as the window last wrote them: after the first frame, the report
  /// is written again whenever a frame moves or resizes a named widget.
  func currentGeometry() throws -> [String: [Int]] {
    Self.rectangles(try runProgram("/bin/cat", [home + "/geometry"]).output)
  }

  /// Presses keys (xdotool key names) in the focused window.
  func keys(_ names: String...) throws {
    try display.run("/usr/bin/xdotool", ["key", "--delay", "50"] + names)
  }

  /// Types text into the focused widget.
  func type(_ text: String) throws {
    try display.run("/usr/bin/xdotool", ["type", "--delay", "40", text])
  }

  /// Clicks the middle of a widget named in the geometry report.
  func click(_ name: String) throws {
    let rect = try #require(geometry[name])
    try display.run(
      "/usr/bin/xdotool",
      [
        "mousemove", "--window", window, String(rect[0] + rect[2] / 2),
        String(rect[1] + rect[3] / 2), "click", "1",
      ])
  }

  /// Closes the window as a window manager does: a WM_DELETE_WINDOW client message.
  func closeWindow() throws {
    let script = """
      import sys
      from Xlib import X, display, protocol
      d = display.Display(sys.argv[1])
      w = d.create_resource_object('window', int(sys.argv[2]))
      message = protocol.event.ClientMessage(window=w, client_type=d.intern_atom('WM_PROTOCOLS'),
          data=(32, [d.intern_atom('WM_DELETE_WINDOW'), X.CurrentTime, 0, 0, 0]))
      w.send_event(message, event_mask=X.NoEventMask)
      d.flush()
      """
    let result = try runProgram("/usr/bin/python3", ["-c", script, display.name, window])
    #expect(result.status == 0, "\(result.stderr)")
  }

  /// The screen pixels (RGB) inside widget `name`, shrunk by `inset` on each side.
  func pixels(of name: String, in screen: [UInt8], inset: Int = 0) throws -> [[UInt8]] {
    let rect = try #require(geometry[name])
    let origin = try display.run("/usr/bin/xdotool", ["getwindowgeometry", "--shell", window])
    let values = origin.output.split(separator: "\n").reduce(into: [String: Int]()) {
      let pair = $1.split(separator: "=")
      if pair.count == 2 { $0[String(pair[0])] = Int(pair[1]) }
    }
    let left = (values["X"] ?? 0) + rect[0] + inset
    let top = (values["Y"] ?? 0) + rect[1] + inset
    var result: [[UInt8]] = []
    for y in top..<(top + rect[3] - 2 * inset) where y >= 0 && y < display.height {
      for x in left..<(left + rect[2] - 2 * inset) where x >= 0 && x < display.width {
        let offset = (y * display.width + x) * 3
        result.append(Array(screen[offset..<(offset + 3)]))
      }
    }
    return result
  }
}

/// Whether the GUI tests can run: the X tools (scripts/install-deps) and the built helper.
let guiToolsPresent =
  ["Xvfb", "xdotool", "xwd", "convert", "dbus-run-session"].allSatisfy(programExists)
  && access(buildProductsDirectory + "/pickers-gtk", X_OK) == 0

/// The desktop picker windows, driven as a person would: under Xvfb, keys and clicks from
/// xdotool, screenshots from xwd decoded by ImageMagick.
@Suite(
  "pickers color pick --gui / font pick --gui under Xvfb",
  .serialized,
  .enabled(if: guiToolsPresent, "needs Xvfb, xdotool, xwd, dbus-run-session and pickers-gtk"),
  .tags(.desktop))
struct GUITests {
  /// Where the committed screenshots go when `PICKERS_UPDATE_SCREENSHOTS` names the folder.
  static let screenshotFolder = getenv("PICKERS_UPDATE_SCREENSHOTS").map { String(cString: $0) }

  @Test("the color window opens on --initial '#3478f6'; Enter prints #3478f6; the swatch shows it")
  func colorEnter() throws {
    let session = try WindowSession(
      ["color", "pick", "--gui", "--initial", "#3478f6"], title: "pickers · color")
    let screen = try session.display.screenshot(
      keepingPNG: Self.screenshotFolder.map { $0 + "/gui-color.png" })
    // Every swatch pixel (a margin of 2 for antialiased edges) is exactly the color.
    let swatch = try session.pixels(of: "swatch", in: screen, inset: 2)
    #expect(!swatch.isEmpty)
    #expect(swatch.allSatisfy { $0 == [0x34, 0x78, 0xf6] })
    try session.keys("Return")
    let result = try session.picker.wait()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.output == "#3478f6\n")
    // The pick is now the newest recent color, for the next window.
    let recent = try runProgram("/bin/cat", [session.home + "/state/pickers/recent-colors"])
    #expect(recent.output.hasPrefix("#3478f6\n"))
  }

  @Test("Right x3 and Shift+Right on the focused R slider add 3 + 16 to red")
  func colorSliderByKeyboard() throws {
    let session = try WindowSession(
      ["color", "pick", "--initial", "#3478f6", "--format", "css"], title: "pickers · color")
    try session.keys("Right", "Right", "Right", "shift+Right", "Return")
    let result = try session.picker.wait()
    #expect(result.status == 0, "\(result.stderr)")
    // No --gui and no terminal but a display: the window, with the terminal picker's steps
    // (1 and 16 for RGB). 0x34 = 52, so red is 52 + 3 + 16.
    #expect(result.output == "rgb(\(0x34 + 3 + 16) 120 246)\n")
  }

  @Test("Esc prints nothing and exits 1; so does closing the color window")
  func colorCancel() throws {
    let escape = try WindowSession(["color", "pick", "--gui"], title: "pickers · color")
    try escape.keys("Escape")
    let escaped = try escape.picker.wait()
    #expect(escaped.status == 1)
    #expect(escaped.stdout.isEmpty)

    let closing = try WindowSession(
      ["color", "pick", "--gui", "--opacity"], title: "pickers · color")
    try closing.closeWindow()
    let closed = try closing.picker.wait()
    #expect(closed.status == 1)
    #expect(closed.stdout.isEmpty)
  }

  @Test("font window: type 'dejavu mono', click the third star, Enter prints DejaVu Sans Mono")
  func fontSearchStarEnter() throws {
    let session = try WindowSession(["font", "pick", "--gui"], title: "pickers · font")
    try session.type("dejavu mono")
    // The star rates the selected family: wait until the search has selected it.
    try session.awaitPreview("the search selects DejaVu Sans Mono") { _, arguments in
      arguments.first == "DejaVu Sans Mono"
    }
    // The preview is pickers' own rendering: black text on white, so it has both (once it is
    // on screen, a frame or more after the window drew it); the wait fails if it never does.
    try session.awaitPixels(of: "preview", "black text (over 200 pixels) on more white") {
      let ink = $0.filter { $0.allSatisfy { $0 < 60 } }.count
      return ink > 200 && $0.filter { $0 == [255, 255, 255] }.count > ink
    }
    if let folder = Self.screenshotFolder {
      _ = try session.display.screenshot(keepingPNG: folder + "/gui-font.png")
    }
    try session.click("star3")
    try session.keys("Return")
    let result = try session.picker.wait()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.output == "DejaVu Sans Mono\n")
    // The terminal picker's reader sees the rating.
    let favorites = try runPickers(
      ["font", "list", "--favorites", "--min-stars", "3"],
      environment: ["XDG_CONFIG_HOME": session.home + "/config"])
    #expect(favorites.output == "DejaVu Sans Mono\n")
  }

  @Test("closing the font window prints nothing and exits 1")
  func fontClose() throws {
    let session = try WindowSession(["font", "pick", "--gui"], title: "pickers · font")
    try session.closeWindow()
    let result = try session.picker.wait()
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
  }
}

@Suite("the pickers without a display")
struct NoDisplayTests {
  @Test("no display and no terminal: exit 1 at once with a clear message; --gui says why")
  func noDisplay() throws {
    let blank = ["DISPLAY": "", "WAYLAND_DISPLAY": ""]
    for arguments in [["color", "pick"], ["font", "pick"]] {
      // setsid: a new session with no controlling terminal; stdin is a file. The timeout is a
      // hang guard, not a speed test.
      let result = try runProgram(
        "/usr/bin/setsid", [pickersBinary] + arguments, environment: blank, timeout: 20)
      #expect(result.status == 1)
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.hasPrefix("pickers: no terminal to draw on"))
      #expect(result.stderr.contains("no display (DISPLAY and WAYLAND_DISPLAY are unset)"))
      let gui = try runPickers(arguments + ["--gui"], environment: blank, timeout: 20)
      #expect(gui.status == 1)
      #expect(gui.stdout.isEmpty)
      #expect(
        gui.stderr == "pickers: --gui needs a display, but neither DISPLAY nor WAYLAND_DISPLAY "
          + "is set\n")
    }
  }

  @Test(
    "with no fonts at all, both windows refuse before opening: exit 1, one pickers: line",
    .enabled(if: guiToolsPresent, "needs Xvfb and pickers-gtk"))
  func noFonts() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    // A configuration with no font folder: fc-list lists nothing under it.
    try writeText(
      "<fontconfig><cachedir>\(folder)/cache</cachedir></fontconfig>\n", to: folder + "/fonts.conf")
    let fonts = ["FONTCONFIG_FILE": folder + "/fonts.conf", "XDG_CACHE_HOME": folder]
    let listed = try runProgram("/usr/bin/fc-list", [], environment: fonts)
    #expect(listed.status == 0 && listed.stdout.isEmpty, "\(listed.output)")
    let display = try VirtualDisplay()
    for arguments in [["color", "pick", "--gui"], ["font", "pick", "--gui"]] {
      var environment = fonts
      environment["DISPLAY"] = display.name
      environment["WAYLAND_DISPLAY"] = ""
      // The timeout is a hang guard: a window that opened would wait for a person.
      let result = try runPickers(arguments, environment: environment, timeout: 30)
      #expect(result.status == 1, "\(arguments): \(result.stderr)")
      #expect(result.stdout.isEmpty)
      #expect(
        result.stderr == "pickers: cannot open a window: fontconfig finds no fonts, and GTK "
          + "draws every label in one (Debian: apt install fonts-dejavu-core)\n",
        "\(arguments)")
    }
  }

  @Test("the pickers binary links no GTK, GDK, X11 or GIO library")
  func noGTKLinked() throws {
    let result = try runProgram("/usr/bin/ldd", [pickersBinary])
    #expect(result.status == 0)
    for library in ["libgtk", "libgdk", "libX11", "libgio", "libgobject"] {
      #expect(!result.output.contains(library), "\(library) is linked")
    }
  }
}

@Suite(
  "the terminal color picker's eyedropper",
  .enabled(
    if: guiToolsPresent && access(buildProductsDirectory + "/pickers-sample", X_OK) == 0,
    "needs Xvfb, xdotool and pickers-sample"), .tags(.desktop, .terminal))
struct TerminalEyedropperTests {
  @Test("e runs pickers-sample: a click on the white screen makes the color #ffffff")
  func sampleWithE() throws {
    let display = try VirtualDisplay()
    let run = try PseudoTerminalRun.run(
      ["color", "pick", "--initial", "#3478f6"],
      steps: [
        .wait("#3478f6"), .send("e"),
        .run { pid, _ in
          // Click while the sampler (pickers' child) runs: until it has grabbed the pointer a
          // click lands on the root window and changes nothing. A hang guard of 60 s.
          var seen = false
          for _ in 0..<240 {
            let children =
              (try? runProgram("/bin/cat", ["/proc/\(pid)/task/\(pid)/children"]))?
              .output ?? ""
            if children.contains(where: \.isNumber) {
              seen = true
              _ = try? display.run("/usr/bin/xdotool", ["mousemove", "640", "400", "click", "1"])
            } else if seen {
              break
            }
            usleep(250_000)
          }
        },
        .wait("#ffffff"), .send("\r"),
      ],
      environment: ["DISPLAY": display.name, "WAYLAND_DISPLAY": "", "GDK_BACKEND": "x11"],
      timeout: 90)
    #expect(run.status == 0)
    #expect(run.stdout == "#ffffff\n")
    #expect(run.modesRestored)
  }
}
