import Glibc
import Testing

/// The process ids whose parent is `parent`, read from `/proc/N/stat` (field 4).
func childProcesses(of parent: pid_t) -> [pid_t] {
  guard let folder = opendir("/proc") else { return [] }
  defer { closedir(folder) }
  var children: [pid_t] = []
  while let entry = readdir(folder) {
    let name = withUnsafeBytes(of: entry.pointee.d_name) {
      String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
    }
    guard let pid = pid_t(name), let stat = processStat(pid), stat.parent == parent else {
      continue
    }
    children.append(pid)
  }
  return children
}

/// The state letter and parent of a process from `/proc/PID/stat`, or `nil` when it is gone.
func processStat(_ pid: pid_t) -> (state: Character, parent: pid_t)? {
  let text = String(decoding: BackgroundProcess.contents("/proc/\(pid)/stat"), as: UTF8.self)
  // The command name (field 2) is in parentheses and may hold spaces: read after the last ')'.
  guard let close = text.lastIndex(of: ")") else { return nil }
  let fields = text[text.index(after: close)...].split(separator: " ")
  guard fields.count > 2, let state = fields[0].first, let parent = pid_t(fields[1]) else {
    return nil
  }
  return (state, parent)
}

/// Whether `pid` is gone (or a zombie nobody has reaped yet) within `timeout` seconds.
func processEnds(_ pid: pid_t, timeout: Double = 10) -> Bool {
  let start = monotonicNow()
  while monotonicNow() - start < timeout {
    guard let stat = processStat(pid), stat.state != "Z" else { return true }
    usleep(50_000)
  }
  return false
}

/// The helper `name` started by `parent`, waited for up to 30 s.
func helperProcess(named name: String, parent: pid_t) -> pid_t? {
  let start = monotonicNow()
  while monotonicNow() - start < 30 {
    for child in childProcesses(of: parent) {
      let command = String(
        decoding: BackgroundProcess.contents("/proc/\(child)/comm"), as: UTF8.self)
      if command.hasPrefix(String(name.prefix(15))) { return child }
    }
    usleep(50_000)
  }
  return nil
}

/// One Xvfb for the suite that stays up between clients (the fixture's windows hold it open).
private let lifetimeScreen: Result<VirtualScreen, HarnessError> = {
  do {
    return .success(try VirtualScreen())
  } catch {
    return .failure(HarnessError(description: "\(error)"))
  }
}()

/// A helper ends when `pickers` ends, whatever the signal, and the windows are named `pickers`.
@Suite("the desktop helpers end with pickers and are named pickers", .serialized, .tags(.desktop))
struct HelperLifetimeTests {
  private func environment(_ display: String, home: String) -> [String: String] {
    [
      "DISPLAY": display, "WAYLAND_DISPLAY": "", "XDG_SESSION_TYPE": "x11", "GDK_BACKEND": "x11",
      "HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_STATE_HOME": home + "/state",
      "XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache",
      "XDG_RUNTIME_DIR": home, "GSETTINGS_BACKEND": "memory", "NO_AT_BRIDGE": "1",
      "DBUS_SESSION_BUS_ADDRESS": "",
    ]
  }

  @Test(
    "kill of pickers ends the color window (SIGTERM passed on, SIGKILL by the kernel)",
    arguments: [SIGTERM, SIGKILL, SIGINT])
  func windowEndsWithPickers(signal: Int32) throws {
    let display = try lifetimeScreen.get()
    let home = try makeTemporaryDirectory()
    defer { removeTree(home) }
    let process = try BackgroundProcess(
      pickersBinary, ["color", "pick", "--gui"],
      environment: environment(display.display, home: home))
    let helper = try #require(helperProcess(named: "pickers-gtk", parent: process.pid))
    // The window is up (its title is the one the window manager shows) before the signal.
    var window = ""
    for _ in 0..<600 where window.isEmpty {
      let found = try display.run("xdotool", ["search", "--name", "^pickers · color$"])
      window = found.output.split(separator: "\n").first.map(String.init) ?? ""
      if window.isEmpty { usleep(50_000) }
    }
    try #require(!window.isEmpty, "the color window appears")
    kill(process.pid, signal)
    let result = try process.wait(timeout: 20)
    #expect(processEnds(helper), "pickers-gtk \(helper) outlived pickers (signal \(signal))")
    // pickers ends by the signal it got, after the window.
    #expect(result.status == 128 + signal)
  }

  @Test("the window's WM_CLASS and title name pickers")
  func windowClass() throws {
    try #require(programExists("xprop"), "xprop (x11-utils) is installed by scripts/install-deps")
    let display = try lifetimeScreen.get()
    let home = try makeTemporaryDirectory()
    defer { removeTree(home) }
    let process = try BackgroundProcess(
      pickersBinary, ["color", "pick", "--gui"],
      environment: environment(display.display, home: home))
    defer { process.terminate() }
    var window = ""
    for _ in 0..<600 where window.isEmpty {
      let found = try display.run("xdotool", ["search", "--name", "^pickers · color$"])
      window = found.output.split(separator: "\n").first.map(String.init) ?? ""
      if window.isEmpty { usleep(50_000) }
    }
    try #require(!window.isEmpty, "the color window appears")
    let wmClass = try display.run("xprop", ["-id", window, "WM_CLASS"])
    #expect(wmClass.output.hasPrefix("WM_CLASS(STRING) = \"pickers\", "), "\(wmClass.output)")
    let name = try display.run("xdotool", ["getwindowname", window])
    #expect(name.output == "pickers · color\n")
  }

  @Test(
    "kill of pickers color sample ends the sampler",
    arguments: [
      SIGTERM, SIGKILL,
    ])
  func samplerEndsWithPickers(signal: Int32) throws {
    let display = try lifetimeScreen.get()
    let process = try BackgroundProcess(
      pickersBinary, ["color", "sample", "--timeout", "60"],
      environment: ["DISPLAY": display.display, "WAYLAND_DISPLAY": "", "XDG_SESSION_TYPE": "x11"])
    let helper = try #require(helperProcess(named: "pickers-sample", parent: process.pid))
    var window = ""
    for _ in 0..<600 where window.isEmpty {
      let found = try display.run("xdotool", ["search", "--name", "pickers-sample magnifier"])
      window = found.output.split(separator: "\n").first.map(String.init) ?? ""
      if window.isEmpty { usleep(50_000) }
    }
    try #require(!window.isEmpty, "the magnifier appears")
    kill(process.pid, signal)
    _ = try process.wait(timeout: 20)
    #expect(processEnds(helper), "pickers-sample \(helper) outlived pickers (signal \(signal))")
  }

  @Test("without GTK 4 the window command says what to install, before starting anything")
  func missingGTK() throws {
    let result = try runPickers(
      ["color", "pick", "--gui"],
      environment: ["DISPLAY": ":97", "PICKERS_TEST_GTK_LIBRARY": "libgtk-4.so.999"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "pickers: the desktop windows need GTK 4 (Debian: libgtk-4-1); install it, or use "
        + "the terminal picker\n")
  }
}
