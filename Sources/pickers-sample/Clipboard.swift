import Pickers

/// Where a copy goes: the Wayland compositor's data-control clipboard or the X11 `CLIPBOARD`.
enum Clipboard: Equatable {
  /// Wayland data-control, through the named global.
  case wayland(String)
  /// The X11 `CLIPBOARD` selection (an X server, or Xwayland).
  case x11

  /// The clipboard a copy would go to in `environment`, found before anything is picked.
  ///
  /// Wayland data-control when `WAYLAND_DISPLAY` is set and the compositor offers it, else
  /// X11 when `DISPLAY` is set.
  ///
  /// - Throws: ``SampleError/clipboard(_:)`` saying why neither works and what would.
  static func chosen(environment: [String: String]) throws(SampleError) -> Clipboard {
    var wayland: WaylandClipboard.Unavailable?
    if let name = environment["WAYLAND_DISPLAY"], !name.isEmpty {
      switch WaylandClipboard.probe() {
      case .success(let global): return .wayland(global)
      case .failure(let reason): wayland = reason
      }
    }
    if let display = environment["DISPLAY"], !display.isEmpty { return .x11 }
    guard let wayland else {
      throw .clipboard(
        "no display: WAYLAND_DISPLAY and DISPLAY are unset (the clipboard belongs to a "
          + "Wayland compositor or an X server; run pickers in the desktop session)")
    }
    throw .clipboard(
      "\(wayland), and there is no X server (DISPLAY is unset); run pickers where Xwayland's "
        + "DISPLAY is set, or without --copy and pipe the color to a clipboard tool of this "
        + "desktop (wl-copy)")
  }

  /// Puts `text` on this clipboard, served in the background for `seconds`.
  func copy(_ text: String, seconds: Int) throws(SampleError) {
    switch self {
    case .wayland: try WaylandClipboard.copy(text, seconds: seconds)
    case .x11: try X11Clipboard.copy(text, seconds: seconds)
    }
  }

  /// What `pickers-sample clipboard` prints: `wayland GLOBAL` or `x11`.
  var line: String {
    switch self {
    case .wayland(let global): "wayland \(global)"
    case .x11: "x11"
    }
  }
}
