import CGio
import Glibc
import Pickers

/// `pickers-sample`: the screen color sampler, run by `pickers color sample`, the GTK color
/// window's eyedropper and the terminal color picker.
///
/// It is a program of its own so that `pickers` links neither Xlib nor GIO. See
/// ``SampleCommand`` for its arguments; it prints one `#rrggbb X Y` line per sample and exits
/// 0 (answered), 1 (cancelled, nothing printed), 2 (usage) or 3 (failed, with
/// `pickers: <reason>` on standard error).
@main
enum SampleMain {
  static func main() {
    // End with the process that started this one, however it ends (SIGKILL too); if it ended
    // before the request took effect, end now. The clipboard server forked later is free of
    // it (fork clears the request), so a copy outlives the pick.
    _ = cgio_end_with_parent()
    if DesktopHelper.parentHasEnded(environment: ProcessEnvironment.variables()) { exit(1) }
    let command: SampleCommand
    do {
      command = try SampleCommand(arguments: Array(CommandLine.arguments.dropFirst()))
    } catch {
      writeError("pickers-sample: \(error)\n\(SampleCommand.usage)\n")
      exit(2)
    }
    let environment = ProcessEnvironment.variables()
    do {
      switch command {
      case .pick(let options):
        guard let samples = try pick(options, environment: environment) else { exit(1) }
        let text = samples.map { $0.line + "\n" }.joined()
        if options.copy {
          try copy(samples.map { $0.color.hex }.joined(separator: "\n"), environment: environment)
        }
        try writeOutput(text)
      case .copy(let text):
        try copy(text, environment: environment)
      case .notify(let summary, let body):
        try Notifier.notify(summary: summary, body: body)
      }
      exit(0)
    } catch .notification(let detail) {
      // A notification is a courtesy: the caller has its answer and goes on.
      writeError("pickers: warning: \(SampleError.notification(detail))\n")
      exit(3)
    } catch {
      if case .pick(let options) = command, options.report {
        // One line, so the message's own text cannot break the protocol.
        let message = "\(error)".replacing("\n", with: " ")
        try? FileDescriptor.standardOutput.writeAll("error \(error.kind.rawValue) \(message)\n")
      } else {
        writeError("pickers: \(error)\n")
      }
      exit(3)
    }
  }

  /// Picks with the backend asked for, or the one the session calls for.
  static func pick(
    _ options: SampleCommand.PickOptions, environment: [String: String]
  ) throws(SampleError) -> [ScreenSample]? {
    guard let backend = options.backend ?? ScreenSampleBackend.preferred(environment: environment)
    else { throw .noDisplay }
    switch backend {
    case .x11:
      if let position = options.position { return [try X11Sampler.sample(at: position)] }
      return try X11Sampler(timeout: options.timeout).pick(count: options.count)
    case .portal:
      guard options.position == nil else { throw .positionNeedsX11 }
      var samples: [ScreenSample] = []
      for _ in 0..<options.count {
        guard let sample = try PortalSampler(timeout: options.timeout).pick() else { return nil }
        samples.append(sample)
      }
      return samples
    }
  }

  /// Puts `text` on the clipboard: the X11 `CLIPBOARD` selection when there is an X server
  /// (Xwayland hands it on to Wayland clients too).
  static func copy(_ text: String, environment: [String: String]) throws(SampleError) {
    guard let display = environment["DISPLAY"], !display.isEmpty else {
      throw .clipboard("no X server (DISPLAY is unset); on Wayland pickers needs Xwayland")
    }
    var seconds = X11Clipboard.servingSeconds
    if let text = environment["PICKERS_CLIPBOARD_SECONDS"], let value = Int(text),
      (1...86_400).contains(value)
    {
      seconds = value
    }
    try X11Clipboard.copy(text, seconds: seconds)
  }

  private static func writeOutput(_ text: String) throws(SampleError) {
    do { try FileDescriptor.standardOutput.writeAll(text) } catch {
      throw .cannotWrite(String(cString: strerror(error.code)))
    }
  }

  private static func writeError(_ text: String) {
    try? FileDescriptor.standardError.writeAll(text)
  }
}
