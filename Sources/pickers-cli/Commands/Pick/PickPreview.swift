import Pickers

/// Renders the font picker's preview: a sample sentence suited to the face's scripts
/// (``SampleText``: the English pangram for Latin fonts, Japanese for a JP font, and so on),
/// drawn as `pickers font preview` draws it (``FontCatalog/render(_:renderer:)``) and cut to
/// the box the terminal gives it.
///
/// Keeps one text renderer (its opened faces and glyph cache) for the whole session, and the
/// last image drawn for `--preview-png`.
final class PickPreview {
  let catalog: FontCatalog
  private var renderer: TextRenderer?
  private(set) var lastImage: RGBAImage?

  init(catalog: FontCatalog) {
    self.catalog = catalog
  }

  /// A picture of the sample text in `family` (and `style`), at most `width` x `height` pixels.
  func image(family: String, style: String?, width: Int, height: Int) -> RGBAImage? {
    guard width > 8, height > 8 else { return nil }
    guard let members = try? catalog.availableMembers(ofFontFamily: family), !members.isEmpty
    else { return nil }
    let face =
      members.first { $0.style == style }
      ?? members.first { $0.style == "Regular" || $0.style == "Book" } ?? members[0]
    do {
      let renderer = try self.renderer ?? TextRenderer()
      self.renderer = renderer
      var request = PreviewRequest(font: .face(face))
      request.padding = max(height / 10, 2)
      request.size = Double(height - 2 * request.padding) * 0.55
      let rendered = try catalog.render(request, renderer: renderer).image
      var image = try RGBAImage(
        width: min(width, rendered.width), height: min(height, rendered.height),
        filledWith: .white)
      image.draw(rendered, x: 0, y: 0)
      lastImage = image
      return image
    } catch {
      return nil
    }
  }
}

extension PickPreview {
  /// The text every row of a comparison draws.
  static let compareText = "The quick brown fox jumps over the lazy dog 0123"

  /// The families pinned in the picker compared, as `pickers font compare` lays them out: one
  /// row each, a small label in the UI font over the same text in the family, at most
  /// `width` x `height` pixels.
  func compare(_ families: [String], width: Int, height: Int) -> RGBAImage? {
    guard width > 8, height > 8, !families.isEmpty else { return nil }
    let rowHeight = height / families.count
    guard rowHeight >= 8 else { return nil }
    let labelHeight = max(rowHeight / 3, 6)
    do {
      let renderer = try self.renderer ?? TextRenderer()
      self.renderer = renderer
      let labelFont = try catalog.labelFont()
      var sheet = try RGBAImage(width: width, height: height, filledWith: .white)
      for (index, family) in families.enumerated() {
        let top = index * rowHeight
        var label = PreviewRequest(
          font: .family(labelFont.path), text: family, size: max(Double(labelHeight) * 0.7, 4))
        label.padding = 1
        label.usesFallback = false
        sheet.draw(try catalog.render(label, renderer: renderer).image, x: 2, y: top)
        var sample = PreviewRequest(
          family: family, text: Self.compareText,
          size: max(Double(rowHeight - labelHeight) * 0.6, 4))
        sample.padding = 1
        sheet.draw(try catalog.render(sample, renderer: renderer).image, x: 2, y: top + labelHeight)
      }
      lastImage = sheet
      return sheet
    } catch {
      return nil
    }
  }
}
