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
