import CGtk

/// A widget's area at the device's pixels: an RGB24 cairo image surface filled pixel by pixel,
/// then painted at the widget's size, so a drawing stays sharp at any scale (the color field and
/// the strips).
struct DevicePixels {
  /// The size in device pixels.
  let width: Int
  let height: Int
  /// Device pixels per widget pixel.
  let scale: Int
  private let data: UnsafeMutablePointer<UInt8>
  private let stride: Int

  /// Sets the pixel at `column`, `row` to an sRGB color, each channel in 0...1.
  func set(column: Int, row: Int, red: Double, green: Double, blue: Double) {
    let offset = row * stride + column * 4
    // RGB24 is a native-endian 32-bit word: blue, green, red, unused on little-endian machines.
    data[offset] = UInt8((blue * 255).rounded())
    data[offset + 1] = UInt8((green * 255).rounded())
    data[offset + 2] = UInt8((red * 255).rounded())
    data[offset + 3] = 255
  }

  /// Fills `area`'s `width` x `height` (in widget pixels) at its scale factor with `fill`, and
  /// paints the result on `cairo`; nothing for an empty area.
  @MainActor
  static func paint(
    _ cairo: OpaquePointer, area: Widget, width: Int, height: Int,
    _ fill: (DevicePixels) -> Void
  ) {
    let scale = Int(max(gtk_widget_get_scale_factor(area), 1))
    let pixelWidth = width * scale
    let pixelHeight = height * scale
    guard pixelWidth > 0, pixelHeight > 0,
      let surface = cairo_image_surface_create(
        CAIRO_FORMAT_RGB24, Int32(pixelWidth), Int32(pixelHeight))
    else { return }
    defer { cairo_surface_destroy(surface) }
    cairo_surface_flush(surface)
    guard let data = cairo_image_surface_get_data(surface) else { return }
    fill(
      DevicePixels(
        width: pixelWidth, height: pixelHeight, scale: scale, data: data,
        stride: Int(cairo_image_surface_get_stride(surface))))
    cairo_surface_mark_dirty(surface)
    cairo_save(cairo)
    cairo_scale(cairo, 1 / Double(scale), 1 / Double(scale))
    cairo_set_source_surface(cairo, surface, 0, 0)
    cairo_paint(cairo)
    cairo_restore(cairo)
  }
}
