import Glibc
import Pickers

/// The background process that serves a copied selection, on X11 and on Wayland alike.
///
/// A clipboard is a promise: its owner answers every paste. So, as `xclip` and `wl-copy` do, a
/// process of its own takes the selection and serves it until another client takes it over or
/// its time is up; the caller returns as soon as the selection is owned.
enum ClipboardServer {
  /// How long the background process serves the selection, unless
  /// `PICKERS_CLIPBOARD_SECONDS` says otherwise (1 to 86400).
  static let servingSeconds = 600

  /// The serving time `environment` asks for, or ``servingSeconds``.
  static func seconds(environment: [String: String]) -> Int {
    if let text = environment["PICKERS_CLIPBOARD_SECONDS"], let value = Int(text),
      (1...86_400).contains(value)
    {
      return value
    }
    return servingSeconds
  }

  /// Forks the server and waits (up to 10 s) for the one character it reports.
  ///
  /// `serve` runs in the child with no standard input, output or error (a caller reading this program's output
  /// sees its end at once), calls `tell` once it owns the selection (or has failed), and returns
  /// when it stops serving. Returns the character told, or `nil` when none came.
  static func start(
    _ serve: (_ tell: (Character) -> Void) -> Void
  ) throws(SampleError) -> Character? {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { throw .clipboard("pipe: \(String(cString: strerror(errno)))") }
    let (readEnd, writeEnd) = (fds[0], fds[1])
    let child = fork()
    if child < 0 { throw .clipboard("fork: \(String(cString: strerror(errno)))") }
    if child == 0 {
      close(readEnd)
      _ = setsid()
      // A paste whose reader leaves early must not end the server.
      signal(SIGPIPE, SIG_IGN)
      let null = open("/dev/null", O_RDWR)
      for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] { dup2(null, descriptor) }
      if null > 2 { close(null) }
      var told = false
      serve { answer in
        guard !told else { return }
        told = true
        var byte = answer.asciiValue ?? 0
        _ = write(writeEnd, &byte, 1)
        close(writeEnd)
      }
      _exit(0)
    }
    close(writeEnd)
    defer { close(readEnd) }
    var answer: UInt8 = 0
    let deadline = monotonicSeconds() + 10
    while monotonicSeconds() < deadline {
      // An interrupted wait starts again; any other failure stops waiting.
      guard let ready = try? FileDescriptor(rawValue: readEnd).waitForInput(milliseconds: 200)
      else { break }
      if ready {
        if read(readEnd, &answer, 1) != 1 { answer = 0 }
        break
      }
    }
    return answer == 0 ? nil : Character(Unicode.Scalar(answer))
  }
}
