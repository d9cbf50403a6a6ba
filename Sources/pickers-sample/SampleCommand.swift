import Pickers

/// What `pickers-sample` was asked to do, read from its arguments.
///
///     pickers-sample pick [--backend x11|portal] [--at X,Y] [--count N] [--copy] [--timeout S]
///         [--report]
///     pickers-sample copy TEXT
///     pickers-sample clipboard
///     pickers-sample notify SUMMARY BODY
///
/// `pick` prints one line per sample, `#rrggbb X Y` (`-1 -1` when the position is unknown);
/// `copy` puts TEXT on the clipboard; `clipboard` prints where a copy would go (`wayland
/// GLOBAL` or `x11`) or fails saying why none can happen; `notify` shows a desktop
/// notification. Exit status: 0 answered, 1 cancelled, 2 usage, 3 failed.
enum SampleCommand: Equatable {
  case pick(PickOptions)
  case copy(String)
  case clipboard
  case notify(summary: String, body: String)

  /// The options of `pick`.
  struct PickOptions: Equatable {
    var backend: ScreenSampleBackend?
    var position: ScreenPoint?
    var count = 1
    var copy = false
    var timeout = SampleCommand.defaultTimeout
    /// A failure is one `error KIND MESSAGE` line on standard output instead of a message on
    /// standard error (``ColorSampler`` reads it).
    var report = false
  }

  /// How long to wait for the user (or the portal) by default, in seconds.
  static let defaultTimeout = 120
  /// The most samples one run may take.
  static let maximumCount = 100
  /// The largest coordinate X11 can address.
  static let maximumCoordinate = 32_767
  /// The longest text `copy` accepts, in bytes.
  static let maximumCopyLength = 64 * 1024

  static let usage = """
    usage: pickers-sample pick [--backend x11|portal] [--at X,Y] [--count N] [--copy] \
    [--timeout SECONDS] [--report]
           pickers-sample copy TEXT
           pickers-sample clipboard
           pickers-sample notify SUMMARY BODY
    """

  /// Reads the arguments after the program name.
  ///
  /// - Throws: ``SampleUsageError`` for anything the protocol does not allow.
  init(arguments: [String]) throws(SampleUsageError) {
    guard let verb = arguments.first else { throw SampleUsageError("missing command") }
    var options = PickOptions()
    var positionals: [String] = []
    var index = 1
    func value(_ name: String) throws(SampleUsageError) -> String {
      index += 1
      guard index < arguments.count else { throw SampleUsageError("missing value for \(name)") }
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "--backend":
        let name = try value(argument)
        guard let backend = ScreenSampleBackend(rawValue: name) else {
          throw SampleUsageError("unknown backend '\(name)' (x11 or portal)")
        }
        options.backend = backend
      case "--at":
        options.position = try Self.position(try value(argument))
      case "--count":
        options.count = try Self.integer(try value(argument), "--count", 1...Self.maximumCount)
      case "--timeout":
        options.timeout = try Self.integer(try value(argument), "--timeout", 1...86_400)
      case "--copy":
        options.copy = true
      case "--report":
        options.report = true
      default:
        guard !argument.hasPrefix("--") else {
          throw SampleUsageError("unknown option '\(argument)'")
        }
        positionals.append(argument)
      }
      if verb != "pick" && argument.hasPrefix("--") {
        throw SampleUsageError("\(verb) takes no options, only its text")
      }
      index += 1
    }
    switch verb {
    case "pick":
      guard positionals.isEmpty else {
        throw SampleUsageError("unexpected argument '\(positionals[0])'")
      }
      if options.position != nil && options.count != 1 {
        throw SampleUsageError("--at reads one pixel: --count cannot be used with it")
      }
      self = .pick(options)
    case "copy":
      guard positionals.count == 1 else { throw SampleUsageError("copy takes one TEXT") }
      guard positionals[0].utf8.count <= Self.maximumCopyLength else {
        throw SampleUsageError("TEXT is over \(Self.maximumCopyLength) bytes")
      }
      self = .copy(positionals[0])
    case "clipboard":
      guard positionals.isEmpty else { throw SampleUsageError("clipboard takes no arguments") }
      self = .clipboard
    case "notify":
      guard positionals.count == 2 else { throw SampleUsageError("notify takes SUMMARY BODY") }
      guard positionals.allSatisfy({ $0.utf8.count <= Self.maximumCopyLength }) else {
        throw SampleUsageError("SUMMARY and BODY are limited to \(Self.maximumCopyLength) bytes")
      }
      self = .notify(summary: positionals[0], body: positionals[1])
    default:
      throw SampleUsageError("unknown command '\(verb)' (pick, copy, clipboard or notify)")
    }
  }

  /// Reads `X,Y`, two coordinates from 0 to ``maximumCoordinate``.
  static func position(_ text: String) throws(SampleUsageError) -> ScreenPoint {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2, let x = Int(parts[0]), let y = Int(parts[1]),
      (0...maximumCoordinate).contains(x), (0...maximumCoordinate).contains(y)
    else {
      throw SampleUsageError(
        "--at takes X,Y, two whole numbers from 0 to \(maximumCoordinate), not '\(text)'")
    }
    return ScreenPoint(x: x, y: y)
  }

  private static func integer(
    _ text: String, _ name: String, _ range: ClosedRange<Int>
  ) throws(SampleUsageError) -> Int {
    guard let value = Int(text), range.contains(value) else {
      throw SampleUsageError(
        "\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), "
          + "not '\(text)'")
    }
    return value
  }
}

/// A mistake in how `pickers-sample` was called (a bug in its caller): exit status 2.
struct SampleUsageError: Error, Equatable, CustomStringConvertible {
  var description: String

  init(_ description: String) {
    self.description = description
  }
}

/// A position on the screen in device pixels (root window coordinates on X11).
struct ScreenPoint: Equatable {
  var x: Int
  var y: Int
}
