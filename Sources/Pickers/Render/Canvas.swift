/// A mutable RGBA picture (straight alpha) that composites shapes in linear light and glyph
/// coverage as cairo does.
///
/// Shapes with anti-aliased edges and color glyphs go through ``blend(x:y:color:coverage:)``:
/// the source's alpha times the coverage is mixed with what is there in linear light, so
/// either side may be translucent. Glyph coverage masks are mixed in sRGB values, as the
/// desktop's text is (see `drawMask`).
///
///     var canvas = try Canvas(width: 64, height: 32, fill: .white)
///     canvas.fillRect(x: 0, y: 0, width: 32, height: 32, color: RGBA8(red: 255, green: 0, blue: 0))
///     let image = canvas.image
public struct Canvas: Sendable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// `r, g, b, a` bytes, row by row.
  var bytes: [UInt8]

  /// Creates a canvas filled with `fill`.
  ///
  /// - Throws: ``ImageError`` when the size is empty or over ``RGBAImage/maximumPixelCount``,
  ///   checked before allocating.
  public init(width: Int, height: Int, fill: RGBA8 = .clear) throws(ImageError) {
    try RGBAImage.validate(width: width, height: height)
    self.width = width
    self.height = height
    bytes = RGBAImage.bytes(repeating: fill, count: width * height)
  }

  /// The picture as an image value.
  public var image: RGBAImage {
    do {
      return try RGBAImage(width: width, height: height, bytes: bytes)
    } catch {
      preconditionFailure("a canvas always has a valid size and buffer: \(error)")
    }
  }

  /// The pixel at (`x`, `y`).
  public subscript(x: Int, y: Int) -> RGBA8 {
    let offset = (y * width + x) * 4
    return RGBA8(
      red: bytes[offset], green: bytes[offset + 1], blue: bytes[offset + 2],
      alpha: bytes[offset + 3])
  }

  /// Draws `color` over the pixel at (`x`, `y`) with `coverage` (0...1), in linear light.
  ///
  /// Points outside the canvas are ignored. Full coverage of an opaque color, or any color on
  /// a transparent pixel, stores the color's channels exactly (alpha scaled by coverage).
  @inline(__always)
  public mutating func blend(x: Int, y: Int, color: RGBA8, coverage: Float) {
    guard x >= 0, x < width, y >= 0, y < height, coverage > 0 else { return }
    let offset = (y * width + x) * 4
    bytes.withUnsafeMutableBufferPointer { buffer in
      Canvas.blend(buffer, offset, color, min(coverage, 1))
    }
  }

  @inline(__always)
  static func blend(
    _ buffer: UnsafeMutableBufferPointer<UInt8>, _ offset: Int, _ color: RGBA8, _ coverage: Float
  ) {
    let sourceAlpha = Float(color.alpha) / 255 * coverage
    guard sourceAlpha > 0 else { return }
    let destinationAlpha = Float(buffer[offset + 3]) / 255
    if sourceAlpha >= 1 || destinationAlpha == 0 {
      buffer[offset] = color.red
      buffer[offset + 1] = color.green
      buffer[offset + 2] = color.blue
      buffer[offset + 3] = sourceAlpha >= 1 ? 255 : UInt8(sourceAlpha * 255 + 0.5)
      return
    }
    let linear = Gamma.toLinear
    let remaining = destinationAlpha * (1 - sourceAlpha)
    let outAlpha = sourceAlpha + remaining
    let sourceWeight = sourceAlpha / outAlpha
    let destinationWeight = remaining / outAlpha
    buffer[offset] = Gamma.encode(
      linear[Int(color.red)] * sourceWeight + linear[Int(buffer[offset])] * destinationWeight)
    buffer[offset + 1] = Gamma.encode(
      linear[Int(color.green)] * sourceWeight + linear[Int(buffer[offset + 1])]
        * destinationWeight)
    buffer[offset + 2] = Gamma.encode(
      linear[Int(color.blue)] * sourceWeight + linear[Int(buffer[offset + 2])]
        * destinationWeight)
    buffer[offset + 3] = UInt8(min(outAlpha * 255 + 0.5, 255))
  }

  /// Fills a rectangle with `color` (composited), clipped to the canvas.
  public mutating func fillRect(x: Int, y: Int, width w: Int, height h: Int, color: RGBA8) {
    let x0 = max(0, x)
    let y0 = max(0, y)
    let x1 = min(width, x + w)
    let y1 = min(height, y + h)
    guard x0 < x1, y0 < y1 else { return }
    let canvasWidth = width
    bytes.withUnsafeMutableBufferPointer { buffer in
      for row in y0..<y1 {
        for column in x0..<x1 {
          Canvas.blend(buffer, (row * canvasWidth + column) * 4, color, 1)
        }
      }
    }
  }

  /// Fills a rectangle with rounded corners of `radius` pixels, anti-aliased, calling `paint`
  /// for the color of each pixel (so patterns such as a checkerboard can fill the shape).
  public mutating func fillRoundedRect(
    x: Int, y: Int, width w: Int, height h: Int, radius: Double, paint: (Int, Int) -> RGBA8
  ) {
    guard
      let shape = RoundedRectShape(
        x: x, y: y, width: w, height: h, radius: radius, canvasWidth: width,
        canvasHeight: height)
    else { return }
    let canvasWidth = width
    bytes.withUnsafeMutableBufferPointer { buffer in
      for row in shape.rows {
        let dy = shape.cornerDepth(row: row)
        for column in shape.columns {
          Canvas.blend(
            buffer, (row * canvasWidth + column) * 4, paint(column, row),
            shape.coverage(column: column, cornerDepth: dy))
        }
      }
    }
  }

  /// Draws a coverage mask (one byte per pixel) of `color` with its top-left at (`x`, `y`).
  ///
  /// Glyph coverage is mixed in sRGB values, not in linear light, as cairo and FreeType
  /// composite it: a half-covered pixel of black on white is sRGB 128, so stems keep the
  /// weight the desktop gives them (mixing in linear light would make it 188 and the text
  /// lighter). Full coverage of an opaque color, or any color on a transparent pixel, stores
  /// the color's channels exactly, as ``blend(x:y:color:coverage:)`` does.
  mutating func drawMask(
    _ mask: [UInt8], maskWidth: Int, maskHeight: Int, x: Int, y: Int, color: RGBA8
  ) {
    let canvasWidth = width
    guard
      let visible = visibleMaskPart(
        maskWidth: maskWidth, maskHeight: maskHeight, x: x, y: y, width: width, height: height),
      color.alpha > 0
    else { return }
    mask.withUnsafeBufferPointer { mask in
      bytes.withUnsafeMutableBufferPointer { buffer in
        let red = Float(color.red)
        let green = Float(color.green)
        let blue = Float(color.blue)
        let opacity = Float(color.alpha) / 255
        for row in visible.rows {
          let maskRow = row * maskWidth
          let canvasRow = (y + row) * canvasWidth + x
          for column in visible.columns {
            let value = mask[maskRow + column]
            guard value > 0 else { continue }
            let offset = (canvasRow + column) * 4
            let sourceAlpha = opacity * Float(value) / 255
            let destinationAlpha = buffer[offset + 3]
            if sourceAlpha >= 1 || destinationAlpha == 0 {
              buffer[offset] = color.red
              buffer[offset + 1] = color.green
              buffer[offset + 2] = color.blue
              buffer[offset + 3] = sourceAlpha >= 1 ? 255 : UInt8(sourceAlpha * 255 + 0.5)
              continue
            }
            Canvas.mixEncoded(
              buffer, offset, red, green, blue, (sourceAlpha, sourceAlpha, sourceAlpha),
              destinationAlpha)
          }
        }
      }
    }
  }

  /// Draws a subpixel coverage mask (red, green and blue coverage per pixel) of `color` with
  /// its top-left at (`x`, `y`), mixing each channel by its own coverage in sRGB values, as
  /// cairo composites component alpha.
  ///
  /// The picture's alpha takes the mean of the three coverages.
  mutating func drawSubpixelMask(
    _ mask: [UInt8], maskWidth: Int, maskHeight: Int, x: Int, y: Int, color: RGBA8
  ) {
    let canvasWidth = width
    guard
      let visible = visibleMaskPart(
        maskWidth: maskWidth, maskHeight: maskHeight, x: x, y: y, width: width, height: height),
      color.alpha > 0
    else { return }
    mask.withUnsafeBufferPointer { mask in
      bytes.withUnsafeMutableBufferPointer { buffer in
        let opacity = Float(color.alpha) / 255 / 255
        for row in visible.rows {
          let maskRow = row * maskWidth
          let canvasRow = (y + row) * canvasWidth + x
          for column in visible.columns {
            let source = (maskRow + column) * 3
            let coverage = (
              opacity * Float(mask[source]), opacity * Float(mask[source + 1]),
              opacity * Float(mask[source + 2])
            )
            guard coverage.0 > 0 || coverage.1 > 0 || coverage.2 > 0 else { continue }
            Canvas.mixEncoded(
              buffer, (canvasRow + column) * 4, Float(color.red), Float(color.green),
              Float(color.blue), coverage, buffer[(canvasRow + column) * 4 + 3])
          }
        }
      }
    }
  }

  /// Mixes a color over one pixel in sRGB values with a coverage per channel (straight alpha
  /// on both sides).
  @inline(__always)
  static func mixEncoded(
    _ buffer: UnsafeMutableBufferPointer<UInt8>, _ offset: Int, _ red: Float, _ green: Float,
    _ blue: Float, _ coverage: (Float, Float, Float), _ destinationAlpha: UInt8
  ) {
    let below = Float(destinationAlpha) / 255
    @inline(__always) func mix(_ source: Float, _ alpha: Float, _ index: Int) {
      let remaining = below * (1 - alpha)
      let total = alpha + remaining
      guard total > 0 else { return }
      let value = (source * alpha + Float(buffer[index]) * remaining) / total
      buffer[index] = UInt8(min(max(value, 0), 255) + 0.5)
    }
    mix(red, min(coverage.0, 1), offset)
    mix(green, min(coverage.1, 1), offset + 1)
    mix(blue, min(coverage.2, 1), offset + 2)
    let alpha = min((coverage.0 + coverage.1 + coverage.2) / 3, 1)
    buffer[offset + 3] = UInt8(min((alpha + below * (1 - alpha)) * 255 + 0.5, 255))
  }

  /// Draws premultiplied RGBA pixels (a color glyph) with its top-left at (`x`, `y`),
  /// with an extra `opacity` (0...1).
  mutating func drawPremultiplied(
    _ pixels: [UInt8], pixelWidth: Int, pixelHeight: Int, x: Int, y: Int, opacity: Float
  ) {
    let canvasWidth = width
    let canvasHeight = height
    bytes.withUnsafeMutableBufferPointer { buffer in
      for row in 0..<pixelHeight {
        let destinationRow = y + row
        guard destinationRow >= 0, destinationRow < canvasHeight else { continue }
        for column in 0..<pixelWidth {
          let destinationColumn = x + column
          guard destinationColumn >= 0, destinationColumn < canvasWidth else { continue }
          let source = (row * pixelWidth + column) * 4
          let alpha = pixels[source + 3]
          guard alpha > 0 else { continue }
          func unpremultiply(_ value: UInt8) -> UInt8 {
            UInt8(min(255, (Int(value) * 255 + Int(alpha) / 2) / Int(alpha)))
          }
          let color = RGBA8(
            red: unpremultiply(pixels[source]), green: unpremultiply(pixels[source + 1]),
            blue: unpremultiply(pixels[source + 2]), alpha: alpha)
          Canvas.blend(
            buffer, (destinationRow * canvasWidth + destinationColumn) * 4, color, opacity)
        }
      }
    }
  }
}

/// The part of a mask that falls inside the picture, in the mask's coordinates.
///
/// The mask is `maskWidth` x `maskHeight` with its top-left at (`x`, `y`) in a `width` x
/// `height` picture; `nil` when no pixel of it is inside. Both canvases clip every mask with it.
func visibleMaskPart(maskWidth: Int, maskHeight: Int, x: Int, y: Int, width: Int, height: Int)
  -> (columns: Range<Int>, rows: Range<Int>)?
{
  let columns = max(0, -x)..<max(max(0, -x), min(maskWidth, width - x))
  let rows = max(0, -y)..<max(max(0, -y), min(maskHeight, height - y))
  return columns.isEmpty || rows.isEmpty ? nil : (columns, rows)
}
