import CGtk

/// A Swift closure kept alive for exactly as long as the GTK connection that calls it.
///
/// `connect` retains the box and hands it to GTK as the signal's user data; GTK calls
/// ``releaseBox`` when the connection goes away (the widget is destroyed), which releases it.
final class SignalBox<Handler> {
  let handler: Handler

  init(_ handler: Handler) {
    self.handler = handler
  }
}

/// Anything GTK hands out as an object pointer: typed (`GtkWidget *`) or opaque (`GtkLabel *`).
protocol ObjectPointer {
  /// The pointer as GLib's untyped `gpointer`.
  var gpointer: gpointer { get }
}

extension UnsafeMutablePointer: ObjectPointer {
  var gpointer: gpointer { UnsafeMutableRawPointer(self) }
}

extension OpaquePointer: ObjectPointer {
  var gpointer: gpointer { UnsafeMutableRawPointer(self) }
}

extension UnsafeMutableRawPointer: ObjectPointer {
  var gpointer: gpointer { self }
}

/// The `GClosureNotify` of every connection: releases the box retained by `connect`.
private let releaseBox: GClosureNotify = { data, _ in
  guard let data else { return }
  Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// The `GDestroyNotify` of draw functions and tick callbacks: releases their box.
private let releaseBoxData: GDestroyNotify = { data in
  guard let data else { return }
  Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// The box behind user data `data`, as an address (raw pointers are not `Sendable`).
private func box<Handler>(_ data: gpointer?, as: Handler.Type) -> SignalBox<Handler>? {
  guard let data else { return nil }
  return Unmanaged<SignalBox<Handler>>.fromOpaque(data).takeUnretainedValue()
}

/// Signal connections through `g_signal_connect_data` (`g_signal_connect` is a macro).
///
/// Each function matches one C signature; GTK calls every handler on the main thread, which
/// `MainActor.assumeIsolated` checks.
@MainActor
enum Signals {
  /// Connects `handler` to a signal whose handler is `void (*)(GObject *, gpointer)`
  /// (`clicked`, `value-changed`, `changed`, `activate`, `toggled`, `after-paint`).
  ///
  /// The corresponding C function is `g_signal_connect_data`.
  static func connect(
    _ instance: some ObjectPointer, _ signal: String, _ handler: @escaping @MainActor () -> Void
  ) {
    typealias Handler = @MainActor () -> Void
    let thunk: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
      let address = UInt(bitPattern: data)
      MainActor.assumeIsolated {
        box(UnsafeMutableRawPointer(bitPattern: address), as: Handler.self)?.handler()
      }
    }
    attach(instance, signal, unsafeBitCast(thunk, to: GCallback.self), SignalBox<Handler>(handler))
  }

  /// Connects `handler` to a signal whose handler returns a `gboolean`
  /// (`close-request`: `true` stops the default handler).
  static func connectReturning(
    _ instance: some ObjectPointer, _ signal: String, _ handler: @escaping @MainActor () -> Bool
  ) {
    typealias Handler = @MainActor () -> Bool
    let thunk: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
      let address = UInt(bitPattern: data)
      return MainActor.assumeIsolated {
        box(UnsafeMutableRawPointer(bitPattern: address), as: Handler.self)?.handler() == true
          ? 1 : 0
      }
    }
    attach(instance, signal, unsafeBitCast(thunk, to: GCallback.self), SignalBox<Handler>(handler))
  }

  /// Connects `handler` to a signal whose handler takes one pointer argument
  /// (`setup` and `bind` of a list item factory: the `GtkListItem`; `notify::*`: the
  /// `GParamSpec`).
  static func connectPointer(
    _ instance: some ObjectPointer, _ signal: String,
    _ handler: @escaping @MainActor (gpointer?) -> Void
  ) {
    typealias Handler = @MainActor (gpointer?) -> Void
    let thunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
      let address = UInt(bitPattern: data)
      let value = UInt(bitPattern: argument)
      MainActor.assumeIsolated {
        box(UnsafeMutableRawPointer(bitPattern: address), as: Handler.self)?.handler(
          UnsafeMutableRawPointer(bitPattern: value))
      }
    }
    attach(instance, signal, unsafeBitCast(thunk, to: GCallback.self), SignalBox<Handler>(handler))
  }

  /// Connects `handler` to a signal whose handler takes a `guint` (a list view's `activate`).
  static func connectIndex(
    _ instance: some ObjectPointer, _ signal: String,
    _ handler: @escaping @MainActor (UInt32) -> Void
  ) {
    typealias Handler = @MainActor (UInt32) -> Void
    let thunk: @convention(c) (gpointer?, guint, gpointer?) -> Void = { _, index, data in
      let address = UInt(bitPattern: data)
      MainActor.assumeIsolated {
        box(UnsafeMutableRawPointer(bitPattern: address), as: Handler.self)?.handler(index)
      }
    }
    attach(instance, signal, unsafeBitCast(thunk, to: GCallback.self), SignalBox<Handler>(handler))
  }

  /// Connects `handler` to a signal whose handler takes two doubles (a drag gesture's
  /// `drag-begin`: the start point, `drag-update`: the offset from it).
  static func connectPoint(
    _ instance: some ObjectPointer, _ signal: String,
    _ handler: @escaping @MainActor (Double, Double) -> Void
  ) {
    typealias Handler = @MainActor (Double, Double) -> Void
    let thunk: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> Void = { _, x, y, data in
      let address = UInt(bitPattern: data)
      MainActor.assumeIsolated {
        box(UnsafeMutableRawPointer(bitPattern: address), as: Handler.self)?.handler(x, y)
      }
    }
    attach(instance, signal, unsafeBitCast(thunk, to: GCallback.self), SignalBox<Handler>(handler))
  }

  /// Connects `handler` to a key controller's `key-pressed`: the key value and the modifiers;
  /// `true` means handled.
  static func connectKey(
    _ controller: some ObjectPointer,
    _ handler: @escaping @MainActor (_ keyval: UInt32, _ modifiers: GdkModifierType) -> Bool
  ) {
    typealias Handler = @MainActor (UInt32, GdkModifierType) -> Bool
    let thunk: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = {
      _, keyval, _, modifiers, data in
      let address = UInt(bitPattern: data)
      return MainActor.assumeIsolated {
        box(UnsafeMutableRawPointer(bitPattern: address), as: Handler.self)?.handler(
          keyval, modifiers) == true ? 1 : 0
      }
    }
    attach(
      controller, "key-pressed", unsafeBitCast(thunk, to: GCallback.self),
      SignalBox<Handler>(handler))
  }

  /// Sets a drawing area's draw function: `handler` gets the cairo context, width and height.
  ///
  /// The corresponding C function is `gtk_drawing_area_set_draw_func`.
  static func setDrawFunction(
    _ area: some ObjectPointer,
    _ handler: @escaping @MainActor (OpaquePointer, Int32, Int32) -> Void
  ) {
    typealias Handler = @MainActor (OpaquePointer, Int32, Int32) -> Void
    let thunk: GtkDrawingAreaDrawFunc = { _, cairo, width, height, data in
      let address = UInt(bitPattern: data)
      let context = UInt(bitPattern: UnsafeMutableRawPointer(cairo))
      MainActor.assumeIsolated {
        guard let cairo = OpaquePointer(bitPattern: context) else { return }
        box(UnsafeMutableRawPointer(bitPattern: address), as: Handler.self)?.handler(
          cairo, width, height)
      }
    }
    let data = Unmanaged.passRetained(SignalBox<Handler>(handler)).toOpaque()
    gtk_drawing_area_set_draw_func(cgtk_drawing_area(area.gpointer), thunk, data, releaseBoxData)
  }

  /// Calls `handler` once, at the first frame `widget` is drawn in, with the frame clock.
  ///
  /// The corresponding C function is `gtk_widget_add_tick_callback`.
  static func onFirstTick(
    _ widget: some ObjectPointer, _ handler: @escaping @MainActor (gpointer) -> Void
  ) {
    typealias Handler = @MainActor (gpointer) -> Void
    let thunk: GtkTickCallback = { _, clock, data in
      let address = UInt(bitPattern: data)
      let clockAddress = UInt(bitPattern: UnsafeMutableRawPointer(clock))
      MainActor.assumeIsolated {
        guard let clock = UnsafeMutableRawPointer(bitPattern: clockAddress) else { return }
        box(UnsafeMutableRawPointer(bitPattern: address), as: Handler.self)?.handler(clock)
      }
      return 0  // G_SOURCE_REMOVE: once is enough
    }
    let data = Unmanaged.passRetained(SignalBox<Handler>(handler)).toOpaque()
    gtk_widget_add_tick_callback(cgtk_widget(widget.gpointer), thunk, data, releaseBoxData)
  }

  /// Calls `handler` once after the first frame of `widget` is painted (from an idle callback,
  /// so the frame reaches the display first): the place for work the window can show late.
  static func afterFirstPaint(
    _ widget: some ObjectPointer, _ handler: @escaping @MainActor () -> Void
  ) {
    var done = false
    onFirstTick(widget) { clock in
      connect(clock, "after-paint") {
        guard !done else { return }
        done = true
        idle(priority: G_PRIORITY_DEFAULT_IDLE) {
          handler()
          return false
        }
      }
    }
  }

  /// Calls `handler` whenever the main loop is idle at `priority` (larger is later; GTK's
  /// drawing is at 120, `G_PRIORITY_DEFAULT_IDLE` 200) until it returns `false`.
  ///
  /// The corresponding C function is `g_idle_add_full`.
  static func idle(priority: Int32, _ handler: @escaping @MainActor () -> Bool) {
    typealias Handler = @MainActor () -> Bool
    let thunk: GSourceFunc = { data in
      let address = UInt(bitPattern: data)
      return MainActor.assumeIsolated {
        box(UnsafeMutableRawPointer(bitPattern: address), as: Handler.self)?.handler() == true
          ? 1 : 0
      }
    }
    let data = Unmanaged.passRetained(SignalBox<Handler>(handler)).toOpaque()
    g_idle_add_full(priority, thunk, data, releaseBoxData)
  }

  private static func attach(
    _ instance: some ObjectPointer, _ signal: String, _ callback: GCallback, _ box: AnyObject
  ) {
    let data = Unmanaged.passRetained(box).toOpaque()
    g_signal_connect_data(
      instance.gpointer, signal, callback, data, releaseBox, GConnectFlags(rawValue: 0))
  }
}

extension Signals {
  /// Calls `handler` once, `milliseconds` from now (a debounce: resizing a window asks for many
  /// redraws; the work runs once it settles).
  ///
  /// The corresponding C function is `g_timeout_add_full`.
  static func after(milliseconds: UInt32, _ handler: @escaping @MainActor () -> Void) {
    typealias Handler = @MainActor () -> Void
    let thunk: GSourceFunc = { data in
      let address = UInt(bitPattern: data)
      MainActor.assumeIsolated {
        box(UnsafeMutableRawPointer(bitPattern: address), as: Handler.self)?.handler()
      }
      return 0
    }
    let data = Unmanaged.passRetained(SignalBox<Handler>(handler)).toOpaque()
    g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, thunk, data, releaseBoxData)
  }
}
