import CGtk
import Glibc
import Pickers

/// The compare view: the pinned families (``FontPickerState/pinned``, two to six), one
/// labelled row each with the sample entry's text at the stepper's size, drawn by the rows
/// `pickers font compare` draws (``Specimen/renderRow(_:options:renderer:)``).
extension FontWindow {
  /// The compare view's text while the sample entry is blank.
  static let compareText = "Hamburgefonstiv 0123456789"

  /// Whether the preview shows the compare view: the toggle is on and two families are pinned.
  var comparing: Bool {
    gtk_toggle_button_get_active(cgtk_toggle_button(compareToggle)) != 0
      && state.pinned.count >= 2
  }

  /// The pinned families' rows for `layout`, stacked, with the warnings of their faces and the
  /// `pickers font compare` options (after the families) that draw the same rows.
  func renderComparison(_ layout: PreviewLayout, renderer: TextRenderer) throws -> (
    image: RGBAImage, warnings: [String], arguments: [String]
  ) {
    let scale = layout.scale
    let text = sampleText ?? Self.compareText
    let size = chosenSize * Double(scale)
    var options = SpecimenOptions(labelFont: try catalog.labelFont())
    options.width = layout.width * scale
    options.padding *= scale
    options.labelSize *= Double(scale)
    options.foreground = layout.foreground
    options.background = layout.background
    // The label's gray, between the text and the background (110 of 255 on white, as the
    // command's sheet draws it).
    options.labelColor = Self.mix(layout.foreground, layout.background, 145)
    var warnings: [String] = []
    var rows: [RGBAImage] = []
    for family in state.pinned {
      let preview = try catalog.resolve(PreviewRequest(family: family, text: text, size: size))
      warnings += preview.warnings.map(\.description)
      let label = preview.font.family.isEmpty ? family : preview.font.family
      rows.append(
        try Specimen.renderRow(
          SpecimenRow(label: label, preview: preview), options: options, renderer: renderer))
    }
    var sheet = try RGBAImage(
      width: options.width, height: rows.reduce(0) { $0 + $1.height }, filledWith: .clear)
    var top = 0
    for row in rows {
      sheet.draw(row, x: 0, y: top)
      top += row.height
    }
    let arguments =
      state.pinned + [
        "--text", text, "--size", "\(size)", "--width", "\(options.width)",
      ]
    return (sheet, warnings, arguments)
  }

  /// `foreground` weighted `amount` of 255 over `background`.
  static func mix(_ foreground: RGBA8, _ background: RGBA8, _ amount: Int) -> RGBA8 {
    func channel(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
      UInt8((Int(top) * amount + Int(bottom) * (255 - amount) + 127) / 255)
    }
    return RGBA8(
      red: channel(foreground.red, background.red),
      green: channel(foreground.green, background.green),
      blue: channel(foreground.blue, background.blue))
  }

  /// Shows which families are pinned and whether the compare view can show them.
  func refreshPins() {
    let pinned = state.pinned
    let selectedIsPinned = state.selected.map { pinned.contains($0.family) } ?? false
    let pinLabel = selectedIsPinned ? "Unpin" : "Pin"
    if pinLabel != shownPinLabel {
      shownPinLabel = pinLabel
      gtk_button_set_label(cgtk_button(pinButton), pinLabel)
    }
    // A seventh pin replaces the oldest (``FontPickerEvent/togglePin``).
    gtk_widget_set_sensitive(pinButton, state.selected != nil ? 1 : 0)
    let note =
      pinned.isEmpty
      ? "Pin two to six families to compare them"
      : "Pinned (\(pinned.count) of \(FontPickerState.maximumPinned)): "
        + pinned.joined(separator: ", ")
    gtk_label_set_text(cgtk_label(pinsLabel), note)
    gtk_widget_set_sensitive(compareToggle, pinned.count >= 2 ? 1 : 0)
  }
}
