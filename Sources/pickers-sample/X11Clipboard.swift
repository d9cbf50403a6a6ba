import CX11
import Glibc
import Pickers

/// Puts text on the X11 `CLIPBOARD` selection, served by a ``ClipboardServer`` process.
enum X11Clipboard {
  /// Starts serving `text` and returns once the background process owns `CLIPBOARD`.
  static func copy(_ text: String, seconds: Int) throws(SampleError) {
    let bytes = Array(text.utf8)
    switch try ClipboardServer.start({ tell in serve(bytes, seconds: seconds, tell: tell) }) {
    case "y": return
    case "d": throw .cannotOpenDisplay(environmentDisplay())
    default: throw .clipboard("the background process could not take the CLIPBOARD selection")
    }
  }

  /// The background process: owns the selection and answers requests for it.
  private static func serve(_ bytes: [UInt8], seconds: Int, tell: (Character) -> Void) {
    guard let display = XOpenDisplay(nil) else { return tell("d") }
    defer { XCloseDisplay(display) }
    let root = XDefaultRootWindow(display)
    let window = XCreateSimpleWindow(display, root, 0, 0, 1, 1, 0, 0, 0)
    let atom = { (name: String) in XInternAtom(display, name, 0) }
    let clipboard = atom("CLIPBOARD")
    let targets = atom("TARGETS")
    let utf8 = atom("UTF8_STRING")
    let textTargets = [
      utf8, atom("TEXT"), Atom(XA_STRING), atom("text/plain;charset=utf-8"), atom("text/plain"),
    ]
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
