import Pickers

/// Why the sampler could not read a color; printed as `pickers: <description>`, exit 3.
enum SampleError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Neither `--backend` nor the environment names a display.
  case noDisplay
  /// `XOpenDisplay` failed.
  case cannotOpenDisplay(String)
  /// A pixel asked for with `--at` lies outside the root window.
  case outsideScreen(x: Int, y: Int, width: Int, height: Int)
  /// Another client holds the pointer or keyboard grab.
  case cannotGrab(String)
  /// An X request failed (the call and the X error code).
  case xRequestFailed(call: String, code: UInt8)
  /// Nothing happened within the time allowed.
  case timedOut(seconds: Int, waitingFor: String)
  /// `--at` with the portal, which cannot read a given pixel.
  case positionNeedsX11
  /// No session bus to talk to.
  case noSessionBus(String)
  /// Nothing owns `org.freedesktop.portal.Desktop` and it cannot be started.
  case noPortal(String)
  /// The portal runs, but its back end for this desktop has no `Screenshot.PickColor`.
  case noPickColor(String)
  /// The portal answered with an error or a response other than success and cancel.
  case portalFailed(String)
  /// The clipboard could not be taken.
  case clipboard(String)
  /// Standard output could not be written.
  case cannotWrite(String)
  /// The notification could not be shown.
  case notification(String)

  /// The name `pick --report` prints for this failure (``ColorSamplerError/Kind``'s raw
  /// values, which the library reads back).
  var kind: ColorSamplerError.Kind {
    switch self {
    case .noDisplay: .noDisplay
    case .cannotOpenDisplay: .cannotOpenDisplay
    case .outsideScreen: .outsideScreen
    case .cannotGrab: .cannotGrab
    case .timedOut: .timedOut
    case .positionNeedsX11: .positionNeedsX11
    case .noSessionBus: .noSessionBus
    case .noPortal: .noPortalService
    case .noPickColor: .noPickColor
    case .xRequestFailed, .portalFailed, .clipboard, .cannotWrite, .notification: .failed
    }
  }

  var description: String {
    switch self {
    case .noDisplay:
      "no display to sample: DISPLAY and WAYLAND_DISPLAY are unset (pass --backend x11 or portal)"
    case .cannotOpenDisplay(let name):
      "cannot open the X display '\(name)' (is DISPLAY right and the X server running?)"
    case .outsideScreen(let x, let y, let width, let height):
      "\(x),\(y) is outside the screen (\(width)x\(height) pixels, 0,0 to "
        + "\(width - 1),\(height - 1))"
    case .cannotGrab(let what):
      "cannot grab the \(what): another program holds it (a menu or another picker is open)"
    case .xRequestFailed(let call, let code): "\(call) failed with X error \(code)"
    case .timedOut(let seconds, let what):
      "no answer after \(seconds) s waiting for \(what) (--timeout sets the limit)"
    case .positionNeedsX11:
      "--at needs the x11 backend: the desktop portal cannot read a given pixel"
    case .noSessionBus(let detail): "no D-Bus session bus for the desktop portal: \(detail)"
    case .noPortal(let detail):
      "no desktop portal on the session bus (org.freedesktop.portal.Desktop: \(detail)); "
        + "install xdg-desktop-portal and the back end for your desktop"
    case .noPickColor(let detail):
      "the desktop portal has no org.freedesktop.portal.Screenshot.PickColor (\(detail)); "
        + "this desktop's portal back end does not offer color picking"
    case .portalFailed(let detail): "the desktop portal could not pick a color: \(detail)"
    case .clipboard(let detail): "cannot copy to the clipboard: \(detail)"
    case .cannotWrite(let detail): "cannot write the answer: \(detail)"
    case .notification(let detail): "cannot show a notification: \(detail)"
    }
  }
}
