import CX11
import Glibc
import Pickers

/// Puts text on the X11 `CLIPBOARD` selection.
///
/// On X11 the clipboard is a promise: its owner must answer every paste. So, as `xclip` does,
/// a background process takes the selection and serves it until another client takes it over
/// or ``servingSeconds`` pass; the caller returns as soon as the selection is owned.
enum X11Clipboard {
  /// How long the background process serves the selection, unless
  /// `PICKERS_CLIPBOARD_SECONDS` says otherwise (1 to 86400).
  static let servingSeconds = 600

  /// Starts serving `text` and returns once the background process owns `CLIPBOARD`.
  ///
  /// The background process has no standard input, output or error, so a caller reading this
  /// program's output sees its end at once.
  static func copy(_ text: String, seconds: Int) throws(SampleError) {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { throw .clipboard("pipe: \(String(cString: strerror(errno)))") }
    let (readEnd, writeEnd) = (fds[0], fds[1])
    let child = fork()
    if child < 0 { throw .clipboard("fork: \(String(cString: strerror(errno)))") }
    if child == 0 {
      close(readEnd)
      _ = setsid()
      let null = open("/dev/null", O_RDWR)
      for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] { dup2(null, descriptor) }
      if null > 2 { close(null) }
      serve(Array(text.utf8), seconds: seconds, report: writeEnd)
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
    switch answer {
    case UInt8(ascii: "y"): return
    case UInt8(ascii: "d"): throw .cannotOpenDisplay(environmentDisplay())
    default: throw .clipboard("the background process could not take the CLIPBOARD selection")
    }
  }

  /// The background process: owns the selection and answers requests for it.
  private static func serve(_ bytes: [UInt8], seconds: Int, report: Int32) {
    func tell(_ answer: Character) {
      var byte = answer.asciiValue ?? 0
      _ = write(report, &byte, 1)
      close(report)
    }
    guard let display = XOpenDisplay(nil) else { return tell("d") }
    defer { XCloseDisplay(display) }
    let root = XDefaultRootWindow(display)
    let window = XCreateSimpleWindow(display, root, 0, 0, 1, 1, 0, 0, 0)
    let atom = { (name: String) in XInternAtom(display, name, 0) }
    let clipboard = atom("CLIPBOARD")
    let targets = atom("TARGETS")
    let utf8 = atom("UTF8_STRING")
    let textTargets = [utf8, atom("TEXT"), Atom(XA_STRING), atom("text/plain;charset=utf-8")]
    XSetSelectionOwner(display, clipboard, window, UInt(CurrentTime))
    guard XGetSelectionOwner(display, clipboard) == window else { return tell("n") }
    tell("y")

    let deadline = monotonicSeconds() + Double(seconds)
    while true {
      while XPending(display) == 0 {
        let remaining = deadline - monotonicSeconds()
        if remaining <= 0 { return }
        var descriptor = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, Int32(min(remaining, 1) * 1000) + 1)
      }
      var event = XEvent()
      XNextEvent(display, &event)
      switch event.type {
      case SelectionClear:
        return  // another client owns the clipboard now
      case SelectionRequest:
        let request = event.xselectionrequest
        // Obsolete clients name no property: the target's name is the one to use.
        let property = request.property == 0 ? request.target : request.property
        var reply = XEvent()
        reply.xselection.type = SelectionNotify
        reply.xselection.display = display
        reply.xselection.requestor = request.requestor
        reply.xselection.selection = request.selection
        reply.xselection.target = request.target
        reply.xselection.time = request.time
        reply.xselection.property = property
        if request.target == targets {
          var offered = [targets] + textTargets
          XChangeProperty(
            display, request.requestor, property, Atom(XA_ATOM), 32, PropModeReplace,
            &offered, Int32(offered.count))
        } else if textTargets.contains(request.target) {
          let type = request.target == Atom(XA_STRING) ? Atom(XA_STRING) : utf8
          bytes.withUnsafeBufferPointer { buffer in
            _ = XChangeProperty(
              display, request.requestor, property, type, 8, PropModeReplace,
              buffer.baseAddress, Int32(buffer.count))
          }
        } else {
          reply.xselection.property = 0  // refused: a target we do not offer
        }
        XSendEvent(display, request.requestor, 0, 0, &reply)
        XFlush(display)
      default:
        break
      }
    }
  }

  private static func environmentDisplay() -> String {
    getenv("DISPLAY").map { String(cString: $0) } ?? ""
  }
}
