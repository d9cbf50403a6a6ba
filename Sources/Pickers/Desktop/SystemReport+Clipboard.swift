/// Where `--copy` would put a color, as the sampler helper itself decides it.
extension SystemReport {
  /// How long the helper may take to answer, in seconds.
  static let clipboardProbeSeconds = 5.0

  /// Asks `pickers-sample clipboard`, which prints the clipboard a copy would use
  /// (`wayland <data-control global>` or `x11`), or fails when there is none; a helper from
  /// before that verb answers with a usage error, reported as unknown.
  static func clipboardCheck(_ environment: [String: String], executable: String) -> SystemCheck {
    func unknown(_ why: String) -> SystemCheck {
      SystemCheck(name: "clipboard", status: .unknown, value: why, details: ["target": .null])
    }
    guard let path = DesktopHelper.sampler.locate(executable: executable, environment: environment)
    else { return unknown("pickers-sample is not installed") }
    var child = ChildProcess(
      path: path, arguments: [DesktopHelper.sampler.rawValue, "clipboard"],
      environment: DesktopHelper.childEnvironment(environment), maximumOutput: 4_096)
    child.detachesTerminal = true
    child.timeout = clipboardProbeSeconds
    guard case .success(let outcome) = child.run() else {
      return unknown("pickers-sample could not be started")
    }
    if outcome.timedOut {
      return unknown("pickers-sample did not answer in \(Int(clipboardProbeSeconds)) s")
    }
    let line = String(decoding: outcome.output, as: UTF8.self).split(separator: "\n").first
      .map(String.init)
    switch outcome.exitStatus {
    case 0?:
      guard let line, !line.isEmpty else { return unknown("pickers-sample printed nothing") }
      return .ok("clipboard", "--copy goes to " + line, ["target": .text(line)])
    case 3?:
      return .missing(
        "clipboard",
        "a clipboard for --copy: a compositor with data-control (wlroots, KDE), or Xwayland's "
          + "DISPLAY (GNOME has no data-control)",
        "pickers-sample finds no clipboard to copy to", ["target": .null])
    default:
      return unknown("this pickers-sample has no clipboard probe")
    }
  }
}
