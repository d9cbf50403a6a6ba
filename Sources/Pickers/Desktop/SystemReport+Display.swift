#if canImport(Glibc)
  import Glibc
#endif

/// The display server: which one the environment names, and whether X11 and Wayland answer.
extension SystemReport {
  /// The data-control globals that let a client own the Wayland clipboard without a window
  /// (the sampler's `--copy`), newest first.
  static let dataControlInterfaces = [
    "ext_data_control_manager_v1", "zwlr_data_control_manager_v1",
  ]

  static func displayChecks(_ environment: [String: String]) -> [SystemCheck] {
    let x11 = x11Check(environment)
    let (wayland, dataControl) = waylandChecks(environment)
    let waylandSession =
      !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
      || environment["XDG_SESSION_TYPE"] == "wayland"
    let hasDisplay = !(environment["DISPLAY"] ?? "").isEmpty
    let display: SystemCheck
    if waylandSession {
      display =
        wayland.status == .ok
        ? .ok("display", "wayland, answering", ["server": .text("wayland")])
        : .missing(
          "display", "a running Wayland compositor at WAYLAND_DISPLAY",
          "wayland session, " + wayland.value, ["server": .text("wayland")])
    } else if hasDisplay {
      display =
        x11.status == .ok
        ? .ok("display", "x11, answering", ["server": .text("x11")])
        : .missing(
          "display", "a running X server at DISPLAY", "x11 session, " + x11.value,
          ["server": .text("x11")])
    } else {
      display = .missing(
        "display", "a display server: set DISPLAY (X11) or WAYLAND_DISPLAY (Wayland)",
        "neither DISPLAY nor WAYLAND_DISPLAY is set", ["server": .text("none")])
    }
    return [display, x11, wayland, dataControl]
  }

  // MARK: - X11

  /// Xlib's functions, loaded for this check only.
  private typealias OpenDisplay = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
  private typealias CloseDisplay = @convention(c) (OpaquePointer?) -> Int32
  private typealias ServerVendor = @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?

  /// The outcome of opening the display on the probe's thread.
  private enum X11Outcome: Sendable {
    case noLibrary
    case refused
    case opened(vendor: String)
  }

  static func x11Check(_ environment: [String: String]) -> SystemCheck {
    guard let display = environment["DISPLAY"], !display.isEmpty else {
      return .missing(
        "x11", "an X server: set DISPLAY (Xorg, Xwayland, or Xvfb for a headless test)",
        "DISPLAY is unset", ["display": .null])
    }
    let details: [String: SystemCheck.Detail] = ["display": .text(display)]
    let outcome = BoundedCall.run(milliseconds: probeTimeout) { () -> X11Outcome in
      // libX11 stays loaded: Xlib keeps process-wide state once a display was opened.
      guard let library = dlopen("libX11.so.6", RTLD_LAZY | RTLD_LOCAL),
        let open = dlsym(library, "XOpenDisplay"), let close = dlsym(library, "XCloseDisplay"),
        let vendor = dlsym(library, "XServerVendor")
      else { return .noLibrary }
      guard let connection = unsafeBitCast(open, to: OpenDisplay.self)(display) else {
        return .refused
      }
      let name = unsafeBitCast(vendor, to: ServerVendor.self)(connection).map {
        String(cString: $0)
      }
      _ = unsafeBitCast(close, to: CloseDisplay.self)(connection)
      return .opened(vendor: name ?? "")
    }
    switch outcome {
    case nil:
      return .missing(
        "x11", "an X server that answers at DISPLAY=\(display)",
        "no answer in \(probeTimeout) ms", details)
    case .noLibrary:
      return .missing("x11", "Xlib (Debian: libx11-6)", "libX11.so.6 not found", details)
    case .refused:
      return .missing(
        "x11", "an X server that accepts this user at DISPLAY=\(display) (check XAUTHORITY)",
        "cannot open \(display)", details)
    case .opened(let vendor):
      var found = details
      found["vendor"] = .text(vendor)
      return .ok("x11", "\(display) answers (\(vendor))", found)
    }
  }

  // MARK: - Wayland

  static func waylandChecks(_ environment: [String: String]) -> (SystemCheck, SystemCheck) {
    let unknown = SystemCheck(
      name: "wayland-data-control", status: .unknown, value: "no Wayland compositor to ask",
      details: ["interface": .null])
    guard let display = environment["WAYLAND_DISPLAY"], !display.isEmpty else {
      return (
        .missing(
          "wayland", "a Wayland compositor: set WAYLAND_DISPLAY (needed only in a Wayland session)",
          "WAYLAND_DISPLAY is unset", ["socket": .null]),
        unknown
      )
    }
    guard let path = WaylandRegistryProbe.socketPath(environment) else {
      return (
        .missing(
          "wayland", "XDG_RUNTIME_DIR, where the compositor's socket \(display) lies",
          "XDG_RUNTIME_DIR is unset", ["socket": .null]),
        unknown
      )
    }
    let details: [String: SystemCheck.Detail] = ["socket": .text(path)]
    switch WaylandRegistryProbe.globals(at: path, milliseconds: probeTimeout) {
    case .failure(let failure):
      return (
        .missing("wayland", "a running Wayland compositor at \(path)", "\(failure)", details),
        unknown
      )
    case .success(let globals):
      var found = details
      found["globals"] = .number(globals.count)
      let wayland = SystemCheck.ok(
        "wayland", "\(path) answers, \(globals.count) globals", found)
      let offered = dataControlInterfaces.first { name in
        globals.contains { $0.interface == name }
      }
      guard let offered else {
        return (
          wayland,
          .missing(
            "wayland-data-control",
            "a compositor with data-control for --copy (wlroots, KDE); GNOME has none",
            "the compositor offers neither " + dataControlInterfaces.joined(separator: " nor "),
            ["interface": .null])
        )
      }
      return (
        wayland,
        .ok("wayland-data-control", offered, ["interface": .text(offered)])
      )
    }
  }
}
