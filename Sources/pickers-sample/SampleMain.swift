import CGio
import Glibc
import Pickers

/// The environment, read once and kept reachable until `exit()`: as a local of `main`, which
/// never returns, valgrind reported it "definitely lost" (`pickers-sample clipboard`).
private let environmentUntilExit = ProcessEnvironment.variables()

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
    let environment = environmentUntilExit
    do {
      switch command {
      case .pick(let options):
        // Where the copy will go is known before the pick: a copy that cannot happen is said
        // before anyone picks.
        let clipboard = options.copy ? try Clipboard.chosen(environment: environment) : nil
        guard let samples = try pick(options, environment: environment) else { exit(1) }
        // The answer first: a copy that fails never loses it.
        try writeOutput(samples.map { $0.line + "\n" }.joined())
        if let clipboard {
          try clipboard.copy(
            samples.map { $0.color.hex }.joined(separator: "\n"),
            seconds: ClipboardServer.seconds(environment: environment))
        }
      case .copy(let text):
        try Clipboard.chosen(environment: environment).copy(
          text, seconds: ClipboardServer.seconds(environment: environment))
      case .clipboard:
        try writeOutput(Clipboard.chosen(environment: environment).line + "\n")
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

  private static func writeOutput(_ text: String) throws(SampleError) {
    do { try FileDescriptor.standardOutput.writeAll(text) } catch {
      throw .cannotWrite(String(cString: strerror(error.code)))
    }
  }

  private static func writeError(_ text: String) {
    try? FileDescriptor.standardError.writeAll(text)
  }
}
