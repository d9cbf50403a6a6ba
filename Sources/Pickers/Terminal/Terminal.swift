#if canImport(Glibc)
  import Glibc
#endif

// What the signal handlers need: a C function pointer captures nothing, so the saved modes, the
// terminal's descriptor and the restore sequence live in globals, set up before any handler is
// installed and read-only while one can run.
nonisolated(unsafe) private var savedModes = termios()
nonisolated(unsafe) private var rawModeFD: Int32 = -1
nonisolated(unsafe) private var wakePipeWrite: Int32 = -1
nonisolated(unsafe) private var restoreSequence: UnsafeMutablePointer<UInt8>?
nonisolated(unsafe) private var restoreSequenceLength = 0
/// The handlers found before ours (Swift's backtracer), by signal number.
nonisolated(unsafe) private var previousActions: [sigaction?] = Array(repeating: nil, count: 65)
nonisolated(unsafe) private var exitHookInstalled = false

/// Puts the terminal back as it was: async-signal-safe (only `write` and `tcsetattr`).
private func restoreTerminalNow() {
  let fd = rawModeFD
  guard fd >= 0 else { return }
  rawModeFD = -1
  if let restoreSequence { _ = write(fd, restoreSequence, restoreSequenceLength) }
  _ = tcsetattr(fd, TCSAFLUSH, &savedModes)
}

private let terminatingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
private let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

/// SIGINT, SIGTERM, SIGHUP, SIGQUIT: restore, then die of the same signal as if unhandled.
private func handleTermination(_ signal: Int32) {
  restoreTerminalNow()
  var action = sigaction()
  action.__sigaction_handler.sa_handler = SIG_DFL
  _ = sigaction(signal, &action, nil)
  _ = raise(signal)
}

/// A crash: restore, reinstall the previous handler (Swift's backtracer) and return, so the
/// faulting instruction runs again and reaches it with the original context.
private func handleCrash(_ signal: Int32) {
  restoreTerminalNow()
  if var previous = previousActions[Int(signal)] {
    _ = sigaction(signal, &previous, nil)
  } else {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = SIG_DFL
    _ = sigaction(signal, &action, nil)
  }
  if signal == SIGABRT || signal == SIGTRAP { _ = raise(signal) }
}

/// SIGWINCH: wake the event loop through the pipe; it reads the new size itself.
private func handleResize(_ signal: Int32) {
  var byte: UInt8 = 1
  if wakePipeWrite >= 0 { _ = write(wakePipeWrite, &byte, 1) }
}

/// Why the interactive terminal could not be used.
public enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Neither `/dev/tty` nor standard input is a terminal (CI, cron, a pipe).
  case noTerminal(reason: String)
  /// A terminal call failed.
  case systemCall(name: String, errno: Int32)

  public var description: String {
    switch self {
    case .noTerminal(let reason):
      "no terminal to draw on (\(reason)); run this command in an interactive terminal"
    case .systemCall(let name, let code):
      "\(name) failed on the terminal: \(String(cString: strerror(code)))"
    }
  }
}

/// The size of the terminal window.
public struct TerminalSize: Hashable, Sendable {
  /// Columns of character cells.
  public var columns: Int
  /// Rows of character cells.
  public var rows: Int
  /// The window's width in pixels, when the terminal reports it (else 0).
  public var pixelWidth: Int
  /// The window's height in pixels, when the terminal reports it (else 0).
  public var pixelHeight: Int

  /// Creates a size; pixel sizes default to unknown.
  public init(columns: Int, rows: Int, pixelWidth: Int = 0, pixelHeight: Int = 0) {
    self.columns = columns
    self.rows = rows
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
  }

  /// The size of one cell in pixels, guessed as 10x20 when the terminal does not say.
  public var cellPixelSize: (width: Int, height: Int) {
    guard pixelWidth > 0, pixelHeight > 0, columns > 0, rows > 0 else { return (10, 20) }
    return (max(pixelWidth / columns, 1), max(pixelHeight / rows, 1))
  }
}

/// What the terminal reported while the event loop waited.
public enum TerminalEvent: Hashable, Sendable {
  /// Bytes typed (or sent by the terminal), decoded later.
  case input([UInt8])
  /// The window changed size.
  case resized
  /// Nothing arrived within the timeout.
  case timeout
}

/// The interactive terminal (`/dev/tty`): raw mode, the alternate screen and their restoration.
///
/// Only this type touches termios and the terminal's descriptor. Raw mode and the alternate
/// screen are restored by `restore()`, by `deinit`, at `exit()`, on SIGINT, SIGTERM, SIGHUP and
/// SIGQUIT (then the process dies of that signal), and on a crash signal before the crash
/// reporter runs.
///
///     let terminal = try Terminal.open()
///     try terminal.enterRawMode()
///     defer { terminal.restore() }
public final class Terminal {
  /// The descriptor of the terminal, opened read-write.
  private let fd: Int32
  private let ownsDescriptor: Bool
  private var wakeRead: Int32 = -1
  private var wakeWrite: Int32 = -1
  private var active = false

  private init(fd: Int32, ownsDescriptor: Bool) {
    self.fd = fd
    self.ownsDescriptor = ownsDescriptor
  }

  deinit {
    restore()
    if ownsDescriptor { _ = close(fd) }
  }

  /// Opens `/dev/tty`, or standard input when it is a terminal and `/dev/tty` is unavailable.
  ///
  /// Fails at once, without waiting, when there is no terminal.
  ///
  /// - Throws: ``TerminalError/noTerminal(reason:)``.
  public static func open() throws(TerminalError) -> Terminal {
    let fd = Glibc.open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
    if fd >= 0 {
      if isatty(fd) == 1 { return Terminal(fd: fd, ownsDescriptor: true) }
      _ = close(fd)
    }
    let reason = "/dev/tty: \(String(cString: strerror(errno)))"
    if isatty(STDIN_FILENO) == 1 { return Terminal(fd: STDIN_FILENO, ownsDescriptor: false) }
    throw .noTerminal(reason: reason + ", and standard input is not a terminal")
  }

  /// The window size, from `ioctl(TIOCGWINSZ)` on the terminal; 80x24 if it fails.
  public var size: TerminalSize {
    var window = winsize()
    guard ioctl(fd, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
      return TerminalSize(columns: 80, rows: 24)
    }
    return TerminalSize(
      columns: Int(window.ws_col), rows: Int(window.ws_row), pixelWidth: Int(window.ws_xpixel),
      pixelHeight: Int(window.ws_ypixel))
  }

  /// Saves the terminal's modes, switches to raw mode and the alternate screen, hides the
  /// cursor, turns mouse reports on and installs the handlers that undo all of it.
  ///
  /// The corresponding C functions are `tcgetattr`, `cfmakeraw` and `tcsetattr`.
  ///
  /// - Parameter mouse: Whether to ask for mouse (wheel) reports.
  /// - Throws: ``TerminalError/systemCall(name:errno:)``.
  public func enterRawMode(mouse: Bool = true) throws(TerminalError) {
    guard !active else { return }
    var modes = termios()
    guard tcgetattr(fd, &modes) == 0 else { throw .systemCall(name: "tcgetattr", errno: errno) }
    var pipeEnds: [Int32] = [-1, -1]
    guard pipe(&pipeEnds) == 0 else { throw .systemCall(name: "pipe", errno: errno) }
    for end in pipeEnds {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }
    (wakeRead, wakeWrite) = (pipeEnds[0], pipeEnds[1])

    let sequence = Array(
      (mouse ? ANSI.restore : ANSI.reset + ANSI.showCursor + ANSI.leaveAlternateScreen).utf8)
    if restoreSequence == nil {
      let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
      restoreSequence = buffer
    }
    if let restoreSequence {
      let count = min(sequence.count, 64)
      for index in 0..<count { restoreSequence[index] = sequence[index] }
      restoreSequenceLength = count
    }
    savedModes = modes
    wakePipeWrite = wakeWrite
    rawModeFD = fd
    installHandlers()

    var raw = modes
    cfmakeraw(&raw)
    guard tcsetattr(fd, TCSAFLUSH, &raw) == 0 else {
      let code = errno
      restoreTerminalNow()
      throw .systemCall(name: "tcsetattr", errno: code)
    }
    active = true
    write(ANSI.enterAlternateScreen + ANSI.hideCursor + (mouse ? ANSI.enableMouse : ""))
  }

  /// Leaves the alternate screen and restores the saved modes; safe to call more than once.
  public func restore() {
    guard active else { return }
    active = false
    restoreTerminalNow()
    wakePipeWrite = -1
    for end in [wakeRead, wakeWrite] where end >= 0 { _ = close(end) }
    (wakeRead, wakeWrite) = (-1, -1)
  }

  /// Writes `text` to the terminal, retrying short writes.
  public func write(_ text: String) {
    write(Array(text.utf8))
  }

  /// Writes `bytes` to the terminal, retrying short writes and interrupted calls.
  public func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { try? SystemCall.writeAll(fd, $0, retryingWouldBlock: true) }
  }

  /// Waits up to `timeout` milliseconds (`nil`: forever) for input or a resize.
  ///
  /// The corresponding C function is `poll`.
  public func next(timeout milliseconds: Int?) -> TerminalEvent {
    var descriptors = [
      pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
    ]
    let watched = wakeRead >= 0 ? 2 : 1
    // `withUnsafeMutableBufferPointer` rethrows untyped errors: the typed one travels in a
    // `Result`.
    let polled = descriptors.withUnsafeMutableBufferPointer { entries in
      Result { () throws(SystemError) in
        try SystemCall.poll(
          UnsafeMutableBufferPointer(rebasing: entries[..<watched]),
          timeout: Int32(milliseconds ?? -1), retryingInterrupts: false)
      }
    }
    let count: Int
    switch polled {
    case .success(let ready): count = ready
    // A signal (SIGWINCH) ended the wait: redraw.
    case .failure(let error): return error.isInterrupted ? .resized : .timeout
    }
    if count == 0 { return .timeout }
    if descriptors[1].revents & Int16(POLLIN) != 0 {
      var drain = [UInt8](repeating: 0, count: 64)
      _ = read(wakeRead, &drain, drain.count)
      return .resized
    }
    if descriptors[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
      var buffer = [UInt8](repeating: 0, count: 1024)
      let result = buffer.withUnsafeMutableBytes { raw in
        Result { () throws(SystemError) in
          try SystemCall.read(fd, into: raw, retryingInterrupts: false)
        }
      }
      switch result {
      case .success(let got) where got > 0: return .input(Array(buffer[0..<got]))
      case .failure(let error) where error.isInterrupted || error.code == EAGAIN: return .timeout
      // End of file or an error on the terminal: report Ctrl-D so the picker can stop.
      default: return .input([0x04])
      }
    }
    return .timeout
  }

  private func installHandlers() {
    for signal in terminatingSignals {
      install(signal) { handleTermination($0) }
    }
    for signal in crashSignals {
      var previous = sigaction()
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { handleCrash($0) }
      sigemptyset(&action.sa_mask)
      action.sa_flags = Int32(SA_NODEFER)
      if sigaction(signal, &action, &previous) == 0, previousActions[Int(signal)] == nil {
        previousActions[Int(signal)] = previous
      }
    }
    install(SIGWINCH) { handleResize($0) }
    // A process started by a thread that blocks signals (a libdispatch worker does) inherits
    // that mask: unblock what the handlers are for, or Ctrl-C from `kill`, SIGTERM and
    // resizes would never arrive while the picker waits for keys.
    var handled = sigset_t()
    sigemptyset(&handled)
    for signal in terminatingSignals + [SIGWINCH] { sigaddset(&handled, signal) }
    _ = pthread_sigmask(SIG_UNBLOCK, &handled, nil)
    if !exitHookInstalled {
      exitHookInstalled = true
      atexit { restoreTerminalNow() }
    }
  }

  private func install(_ signal: Int32, _ handler: @convention(c) (Int32) -> Void) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0  // no SA_RESTART: poll returns at once
    _ = sigaction(signal, &action, nil)
  }
}
