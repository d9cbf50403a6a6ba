import CGtk
import Glibc
import Pickers

/// A GTK widget, as GTK's own functions take it.
typealias Widget = UnsafeMutablePointer<GtkWidget>

/// Small constructors for the widgets both windows use.
///
/// Widgets belong to their parent once added (the window owns the tree and destroys it with
/// itself); the few other objects are released where they are created.
@MainActor
enum Widgets {
  static func label(_ text: String, xalign: Float = 0) -> Widget {
    let label = gtk_label_new(text)
    gtk_label_set_xalign(cgtk_label(label), xalign)
    return checked(label)
  }

  static func box(vertical: Bool, spacing: Int32 = 6) -> Widget {
    checked(
      gtk_box_new(vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, spacing))
  }

  static func append(_ box: Widget, _ children: Widget...) {
    for child in children { gtk_box_append(cgtk_box(box), child) }
  }

  static func button(_ text: String, tooltip: String? = nil) -> Widget {
    let button = checked(gtk_button_new_with_label(text))
    if let tooltip { gtk_widget_set_tooltip_text(button, tooltip) }
    return button
  }

  /// Margins on all four sides.
  static func pad(_ widget: Widget, _ margin: Int32) {
    gtk_widget_set_margin_top(widget, margin)
    gtk_widget_set_margin_bottom(widget, margin)
    gtk_widget_set_margin_start(widget, margin)
    gtk_widget_set_margin_end(widget, margin)
  }

  /// A window-wide key handler that sees keys before the focused widget does.
  static func addKeyHandler(
    _ window: Widget, _ handler: @escaping @MainActor (UInt32, GdkModifierType) -> Bool
  ) {
    guard let controller = gtk_event_controller_key_new() else { return }
    gtk_event_controller_set_propagation_phase(
      cgtk_event_controller(controller.gpointer), GTK_PHASE_CAPTURE)
    Signals.connectKey(controller, handler)
    gtk_widget_add_controller(window, cgtk_event_controller(controller.gpointer))
  }

  /// Appends Cancel and Choose (the suggested action) to `buttons`.
  static func appendCancelAndChoose(
    _ buttons: Widget, cancel: @escaping @MainActor () -> Void,
    choose: @escaping @MainActor () -> Void
  ) {
    let cancelButton = button("Cancel")
    let chooseButton = button("Choose")
    gtk_widget_add_css_class(chooseButton, "suggested-action")
    Signals.connect(cancelButton, "clicked", cancel)
    Signals.connect(chooseButton, "clicked", choose)
    append(buttons, cancelButton, chooseButton)
  }

  /// Makes `content` the window's child; closing the window (its close button, the window
  /// manager) calls `cancel` instead of destroying it.
  static func setContent(
    _ window: Widget, _ content: Widget, cancel: @escaping @MainActor () -> Void
  ) {
    gtk_window_set_child(cgtk_window(window), content)
    Signals.connectReturning(window, "close-request") {
      cancel()
      return true
    }
  }

  /// The text of an editable (an entry or a spin button).
  static func text(_ editable: Widget) -> String {
    gtk_editable_get_text(cgtk_editable(editable)).map { String(cString: $0) } ?? ""
  }

  /// Applies the windows' stylesheet (swatch buttons, stars) to the display.
  static func installStylesheet() {
    guard let provider = gtk_css_provider_new(), let display = gdk_display_get_default() else {
      return
    }
    let css = """
      .swatch { min-width: 28px; min-height: 28px; padding: 2px; }
      .star { font-size: 20px; padding: 0 4px; min-width: 0; }
      .contrast { font-feature-settings: "tnum"; }
      """
    gtk_css_provider_load_from_data(provider, css, -1)
    gtk_style_context_add_provider_for_display(
      display, cgtk_style_provider(provider.gpointer),
      UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    g_object_unref(provider.gpointer)
  }

  /// GTK returns `NULL` only when it is out of memory, which it aborts on first.
  static func checked(_ widget: Widget?) -> Widget {
    guard let widget else { fatalError("GTK returned no widget") }
    return widget
  }
}

/// Fills a cairo rectangle with an sRGB color (channels 0...1).
func fill(
  _ cairo: OpaquePointer, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
  _ rgb: [Double], alpha: Double = 1
) {
  cairo_set_source_rgba(cairo, rgb[0], rgb[1], rgb[2], alpha)
  cairo_rectangle(cairo, x, y, width, height)
  cairo_fill(cairo)
}

/// Where the test hook `PICKERS_GTK_GEOMETRY` wants the window's layout written.
///
/// After the first frame the helper writes one line per named widget, `NAME X Y WIDTH HEIGHT`
/// in the window surface's pixels, and `first-frame-ms N` (milliseconds from `main` to the end
/// of the first paint), so a test can click a star and read the swatch out of a screenshot.
/// After a later frame that moved or resized a named widget (a scrollbar that appeared beside
/// the preview), the file is written again with the new rectangles and the same first-frame
/// time.
@MainActor
final class GeometryReport {
  private let path: String?
  private var widgets: [(String, Widget)] = []
  /// The first frame's time, once painted.
  private var firstFrame: Int?
  /// The rectangles last written.
  private var written = ""

  init(environment: [String: String]) {
    path = environment["PICKERS_GTK_GEOMETRY"].flatMap { $0.isEmpty ? nil : $0 }
  }

  /// Adds a widget to the report.
  func name(_ name: String, _ widget: Widget) {
    widgets.append((name, widget))
  }

  /// Writes the report once the window's first frame is painted.
  func watch(_ window: Widget) {
    guard path != nil else { return }
    Signals.onFirstTick(window) { [self] clock in
      Signals.connect(clock, "after-paint") { [self] in write(window) }
    }
  }

  private func write(_ window: Widget) {
    guard let path, let native = gtk_widget_get_native(window) else { return }
    let first = firstFrame ?? Int(milliseconds(since: startTime).rounded())
    firstFrame = first
    var offsetX = 0.0
    var offsetY = 0.0
    gtk_native_get_surface_transform(native, &offsetX, &offsetY)
    var lines = ""
    for (name, widget) in widgets {
      var bounds = graphene_rect_t()
      guard gtk_widget_compute_bounds(widget, cgtk_widget(native.gpointer), &bounds) != 0 else {
        continue
      }
      let x = Int((Double(bounds.origin.x) + offsetX).rounded())
      let y = Int((Double(bounds.origin.y) + offsetY).rounded())
      lines += "\(name) \(x) \(y) \(Int(bounds.size.width)) \(Int(bounds.size.height))\n"
    }
    guard lines != written else { return }
    written = lines
    do {
      try writeAtomically(Array("first-frame-ms \(first)\n\(lines)".utf8), to: path)
    } catch {
      writeError("pickers: warning: \(error)\n")
    }
  }
}

/// When `main` started, for the first-frame time.
nonisolated(unsafe) var startTime = timespec()

/// Milliseconds from `start` to now (monotonic clock).
func milliseconds(since start: timespec) -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec - start.tv_sec) * 1_000 + Double(now.tv_nsec - start.tv_nsec) / 1e6
}

/// Writes all of `text` to standard error (best effort: there is nowhere left to report to).
func writeError(_ text: String) {
  try? FileDescriptor.standardError.writeAll(text)
}

/// Writes all of `text` to standard output; `false` when the write failed.
func writeOutput(_ text: String) -> Bool {
  (try? FileDescriptor.standardOutput.writeAll(text)) != nil
}
