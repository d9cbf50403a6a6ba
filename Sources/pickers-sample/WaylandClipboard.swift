import CWaylandClipboard
import Glibc
import Pickers

/// Puts text on the Wayland clipboard through the data-control protocol, served by a
/// ``ClipboardServer`` process.
///
/// Data-control sets a seat's selection with no window and no keyboard focus, which a
/// command-line program has neither of: `ext_data_control_manager_v1` (wayland-protocols'
/// ext-data-control-v1) where the compositor offers it, else wlroots'
/// `zwlr_data_control_manager_v1` (sway, Hyprland, river, KDE Plasma). GNOME's mutter has
/// neither. The connection is Sources/CWaylandClipboard's.
enum WaylandClipboard {
  /// The MIME types offered: those of text, and the X11 names that Xwayland bridges ask for.
  static let mimeTypes = [
    "text/plain;charset=utf-8", "text/plain", "UTF8_STRING", "TEXT", "STRING",
  ]

  /// Why the compositor cannot take a copy.
  enum Unavailable: Error, Equatable, CustomStringConvertible {
    /// No compositor answers at `WAYLAND_DISPLAY` (its name and `strerror`).
    case cannotConnect(display: String, reason: String)
    /// The compositor has no seat, so no clipboard.
    case noSeat
    /// The compositor offers no data-control manager.
    case noDataControl
    /// The connection broke while the globals were listed.
    case brokenConnection

    var description: String {
      switch self {
      case .cannotConnect(let display, let reason):
        "cannot connect to the Wayland compositor '\(display)' (\(reason))"
      case .noSeat: "the Wayland compositor has no seat"
      case .noDataControl:
        "the Wayland compositor offers no data-control protocol (ext_data_control_manager_v1 "
          + "or zwlr_data_control_manager_v1; GNOME has neither)"
      case .brokenConnection: "the Wayland compositor closed the connection"
      }
    }
  }

  /// The data-control global the compositor at `WAYLAND_DISPLAY` offers, asked on a connection
  /// of its own (closed again at once).
  static func probe() -> Result<String, Unavailable> {
    switch connect() {
    case .success(let connection):
      defer { pickers_wl_clipboard_close(connection) }
      return .success(protocolName(connection))
    case .failure(let reason):
      return .failure(reason)
    }
  }

  /// Starts serving `text` and returns once the background process owns the selection.
  static func copy(_ text: String, seconds: Int) throws(SampleError) {
    let bytes = Array(text.utf8)
    switch try ClipboardServer.start({ tell in serve(bytes, seconds: seconds, tell: tell) }) {
    case "y": return
    case "c": throw .clipboard(Unavailable.brokenConnection.description)
    case "u": throw .clipboard(Unavailable.noDataControl.description)
    default:
      throw .clipboard("the background process could not take the Wayland selection")
    }
  }

  /// The background process: connects, sets the selection and answers pastes.
  private static func serve(_ bytes: [UInt8], seconds: Int, tell: (Character) -> Void) {
    let connection: OpaquePointer
    switch connect() {
    case .success(let opened): connection = opened
    case .failure(.noDataControl), .failure(.noSeat): return tell("u")
    case .failure: return tell("c")
    }
    defer { pickers_wl_clipboard_close(connection) }
    let owned = withCStrings(mimeTypes) { names in
      bytes.withUnsafeBufferPointer { buffer in
        pickers_wl_clipboard_set_selection(
          connection, names, names.count, buffer.baseAddress, buffer.count)
      }
    }
    guard owned == 1 else { return tell(owned < 0 ? "c" : "n") }
    tell("y")
    let deadline = monotonicSeconds() + Double(seconds)
    while true {
      let remaining = deadline - monotonicSeconds()
      if remaining <= 0 { return }
      // 1 while this client owns the selection; 0 once another took it; -1 broken.
      if pickers_wl_clipboard_serve(connection, Int32(min(remaining, 1) * 1000) + 1) != 1 {
        return
      }
    }
  }

  private static func connect() -> Result<OpaquePointer, Unavailable> {
    var failure = PICKERS_WL_FAILURE_NONE
    if let connection = pickers_wl_clipboard_connect(&failure) { return .success(connection) }
    let reason = String(cString: strerror(errno))
    switch failure {
    case PICKERS_WL_FAILURE_NO_SEAT: return .failure(.noSeat)
    case PICKERS_WL_FAILURE_NO_DATA_CONTROL: return .failure(.noDataControl)
    case PICKERS_WL_FAILURE_PROTOCOL: return .failure(.brokenConnection)
    default:
      let display = getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0"
      return .failure(.cannotConnect(display: display, reason: reason))
    }
  }

  private static func protocolName(_ connection: OpaquePointer) -> String {
    pickers_wl_clipboard_protocol(connection) == PICKERS_WL_PROTOCOL_EXT
      ? "ext_data_control_manager_v1" : "zwlr_data_control_manager_v1"
  }

  /// Calls `body` with `strings` as an array of C strings, valid for the call.
  private static func withCStrings<Result>(
    _ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> Result
  ) -> Result {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    return body(copies.map { UnsafePointer($0) })
  }
}
