import CGio

/// Shows a desktop notification through `org.freedesktop.Notifications` on the session bus.
enum Notifier {
  /// Sends `Notify("pickers", 0, "", summary, body, [], {}, -1)` and waits for its id.
  ///
  /// The corresponding C function is `g_dbus_connection_call_sync`.
  static func notify(summary: String, body: String) throws(SampleError) {
    let bus = try SessionBus()
    let hintType = g_variant_type_new("{sv}")
    defer { g_variant_type_free(hintType) }
    var fields = [
      g_variant_new_string("pickers"), g_variant_new_uint32(0), g_variant_new_string(""),
      g_variant_new_string(summary), g_variant_new_string(body), g_variant_new_strv(nil, 0),
      g_variant_new_array(hintType, nil, 0), g_variant_new_int32(-1),
    ]
    let parameters = g_variant_new_tuple(&fields, gsize(fields.count))
    var error: UnsafeMutablePointer<GError>?
    guard
      let reply = g_dbus_connection_call_sync(
        bus.connection, "org.freedesktop.Notifications", "/org/freedesktop/Notifications",
        "org.freedesktop.Notifications", "Notify", parameters, nil, G_DBUS_CALL_FLAGS_NONE,
        5_000, nil, &error)
    else {
      let message = error.map { $0.pointee.message.map { String(cString: $0) } ?? "" } ?? ""
      if let error { g_error_free(error) }
      throw .notification(message)
    }
    g_variant_unref(reply)
  }
}
