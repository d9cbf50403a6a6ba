import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Picks a color from anywhere on the screen: `NSColorSampler` for Linux.
///
/// The screen is read by the `pickers-sample` helper, the same one `pickers color sample`
/// runs: on X11 the pointer becomes a crosshair with a magnifier beside it; in a Wayland
/// session the desktop portal's color picker (`org.freedesktop.portal.Screenshot.PickColor`,
/// which GNOME, KDE and wlroots offer) asks the person. The helper keeps GTK, Xlib and GIO out
/// of your process.
///
///     if let color = try await ColorSampler().sample() {
///       print(color.hex)          // #3366cc
///     }                           // nil: the person pressed Esc
///
/// Cancelling the task that waits ends the pick (the helper is stopped) and returns `nil`. A
/// failure is a ``ColorSamplerError`` whose ``ColorSamplerError/kind`` names the missing piece.
public struct ColorSampler: Sendable {
  /// The environment the helper runs in: `DISPLAY`, `WAYLAND_DISPLAY`,
  /// `DBUS_SESSION_BUS_ADDRESS` and `PICKERS_HELPER_DIR` decide where it looks.
  public var environment: [String: String]
  /// Where to read the screen, or `nil` for the one the session calls for
  /// (``ScreenSampleBackend/preferred(environment:)``).
  public var backend: ScreenSampleBackend?
  /// Seconds to wait for the person (or the portal) before ``ColorSamplerError/Kind/timedOut``.
  public var timeout: Int

  /// Creates a sampler for this process's environment, or the one given.
  public init(
    environment: [String: String] = ProcessEnvironment.variables(),
    backend: ScreenSampleBackend? = nil, timeout: Int = 120
  ) {
    self.environment = environment
    self.backend = backend
    self.timeout = timeout
  }

  /// Waits for the person to pick a pixel; `nil` when they cancel or the task is cancelled.
  ///
  /// - Throws: ``ColorSamplerError`` naming what is missing or what failed.
  public func sample() async throws(ColorSamplerError) -> Color? {
    try await samples(count: 1)?.first?.color
  }

  /// The color of the pixel at `x`, `y` (screen pixels from the top left).
  ///
  /// It is read without asking the person. Only X11 can read a given pixel: in a Wayland session this throws
  /// ``ColorSamplerError/Kind/positionNeedsX11`` (the portal shows its own picker instead).
  ///
  ///     let color = try await ColorSampler().sample(at: 450, 150)
  public func sample(at x: Int, _ y: Int) async throws(ColorSamplerError) -> Color {
    guard (0...32_767).contains(x), (0...32_767).contains(y) else {
      throw ColorSamplerError(
        kind: .outsideScreen, message: "\(x),\(y) is not a screen position (0 to 32767)")
    }
    guard let sample = try await run(count: 1, position: (x, y))?.first else {
      throw ColorSamplerError(kind: .failed, message: "the pixel could not be read")
    }
    return sample.color
  }

  /// Waits for `count` picks in a row (1 to 100) and returns each with its position (unknown
  /// through the portal); `nil` when the person cancels or the task is cancelled.
  public func samples(count: Int) async throws(ColorSamplerError) -> [ScreenSample]? {
    guard (1...100).contains(count) else {
      throw ColorSamplerError(kind: .failed, message: "count must be 1 to 100, not \(count)")
    }
    return try await run(count: count, position: nil)
  }

  /// The helper's arguments for a pick.
  func arguments(
    backend: ScreenSampleBackend, count: Int, position: (x: Int, y: Int)?
  ) -> [String] {
    var arguments = [
      "pick", "--report", "--backend", backend.rawValue, "--timeout", String(timeout),
    ]
    if let position { arguments += ["--at", "\(position.x),\(position.y)"] }
    if count != 1 { arguments += ["--count", String(count)] }
    return arguments
  }

  /// The backend this sampler will use: ``backend``, else the one the session calls for.
  ///
  /// - Throws: ``ColorSamplerError/Kind/noDisplay`` when there is no display at all.
  public func chosenBackend() throws(ColorSamplerError) -> ScreenSampleBackend {
    guard let backend = backend ?? ScreenSampleBackend.preferred(environment: environment) else {
      throw ColorSamplerError(
        kind: .noDisplay,
        message:
          "no display to sample: DISPLAY and WAYLAND_DISPLAY are unset (pass --backend x11 or "
          + "portal)")
    }
    return backend
  }

  /// Picks and waits, blocking this thread: for a command-line program, which passes SIGINT
  /// and SIGTERM on to the helper with `forwardingSignals`.
  ///
  /// - Returns: The samples, or `nil` when the person cancelled.
  public func samplesWaiting(
    count: Int, at position: (x: Int, y: Int)? = nil, forwardingSignals: Bool = false
  ) throws(ColorSamplerError) -> [ScreenSample]? {
    let backend = try chosenBackend()
    if position != nil && backend == .portal {
      throw ColorSamplerError(
        kind: .positionNeedsX11,
        message: "--at needs the x11 backend: the desktop portal cannot read a given pixel")
    }
    let result: DesktopHelperResult
    do {
      result = try DesktopHelper.sampler.run(
        arguments(backend: backend, count: count, position: position), environment: environment,
        forwardingSignals: forwardingSignals, onStart: nil)
    } catch {
      throw ColorSamplerError(error)
    }
    return try Self.samples(from: result)
  }

  /// Runs the helper on a thread of its own (the helper is told to end with that thread, so
  /// it must outlive the pick) and waits for it without holding a task's thread.
  private func run(
    count: Int, position: (x: Int, y: Int)?
  ) async throws(ColorSamplerError) -> [ScreenSample]? {
    let backend = try chosenBackend()
    if position != nil && backend == .portal {
      throw ColorSamplerError(
        kind: .positionNeedsX11,
        message: "sample(at:) needs X11: the desktop portal cannot read a given pixel")
    }
    let arguments = arguments(backend: backend, count: count, position: position)
    let environment = environment
    let pick = PickInProgress()
    let outcome: Result<DesktopHelperResult, DesktopHelperError> =
      await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
          runOnNewThread {
            let result = Result { () throws(DesktopHelperError) -> DesktopHelperResult in
              try DesktopHelper.sampler.run(
                arguments, environment: environment, forwardingSignals: false,
                onStart: { pick.started($0) })
            }
            pick.finished()
            continuation.resume(returning: result)
          }
        }
      } onCancel: {
        pick.cancel()
      }
    // A pick that was answered stands even when the task was cancelled as it finished.
    if case .success(let result) = outcome, result.status == .accepted {
      return try Self.samples(from: result)
    }
    if pick.wasCancelled { return nil }
    switch outcome {
    case .success(let result): return try Self.samples(from: result)
    case .failure(let error): throw ColorSamplerError(error)
    }
  }

  /// Reads a finished helper's answer: samples, a cancel, or its `error KIND MESSAGE` line.
  static func samples(from result: DesktopHelperResult) throws(ColorSamplerError) -> [ScreenSample]?
  {
    switch result.status {
    case .accepted:
      guard let samples = ScreenSample.samples(in: result.output), !samples.isEmpty else {
        throw ColorSamplerError(
          kind: .failed,
          message: "pickers-sample answered something unexpected: '\(result.output.prefix(80))'")
      }
      return samples
    case .cancelled:
      return nil
    case .usage:
      throw ColorSamplerError(
        kind: .failed,
        message: "pickers-sample rejected its arguments (a pickers-sample of another version?)")
    case .failed:
      throw ColorSamplerError(report: result.output)
    }
  }
}

/// Why ``ColorSampler`` could not pick: which piece is missing, and the message to show.
public struct ColorSamplerError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, for code that handles one case (offer the terminal picker when there is
  /// no display, say "install xdg-desktop-portal" when there is no portal).
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// Neither `DISPLAY` nor `WAYLAND_DISPLAY` is set.
    case noDisplay = "no-display"
    /// `DISPLAY` names an X server that cannot be opened.
    case cannotOpenDisplay = "cannot-open-display"
    /// No D-Bus session bus to reach the portal on.
    case noSessionBus = "no-session-bus"
    /// Nothing owns `org.freedesktop.portal.Desktop` (install `xdg-desktop-portal` and the
    /// back end for the desktop).
    case noPortalService = "no-portal-service"
    /// The portal runs, but its back end has no `Screenshot.PickColor` (COSMIC, LXQt).
    case noPickColor = "no-pick-color"
    /// The `pickers-sample` helper is not installed where pickers looks.
    case helperNotInstalled = "helper-not-installed"
    /// Nobody picked within ``ColorSampler/timeout``.
    case timedOut = "timed-out"
    /// A given pixel was asked for where only the portal can read the screen.
    case positionNeedsX11 = "position-needs-x11"
    /// The position lies outside the screen.
    case outsideScreen = "outside-screen"
    /// Another program holds the pointer or keyboard grab.
    case cannotGrab = "cannot-grab"
    /// Anything else: the portal's own error, the helper killed, an X request failed.
    case failed
  }

  /// What went wrong.
  public var kind: Kind
  /// The explanation, as `pickers color sample` prints it after `pickers: `.
  public var message: String

  /// Creates an error.
  public init(kind: Kind, message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }

  /// The error a helper that could not run stands for.
  init(_ error: DesktopHelperError) {
    if case .missing = error {
      self.init(kind: .helperNotInstalled, message: error.description)
    } else {
      self.init(kind: .failed, message: error.description)
    }
  }

  /// Reads the helper's `error KIND MESSAGE` line (`pick --report`).
  init(report: String) {
    let line = report.split(separator: "\n").first.map(String.init) ?? ""
    let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
    if fields.count == 3, fields[0] == "error", let kind = Kind(rawValue: String(fields[1])) {
      self.init(kind: kind, message: String(fields[2]))
    } else {
      self.init(kind: .failed, message: "pickers-sample failed without saying why")
    }
  }
}

/// The helper of one pick: its process id once started, and whether the task was cancelled.
private final class PickInProgress: Sendable {
  private struct State {
    var pid: pid_t = 0
    var cancelled = false
    var finished = false
  }
  private let state = Mutex(State())

  func started(_ pid: pid_t) {
    let stop = state.withLock { state in
      state.pid = pid
      return state.cancelled
    }
    if stop { kill(pid, SIGTERM) }
  }

  func finished() { state.withLock { $0.finished = true } }

  func cancel() {
    let pid = state.withLock { state in
      state.cancelled = true
      return state.finished ? 0 : state.pid
    }
    if pid > 0 { kill(pid, SIGTERM) }
  }

  var wasCancelled: Bool { state.withLock { $0.cancelled } }
}

/// Runs `body` on a new detached thread.
private func runOnNewThread(_ body: @escaping @Sendable () -> Void) {
  final class Box: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }
  let box = Unmanaged.passRetained(Box(body)).toOpaque()
  var thread = pthread_t()
  let created = pthread_create(
    &thread, nil,
    { pointer in
      guard let pointer else { return nil }
      Unmanaged<Box>.fromOpaque(pointer).takeRetainedValue().body()
      return nil
    }, box)
  if created == 0 {
    pthread_detach(thread)
  } else {
    // No thread to be had: run here, blocking this one (the pick still ends).
    Unmanaged<Box>.fromOpaque(box).takeRetainedValue().body()
  }
}
