import Glibc
import Testing

/// Drives `pickers` through a pseudo-terminal, as a user at a terminal would.
///
/// The child runs under `setsid -c`, so the pty is its controlling terminal and `/dev/tty`
/// opens; its standard output is a pipe, so the answer and the drawing can be told apart.
/// Swift cannot `fork` safely in a multithreaded test process, hence `posix_spawn`.
struct PseudoTerminalRun {
  /// One step of a script: wait until the screen shows `text` (if any), or until the raw
  /// output since the last step holds `rawText`, then send `bytes` or run `action` with the
  /// child's pid and the pty master.
  struct Step {
    var waitFor: String?
    var rawText: String?
    var bytes: [UInt8] = []
    var action: ((pid_t, Int32) -> Void)?

    static func wait(_ text: String) -> Step { Step(waitFor: text) }
    static func waitRaw(_ text: String) -> Step { Step(waitFor: nil, rawText: text) }
    static func send(_ text: String) -> Step { Step(waitFor: nil, bytes: Array(text.utf8)) }
    static func run(_ action: @escaping (pid_t, Int32) -> Void) -> Step {
      Step(waitFor: nil, action: action)
    }
  }

  var status: Int32
  var stdout: String
  /// Everything the program drew on the terminal.
  var drawn: String
  /// The terminal modes before the run and after the program exited.
  var modesBefore: termios
  var modesAfter: termios
  /// The final screen, replayed from `drawn` before the program left the alternate screen.
  var finalScreen: [String]

  /// Whether the local, input, output and control modes are the same after as before.
  var modesRestored: Bool {
    modesBefore.c_lflag == modesAfter.c_lflag && modesBefore.c_iflag == modesAfter.c_iflag
      && modesBefore.c_oflag == modesAfter.c_oflag && modesBefore.c_cflag == modesAfter.c_cflag
  }

  /// Runs `pickers arguments` on a fresh 100x30 pty through `steps`; killed after `timeout`.
  ///
  /// With `controllingTerminal` false the child gets a new session without one, so
  /// `/dev/tty` fails and only standard input (the pty) is a terminal.
  static func run(
    _ arguments: [String], steps: [Step], environment: [String: String] = [:],
    controllingTerminal: Bool = true, timeout: Double = 30
  ) throws -> PseudoTerminalRun {
    var master: Int32 = -1
    var slave: Int32 = -1
    var window = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &slave, nil, nil, &window) == 0 else {
      throw HarnessError(description: "cannot open a pseudo-terminal")
    }
    // Children spawned by other tests in parallel must not inherit either end.
    _ = fcntl(master, F_SETFD, FD_CLOEXEC)
    _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
    defer {
      close(master)
      close(slave)
    }
    var before = termios()
    tcgetattr(slave, &before)

    var outPipe: [Int32] = [0, 0]
    guard pipe(&outPipe) == 0 else { throw HarnessError(description: "pipe failed") }
    for fd in outPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    defer { close(outPipe[0]) }

    var env = childEnvironment()
    env["TERM"] = "xterm-256color"
    env.removeValue(forKey: "COLORTERM")
    for (key, value) in environment { env[key] = value }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, slave, 0)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, slave, 2)
    let setsid = controllingTerminal ? ["/usr/bin/setsid", "-c"] : ["/usr/bin/setsid"]
    let argv = (setsid + [pickersBinary] + arguments).map { strdup($0) } + [nil]
    let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/usr/bin/setsid", &actions, nil, argv, envp)
    close(outPipe[1])
    guard spawned == 0 else {
      throw HarnessError(description: "cannot run setsid: \(String(cString: strerror(spawned)))")
    }

    var drawn: [UInt8] = []
    var out: [UInt8] = []
    var remaining = steps[...]
    var searchFrom = 0
    var chunk = [UInt8](repeating: 0, count: 65_536)
    var start = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    var status: Int32 = 0
    var exited = false
    var timedOut = false
    while !exited {
      var now = timespec()
      clock_gettime(CLOCK_MONOTONIC, &now)
      if Double(now.tv_sec - start.tv_sec) + Double(now.tv_nsec - start.tv_nsec) / 1e9 > timeout {
        kill(pid, SIGKILL)
        timedOut = true
      }
      // Run every step whose condition holds.
      while let step = remaining.first {
        if let text = step.rawText {
          let tail = String(decoding: drawn[searchFrom...], as: UTF8.self)
          guard tail.contains(text) else { break }
        }
        if let text = step.waitFor {
          var screen = ScreenReplay(width: Int(window.ws_col), height: Int(window.ws_row))
          screen.apply(String(decoding: drawn, as: UTF8.self))
          guard screen.lines.contains(where: { $0.contains(text) }) else { break }
        }
        searchFrom = drawn.count
        if !step.bytes.isEmpty {
          _ = step.bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        }
        step.action?(pid, master)
        remaining = remaining.dropFirst()
      }
      var fds = [
        pollfd(fd: master, events: Int16(POLLIN), revents: 0),
        pollfd(fd: outPipe[0], events: Int16(POLLIN), revents: 0),
      ]
      if poll(&fds, 2, 50) > 0 {
        if fds[0].revents & Int16(POLLIN) != 0 {
          let count = read(master, &chunk, chunk.count)
          if count > 0 { drawn += chunk[0..<count] }
        }
        if fds[1].revents & Int16(POLLIN | POLLHUP) != 0 {
          let count = read(outPipe[0], &chunk, chunk.count)
          if count > 0 { out += chunk[0..<count] }
        }
      }
      if waitpid(pid, &status, WNOHANG) == pid { exited = true }
    }
    // Collect what is left in the pipe and on the terminal. Without blocking: another test's
    // child may have inherited the pipe's write end and keep it open.
    _ = fcntl(outPipe[0], F_SETFL, fcntl(outPipe[0], F_GETFL) | O_NONBLOCK)
    while true {
      let count = read(outPipe[0], &chunk, chunk.count)
      if count <= 0 { break }
      out += chunk[0..<count]
    }
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    while true {
      let count = read(master, &chunk, chunk.count)
      if count <= 0 { break }
      drawn += chunk[0..<count]
    }
    if timedOut {
      throw HarnessError(description: "pickers \(arguments) did not finish in \(timeout) s")
    }
    var after = termios()
    tcgetattr(slave, &after)
    let exitStatus: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    var screen = ScreenReplay(width: Int(window.ws_col), height: Int(window.ws_row))
    screen.apply(String(decoding: drawn, as: UTF8.self))
    return PseudoTerminalRun(
      status: exitStatus, stdout: String(decoding: out, as: UTF8.self),
      drawn: String(decoding: drawn, as: UTF8.self), modesBefore: before, modesAfter: after,
      finalScreen: screen.lines)
  }
}

/// Replays terminal output into a grid of characters.
///
/// It follows cursor moves, clears and text; every other escape sequence (SGR, modes, images)
/// is skipped. Written from ECMA-48 for these tests.
struct ScreenReplay {
  var width: Int
  var height: Int
  var rows: [[Character]]
  var row = 0
  var column = 0

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    rows = Array(repeating: Array(repeating: " ", count: width), count: height)
  }

  var lines: [String] { rows.map { String($0.filter { $0 != "\u{0}" }) } }

  mutating func apply(_ output: String) {
    var scalars = Array(output.unicodeScalars)[...]
    while let first = scalars.first {
      scalars = scalars.dropFirst()
      if first == "\u{1B}" {
        guard let kind = scalars.first else { return }
        scalars = scalars.dropFirst()
        if kind == "[" {
          var parameters = ""
          while let next = scalars.first, !("@"..."~").contains(next) {
            parameters.unicodeScalars.append(next)
            scalars = scalars.dropFirst()
          }
          guard let final = scalars.first else { return }
          scalars = scalars.dropFirst()
          if final == "H" {
            let parts = parameters.split(separator: ";").map { Int($0) ?? 1 }
            row = (parts.first ?? 1) - 1
            column = (parts.count > 1 ? parts[1] : 1) - 1
          } else if final == "J" {
            rows = Array(repeating: Array(repeating: " ", count: width), count: height)
          } else if final == "l", parameters == "?1049" {
            return  // left the alternate screen: keep the last picture
          }
        } else if kind == "_" || kind == "P" {
          // APC (kitty graphics) or DCS (sixel): skip to the string terminator.
          while let next = scalars.first, next != "\u{1B}" { scalars = scalars.dropFirst() }
          scalars = scalars.dropFirst(2)
        }
        continue
      }
      if first.value < 0x20 { continue }
      guard row < height, column < width else { continue }
      let wide =
        (0x1100...0x115F).contains(first.value) || (0x2E80...0xFFDC).contains(first.value)
        || first.value >= 0x1F300
      rows[row][column] = Character(first)
      if wide, column + 1 < width { rows[row][column + 1] = "\u{0}" }
      column += wide ? 2 : 1
    }
  }
}
