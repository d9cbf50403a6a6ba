import Glibc
import Testing

/// A headless sway 1.7 session with the real desktop portal: PipeWire, xdg-desktop-portal-wlr
/// and xdg-desktop-portal in one `dbus-run-session` (Tests/Fixtures/desktop/sway-session.sh),
/// where the only stand-in is `slurp` (headless sway has no pointer).
///
/// sway refuses to run as root, so when the tests run as root (as in CI) the session and every
/// program run in it belong to `nobody`, through `setpriv`; otherwise they are the test's own
/// user's. The start is bounded (30 s, then a failure naming the piece that did not come up,
/// with the logs); the session ends with the test process (its watchdog) or ``stop()``.
final class SwaySession: Sendable {
  /// The session's folder: run/ (XDG_RUNTIME_DIR), home/, the config and the logs.
  let directory: String
  /// WAYLAND_DISPLAY, SWAYSOCK, DBUS_SESSION_BUS_ADDRESS, XDG_RUNTIME_DIR, HOME,
  /// XDG_CURRENT_DESKTOP and XDG_SESSION_TYPE, as the session's programs see them.
  let variables: [String: String]
  /// The session's process group (the launcher leads it).
  private let leader: pid_t
  /// xdg-desktop-portal, which runs as the test's user in a session of its own.
  private let portal: pid_t
  /// `setpriv` and its arguments when the session's user is not the test's.
  private let userPrefix: [String]

  /// The programs the session needs, and the package each comes from.
  static let requirements = [
    ("sway", "sway"), ("pipewire", "pipewire"), ("grim", "grim"), ("wl-paste", "wl-clipboard"),
    ("wtype", "wtype"), ("dbus-run-session", "dbus"), ("swaymsg", "sway"),
  ]

  /// Why the session cannot run on this machine, or `nil` when everything is installed.
  static let missing: String? = {
    var absent = requirements.filter { !programExists($0.0) }.map { "\($0.0) (\($0.1))" }
    for (path, package) in [
      ("/usr/libexec/xdg-desktop-portal-wlr", "xdg-desktop-portal-wlr"),
      ("/usr/libexec/xdg-desktop-portal", "xdg-desktop-portal"),
    ] where access(path, X_OK) != 0 {
      absent.append("\(path) (\(package))")
    }
    if geteuid() == 0 && access("/usr/bin/setpriv", X_OK) != 0 {
      absent.append("setpriv (util-linux)")
    }
    guard !absent.isEmpty else { return nil }
    return "missing \(absent.joined(separator: ", ")): scripts/install-deps --test installs them"
  }()

  init() throws {
    let root = geteuid() == 0
    userPrefix =
      root ? ["/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"] : []
    if root {
      // nobody runs the built binaries and the fixture from the checkout: say so plainly when
      // a folder on the way (a checkout under /root) shuts it out.
      for path in [pickersBinary, fixturesDirectory + "/desktop/sway-session.sh"] {
        let check = try runProgram(
          userPrefix[0], Array(userPrefix.dropFirst()) + ["/usr/bin/test", "-x", path])
        guard check.status == 0 else {
          throw HarnessError(
            description: "the session's user (nobody) cannot run \(path): make the folders "
              + "above it readable and searchable by others (chmod o+rx)")
        }
      }
    }
    directory = try makeTemporaryDirectory()
    // The session's user owns its folder; a root test process reads and writes it anyway.
    chmod(directory, 0o755)
    if root {
      let owned = try runProgram("/bin/chown", ["nobody:nogroup", directory])
      guard owned.status == 0 else {
        throw HarnessError(description: "chown nobody \(directory): \(owned.stderr)")
      }
    }
    let desktop = fixturesDirectory + "/desktop"
    let command =
      userPrefix + [
        "/usr/bin/env", "-i", "PATH=/usr/local/bin:/usr/bin:/bin", "HOME=\(directory)/home",
        "/usr/bin/dbus-run-session", "--config-file=\(desktop)/sway-session.conf", "--",
        "\(desktop)/sway-session.sh", directory, String(getpid()),
      ]
    let logFD = open(directory + "/launcher.log", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard logFD >= 0 else { throw HarnessError(description: "cannot write the launcher log") }
    defer { close(logFD) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, logFD, 1)
    posix_spawn_file_actions_adddup2(&actions, logFD, 2)
    let attributes = SpawnAttributes(newSession: true)
    let argv = command.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, command[0], &actions, &attributes.value, argv, environ)
    guard spawned == 0 else {
      throw HarnessError(
        description: "cannot start \(command[0]): \(String(cString: strerror(spawned)))")
    }
    leader = pid
    var ready: [String: String] = [:]
    let start = monotonicNow()
    while ready.isEmpty {
      let text = String(decoding: BackgroundProcess.contents(directory + "/ready"), as: UTF8.self)
      for line in text.split(separator: "\n") {
        guard let equals = line.firstIndex(of: "=") else { continue }
        ready[String(line[..<equals])] = String(line[line.index(after: equals)...])
      }
      if !ready.isEmpty { break }
      var status: Int32 = 0
      let failed = String(
        decoding: BackgroundProcess.contents(directory + "/failed"), as: UTF8.self)
      if !failed.isEmpty || waitpid(pid, &status, WNOHANG) == pid || monotonicNow() - start > 30 {
        let reason =
          failed.isEmpty
          ? "the session did not start within 30 s" : failed.replacing("\n", with: "")
        let launcher = String(
          decoding: BackgroundProcess.contents(directory + "/launcher.log"), as: UTF8.self)
        kill(-pid, SIGKILL)
        _ = waitpid(pid, &status, 0)
        throw HarnessError(description: "\(reason); launcher: \(launcher)")
      }
      usleep(50_000)
    }
    variables = ready
    // xdg-desktop-portal runs as the test's user: 1.16 turns away a caller whose
    // /proc/PID/root it cannot open (this process, when it is root and the portal is not),
    // and every client of the session can reach a portal of that user. It ends with the bus.
    switch Self.startPortal(variables: ready, directory: directory) {
    case .success(let pid): portal = pid
    case .failure(let error):
      portal = 0
      stop()
      throw error
    }
  }

  /// Starts xdg-desktop-portal on the session's bus and waits (20 s at most) for its name.
  private static func startPortal(
    variables: [String: String], directory: String
  ) -> Result<pid_t, HarnessError> {
    var environment = variables
    environment["XDG_DESKTOP_PORTAL_DIR"] = directory + "/portals"
    environment["GSETTINGS_BACKEND"] = "memory"
    environment["PATH"] = "/usr/bin:/bin"
    let logFD = open(directory + "/portal.log", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard logFD >= 0 else { return .failure(HarnessError(description: "cannot write a log")) }
    defer { close(logFD) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, logFD, 1)
    posix_spawn_file_actions_adddup2(&actions, logFD, 2)
    let attributes = SpawnAttributes(newSession: true)
    let program = "/usr/libexec/xdg-desktop-portal"
    let argv = [strdup(program), strdup("-v"), nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, program, &actions, &attributes.value, argv, envp)
    guard spawned == 0 else {
      return .failure(
        HarnessError(
          description: "cannot start \(program): \(String(cString: strerror(spawned)))"))
    }
    let start = monotonicNow()
    while monotonicNow() - start < 20 {
      guard
        let owner = try? runProgram(
          "/usr/bin/dbus-send",
          [
            "--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
            "org.freedesktop.DBus.NameHasOwner", "string:org.freedesktop.portal.Desktop",
          ], environment: environment)
      else { break }
      if owner.output.contains("boolean true") { return .success(pid) }
      usleep(100_000)
    }
    kill(pid, SIGKILL)
    var status: Int32 = 0
    _ = waitpid(pid, &status, 0)
    let log = String(decoding: BackgroundProcess.contents(directory + "/portal.log"), as: UTF8.self)
    return .failure(
      HarnessError(
        description: "the session did not start: no xdg-desktop-portal on the bus after 20 s: "
          + log.suffix(2000)))
  }

  /// Ends every process of the session and removes its folder.
  func stop() {
    if portal > 0 { kill(portal, SIGTERM) }
    kill(-leader, SIGTERM)
    let start = monotonicNow()
    var status: Int32 = 0
    while waitpid(leader, &status, WNOHANG) == 0 && monotonicNow() - start < 5 { usleep(20_000) }
    kill(-leader, SIGKILL)
    _ = waitpid(leader, &status, WNOHANG)
    if portal > 0 {
      kill(portal, SIGKILL)
      _ = waitpid(portal, &status, 0)
    }
    removeTree(directory)
  }

  /// The environment of a program in the session: ``variables``, no X display, the Swift
  /// backtracer off, GTK on Wayland without settings or accessibility services.
  func environment(_ extra: [String: String] = [:]) -> [String: String] {
    var environment = variables
    environment["DISPLAY"] = ""
    environment["GDK_BACKEND"] = "wayland"
    environment["GSK_RENDERER"] = "cairo"
    environment["GSETTINGS_BACKEND"] = "memory"
    environment["NO_AT_BRIDGE"] = "1"
    environment["GTK_A11Y"] = "none"
    environment["XDG_CONFIG_HOME"] = directory + "/home/config"
    environment["XDG_STATE_HOME"] = directory + "/home/state"
    environment["XDG_DATA_HOME"] = directory + "/home/data"
    environment["XDG_CACHE_HOME"] = directory + "/home/cache"
    for (key, value) in extra { environment[key] = value }
    return environment
  }

  /// The command line that runs `program` as the session's user.
  func commandLine(_ program: String, _ arguments: [String]) -> (String, [String]) {
    guard let setpriv = userPrefix.first else { return (program, arguments) }
    return (setpriv, Array(userPrefix.dropFirst()) + [program] + arguments)
  }

  /// Runs `program` in the session as its user and waits for it.
  func run(
    _ program: String, _ arguments: [String], environment extra: [String: String] = [:],
    timeout: Double = 60
  ) throws -> PickersResult {
    let (path, line) = commandLine(program, arguments)
    return try runProgram(path, line, environment: environment(extra), timeout: timeout)
  }

  /// Starts `program` in the session as its user; the process id is the program's own
  /// (`setpriv` executes it in place).
  func start(
    _ program: String, _ arguments: [String], environment extra: [String: String] = [:]
  ) throws -> BackgroundProcess {
    let (path, line) = commandLine(program, arguments)
    return try BackgroundProcess(path, line, environment: environment(extra))
  }

  /// What the stand-in `slurp` answers next: `point X,Y`, `cancel` or `delay SECONDS X,Y`.
  func slurpAnswers(_ answer: String) throws {
    try writeText(answer + "\n", to: directory + "/slurp-answer")
    chmod(directory + "/slurp-answer", 0o644)
  }

  /// The app_ids of the windows in sway's tree (`swaymsg -t get_tree`, parsed by Python).
  func appIDs() throws -> [String] {
    let (path, line) = commandLine("/usr/bin/swaymsg", ["-t", "get_tree", "-r"])
    let script = """
      import json, subprocess, sys
      tree = json.loads(subprocess.run(sys.argv[1:], capture_output=True, check=True).stdout)
      def walk(node):
          if node.get("app_id"):
              print(node["app_id"])
          for child in node.get("nodes", []) + node.get("floating_nodes", []):
              walk(child)
      walk(tree)
      """
    let result = try runProgram(
      "/usr/bin/python3", ["-c", script, path] + line, environment: environment())
    guard result.status == 0 else {
      throw HarnessError(description: "swaymsg -t get_tree failed: \(result.stderr)")
    }
    return result.output.split(separator: "\n").map(String.init)
  }

  /// Waits up to `timeout` seconds for a window with this app_id.
  func awaitWindow(appID: String, timeout: Double = 30) throws -> Bool {
    let start = monotonicNow()
    while monotonicNow() - start < timeout {
      if try appIDs().contains(appID) { return true }
      usleep(100_000)
    }
    return false
  }

  /// Presses keys with `wtype` in the focused window, with pauses around them (wtype loses a
  /// bare key sent at once).
  func keys(_ names: String...) throws {
    var arguments = ["-s", "300"]
    for name in names { arguments += ["-k", name, "-s", "300"] }
    let result = try run("/usr/bin/wtype", arguments)
    guard result.status == 0 else { throw HarnessError(description: "wtype: \(result.stderr)") }
  }

  /// Waits until slurp has run since slurp.log read `before`: a pick has reached
  /// xdg-desktop-portal-wlr's back end (the stand-in logs each start).
  func awaitSlurpStarted(since before: String, timeout: Double = 20) throws {
    try waitUntil("slurp to start (a pick reaching xdg-desktop-portal-wlr)", timeout: timeout) {
      log("slurp.log") != before
    }
  }

  /// Waits until no pick of this session's back end is running.
  ///
  /// A stand-in slurp with a delay (`delay SECONDS X,Y`) holds xdg-desktop-portal-wlr until it answers, and the next test's
  /// pick would wait behind it. The pick is the slurp script and the shell around it, which
  /// runs `grim` on slurp's answer.
  func awaitPicksEnded(timeout: Double = 20) throws {
    let script = directory + "/bin/slurp"
    var picks: [pid_t] = []
    for entry in directoryEntries("/proc") {
      guard let pid = pid_t(entry) else { continue }
      let line = String(
        decoding: BackgroundProcess.contents("/proc/\(pid)/cmdline").map { $0 == 0 ? 32 : $0 },
        as: UTF8.self)
      guard line.contains(script) else { continue }
      picks.append(pid)
      if let parent = processStat(pid)?.parent { picks.append(parent) }
    }
    try waitUntil("the delayed slurp and its pick (\(picks)) to end", timeout: timeout) {
      picks.allSatisfy { processStat($0).map { $0.state == "Z" } ?? true }
    }
  }

  /// A log of the session (sway.log, xdpw.log, portal.log, slurp.log), for failure messages.
  func log(_ name: String) -> String {
    String(decoding: BackgroundProcess.contents(directory + "/" + name), as: UTF8.self)
  }
}
