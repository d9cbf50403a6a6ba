import CGtk
import Glibc
import Pickers

/// The preview: the chosen face drawn by pickers' own renderer (``FontCatalog/render(_:renderer:)``)
/// at the drawing area's width and the window's scale, in the theme's colors, drawn with cairo
/// at device pixels; re-drawn when the area's width, scale or colors change.
extension FontWindow {
  /// Loads the selected family's faces and draws the preview once the frame that shows the
  /// change is painted (``afterPaint()``): a keystroke shows its matches first.
  func schedulePreview() {
    guard shown else { return }
    previewWanted = true
    // A frame to wait for, even when nothing else changed on screen.
    gtk_widget_queue_draw(previewArea)
  }

  /// Reads the selected family's faces into the face chooser and draws the preview.
  func loadFaces() {
    // Refilling the face chooser must not read as the user choosing its first face.
    updating = true
    defer { updating = false }
    previewFamily = state.selected?.answer
    members = []
    faceIndex = 0
    axisValues = [:]
    if let entry = state.selected {
      members = FontPickerState.distinctFaces(
        (try? catalog.availableMembers(ofFontFamily: entry.family)) ?? [])
      faceIndex =
        members.firstIndex {
          $0.style == entry.style
            || ($0.style.isEmpty && entry.style == FontPickerState.variableStyleName)
        }
        ?? members.firstIndex { $0.style == "Regular" || $0.style == "Book" } ?? 0
    }
    let count = UInt32(
      g_list_model_get_n_items(cgtk_list_model(UnsafeMutableRawPointer(faceNames))))
    let styles = members.map { $0.style.isEmpty ? FontPickerState.variableStyleName : $0.style }
    Self.withCStrings(styles) { gtk_string_list_splice(faceNames, 0, count, $0) }
    if !members.isEmpty {
      gtk_drop_down_set_selected(cgtk_drop_down(faceDropDown), UInt32(faceIndex))
    }
    rebuildAxes()
    renderPreview()
  }

  /// One slider per variable axis of the chosen face.
  func rebuildAxes() {
    while let child = gtk_widget_get_first_child(axesBox) {
      gtk_box_remove(cgtk_box(axesBox), child)
    }
    guard members.indices.contains(faceIndex) else { return }
    for axis in members[faceIndex].axes where axis.maximum > axis.minimum {
      let row = Widgets.box(vertical: false, spacing: 8)
      let label = Widgets.label(axis.name.isEmpty ? axis.tag : axis.name)
      gtk_widget_set_size_request(label, 90, -1)
      let step = axis.maximum - axis.minimum > 10 ? 1.0 : 0.01
      let scale = Widgets.checked(
        gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, axis.minimum, axis.maximum, step))
      gtk_range_set_value(cgtk_range(scale), axisValues[axis.tag] ?? axis.defaultValue)
      gtk_scale_set_value_pos(cgtk_scale(scale), GTK_POS_RIGHT)
      cgtk_accessible_set_labelled_by(scale, label)
      gtk_widget_set_hexpand(scale, 1)
      Signals.connect(scale, "value-changed") { [self] in
        axisValues[axis.tag] = gtk_range_get_value(cgtk_range(scale))
        renderPreview()
      }
      Widgets.append(row, label, scale)
      Widgets.append(axesBox, row)
    }
  }

  /// The preview's padding, in logical pixels (the text wraps to the area's width).
  static let previewPadding = 12
  /// The width the preview wraps to before the area has one (the first frame).
  static let previewWidth = 560

  /// What the preview is drawn for: width and scale of the area, and the theme's colors.
  struct PreviewLayout: Equatable {
    var width: Int
    var scale: Int
    var foreground: RGBA8
    var background: RGBA8
  }

  /// The area's current layout: its width (logical pixels), the window's scale, and the
  /// theme's view colors (`theme_text_color` on `theme_base_color`, else the area's color on
  /// white).
  func currentLayout() -> PreviewLayout {
    let width = Int(gtk_widget_get_width(previewArea))
    let scale = max(Int(gtk_widget_get_scale_factor(previewArea)), 1)
    let context = gtk_widget_get_style_context(previewArea)
    var text = GdkRGBA()
    if gtk_style_context_lookup_color(context, "theme_text_color", &text) == 0 {
      gtk_style_context_get_color(context, &text)
    }
    var base = GdkRGBA(red: 1, green: 1, blue: 1, alpha: 1)
    _ = gtk_style_context_lookup_color(context, "theme_base_color", &base)
    func pixel(_ color: GdkRGBA) -> RGBA8 {
      func byte(_ value: Float) -> UInt8 { UInt8(min(max(value, 0), 1) * 255 + 0.5) }
      return RGBA8(
        red: byte(color.red), green: byte(color.green), blue: byte(color.blue),
        alpha: byte(color.alpha))
    }
    var background = pixel(base)
    background.alpha = 255
    // A translucent text color is drawn as the theme blends it, over the background.
    let foreground = pixel(text).composited(over: background)
    return PreviewLayout(
      width: width > 0 ? width : Self.previewWidth, scale: scale, foreground: foreground,
      background: background)
  }

  /// The size stepper's value, within ``FontPickAnswer/sizeRange``.
  var chosenSize: Double {
    min(
      max(
        gtk_spin_button_get_value(cgtk_spin_button(sizeSpin)), FontPickAnswer.sizeRange.lowerBound),
      FontPickAnswer.sizeRange.upperBound)
  }

  /// The text the preview and the compare view draw: the sample entry's, or `nil` when it is
  /// blank.
  var sampleText: String? {
    let text = String(Widgets.text(sampleEntry).prefix(Self.maximumSampleLength))
    return text.allSatisfy(\.isWhitespace) ? nil : text
  }

  /// The preview the window draws for `layout`: the chosen face, the sample entry's text (when
  /// it is blank, the sample of the language filter's language, else the font's own), the size,
  /// the axis sliders' values, in the theme's colors, at device pixels (size, padding and
  /// width times the scale).
  func previewRequest(_ layout: PreviewLayout) -> PreviewRequest? {
    guard members.indices.contains(faceIndex) else { return nil }
    let scale = Double(layout.scale)
    var request = PreviewRequest(
      font: .face(members[faceIndex]), text: sampleText, size: chosenSize * scale)
    // The language filter's sample (the filter lists only families that support it).
    let language = Widgets.text(languageEntry).filter { !$0.isWhitespace }
    if request.text == nil, !language.isEmpty,
      let sample = SampleText.sample(forLanguage: String(language))
    {
      request.text = sample.text
      request.language = sample.language
    }
    request.variation = FontVariation(
      settings: axisValues.sorted { $0.key < $1.key }.map {
        FontVariation.Setting(tag: $0.key, value: $0.value)
      })
    request.foreground = Color(layout.foreground)
    request.background = Color(layout.background)
    request.padding = Self.previewPadding * layout.scale
    request.width = layout.width * layout.scale
    return request
  }

  /// Draws the preview (or, in the compare view, the pinned families' rows) for the area's
  /// current layout, its warnings as the area's tooltip.
  ///
  /// When `PICKERS_GTK_PREVIEW_PNG` names a file (the tests do), each picture's PNG is written
  /// there too, and then beside it (`.args`) the `pickers font preview` (or `font compare`)
  /// arguments that draw the same picture: the family (or the pinned families), then the
  /// options. The picture is written first, so arguments read before and after it that agree
  /// name the picture read between them.
  func renderPreview() {
    let layout = currentLayout()
    renderedLayout = layout
    do {
      let renderer = try self.renderer ?? TextRenderer()
      self.renderer = renderer
      let drawn: (image: RGBAImage, warnings: [String], arguments: [String])?
      // The PNG as the command writes it (a preview's gray rows are its own encoding).
      var png: () throws -> [UInt8] = { [] }
      if comparing {
        let comparison = try renderComparison(layout, renderer: renderer)
        drawn = comparison
        png = { try comparison.image.pngData() }
      } else if let request = previewRequest(layout) {
        let result = try catalog.render(request, renderer: renderer)
        drawn = (
          result.image, result.warnings.map(\.description),
          Self.previewArguments(
            family: members[faceIndex].family, request, layout: layout)
        )
        png = { try result.pngData() }
      } else {
        drawn = nil
      }
      guard let drawn else {
        showPreview(nil, scale: layout.scale)
        return
      }
      showPreview(drawn.image, scale: layout.scale)
      let warnings = drawn.warnings.joined(separator: "\n")
      gtk_widget_set_tooltip_text(previewArea, warnings.isEmpty ? nil : warnings)
      if let path = environment["PICKERS_GTK_PREVIEW_PNG"], !path.isEmpty {
        // A test's copy of the picture: a failure leaves no file, which the test reports.
        let arguments = drawn.arguments.joined(separator: "\n") + "\n"
        try? writeAtomically(try png(), to: path)
        try? writeAtomically(Array(arguments.utf8), to: path + ".args")
      }
    } catch {
      showPreview(nil, scale: layout.scale)
      gtk_label_set_text(cgtk_label(detail), "cannot draw the preview: \(error)")
    }
  }

  /// The `pickers font preview` arguments (the family, then the options) that draw `request`.
  static func previewArguments(
    family: String, _ request: PreviewRequest, layout: PreviewLayout
  ) -> [String] {
    var arguments = [
      family, "--size", "\(request.size)", "--padding", "\(request.padding)",
      "--width", "\(request.width ?? 0)", "--fg", Color(layout.foreground).hex,
      "--bg", Color(layout.background).hex,
    ]
    if let text = request.text { arguments += ["--text", text] }
    if let language = request.language { arguments += ["--lang", language] }
    return arguments
  }

  /// Keeps `image` as a cairo surface's pixels (premultiplied BGRA, as
  /// `CAIRO_FORMAT_ARGB32` stores them on a little-endian machine) and sizes the area to it.
  func showPreview(_ image: RGBAImage?, scale: Int) {
    guard let image else {
      previewPixels = nil
      gtk_drawing_area_set_content_height(cgtk_drawing_area(previewArea), 0)
      gtk_widget_queue_draw(previewArea)
      return
    }
    var pixels = [UInt8](repeating: 0, count: image.width * image.height * 4)
    image.bytes.withUnsafeBufferPointer { source in
      for index in stride(from: 0, to: source.count, by: 4) {
        let alpha = UInt16(source[index + 3])
        func premultiplied(_ value: UInt8) -> UInt8 { UInt8((UInt16(value) * alpha + 127) / 255) }
        pixels[index] = premultiplied(source[index + 2])
        pixels[index + 1] = premultiplied(source[index + 1])
        pixels[index + 2] = premultiplied(source[index])
        pixels[index + 3] = UInt8(alpha)
      }
    }
    previewPixels = (pixels, image.width, image.height, scale)
    previewSize = (image.width, image.height)
    let height = (image.height + scale - 1) / scale
    gtk_drawing_area_set_content_height(cgtk_drawing_area(previewArea), Int32(height))
    gtk_widget_queue_draw(previewArea)
  }

  /// The area's draw function: the background, then the picture at device pixels; a change
  /// of width, scale or theme colors re-draws the picture once the change settles (80 ms).
  func drawPreview(_ cairo: OpaquePointer, width: Int, height: Int) {
    let layout = currentLayout()
    let background = layout.background
    fill(
      cairo, 0, 0, Double(width), Double(height),
      [background.red, background.green, background.blue].map { Double($0) / 255 })
    if shown, layout != renderedLayout, !reflowScheduled {
      reflowScheduled = true
      Signals.after(milliseconds: 80) { [self] in
        reflowScheduled = false
        if currentLayout() != renderedLayout { renderPreview() }
      }
    }
    guard let picture = previewPixels else { return }
    let stride = picture.width * 4
    picture.bytes.withUnsafeBufferPointer { buffer in
      // cairo only reads a source surface's pixels.
      guard let base = buffer.baseAddress,
        let surface = cairo_image_surface_create_for_data(
          UnsafeMutablePointer(mutating: base), CAIRO_FORMAT_ARGB32, Int32(picture.width),
          Int32(picture.height),
          Int32(stride))
      else { return }
      defer { cairo_surface_destroy(surface) }
      // One picture pixel per device pixel: cairo's device scale is the window's scale.
      cairo_surface_set_device_scale(surface, Double(picture.scale), Double(picture.scale))
      cairo_set_source_surface(cairo, surface, 0, 0)
      cairo_paint(cairo)
    }
  }
}
