import CGio
import Glibc
import Pickers

/// Picks a color through the desktop portal: `org.freedesktop.portal.Screenshot.PickColor`.
///
/// The portal answers later, with the `org.freedesktop.portal.Request.Response` signal on a
/// request object. The client subscribes to the request's predicted path before calling, so
/// a quick answer cannot be missed; a portal older than version 0.9 returns a different path,
/// which is then subscribed to instead. The wait is bounded by ``timeout``.
struct PortalSampler {
  /// Seconds to wait for the user to pick.
  var timeout: Int

  static let service = "org.freedesktop.portal.Desktop"
  static let objectPath = "/org/freedesktop/portal/desktop"
  static let interface = "org.freedesktop.portal.Screenshot"
  static let requestInterface = "org.freedesktop.portal.Request"
  /// The bus name of the wlroots back end (xdg-desktop-portal-wlr), which answers a cancel
  /// with response 2.
  static let wlrBackend = "org.freedesktop.impl.portal.desktop.wlr"

  /// The path of the request object the portal will create for `token`, as the portal
  /// documentation specifies: the caller's unique name without its `:`, dots turned into `_`.
  ///
  ///     PortalSampler.requestPath(sender: ":1.42", token: "pickers_7")
  ///     // /org/freedesktop/portal/desktop/request/1_42/pickers_7
  static func requestPath(sender: String, token: String) -> String {
    let name = sender.hasPrefix(":") ? String(sender.dropFirst()) : sender
    return objectPath + "/request/" + name.replacing(".", with: "_") + "/" + token
  }

  /// Asks the portal for one color; `nil` when the user cancelled.
  func pick() throws(SampleError) -> ScreenSample? {
    let bus = try SessionBus()
    let token = "pickers_\(getpid())_\(UInt32.random(in: 0...UInt32.max))"
    let waiter = ResponseWaiter(bus: bus)
    waiter.listen(on: Self.requestPath(sender: bus.uniqueName, token: token))
    let handle = try bus.callPickColor(token: token)
    if handle != waiter.path { waiter.listen(on: handle) }
    guard let response = waiter.wait(seconds: timeout) else {
      throw .timedOut(seconds: timeout, waitingFor: "the desktop portal's answer")
    }
    switch response {
    case .picked(let red, let green, let blue):
      func byte(_ value: Double) -> UInt8 { UInt8(min(max((value * 255).rounded(), 0), 255)) }
      return ScreenSample(
        pixel: RGBA8(red: byte(red), green: byte(green), blue: byte(blue)), x: nil, y: nil)
    case .cancelled:
      return nil
    case .failed(2) where bus.nameHasOwner(Self.wlrBackend):
      // xdg-desktop-portal-wlr runs `slurp`, and Esc there comes back as response 2: on
      // wlroots that is how a cancel looks.
      return nil
    case .failed(let code):
      throw .portalFailed("the request ended with response \(code)")
    case .malformed(let detail):
      throw .portalFailed(detail)
    }
  }
}

/// What the portal's `Response` signal said.
enum PortalResponse: Equatable {
  case picked(Double, Double, Double)
  case cancelled
  case failed(UInt32)
  case malformed(String)
}

/// A connection to the session bus: the owner of the `GDBusConnection`.
///
/// The corresponding C function is `g_bus_get_sync`.
final class SessionBus {
  /// `GDBusConnection *`, owned (one reference).
  let connection: OpaquePointer
  /// This connection's unique name on the bus (`:1.42`).
  let uniqueName: String

  init() throws(SampleError) {
    var error: UnsafeMutablePointer<GError>?
    guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
      throw .noSessionBus(takeMessage(error))
    }
    self.connection = connection
    uniqueName = g_dbus_connection_get_unique_name(connection).map { String(cString: $0) } ?? ""
  }

  deinit { g_object_unref(UnsafeMutableRawPointer(connection)) }

  /// Calls `PickColor("", {handle_token: token})` and returns the request handle.
  func callPickColor(token: String) throws(SampleError) -> String {
    let key = g_variant_new_string("handle_token")
    let value = g_variant_new_variant(g_variant_new_string(token))
    let entryType = g_variant_type_new("{sv}")
    defer { g_variant_type_free(entryType) }
    var entries = [g_variant_new_dict_entry(key, value)]
    let options = g_variant_new_array(entryType, &entries, 1)
    var fields = [g_variant_new_string(""), options]
    let parameters = g_variant_new_tuple(&fields, 2)
    var error: UnsafeMutablePointer<GError>?
    // The call returns at once with the handle (the user's pick comes later, as a signal);
    // 25 s is D-Bus's own default limit.
    guard
      let reply = g_dbus_connection_call_sync(
        connection, PortalSampler.service, PortalSampler.objectPath, PortalSampler.interface,
        "PickColor", parameters, nil, G_DBUS_CALL_FLAGS_NONE, 25_000, nil, &error)
    else {
      throw Self.callError(error)
    }
    defer { g_variant_unref(reply) }
    guard String(cString: g_variant_get_type_string(reply)) == "(o)",
      let child = g_variant_get_child_value(reply, 0)
    else { throw .portalFailed("PickColor returned no request handle") }
    defer { g_variant_unref(child) }
    return String(cString: g_variant_get_string(child, nil))
  }

  /// Whether some connection owns `name` (`org.freedesktop.DBus.NameHasOwner`); `false` when
  /// the bus cannot say.
  func nameHasOwner(_ name: String) -> Bool {
    var fields = [g_variant_new_string(name)]
    let parameters = g_variant_new_tuple(&fields, 1)
    guard
      let reply = g_dbus_connection_call_sync(
        connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
        "NameHasOwner", parameters, nil, G_DBUS_CALL_FLAGS_NONE, 5_000, nil, nil)
    else { return false }
    defer { g_variant_unref(reply) }
    guard String(cString: g_variant_get_type_string(reply)) == "(b)",
      let child = g_variant_get_child_value(reply, 0)
    else { return false }
    defer { g_variant_unref(child) }
    return g_variant_get_boolean(child) != 0
  }

  /// Turns a failed call into the error that names what is missing.
  private static func callError(_ error: UnsafeMutablePointer<GError>?) -> SampleError {
    let remote = error.flatMap { g_dbus_error_get_remote_error($0) }
    let name = remote.map { String(cString: $0) } ?? ""
    g_free(remote)
    let message = takeMessage(error)
    switch name {
    case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
      return .noPortal("not running and not activatable")
    case _ where name.hasPrefix("org.freedesktop.DBus.Error.Spawn"):
      return .noPortal("could not be started: \(message)")
    case "org.freedesktop.DBus.Error.UnknownMethod", "org.freedesktop.DBus.Error.UnknownInterface",
      "org.freedesktop.DBus.Error.UnknownObject":
      return .noPickColor(name)
    default:
      return .portalFailed(message)
    }
  }
}

/// Waits on the default main context for the `Response` signal of one request object.
final class ResponseWaiter {
  private let bus: SessionBus
  private var subscription: UInt32 = 0
  /// The request path listened to.
  private(set) var path = ""
  fileprivate var response: PortalResponse?
  fileprivate var timedOut = false

  init(bus: SessionBus) {
    self.bus = bus
  }

  deinit { stopListening() }

  /// Subscribes to `Response` on `path`, replacing an earlier subscription.
  ///
  /// The corresponding C function is `g_dbus_connection_signal_subscribe`.
  func listen(on path: String) {
    stopListening()
    self.path = path
    subscription = g_dbus_connection_signal_subscribe(
      bus.connection, PortalSampler.service, PortalSampler.requestInterface, "Response", path,
      nil, G_DBUS_SIGNAL_FLAGS_NONE,
      { _, _, _, _, _, parameters, box in
        guard let box else { return }
        let waiter = Unmanaged<ResponseWaiter>.fromOpaque(box).takeUnretainedValue()
        waiter.response = ResponseWaiter.decode(parameters)
      }, Unmanaged.passUnretained(self).toOpaque(), nil)
  }

  private func stopListening() {
    if subscription != 0 { g_dbus_connection_signal_unsubscribe(bus.connection, subscription) }
    subscription = 0
  }

  /// Runs the main context until the response comes or `seconds` pass (`nil`).
  func wait(seconds: Int) -> PortalResponse? {
    let source = g_timeout_add_seconds_full(
      G_PRIORITY_DEFAULT, guint(seconds),
      { box in
        guard let box else { return 0 }
        Unmanaged<ResponseWaiter>.fromOpaque(box).takeUnretainedValue().timedOut = true
        return 0  // G_SOURCE_REMOVE
      }, Unmanaged.passUnretained(self).toOpaque(), nil)
    defer { if !timedOut { g_source_remove(source) } }
    while response == nil && !timedOut { g_main_context_iteration(nil, 1) }
    stopListening()
    return response
  }

  /// Reads `(u a{sv})`: the response code and, on success, `color` as `(ddd)`.
  static func decode(_ parameters: OpaquePointer?) -> PortalResponse {
    guard let parameters, String(cString: g_variant_get_type_string(parameters)) == "(ua{sv})"
    else { return .malformed("the Response signal is not (ua{sv})") }
    let codeValue = g_variant_get_child_value(parameters, 0)
    let code = g_variant_get_uint32(codeValue)
    g_variant_unref(codeValue)
    switch code {
    case 0: break
    case 1: return .cancelled
    default: return .failed(code)
    }
    let results = g_variant_get_child_value(parameters, 1)
    defer { g_variant_unref(results) }
    guard let color = g_variant_lookup_value(results, "color", nil) else {
      return .malformed("the answer has no color")
    }
    defer { g_variant_unref(color) }
    guard String(cString: g_variant_get_type_string(color)) == "(ddd)" else {
      return .malformed("the color is not (ddd)")
    }
    var channels: [Double] = []
    for index in 0..<3 {
      let channel = g_variant_get_child_value(color, gsize(index))
      channels.append(g_variant_get_double(channel))
      g_variant_unref(channel)
    }
    guard channels.allSatisfy(\.isFinite) else { return .malformed("the color is not finite") }
    return .picked(channels[0], channels[1], channels[2])
  }
}

/// The message of a `GError`, which is freed.
private func takeMessage(_ error: UnsafeMutablePointer<GError>?) -> String {
  guard let error else { return "unknown error" }
  defer { g_error_free(error) }
  return error.pointee.message.map { String(cString: $0) } ?? "unknown error"
}
