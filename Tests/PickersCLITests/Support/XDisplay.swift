import Glibc
import Testing

/// A program started in the background, its output going to temporary files.
///
/// `runProgram` waits for its child; the sampler tests need `pickers color sample` running
/// while `xdotool` clicks, so they start it with this instead and collect it afterwards.
final class BackgroundProcess {
  let pid: pid_t
  private let outputPath: String
  private let errorPath: String
  private var finished: PickersResult?
  /// Whether the program leads a process group of its own, which every signal below is sent
  /// to: a `dbus-run-session` killed alone leaves its `dbus-daemon` running for good.
  let ownGroup: Bool

  /// Starts `program`; standard input is `/dev/null`.
  ///
  /// With `ownGroup`, the program leads a new process group, and its children are signalled
  /// with it.
  init(
    _ program: String, _ arguments: [String], environment: [String: String] = [:],
    ownGroup: Bool = false
  ) throws {
    self.ownGroup = ownGroup
    var env = childEnvironment()
    for (key, value) in environment { env[key] = value }
    func temporaryFile() throws -> (Int32, String) {
      var template = Array("/tmp/pickers-test-out-XXXXXX".utf8CString)
      let descriptor = mkstemp(&template)
      guard descriptor >= 0 else { throw HarnessError(description: "mkstemp failed") }
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
      let path = String(
        decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      return (descriptor, path)
    }
    let (outFD, outPath) = try temporaryFile()
    let (errFD, errPath) = try temporaryFile()
    defer {
      close(outFD)
      close(errFD)
    }
    outputPath = outPath
    errorPath = errPath
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, outFD, 1)
    posix_spawn_file_actions_adddup2(&actions, errFD, 2)
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    var attributes = cleanSignalAttributes()
    defer { posix_spawnattr_destroy(&attributes) }
    if ownGroup {
      var flags: Int16 = 0
      posix_spawnattr_getflags(&attributes, &flags)
      posix_spawnattr_setflags(&attributes, flags | Int16(POSIX_SPAWN_SETPGROUP))
      posix_spawnattr_setpgroup(&attributes, 0)
    }
    let status = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
    guard status == 0 else {
      unlink(outPath)
      unlink(errPath)
      throw HarnessError(description: "cannot run \(program): \(String(cString: strerror(status)))")
    }
    self.pid = pid
  }

  /// Sends `signal` to the program (to its whole group with ``ownGroup``).
  func send(_ signal: Int32) {
    kill(ownGroup ? -pid : pid, signal)
  }

  deinit {
    if finished == nil {
      send(SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    unlink(outputPath)
    unlink(errorPath)
  }

  /// Waits for the program to end (killing it after `timeout` seconds, a hang guard) and
  /// returns what it printed.
  func wait(timeout: Double = 60) throws -> PickersResult {
    if let result = ended(within: timeout) { return result }
    send(SIGKILL)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    finished = PickersResult(status: -1, stdout: [], stderr: "")
    throw HarnessError(description: "the program did not finish in \(timeout) s")
  }

  /// What the program printed, if it ends within `seconds`; `nil` (and it keeps running) if
  /// not.
  func ended(within seconds: Double) -> PickersResult? {
    if let finished { return finished }
    let start = monotonicNow()
    var status: Int32 = 0
    while waitpid(pid, &status, WNOHANG) == 0 {
      if monotonicNow() - start > seconds { return nil }
      usleep(20_000)
    }
    let exitStatus: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    let result = PickersResult(
      status: exitStatus, stdout: Self.contents(outputPath),
      stderr: String(decoding: Self.contents(errorPath), as: UTF8.self))
    finished = result
    return result
  }

  /// Sends SIGTERM and waits for the program to end.
  func terminate() {
    guard finished == nil else { return }
    send(SIGTERM)
    _ = try? wait(timeout: 10)
  }

  static func contents(_ path: String) -> [UInt8] {
    guard let file = fopen(path, "r") else { return [] }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = fread(&chunk, 1, chunk.count, file)
      if count <= 0 { break }
      bytes += chunk[0..<count]
    }
    return bytes
  }
}

/// Spawn attributes that give the child no blocked signals and default handlers.
///
/// The test runner's worker threads block almost every signal, and a child inherits that
/// mask: dbus-daemon would then ignore dbus-run-session's SIGTERM and outlive the test.
func cleanSignalAttributes() -> posix_spawnattr_t {
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  var none = sigset_t()
  sigemptyset(&none)
  posix_spawnattr_setsigmask(&attributes, &none)
  var all = sigset_t()
  sigfillset(&all)
  posix_spawnattr_setsigdefault(&attributes, &all)
  posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
  return attributes
}

/// Seconds on the monotonic clock.
func monotonicNow() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// An `Xvfb` server on a display number it chose itself (`-displayfd`), showing the windows
/// of `Tests/Fixtures/desktop/color-windows.py`.
///
/// Xvfb runs with `-terminate`, and the fixture exits when its parent (the test process) is
/// gone, so a test run that ends, however it ends, leaves no server behind.
final class VirtualScreen: Sendable {
  /// `:N`, for `DISPLAY`.
  let display: String
  let width = 1280
  let height = 800
  private let serverPID: pid_t
  private let fixture: pid_t

  init() throws {
    try #require(programExists("Xvfb"), "Xvfb is installed by scripts/install-deps")
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { throw HarnessError(description: "pipe failed") }
    _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, fds[1], 3)
    let arguments = [
      "Xvfb", "-displayfd", "3", "-screen", "0", "1280x800x24", "-nolisten", "tcp",
      "-terminate",
    ]
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let path = "/usr/bin/Xvfb"
    var attributes = cleanSignalAttributes()
    defer { posix_spawnattr_destroy(&attributes) }
    guard posix_spawn(&pid, path, &actions, &attributes, argv, environ) == 0 else {
      throw HarnessError(description: "cannot start Xvfb")
    }
    close(fds[1])
    defer { close(fds[0]) }
    serverPID = pid
    // Xvfb writes the display number and a newline once it accepts connections.
    var number: [UInt8] = []
    var byte: UInt8 = 0
    let start = monotonicNow()
    while monotonicNow() - start < 30 {
      var descriptor = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 500) > 0 else { continue }
      guard read(fds[0], &byte, 1) == 1, byte != UInt8(ascii: "\n") else { break }
      number.append(byte)
    }
    guard !number.isEmpty else {
      kill(pid, SIGKILL)
      throw HarnessError(description: "Xvfb did not report its display")
    }
    display = ":" + String(decoding: number, as: UTF8.self)

    let fixtureProcess = try BackgroundProcess(
      "/usr/bin/python3", [fixturesDirectory + "/desktop/color-windows.py"],
      environment: ["DISPLAY": display])
    fixture = fixtureProcess.pid
    var ready = false
    let fixtureStart = monotonicNow()
    while !ready && monotonicNow() - fixtureStart < 30 {
      usleep(50_000)
      ready =
        BackgroundProcess.contents(fixtureProcess.outputPathForReading)
        == Array(
          "ready\n".utf8)
    }
    fixtureProcess.detach()
    guard ready else {
      kill(fixture, SIGKILL)
      kill(pid, SIGKILL)
      throw HarnessError(description: "the fixture windows did not appear")
    }
  }

  /// The environment for a program on this screen.
  var environment: [String: String] {
    ["DISPLAY": display, "WAYLAND_DISPLAY": "", "XDG_SESSION_TYPE": "x11"]
  }

  /// Runs an X client (xdotool, xwd, xclip) on this screen.
  @discardableResult
  func run(_ program: String, _ arguments: [String], stdin: [UInt8] = []) throws -> PickersResult {
    try runProgram(
      "/usr/bin/" + program, arguments, stdin: stdin, environment: environment, timeout: 30)
  }

  /// The whole screen, read by `xwd`.
  func screenshot() throws -> XWDImage {
    let result = try run("xwd", ["-root", "-silent"])
    try #require(result.status == 0, "xwd: \(result.stderr)")
    return try XWDImage(result.stdout)
  }

  /// Like ``window(named:timeout:)``, but sleeping as a task between tries, so that a test
  /// waiting for a window its own child task opens never holds one of the few threads that
  /// child task needs to start (the whole suite runs on a 2-thread pool on a 2-core machine).
  func awaitWindow(named name: String, timeout: Double = 60) async throws -> String? {
    let start = monotonicNow()
    while monotonicNow() - start < timeout {
      let found = try run("xdotool", ["search", "--name", name])
      if found.status == 0, let id = found.output.split(separator: "\n").first {
        return String(id)
      }
      try await Task.sleep(for: .milliseconds(50))
    }
    return nil
  }

  /// Waits until a window named `name` exists and returns its id, or `nil` after `timeout`.
  func window(named name: String, timeout: Double = 30) throws -> String? {
    let start = monotonicNow()
    while monotonicNow() - start < timeout {
      let found = try run("xdotool", ["search", "--name", name])
      if found.status == 0, let id = found.output.split(separator: "\n").first {
        return String(id)
      }
      usleep(50_000)
    }
    return nil
  }
}

extension BackgroundProcess {
  /// The file standard output goes to, read while the program runs.
  var outputPathForReading: String { outputPath }

  /// Lets the program outlive this object (its output files are still removed).
  func detach() { finished = PickersResult(status: 0, stdout: [], stderr: "") }
}

/// A decoded `xwd` dump (X11/XWDFile.h): a big-endian header, the colormap, then the pixels.
struct XWDImage {
  let width: Int
  let height: Int
  private let bytesPerLine: Int
  private let bytesPerPixel: Int
  private let littleEndian: Bool
  private let masks: (UInt32, UInt32, UInt32)
  private let pixels: [UInt8]

  init(_ data: [UInt8]) throws {
    func field(_ index: Int) -> Int {
      let offset = index * 4
      guard offset + 4 <= data.count else { return 0 }
      return data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    let headerSize = field(0)
    guard data.count >= 100, field(1) == 7, field(2) == 2 else {
      throw HarnessError(description: "not a version 7 ZPixmap xwd dump")
    }
    width = field(4)
    height = field(5)
    littleEndian = field(7) == 0
    bytesPerPixel = field(11) / 8
    bytesPerLine = field(12)
    masks = (UInt32(field(14)), UInt32(field(15)), UInt32(field(16)))
    let start = headerSize + field(19) * 12
    guard bytesPerPixel == 4, data.count >= start + bytesPerLine * height else {
      throw HarnessError(description: "unexpected xwd layout")
    }
    pixels = Array(data[start...])
  }

  /// The pixel at `x`, `y` as `#rrggbb`.
  func hex(_ x: Int, _ y: Int) -> String {
    let offset = y * bytesPerLine + x * bytesPerPixel
    let bytes = pixels[offset..<offset + 4].map { UInt32($0) }
    let value =
      littleEndian
      ? bytes[0] | bytes[1] << 8 | bytes[2] << 16 | bytes[3] << 24
      : bytes[3] | bytes[2] << 8 | bytes[1] << 16 | bytes[0] << 24
    func channel(_ mask: UInt32) -> UInt32 { (value & mask) >> mask.trailingZeroBitCount }
    let digits = Array("0123456789abcdef")
    var text = "#"
    for byte in [channel(masks.0), channel(masks.1), channel(masks.2)] {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 15)])
    }
    return text
  }
}
