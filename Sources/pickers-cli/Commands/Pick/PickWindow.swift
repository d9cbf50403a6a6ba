import Pickers

/// Where a picker draws: the terminal, or a desktop window drawn by the `pickers-gtk` helper.
enum PickSurface {
  case terminal(Terminal)
  case window

  /// The surface for `--gui` (`gui`) and the environment.
  ///
  /// `--gui` asks for the window. Otherwise the terminal when there is one (/dev/tty or a
  /// terminal on standard input), else the window when a display is set, else an error at
  /// once, so `ACCENT=$(pickers color pick)` works from a terminal and from a hotkey alike.
  static func choose(gui: Bool, environment: [String: String]) throws -> PickSurface {
    let display = PickWindow.display(in: environment)
    if gui {
      guard display != nil else { throw PickWindowError.noDisplay }
      return .window
    }
    do {
      return .terminal(try Terminal.open())
    } catch {
      guard display != nil else {
        if case .noTerminal(let reason) = error { throw PickWindowError.nothingToDrawOn(reason) }
        throw error
      }
      return .window
    }
  }
}

/// Runs the picker windows of `pickers-gtk` and reads their answers.
enum PickWindow {
  /// `WAYLAND_DISPLAY` or `DISPLAY`, whichever is set and not empty.
  static func display(in environment: [String: String]) -> String? {
    for name in ["WAYLAND_DISPLAY", "DISPLAY"] {
      if let value = environment[name], !value.isEmpty { return "\(name)=\(value)" }
    }
    return nil
  }

  /// Runs `pickers-gtk` with `arguments` and returns the answer line it printed.
  ///
  /// Cancelling (exit 1) and a failure the helper already reported (exit 3) become exit 1 with
  /// nothing more printed.
  static func run(_ arguments: [String], environment: [String: String]) throws -> String {
    let result = try DesktopHelper.gtk.run(
      arguments, environment: environment, forwardingSignals: true)
    switch result.status {
    case .accepted:
      guard let line = result.output.split(separator: "\n").first, !line.isEmpty else {
        throw PickWindowError.badAnswer(result.output)
      }
      return String(line)
    case .cancelled, .failed: throw CommandFailure(status: 1)
    case .usage: throw PickWindowError.rejectedArguments(arguments)
    }
  }
}

/// Why a picker window could not be shown or answered.
enum PickWindowError: Error, Equatable, Sendable, CustomStringConvertible {
  /// `--gui` without `DISPLAY` or `WAYLAND_DISPLAY`.
  case noDisplay
  /// No terminal and no display.
  case nothingToDrawOn(String)
  /// The helper's answer was not what it should print.
  case badAnswer(String)
  /// The helper refused arguments the CLI had checked (a version mismatch).
  case rejectedArguments([String])

  var description: String {
    switch self {
    case .noDisplay:
      "--gui needs a display, but neither DISPLAY nor WAYLAND_DISPLAY is set"
    case .nothingToDrawOn(let reason):
      "no terminal to draw on (\(reason)) and no display (DISPLAY and WAYLAND_DISPLAY are "
        + "unset); run this command in an interactive terminal or a desktop session"
    case .badAnswer(let output):
      "pickers-gtk printed an answer pickers cannot read: '\(output.prefix(200))'"
    case .rejectedArguments(let arguments):
      "pickers-gtk rejected its arguments (\(arguments.joined(separator: " "))); "
        + "is it from another version of pickers?"
    }
  }
}
