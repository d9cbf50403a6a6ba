import CGtk
import Pickers

/// The color window's 2-D field (``ColorField``): OKLCH lightness by chroma at the current hue
/// in the OKLCH space, HSV saturation by value otherwise, with the part outside sRGB shown
/// hatched gray.
///
/// Drawn per device pixel (sharp at any scale), dragged with the mouse, moved with the arrow
/// keys (Shift: ten times as far); one focus stop. It only turns input into colors: `changed`
/// gets each one, and the window redraws it from the state with ``update(field:color:)``.
@MainActor
final class ColorFieldView {
  let area: Widget
  private var field = ColorField(space: .rgb, hue: 0)
  private var marker = (x: 0.0, y: 0.0)
  private var dragStart = (x: 0.0, y: 0.0)
  private let changed: @MainActor (Color) -> Void

  init(changed: @escaping @MainActor (Color) -> Void) {
    self.changed = changed
    area = Widgets.checked(gtk_drawing_area_new())
    gtk_widget_set_size_request(area, 240, 150)
    gtk_widget_set_hexpand(area, 1)
    gtk_widget_set_focusable(area, 1)
    gtk_widget_set_focus_on_click(area, 1)
    cgtk_accessible_set_label(area, "Color field")
    Signals.setDrawFunction(area) { [self] cairo, width, height in
      draw(cairo, Int(width), Int(height))
    }
    if let drag = gtk_gesture_drag_new() {
      Signals.connectPoint(drag, "drag-begin") { [self] x, y in
        gtk_widget_grab_focus(area)
        dragStart = (x, y)
        pick(x, y)
      }
      Signals.connectPoint(drag, "drag-update") { [self] dx, dy in
        pick(dragStart.x + dx, dragStart.y + dy)
      }
      gtk_widget_add_controller(area, cgtk_event_controller(drag.gpointer))
    }
    if let keys = gtk_event_controller_key_new() {
      Signals.connectKey(keys) { [self] keyval, modifiers in
        let step = modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0 ? 0.1 : 0.01
        var point = marker
        switch Int32(keyval) {
        case GDK_KEY_Left, GDK_KEY_KP_Left: point.x -= step
        case GDK_KEY_Right, GDK_KEY_KP_Right: point.x += step
        case GDK_KEY_Up, GDK_KEY_KP_Up: point.y -= step
        case GDK_KEY_Down, GDK_KEY_KP_Down: point.y += step
        default: return false
        }
        marker = (min(max(point.x, 0), 1), min(max(point.y, 0), 1))
        changed(field.color(x: marker.x, y: marker.y))
        return true
      }
      gtk_widget_add_controller(area, cgtk_event_controller(keys.gpointer))
    }
  }

  /// Shows `color` in `field` (the marker moves; the field redraws when its hue changed).
  func update(field: ColorField, color: Color) {
    self.field = field
    marker = field.point(of: color)
    gtk_widget_queue_draw(area)
  }

  private func pick(_ x: Double, _ y: Double) {
    let width = Double(max(gtk_widget_get_width(area), 1))
    let height = Double(max(gtk_widget_get_height(area), 1))
    marker = (min(max(x / width, 0), 1), min(max(y / height, 0), 1))
    changed(field.color(x: marker.x, y: marker.y))
  }

  /// Fills the area at the device's pixels, then the marker.
  private func draw(_ cairo: OpaquePointer, _ width: Int, _ height: Int) {
    DevicePixels.paint(cairo, area: area, width: width, height: height) { pixels in
      for row in 0..<pixels.height {
        let y = (Double(row) + 0.5) / Double(pixels.height)
        for column in 0..<pixels.width {
          let x = (Double(column) + 0.5) / Double(pixels.width)
          if field.isInSRGB(x: x, y: y) {
            let rgb = field.color(x: x, y: y).converted(to: .srgb).channels.values.map {
              min(max($0 ?? 0, 0), 1)
            }
            pixels.set(column: column, row: row, red: rgb[0], green: rgb[1], blue: rgb[2])
          } else {
            // Outside sRGB: gray stripes, so no color is shown that the screen cannot show.
            let stripe = ((column + row) / (6 * pixels.scale)) % 2 == 0 ? 0.55 : 0.62
            pixels.set(column: column, row: row, red: stripe, green: stripe, blue: stripe)
          }
        }
      }
    }
    // The marker: a white ring inside a black one, visible on any color.
    let x = marker.x * Double(width)
    let y = marker.y * Double(height)
    for (radius, gray) in [(6.0, 0.0), (5.0, 1.0)] {
      cairo_set_source_rgb(cairo, gray, gray, gray)
      cairo_set_line_width(cairo, 1.5)
      cairo_arc(cairo, x, y, radius, 0, 2 * .pi)
      cairo_stroke(cairo)
    }
    if gtk_widget_has_focus(area) != 0 {
      cairo_set_source_rgb(cairo, 0.2, 0.45, 0.95)
      cairo_set_line_width(cairo, 2)
      cairo_rectangle(cairo, 1, 1, Double(width) - 2, Double(height) - 2)
      cairo_stroke(cairo)
    }
  }
}
