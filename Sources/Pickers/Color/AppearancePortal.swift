import CNativeLibraries
import Glibc
import Synchronization

/// The desktop portal's `org.freedesktop.appearance` settings, read and watched through GIO's
/// GDBus, which CNativeLibraries loads on first use (portal.c).
enum DesktopPortalSettings {
  /// What the portal answered: a scheme when it prefers one, an accent when it has one.
  struct Answer: Equatable {
    var scheme: ColorScheme?
    var accentColor: Color?
  }

  /// How long one call waits for the portal, in milliseconds.
  static let timeout: Int32 = 1_000

  /// The session bus's address: `DBUS_SESSION_BUS_ADDRESS` when set (empty means no bus), else
  /// the socket `$XDG_RUNTIME_DIR/bus` where it exists; `nil` for none.
  static func busAddress(_ environment: [String: String]) -> String? {
    if let address = environment["DBUS_SESSION_BUS_ADDRESS"] {
      return address.isEmpty ? nil : address
    }
    guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return nil }
    let socket = runtime + "/bus"
    guard access(socket, F_OK) == 0 else { return nil }
    return "unix:path=" + socket
  }

  /// The portal's answer, or `nil` when there is no bus, no GIO or no portal on the bus.
  ///
  /// The corresponding C function is `pickers_portal_read_appearance`, which calls the
  /// portal's `org.freedesktop.portal.Settings.Read`.
  static func read(_ environment: [String: String]) -> Answer? {
    guard let address = busAddress(environment) else { return nil }
    var answer = PickersPortalAppearance()
    var reason = [CChar](repeating: 0, count: 256)
    guard pickers_portal_read_appearance(address, timeout, &answer, &reason, reason.count) == 1
    else { return nil }
    return Answer(
      scheme: answer.has_color_scheme == 0
        ? nil : answer.color_scheme == 1 ? .dark : answer.color_scheme == 2 ? .light : nil,
      accentColor: answer.has_accent_color == 0
        ? nil : accent(answer.accent_color.0, answer.accent_color.1, answer.accent_color.2))
  }

  /// The portal's accent: sRGB channels in 0...1; any channel outside means "none set".
  static func accent(_ red: Double, _ green: Double, _ blue: Double) -> Color? {
    let channels = [red, green, blue]
    guard channels.allSatisfy({ $0.isFinite && (0...1).contains($0) }) else { return nil }
    return Color(.srgb, red, green, blue)
  }

  /// What the watch's C thread reaches through its `user_data`: the stream to feed, the
  /// environment to resolve against and the last appearance sent.
  final class Watcher: Sendable {
    let continuation: AsyncStream<Appearance>.Continuation
    let environment: [String: String]
    let last: Mutex<Appearance>

    init(
      continuation: AsyncStream<Appearance>.Continuation, environment: [String: String],
      first: Appearance
    ) {
      self.continuation = continuation
      self.environment = environment
      self.last = Mutex(first)
    }

    /// Resolves again and sends the appearance when it differs from the last one sent.
    func settingChanged() {
      let now = Appearance.current(environment: environment)
      let changed = last.withLock { last in
        guard last.scheme != now.scheme || last.accentColor != now.accentColor else {
          return false
        }
        last = now
        return true
      }
      if changed { continuation.yield(now) }
    }
  }

  /// Yields the current appearance, then each change; finishes at once without a bus or GIO.
  ///
  /// The corresponding C functions are `pickers_portal_watch` and `pickers_portal_unwatch`.
  static func watch(
    _ environment: [String: String], continuation: AsyncStream<Appearance>.Continuation
  ) {
    let first = Appearance.current(environment: environment)
    continuation.yield(first)
    guard let address = busAddress(environment) else {
      continuation.finish()
      return
    }
    let watcher = Watcher(continuation: continuation, environment: environment, first: first)
    let context = Unmanaged.passRetained(watcher)
    var reason = [CChar](repeating: 0, count: 256)
    let handle = pickers_portal_watch(
      address,
      { userData in
        guard let userData else { return }
        Unmanaged<Watcher>.fromOpaque(userData).takeUnretainedValue().settingChanged()
      }, context.toOpaque(), &reason, reason.count)
    guard let handle else {
      context.release()
      continuation.finish()
      return
    }
    // The handle crosses into the termination handler as its address.
    let watchAddress = UInt(bitPattern: handle)
    continuation.onTermination = { _ in
      pickers_portal_unwatch(OpaquePointer(bitPattern: watchAddress))
      context.release()
    }
    // A change between the first answer and the subscription sent no signal this watch saw.
    watcher.settingChanged()
  }
}
