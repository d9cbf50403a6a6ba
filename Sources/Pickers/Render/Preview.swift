/// How a font preview is drawn.
public struct PreviewOptions: Hashable, Sendable {
  /// The font, size, variation and language of the text.
  public var style: TextStyle
  /// The text color (may be translucent).
  public var foreground: RGBA8
  /// The background color (may be translucent or clear).
  public var background: RGBA8
  /// Space around the text, in pixels.
  public var padding: Int
  /// The picture's width in pixels: text wraps to fit; `nil` for one line per paragraph.
  public var width: Int?
  /// Fonts for characters the primary font lacks.
  public var fallback: FontFallback

  /// Padding values that can be drawn.
  public static let paddingRange = 0...4_000
  /// Widths that can be asked for.
  public static let widthRange = 1...40_000

  /// Creates preview options.
  @_disfavoredOverload  // `.black` means a Color (the init taking Colors); same pixels
  public init(
    style: TextStyle, foreground: RGBA8 = .black, background: RGBA8 = .white, padding: Int = 16,
    width: Int? = nil, fallback: FontFallback = .none
  ) {
    self.style = style
    self.foreground = foreground
    self.background = background
    self.padding = padding
    self.width = width
    self.fallback = fallback
  }
}

/// A picture of text set in one font: one line, or wrapped to a width.
public enum Preview {
  /// Renders `text` as a picture.
  ///
  ///     let options = PreviewOptions(style: TextStyle(font: dejaVu, size: 48))
  ///     let image = try Preview.render("Hamburgefonstiv", options: options)
  ///
  /// - Parameters:
  ///   - text: The text; `\n` starts a new line.
  ///   - options: Font, colors, padding, wrapping, fallback.
  ///   - renderer: A renderer to reuse (its faces and glyph cache), or `nil` for a new one.
  /// - Returns: The picture, sized to the text plus padding (or to `options.width`).
  /// - Throws: ``RenderError`` for bad sizes, empty text, unreadable fonts, or a picture over
  ///   the pixel limit (checked before the picture is allocated).
  public static func render(
    _ text: String, options: PreviewOptions, renderer: TextRenderer? = nil
  ) throws(RenderError) -> RGBAImage {
    guard PreviewOptions.paddingRange.contains(options.padding) else {
      throw .outOfRange(
        option: "padding", value: String(options.padding), expected: "0 to 4000 pixels")
    }
    if let width = options.width {
      guard PreviewOptions.widthRange.contains(width), width > 2 * options.padding else {
        throw .outOfRange(
          option: "width", value: String(width),
          expected: "1 to 40000 pixels, more than twice the padding")
      }
    }
    do {
      let renderer = try renderer ?? TextRenderer()
      let wrap = options.width.map { Double($0 - 2 * options.padding) }
      let lines = try renderer.typesetter.layout(
        text, style: options.style, fallback: options.fallback, maxWidth: wrap)
      let contentWidth = lines.map(\.width).max() ?? 0
      let contentHeight = lines.reduce(0) { $0 + $1.lineHeight }
      let width = options.width ?? Int(contentWidth.rounded(.up)) + 2 * options.padding
      let height = Int(contentHeight.rounded(.up)) + 2 * options.padding
      var canvas = try Canvas(width: width, height: height, fill: options.background)
      var top = Double(options.padding)
      let area = Double(width - 2 * options.padding)
      for line in lines {
        let leading = (line.lineHeight - line.ascent - line.descent) / 2
        let baseline = (top + leading + line.ascent).rounded()
        // Right-to-left paragraphs align to the right edge.
        let x = Double(options.padding) + (line.isRightToLeft ? max(0, area - line.width) : 0)
        renderer.draw(
          line, on: &canvas, x: x, baseline: baseline, color: options.foreground,
          rendering: options.style.rendering)
        top += line.lineHeight
      }
      return canvas.image
    } catch let error as TextError {
      throw .text(error)
    } catch let error as ImageError {
      throw .image(error)
    } catch {
      preconditionFailure("unexpected error \(error)")
    }
  }
}
