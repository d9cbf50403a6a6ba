import CGtk
import Pickers

/// A vertical strip beside the color field (``ColorStrip``): the hue, or the opacity over a
/// checkerboard.
///
/// Drawn per device pixel (sharp at any scale), dragged with the mouse, stepped with the arrow
/// keys (Shift: ten steps; Down and Right move the marker down the hue strip, Up and Right
/// raise the opacity); one focus stop, announced as a slider with its value. It only turns
/// input into values: `changed` gets each one, and the window redraws it with
/// ``update(strip:value:)``.
@MainActor
final class ColorStripView {
  let area: Widget
  private let name: String
  private var strip: ColorStrip
  private var value = 0.0
  private var dragStart = 0.0
  private let changed: @MainActor (Double) -> Void

  init(name: String, strip: ColorStrip, changed: @escaping @MainActor (Double) -> Void) {
    self.name = name
    self.strip = strip
    self.changed = changed
    area = Widgets.checked(cgtk_drawing_area_new_slider())
    gtk_widget_set_size_request(area, 24, 150)
    gtk_widget_set_focusable(area, 1)
    gtk_widget_set_focus_on_click(area, 1)
    cgtk_accessible_set_label(area, name)
    Signals.setDrawFunction(area) { [self] cairo, width, height in
      draw(cairo, Int(width), Int(height))
    }
    if let drag = gtk_gesture_drag_new() {
      Signals.connectPoint(drag, "drag-begin") { [self] _, y in
        gtk_widget_grab_focus(area)
        dragStart = y
        pick(y)
      }
      Signals.connectPoint(drag, "drag-update") { [self] _, dy in pick(dragStart + dy) }
      gtk_widget_add_controller(area, cgtk_event_controller(drag.gpointer))
    }
    if let keys = gtk_event_controller_key_new() {
      Signals.connectKey(keys) { [self] keyval, modifiers in
        let large = modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0
        // The marker follows Up and Down; Right raises the value, Left lowers it.
        let down: Int = strip.value(at: 1) > strip.value(at: 0) ? 1 : -1
        let direction: Int
        switch Int32(keyval) {
        case GDK_KEY_Down, GDK_KEY_KP_Down: direction = down
        case GDK_KEY_Up, GDK_KEY_KP_Up: direction = -down
        case GDK_KEY_Right, GDK_KEY_KP_Right: direction = 1
        case GDK_KEY_Left, GDK_KEY_KP_Left: direction = -1
        default: return false
        }
        value = strip.stepped(value, by: direction, large: large)
        changed(value)
        return true
      }
      gtk_widget_add_controller(area, cgtk_event_controller(keys.gpointer))
    }
  }

  /// Shows `value` on `strip` (the marker moves; the strip redraws).
  func update(strip: ColorStrip, value: Double) {
    self.strip = strip
    self.value = value
    let text: String
    switch strip.kind {
    case .oklchHue, .hsvHue: text = "\(Int(value.rounded()))°"
    case .opacity: text = "\(Int((value * 100).rounded())) %"
    }
    // GTK 4.8 exposes AT-SPI's Value interface only for its own range widgets: the value's
    // text is also the description, which screen readers read after the name.
    cgtk_accessible_set_value(
      area, value, strip.range.lowerBound, strip.range.upperBound, text)
    cgtk_accessible_set_description(area, text)
    gtk_widget_queue_draw(area)
  }

  private func pick(_ y: Double) {
    let height = Double(max(gtk_widget_get_height(area), 1))
    value = strip.value(at: y / height)
    changed(value)
  }

  /// Fills the area at the device's pixels (translucent colors over a checkerboard), then the
  /// marker.
  private func draw(_ cairo: OpaquePointer, _ width: Int, _ height: Int) {
    DevicePixels.paint(cairo, area: area, width: width, height: height) { pixels in
      let square = 6 * pixels.scale
      for row in 0..<pixels.height {
        let color = strip.color(at: (Double(row) + 0.5) / Double(pixels.height))
        let rgb = color.converted(to: .srgb).channels.values.map { min(max($0 ?? 0, 0), 1) }
        let alpha = min(max(color.alpha, 0), 1)
        for column in 0..<pixels.width {
          // Composited over light and dark gray squares in sRGB, as a browser does.
          let gray = (row / square + column / square) % 2 == 0 ? 0.8 : 0.6
          pixels.set(
            column: column, row: row, red: rgb[0] * alpha + gray * (1 - alpha),
            green: rgb[1] * alpha + gray * (1 - alpha), blue: rgb[2] * alpha + gray * (1 - alpha))
        }
      }
    }
    // The marker: a white bar inside a black one, visible on any color.
    let y = strip.position(of: value) * Double(height)
    for (inset, thickness, gray) in [(0.0, 5.0, 0.0), (1.5, 2.0, 1.0)] {
      cairo_set_source_rgb(cairo, gray, gray, gray)
      cairo_rectangle(
        cairo, inset, min(max(y - thickness / 2, 0), Double(height) - thickness),
        Double(width) - 2 * inset, thickness)
      cairo_fill(cairo)
    }
    if gtk_widget_has_focus(area) != 0 {
      cairo_set_source_rgb(cairo, 0.2, 0.45, 0.95)
      cairo_set_line_width(cairo, 2)
      cairo_rectangle(cairo, 1, 1, Double(width) - 2, Double(height) - 2)
      cairo_stroke(cairo)
    }
  }
}

/// Runs `body` on the main loop, from any thread: how a task's result (the sampler's color)
/// gets back to the widgets, since GTK's main loop, not the main actor's queue, owns the main
/// thread.
///
/// The corresponding C function is `g_idle_add_full`, which is thread-safe.
nonisolated func onMainLoop(_ body: @escaping @Sendable @MainActor () -> Void) {
  final class Job: Sendable {
    let body: @Sendable @MainActor () -> Void
    init(_ body: @escaping @Sendable @MainActor () -> Void) { self.body = body }
  }
  let thunk: @convention(c) (gpointer?) -> gboolean = { data in
    guard let data else { return 0 }
    let job = Unmanaged<Job>.fromOpaque(data).takeRetainedValue()
    MainActor.assumeIsolated { job.body() }
    return 0
  }
  g_idle_add_full(G_PRIORITY_DEFAULT, thunk, Unmanaged.passRetained(Job(body)).toOpaque(), nil)
}
