import CNativeLibraries

/// The desktop portal: is it on the session bus, which version, does it pick colors, what does
/// its appearance setting say. Asked through GIO's GDBus, loaded on first use (portal.c).
extension SystemReport {
  /// What the probe on its thread learnt.
  private struct PortalOutcome: Sendable {
    var busAnswered: Bool
    var probe: PickersPortalProbe
    var reason: String
  }

  static let portalFix =
    "xdg-desktop-portal with a back end for this desktop (Debian: xdg-desktop-portal-gnome, "
    + "-kde or -wlr)"

  static func portalChecks(_ environment: [String: String]) -> [SystemCheck] {
    guard let address = DesktopPortalSettings.busAddress(environment) else {
      let none = SystemCheck.missing(
        "portal", "a D-Bus session bus (DBUS_SESSION_BUS_ADDRESS, or XDG_RUNTIME_DIR/bus)",
        "no session bus", ["bus": .null])
      return [none] + dependentPortalChecks(reason: "no session bus")
    }
    let timeout = Int32(probeTimeout)
    // Connecting has no timeout of its own (a socket that accepts and never authenticates).
    let outcome = BoundedCall.run(milliseconds: probeTimeout * 5) { () -> PortalOutcome in
      var probe = PickersPortalProbe()
      var reason = [CChar](repeating: 0, count: 512)
      let answered = pickers_portal_probe(address, timeout, &probe, &reason, reason.count) == 1
      return PortalOutcome(
        busAnswered: answered, probe: probe,
        reason: String(decoding: reason.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self))
    }
    var details: [String: SystemCheck.Detail] = ["bus": .text(address)]
    guard let outcome else {
      let portal = SystemCheck.missing(
        "portal", "a session bus that answers at \(address)",
        "no answer in \(probeTimeout * 5) ms", details)
      return [portal] + dependentPortalChecks(reason: "the bus did not answer")
    }
    guard outcome.busAnswered else {
      let gio = outcome.reason.contains("libgio")
      let portal = SystemCheck.missing(
        "portal", gio ? "GIO (Debian: libglib2.0-0)" : "a session bus that answers at \(address)",
        outcome.reason, details)
      return [portal] + dependentPortalChecks(reason: outcome.reason)
    }
    let probe = outcome.probe
    guard probe.answered == 1 else {
      let portal = SystemCheck.missing(
        "portal", portalFix, "org.freedesktop.portal.Desktop: " + outcome.reason, details)
      return [portal] + dependentPortalChecks(reason: "no portal on the bus")
    }
    details["screenshotVersion"] =
      probe.has_screenshot == 1 ? .number(Int(probe.screenshot_version)) : .null
    details["settingsVersion"] =
      probe.has_settings == 1 ? .number(Int(probe.settings_version)) : .null
    var interfaces: [String] = []
    if probe.has_screenshot == 1 { interfaces.append("Screenshot v\(probe.screenshot_version)") }
    if probe.has_settings == 1 { interfaces.append("Settings v\(probe.settings_version)") }
    let portal = SystemCheck.ok(
      "portal",
      "org.freedesktop.portal.Desktop answers"
        + (interfaces.isEmpty ? "" : ": " + interfaces.joined(separator: ", ")), details)
    let pickColor =
      probe.has_pick_color == 1
      ? SystemCheck.ok("portal-pick-color", "Screenshot.PickColor", ["method": .flag(true)])
      : .missing(
        "portal-pick-color",
        "a portal back end with PickColor (GNOME, KDE or wlroots; COSMIC's and LXQt's lack it)",
        probe.has_screenshot == 1
          ? "the Screenshot interface has no PickColor" : "no Screenshot interface",
        ["method": .flag(false)])
    return [portal, pickColor, colorSchemeCheck(probe)]
  }

  private static func colorSchemeCheck(_ probe: PickersPortalProbe) -> SystemCheck {
    guard probe.has_color_scheme == 1 else {
      return .missing(
        "portal-color-scheme",
        "a portal back end with org.freedesktop.appearance (GNOME and KDE have it; -wlr does not)",
        probe.has_settings == 1
          ? "the Settings interface has no color-scheme" : "no Settings interface",
        ["value": .null])
    }
    let names = ["no preference", "prefer dark", "prefer light"]
    let value = Int(probe.color_scheme)
    return .ok(
      "portal-color-scheme", "\(value) (\(value < names.count ? names[value] : "unknown"))",
      ["value": .number(value)])
  }

  /// The checks that need a portal, when there is none to ask.
  private static func dependentPortalChecks(reason: String) -> [SystemCheck] {
    [
      SystemCheck(
        name: "portal-pick-color", status: .unknown, value: reason, details: ["method": .null]),
      SystemCheck(
        name: "portal-color-scheme", status: .unknown, value: reason, details: ["value": .null]),
    ]
  }
}
