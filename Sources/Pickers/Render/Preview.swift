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
    let drawer: TextRenderer
    if let renderer { drawer = renderer } else { drawer = try Self.newRenderer() }
    let layout = try Self.layout(text, options: options, renderer: drawer)
    var canvas: Canvas
    do {
      canvas = try Canvas(width: layout.width, height: layout.height, fill: options.background)
    } catch {
      throw .image(error)
    }
    layout.place(options: options) { line, x, baseline in
      drawer.draw(
        line, on: &canvas, x: x, baseline: baseline, color: options.foreground,
        rendering: options.style.rendering)
    }
    return canvas.image
  }

  private static func newRenderer() throws(RenderError) -> TextRenderer {
    do { return try TextRenderer() } catch { throw .text(error) }
  }

  /// Renders `text` on a ``GrayCanvas`` when the colors are opaque grays and no glyph needs
  /// color (no color font, no subpixel anti-aliasing); else `nil`.
  ///
  /// The pixels are those ``render(_:options:renderer:)`` draws, one byte each instead of four.
  static func renderGray(
    _ text: String, options: PreviewOptions, renderer: TextRenderer
  ) throws(RenderError) -> GrayCanvas? {
    let (foreground, background) = (options.foreground, options.background)
    guard foreground.alpha == 255, background.alpha == 255, foreground.isGray,
      background.isGray
    else { return nil }
    let layout = try Self.layout(text, options: options, renderer: renderer)
    let rendering = options.style.rendering
    guard layout.lines.allSatisfy({ renderer.drawsInGray($0, rendering: rendering) }) else {
      return nil
    }
    var canvas: GrayCanvas
    do {
      canvas = try GrayCanvas(width: layout.width, height: layout.height, level: background.red)
    } catch {
      throw .image(error)
    }
    layout.place(options: options) { line, x, baseline in
      renderer.draw(
        line, on: &canvas, x: x, baseline: baseline, level: foreground.red, rendering: rendering)
    }
    return canvas
  }

  /// Lines laid out for a picture, and the picture's size.
  struct Layout {
    var lines: [TextLine]
    var width: Int
    var height: Int

    /// Calls `body` with each line, its left edge and its baseline, top to bottom.
    func place(options: PreviewOptions, _ body: (TextLine, Double, Double) -> Void) {
      var top = Double(options.padding)
      let area = Double(width - 2 * options.padding)
      for line in lines {
        let leading = (line.lineHeight - line.ascent - line.descent) / 2
        let baseline = (top + leading + line.ascent).rounded()
        // Right-to-left paragraphs align to the right edge.
        let x = Double(options.padding) + (line.isRightToLeft ? max(0, area - line.width) : 0)
        body(line, x, baseline)
        top += line.lineHeight
      }
    }
  }

  /// Checks the options, lays `text` out and sizes the picture (checked against the pixel
  /// limit before anything is drawn).
  static func layout(
    _ text: String, options: PreviewOptions, renderer: TextRenderer
  ) throws(RenderError) -> Layout {
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
      let wrap = options.width.map { Double($0 - 2 * options.padding) }
      let lines = try renderer.typesetter.layout(
        text, style: options.style, fallback: options.fallback, maxWidth: wrap)
      let contentWidth = lines.map(\.width).max() ?? 0
      let contentHeight = lines.reduce(0) { $0 + $1.lineHeight }
      let width = options.width ?? Int(contentWidth.rounded(.up)) + 2 * options.padding
      let height = Int(contentHeight.rounded(.up)) + 2 * options.padding
      try RGBAImage.validate(width: width, height: height)
      return Layout(lines: lines, width: width, height: height)
    } catch let error as TextError {
      throw .text(error)
    } catch let error as ImageError {
      throw .image(error)
    } catch {
      preconditionFailure("unexpected error \(error)")
    }
  }
}

extension RGBA8 {
  /// Whether red, green and blue are equal.
  var isGray: Bool { red == green && green == blue }
}

extension PreviewOptions {
  /// Creates preview options with the colors as ``Color`` values.
  public init(
    style: TextStyle, foreground: Color, background: Color = .white, padding: Int = 16,
    width: Int? = nil, fallback: FontFallback = .none
  ) {
    self.init(
      style: style, foreground: foreground.rgba8, background: background.rgba8,
      padding: padding, width: width, fallback: fallback)
  }
}
