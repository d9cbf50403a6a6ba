/// Draws laid-out text on a canvas: a ``Typesetter`` plus a glyph cache.
///
/// Not `Sendable` (it owns FreeType faces): create one per task. Reusing one renderer for many
/// pictures reuses its open faces and rendered glyphs.
///
///     let renderer = try TextRenderer()
///     let lines = try renderer.typesetter.layout("Hello", style: style)
///     renderer.draw(lines[0], on: &canvas, x: 10, baseline: 40, color: .black)
public final class TextRenderer {
  /// The typesetter whose faces this renderer draws.
  public let typesetter: Typesetter
  let rasterizer = GlyphRasterizer()

  /// Creates a renderer with its own typesetter.
  public init() throws(TextError) {
    typesetter = try Typesetter()
  }

  /// How many glyph bitmaps were rendered (not served from the cache).
  public var glyphsRendered: Int { rasterizer.renderedCount }

  /// How many of the rendered glyphs FreeType could not load or render.
  ///
  /// Nonzero means a damaged font file: those glyphs were left out of the picture.
  public var glyphsFailed: Int { rasterizer.failedCount }

  /// Draws `line` with its left edge at `x` and its baseline at `baseline`, in `color`.
  ///
  /// Outline glyphs are drawn in `color` with `rendering`'s hinting and anti-aliasing, their
  /// coverage mixed as cairo mixes it; color glyphs keep their colors and take `color`'s
  /// opacity. Glyphs sit on whole pixels, as cairo places them, unless `rendering` asks for
  /// subpixel positioning of unhinted outlines.
  public func draw(
    _ line: TextLine, on canvas: inout Canvas, x: Double, baseline: Double, color: RGBA8,
    rendering: GlyphRendering = .unhinted
  ) {
    var pen = x
    let steps = Double(GlyphRasterizer.subpixelSteps)
    let opacity = Float(color.alpha) / 255
    let exact = rendering.subpixelPositioning && !rendering.snapsToPixels
    for run in line.runs {
      let key = FaceKey(font: run.font, variation: run.variation, size: run.size)
      guard let face = try? typesetter.face(key) else {
        pen += run.width
        continue
      }
      for glyph in run.glyphs {
        let gx = pen + glyph.xOffset
        let gy = baseline - glyph.yOffset
        var whole = exact ? gx.rounded(.down) : gx.rounded()
        var subpixel = Int(((gx - whole) * steps).rounded())
        if subpixel == GlyphRasterizer.subpixelSteps {
          whole += 1
          subpixel = 0
        }
        let bitmap = rasterizer.bitmap(
          face, glyph: glyph.id, subpixel: subpixel, rendering: rendering)
        if bitmap.width > 0 {
          let left = Int(whole) + bitmap.left
          let top = Int(gy.rounded()) - bitmap.top
          if bitmap.isSubpixel {
            canvas.drawSubpixelMask(
              bitmap.pixels, maskWidth: bitmap.width, maskHeight: bitmap.height, x: left, y: top,
              color: color)
          } else if bitmap.isColor {
            canvas.drawPremultiplied(
              bitmap.pixels, pixelWidth: bitmap.width, pixelHeight: bitmap.height, x: left,
              y: top, opacity: opacity)
          } else {
            canvas.drawMask(
              bitmap.pixels, maskWidth: bitmap.width, maskHeight: bitmap.height, x: left, y: top,
              color: color)
          }
        }
        pen += glyph.xAdvance
      }
    }
  }
}
