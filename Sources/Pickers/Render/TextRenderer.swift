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
    let opacity = Float(color.alpha) / 255
    forEachGlyph(line, x: x, baseline: baseline, rendering: rendering) { bitmap, left, top in
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
  }

  /// Whether `line` can be drawn on a ``GrayCanvas`` with `rendering`: no color glyphs (no
  /// face of its runs has color) and no subpixel anti-aliasing.
  func drawsInGray(_ line: TextLine, rendering: GlyphRendering) -> Bool {
    guard rendering.antialias != .subpixel else { return false }
    return line.runs.allSatisfy { run in
      let key = FaceKey(font: run.font, variation: run.variation, size: run.size)
      return (try? typesetter.face(key))?.hasColor == false
    }
  }

  /// Draws `line` in the opaque gray `level` on a gray canvas, placed as
  /// ``draw(_:on:x:baseline:color:rendering:)`` places it; for lines ``drawsInGray(_:rendering:)``
  /// accepts.
  func draw(
    _ line: TextLine, on canvas: inout GrayCanvas, x: Double, baseline: Double, level: UInt8,
    rendering: GlyphRendering = .unhinted
  ) {
    forEachGlyph(line, x: x, baseline: baseline, rendering: rendering) { bitmap, left, top in
      guard !bitmap.isSubpixel, !bitmap.isColor else { return }
      canvas.drawMask(
        bitmap.pixels, maskWidth: bitmap.width, maskHeight: bitmap.height, x: left, y: top,
        level: level)
    }
  }

  /// Calls `body` with each glyph's bitmap and the canvas position of its top-left corner.
  private func forEachGlyph(
    _ line: TextLine, x: Double, baseline: Double, rendering: GlyphRendering,
    _ body: (GlyphBitmap, Int, Int) -> Void
  ) {
    var pen = x
    let steps = Double(GlyphRasterizer.subpixelSteps)
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
          body(bitmap, Int(whole) + bitmap.left, Int(gy.rounded()) - bitmap.top)
        }
        pen += glyph.xAdvance
      }
    }
  }
}
