import CGtk
import Pickers

/// The color window: a GTK view of ``ColorPickerState``.
///
/// Every widget signal becomes one ``ColorPickerEvent``; the window then redraws all widgets
/// from the new state (`updating` keeps those redraws from echoing back as events).
@MainActor
final class ColorWindow {
  private(set) var state: ColorPickerState
  let window: Widget
  private let environment: [String: String]
  private var spaceButtons: [Widget] = []
  private var channelLabels: [Widget] = []
  private var scales: [Widget] = []
  private var spins: [Widget] = []
  private var adjustments: [UnsafeMutablePointer<GtkAdjustment>] = []
  private var swatch: Widget
  private var entry: Widget
  private var contrast: Widget
  private var status: Widget
  private var updating = false
  /// Why the CSS entry's text is not a color, while it is not.
  private var entryError: String?
  private var fieldView: ColorFieldView?
  private var fieldHue = 0.0
  private var hueStrip: ColorStripView?
  private var opacityStrip: ColorStripView?
  /// The color the window started with, shown in the old half of the swatch.
  private let original: Color
  private let originalHex: String
  private var originalSwatch: Widget
  private var dropper: Widget?
  private let recentStore: RecentColorStore?
  private let recent: RecentColors
  let geometry: GeometryReport

  init(state: ColorPickerState, environment: [String: String]) {
    self.state = state
    self.environment = environment
    geometry = GeometryReport(environment: environment)
    recentStore = RecentColorStore(environment: environment)
    recent = recentStore?.load() ?? RecentColors()
    window = Widgets.checked(gtk_window_new())
    swatch = Widgets.checked(gtk_drawing_area_new())
    var original = state.gamutMappedFrom ?? state.color
    original.alpha = state.alpha
    self.original = original
    originalHex = state.answer.hex
    originalSwatch = Widgets.button(
      "", tooltip: "The color the window started with: click to restore it")
    entry = Widgets.checked(gtk_entry_new())
    contrast = Widgets.label("")
    status = Widgets.label("")
    build()
    refresh()
  }

  // MARK: Building

  private func build() {
    gtk_window_set_title(cgtk_window(window), "pickers · color")
    gtk_window_set_default_size(cgtk_window(window), 560, -1)
    let content = Widgets.box(vertical: true, spacing: 10)
    Widgets.pad(content, 14)

    // The space switch: three linked toggle buttons, one active.
    let spaces = Widgets.box(vertical: false, spacing: 0)
    gtk_widget_add_css_class(spaces, "linked")
    for space in PickerSpace.allCases {
      let button = Widgets.checked(gtk_toggle_button_new_with_label(space.rawValue.uppercased()))
      if let first = spaceButtons.first {
        gtk_toggle_button_set_group(cgtk_toggle_button(button), cgtk_toggle_button(first))
      }
      Signals.connect(button, "toggled") { [self] in
        guard !updating, gtk_toggle_button_get_active(cgtk_toggle_button(button)) != 0 else {
          return
        }
        send(.setSpace(space))
      }
      spaceButtons.append(button)
      Widgets.append(spaces, button)
    }
    Widgets.append(content, spaces)

    // One row per channel: label, slider, spin button sharing one adjustment.
    let middle = Widgets.box(vertical: false, spacing: 14)
    let grid = Widgets.checked(gtk_grid_new())
    gtk_grid_set_row_spacing(cgtk_grid(grid), 6)
    gtk_grid_set_column_spacing(cgtk_grid(grid), 8)
    gtk_widget_set_hexpand(grid, 1)
    for row in 0..<state.sliderCount {
      guard let adjustment = gtk_adjustment_new(0, 0, 1, 1, 10, 0) else { continue }
      let label = Widgets.label("")
      let scale = Widgets.checked(gtk_scale_new(GTK_ORIENTATION_HORIZONTAL, adjustment))
      gtk_scale_set_draw_value(cgtk_scale(scale), 0)
      gtk_widget_set_hexpand(scale, 1)
      gtk_widget_set_size_request(scale, 220, -1)
      let spin = Widgets.checked(gtk_spin_button_new(adjustment, 1, 0))
      gtk_spin_button_set_numeric(cgtk_spin_button(spin), 1)
      gtk_editable_set_width_chars(cgtk_editable(spin), 7)
      Signals.connect(adjustment, "value-changed") { [self] in
        guard !updating else { return }
        let value = gtk_adjustment_get_value(adjustment)
        send(row < 3 ? .setComponent(row, value) : .setAlpha(value / 100))
      }
      // Screen readers name the slider and its value box by the row's label (R, H, L, A).
      cgtk_accessible_set_labelled_by(scale, label)
      cgtk_accessible_set_labelled_by(spin, label)
      gtk_grid_attach(cgtk_grid(grid), label, 0, Int32(row), 1, 1)
      gtk_grid_attach(cgtk_grid(grid), scale, 1, Int32(row), 1, 1)
      gtk_grid_attach(cgtk_grid(grid), spin, 2, Int32(row), 1, 1)
      channelLabels.append(label)
      scales.append(scale)
      spins.append(spin)
      adjustments.append(adjustment)
      geometry.name("scale\(row)", scale)
      geometry.name("spin\(row)", spin)
    }
    Widgets.append(middle, grid, buildSwatches())
    // The 2-D field above the sliders, the hue strip and the opacity strip beside it: a drag
    // or an arrow key sets the color.
    let fieldRow = Widgets.box(vertical: false, spacing: 8)
    let fieldView = ColorFieldView { [self] color in
      var color = color
      color.alpha = state.alpha
      send(.setColor(color))
    }
    self.fieldView = fieldView
    geometry.name("field", fieldView.area)
    Widgets.append(fieldRow, fieldView.area)
    let hueStrip = ColorStripView(name: "Hue", strip: ColorStrip(space: state.space)) {
      [self] hue in setHue(hue)
    }
    self.hueStrip = hueStrip
    geometry.name("hue", hueStrip.area)
    Widgets.append(fieldRow, hueStrip.area)
    if state.showsOpacity {
      let opacityStrip = ColorStripView(name: "Opacity", strip: ColorStrip(opacityOf: state.color))
      { [self] alpha in send(.setAlpha(alpha)) }
      self.opacityStrip = opacityStrip
      geometry.name("opacity", opacityStrip.area)
      Widgets.append(fieldRow, opacityStrip.area)
    }
    Widgets.append(content, fieldRow)
    Widgets.append(content, middle)

    // The CSS entry: any CSS color; it applies as soon as it parses.
    let cssRow = Widgets.box(vertical: false, spacing: 8)
    gtk_widget_set_hexpand(entry, 1)
    gtk_entry_set_placeholder_text(cgtk_entry(entry), "any CSS color: #3478f6, oklch(60% 0.2 260)")
    Signals.connect(entry, "changed") { [self] in
      guard !updating else { return }
      let text = Widgets.text(entry)
      do {
        let color = try Color(css: text)
        entryError = nil
        gtk_label_set_text(cgtk_label(status), "")
        send(.setColor(color), keepEntry: true)
        gtk_widget_remove_css_class(entry, "error")
      } catch {
        entryError = "\(error)"
        gtk_widget_add_css_class(entry, "error")
      }
    }
    geometry.name("entry", entry)
    let cssLabel = Widgets.label("CSS")
    cgtk_accessible_set_labelled_by(entry, cssLabel)
    Widgets.append(cssRow, cssLabel, entry)
    Widgets.append(content, cssRow)
    gtk_widget_add_css_class(contrast, "contrast")
    Widgets.append(content, contrast)

    Widgets.append(
      content,
      swatchRow("Accents", state.presets.map { ("system \($0.name)", $0.srgb) }) {
        [self] index in send(.choosePreset(index))
      })
    let recentColors = recent.colors.compactMap { hex -> (String, [Double])? in
      guard let color = try? Color(css: hex) else { return nil }
      return (hex, color.converted(to: .srgb).channels.values.map { $0 ?? 0 })
    }
    if !recentColors.isEmpty {
      Widgets.append(
        content,
        swatchRow("Recent", recentColors) { [self] index in
          if let color = try? Color(css: recentColors[index].0) { send(.setColor(color)) }
        })
    }

    // Buttons: the eyedropper (only with the sampler), Cancel, Choose.
    let buttons = Widgets.box(vertical: false, spacing: 8)
    if DesktopHelper.sampler.locate(environment: environment) != nil {
      let dropper = Widgets.button("Pick from screen", tooltip: "Click anywhere on the screen")
      Signals.connect(dropper, "clicked") { [self] in sample() }
      geometry.name("dropper", dropper)
      self.dropper = dropper
      Widgets.append(buttons, dropper)
    }
    gtk_widget_set_hexpand(status, 1)
    Widgets.append(buttons, status)
    Widgets.appendCancelAndChoose(
      buttons, cancel: { [self] in send(.cancel) }, choose: { [self] in choose() })
    Widgets.append(content, buttons)
    Widgets.setContent(window, content) { [self] in send(.cancel) }
    Widgets.addKeyHandler(window) { [self] keyval, modifiers in key(keyval, modifiers) }
    geometry.watch(window)
  }

  /// The old/new swatch: the color the window started with (a button that restores it) above
  /// the current one, both over a checkerboard.
  private func buildSwatches() -> Widget {
    let column = Widgets.box(vertical: true, spacing: 0)
    gtk_widget_set_valign(column, GTK_ALIGN_START)
    gtk_widget_add_css_class(originalSwatch, "swatch")
    let oldArea = Widgets.checked(gtk_drawing_area_new())
    gtk_widget_set_size_request(oldArea, 150, 36)
    Signals.setDrawFunction(oldArea) { [self] cairo, width, height in
      drawSwatch(cairo, Double(width), Double(height), original)
    }
    gtk_button_set_child(cgtk_button(originalSwatch), oldArea)
    cgtk_accessible_set_label(originalSwatch, "original, \(originalHex)")
    Signals.connect(originalSwatch, "clicked") { [self] in send(.setColor(original)) }
    geometry.name("original", originalSwatch)
    gtk_widget_set_size_request(swatch, 150, 114)
    Signals.setDrawFunction(swatch) { [self] cairo, width, height in
      drawSwatch(cairo, Double(width), Double(height), state.color)
    }
    geometry.name("swatch", swatch)
    Widgets.append(column, originalSwatch, swatch)
    return column
  }

  /// A hue from the hue strip: OKLCH's or HSL's hue slider, or in RGB the HSV color at the
  /// field's point with that hue.
  private func setHue(_ hue: Double) {
    switch state.space {
    case .oklch: send(.setComponent(2, hue))
    case .hsl: send(.setComponent(0, hue))
    case .rgb:
      let point = ColorField(space: .rgb, hue: fieldHue).point(of: state.color)
      fieldHue = hue
      var color = ColorField(space: .rgb, hue: hue).color(x: point.x, y: point.y)
      color.alpha = state.alpha
      send(.setColor(color))
    }
  }

  /// A labelled row of color buttons; `action` gets the index of the one clicked.
  ///
  /// The row is one Tab stop: only one button at a time is focusable, and Left, Right, Home and
  /// End move along the row. Each button is named by its color ("system blue, #0a84ff").
  private func swatchRow(
    _ title: String, _ colors: [(name: String, srgb: [Double])],
    _ action: @escaping @MainActor (Int) -> Void
  ) -> Widget {
    let row = Widgets.box(vertical: false, spacing: 4)
    let label = Widgets.label(title)
    gtk_widget_set_size_request(label, 64, -1)
    Widgets.append(row, label)
    var buttons: [Widget] = []
    for (index, color) in colors.enumerated() {
      let rgb = color.srgb.map { min(max($0, 0), 1) }
      let hex = Color(.srgb, rgb[0], rgb[1], rgb[2]).hex
      let name = color.name.hasPrefix("#") ? color.name : "\(color.name), \(hex)"
      let button = Widgets.button("", tooltip: name)
      gtk_widget_add_css_class(button, "swatch")
      let area = Widgets.checked(gtk_drawing_area_new())
      gtk_widget_set_size_request(area, 20, 20)
      Signals.setDrawFunction(area) { cairo, width, height in
        fill(cairo, 0, 0, Double(width), Double(height), rgb)
      }
      gtk_button_set_child(cgtk_button(button), area)
      cgtk_accessible_set_label(button, name)
      cgtk_accessible_set_description(button, title)
      gtk_widget_set_focusable(button, index == 0 ? 1 : 0)
      Signals.connect(button, "clicked") { action(index) }
      Widgets.append(row, button)
      buttons.append(button)
    }
    geometry.name("row-" + title.lowercased(), row)
    if let controller = gtk_event_controller_key_new() {
      Signals.connectKey(controller) { keyval, _ in
        guard let current = buttons.firstIndex(where: { gtk_widget_has_focus($0) != 0 }) else {
          return false
        }
        let target: Int
        switch Int32(keyval) {
        case GDK_KEY_Left, GDK_KEY_KP_Left: target = max(current - 1, 0)
        case GDK_KEY_Right, GDK_KEY_KP_Right: target = min(current + 1, buttons.count - 1)
        case GDK_KEY_Home, GDK_KEY_KP_Home: target = 0
        case GDK_KEY_End, GDK_KEY_KP_End: target = buttons.count - 1
        default: return false
        }
        gtk_widget_set_focusable(buttons[target], 1)
        gtk_widget_grab_focus(buttons[target])
        if target != current { gtk_widget_set_focusable(buttons[current], 0) }
        return true
      }
      gtk_widget_add_controller(row, cgtk_event_controller(controller.gpointer))
    }
    return row
  }

  // MARK: Events

  /// Feeds `event` to the state machine and redraws.
  func send(_ event: ColorPickerEvent, keepEntry: Bool = false) {
    state = ColorPickerState.update(state, event)
    refresh(keepEntry: keepEntry)
  }

  /// Enter chooses, Esc cancels; arrows, Home and End on a focused slider step it with the
  /// model's steps (Shift: large steps), as the terminal picker does.
  ///
  /// Enter is ``choose()``: it applies a value typed into a spin button first (GTK would only on
  /// leaving it), and only says why while the CSS entry holds text that is not a color.
  private func key(_ keyval: UInt32, _ modifiers: GdkModifierType) -> Bool {
    let shift = modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0
    switch Int32(keyval) {
    case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter:
      choose()
      return true
    case GDK_KEY_Escape:
      send(.cancel)
      return true
    default: break
    }
    guard let focus = gtk_root_get_focus(cgtk_root(window)),
      let row = scales.firstIndex(where: { $0 == focus })
    else { return false }
    // A right-to-left slider runs from the right: Left raises it, as the thumb moves.
    let forward: Int = gtk_widget_get_direction(scales[row]) == GTK_TEXT_DIR_RTL ? -1 : 1
    let event: ColorPickerEvent
    switch Int32(keyval) {
    case GDK_KEY_Left, GDK_KEY_KP_Left: event = .step(row, by: -forward, large: shift)
    case GDK_KEY_Right, GDK_KEY_KP_Right: event = .step(row, by: forward, large: shift)
    case GDK_KEY_Down, GDK_KEY_KP_Down: event = .step(row, by: -1, large: shift)
    case GDK_KEY_Up, GDK_KEY_KP_Up: event = .step(row, by: 1, large: shift)
    case GDK_KEY_Home: event = .jump(row, toEnd: false)
    case GDK_KEY_End: event = .jump(row, toEnd: true)
    default: return false
    }
    send(event)
    return true
  }

  /// Chooses the color shown (Enter, the Choose button), after applying a value typed into the
  /// focused spin button; while the CSS entry is not a color it only says why.
  private func choose() {
    if let focus = gtk_root_get_focus(cgtk_root(window)),
      let spin = spins.first(where: { $0 == focus || gtk_widget_is_ancestor(focus, $0) != 0 })
    {
      gtk_spin_button_update(cgtk_spin_button(spin))
    }
    if let reason = entryError {
      gtk_label_set_text(cgtk_label(status), "Not a CSS color: \(reason)")
      gtk_widget_grab_focus(entry)
      return
    }
    send(.choose)
  }

  /// Starts a pick with ``ColorSampler`` and returns at once: the window stays responsive
  /// while the person (or the portal) picks, and the color arrives from the main loop.
  private func sample() {
    gtk_label_set_text(cgtk_label(status), "Picking: click anywhere on the screen")
    if let dropper { gtk_widget_set_sensitive(dropper, 0) }
    let sampler = ColorSampler(environment: environment)
    Task.detached {
      let outcome: Result<Color?, ColorSamplerError>
      do throws(ColorSamplerError) {
        outcome = .success(try await sampler.sample())
      } catch {
        outcome = .failure(error)
      }
      onMainLoop { [self] in finishSample(outcome) }
    }
  }

  /// Takes the sampler's color (a cancel keeps the current one; a failure says why).
  private func finishSample(_ outcome: Result<Color?, ColorSamplerError>) {
    if let dropper { gtk_widget_set_sensitive(dropper, 1) }
    gtk_label_set_text(cgtk_label(status), "")
    switch outcome {
    case .success(let color?):
      var color = color
      color.alpha = state.alpha
      send(.setColor(color))
    case .success(nil): break
    case .failure(let error):
      gtk_label_set_text(cgtk_label(status), error.message)
    }
  }

  // MARK: Drawing

  /// Sets every widget from `state`.
  private func refresh(keepEntry: Bool = false) {
    updating = true
    defer { updating = false }
    for (index, space) in PickerSpace.allCases.enumerated() where index < spaceButtons.count {
      gtk_toggle_button_set_active(
        cgtk_toggle_button(spaceButtons[index]), space == state.space ? 1 : 0)
    }
    for row in 0..<adjustments.count {
      let adjustment = adjustments[row]
      let label: String
      let range: ClosedRange<Double>
      let value: Double
      let step: Double
      let decimals: Int
      if row < 3 {
        let component = state.space.components[row]
        (label, range, value) = (component.label, component.range, state.values[row])
        (step, decimals) = (component.step, component.decimals)
      } else {
        (label, range, value, step, decimals) = ("A", 0...100, state.alpha * 100, 1, 0)
      }
      gtk_label_set_text(cgtk_label(channelLabels[row]), label)
      gtk_adjustment_configure(
        adjustment, value, range.lowerBound, range.upperBound, step, step * 10, 0)
      gtk_spin_button_set_digits(cgtk_spin_button(spins[row]), UInt32(decimals))
      gtk_scale_set_digits(cgtk_scale(scales[row]), Int32(decimals))
    }
    if !keepEntry {
      gtk_editable_set_text(cgtk_editable(entry), state.answer.hex)
      gtk_widget_remove_css_class(entry, "error")
      entryError = nil
    }
    let color = state.color
    let onWhite = color.wcagContrast(on: .white)
    let onBlack = color.wcagContrast(on: .black)
    let text =
      "WCAG  \(format(onWhite.ratio)):1 \(grade(onWhite)) on white   "
      + "\(format(onBlack.ratio)):1 \(grade(onBlack)) on black\n"
      + "APCA  Lc \(format(color.apcaContrast(on: .white), 1)) on white   "
      + "Lc \(format(color.apcaContrast(on: .black), 1)) on black"
      + (state.isOutOfGamut ? "\nOutside sRGB: the hex is gamut-mapped" : "")
      + (state.gamutMappedFrom.map {
        "\n\($0.cssString) is outside sRGB: shown gamut-mapped to \(state.answer.hex), as "
          + "'pickers color convert' maps it"
      } ?? "")
    gtk_label_set_text(cgtk_label(contrast), text)
    gtk_widget_queue_draw(swatch)
    cgtk_accessible_set_label(swatch, "new, \(state.answer.hex)")
    // The field's hue: OKLCH's for OKLCH, else HSL's (the HSV hue is the same).
    let hue: Double
    switch state.space {
    case .oklch: hue = state.values[2]
    case .hsl: hue = state.values[0]
    case .rgb:
      // Gray, white and black have no hue: the field keeps the one it shows.
      hue = state.color.converted(to: .hsl).channels.values[0] ?? fieldHue
    }
    fieldHue = hue
    fieldView?.update(field: ColorField(space: state.space, hue: hue), color: state.color)
    hueStrip?.update(strip: ColorStrip(space: state.space), value: hue)
    opacityStrip?.update(strip: ColorStrip(opacityOf: state.color), value: state.alpha)
  }

  /// The swatch over a checkerboard, as a browser composites a translucent color.
  private func drawSwatch(
    _ cairo: OpaquePointer, _ width: Double, _ height: Double, _ color: Color
  ) {
    let square = 10.0
    var y = 0.0
    var rowIndex = 0
    while y < height {
      var x = 0.0
      var column = rowIndex
      while x < width {
        let gray = column % 2 == 0 ? 0.8 : 0.6
        fill(cairo, x, y, min(square, width - x), min(square, height - y), [gray, gray, gray])
        x += square
        column += 1
      }
      y += square
      rowIndex += 1
    }
    // Quantized to the hex's 8 bits: cairo truncates, which would show #00c247 for #00c248.
    let mapped = color.gamutMapped(to: .srgb).converted(to: .srgb).channels.values.map {
      (min(max($0 ?? 0, 0), 1) * 255).rounded() / 255
    }
    fill(cairo, 0, 0, width, height, mapped, alpha: min(max(color.alpha, 0), 1))
  }

  private func format(_ value: Double, _ decimals: Int = 2) -> String {
    let scale = decimals == 1 ? 10.0 : 100.0
    let scaled = Int((abs(value) * scale).rounded())
    let whole = scaled / Int(scale)
    var fraction = String(scaled % Int(scale))
    while fraction.count < decimals { fraction = "0" + fraction }
    return (value < 0 && scaled != 0 ? "-" : "") + "\(whole).\(fraction)"
  }

  private func grade(_ contrast: WCAGContrast) -> String {
    contrast.aaa ? "AAA" : contrast.aa ? "AA" : contrast.aaLarge ? "AA large" : "fail"
  }

  // MARK: Ending

  /// Records an accepted color among the recent ones (a failure is only a warning).
  func rememberAnswer(_ answer: ColorPickerAnswer) {
    guard let recentStore else { return }
    do {
      // Read again under the lock: another window's pick since this one opened stays.
      try recentStore.record(answer.hex)
    } catch {
      writeError("pickers: warning: cannot save recent colors: \(error)\n")
    }
  }

  /// Shows the window with the first slider focused.
  func present() {
    gtk_window_present(cgtk_window(window))
    if let first = scales.first { gtk_widget_grab_focus(first) }
  }
}
