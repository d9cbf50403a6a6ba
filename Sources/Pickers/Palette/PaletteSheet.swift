/// A labelled sheet of palette swatches: each swatch shows its name and hex in black or white,
/// whichever reads better.
///
///     let image = try PaletteSheet.render(SystemAccent.palette(.light), labelFont: font)
public enum PaletteSheet {
  /// Swatches per row.
  public static let columns = 4
  /// Swatch size in pixels.
  public static let swatchSize = (width: 224, height: 96)

  /// Draws `entries` in rows of ``columns``, labelled `name #rrggbb`.
  ///
  /// - Parameters:
  ///   - entries: The colors and their names.
  ///   - labelFont: The font for the labels.
  ///   - renderer: A text renderer to reuse, or `nil` for a new one.
  /// - Returns: The sheet.
  /// - Throws: ``RenderError`` when there is nothing to draw or the labels cannot be set.
  public static func render(
    _ entries: [PaletteEntry], labelFont: FontFile, renderer: TextRenderer? = nil
  ) throws(RenderError) -> RGBAImage {
    var sheet = SwatchSheet(
      swatches: entries.map { entry in
        SwatchSheet.Swatch(color: entry.color.rgba8, label: "\(entry.name)  \(entry.color.hex)")
      })
    sheet.swatchWidth = swatchSize.width
    sheet.swatchHeight = swatchSize.height
    sheet.columns = min(columns, max(entries.count, 1))
    sheet.gap = 0
    sheet.showsLabels = true
    sheet.labelFont = labelFont
    return try sheet.render(renderer: renderer)
  }
}
