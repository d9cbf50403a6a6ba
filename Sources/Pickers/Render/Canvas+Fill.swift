extension Canvas {
  /// Fills a rounded rectangle with one color: the same pixels as
  /// ``fillRoundedRect(x:y:width:height:radius:paint:)`` with a constant paint, faster.
  ///
  /// A fully covered pixel of an opaque color, or of any color over a transparent pixel, is
  /// exactly the color (that is what blending gives there), so it is stored without blending;
  /// only the anti-aliased corners and translucent paint over existing pixels are blended. A
  /// 256 x 256 swatch is 65,536 such stores.
  public mutating func fillRoundedRect(
    x: Int, y: Int, width w: Int, height h: Int, radius: Double, color: RGBA8
  ) {
    guard color.alpha > 0,
      let shape = RoundedRectShape(
        x: x, y: y, width: w, height: h, radius: radius, canvasWidth: width,
        canvasHeight: height)
    else { return }
    let (x0, x1) = (shape.columns.lowerBound, shape.columns.upperBound)
    let canvasWidth = width
    let opaque = color.alpha == 255
    // Columns whose centre lies between the corner circles' centres are fully covered in
    // every row; in the rows between them, all columns are.
    let middleStart = min(max(x0, Int((shape.left - 0.5).rounded(.up))), x1)
    let middleEnd = min(max(middleStart, Int((shape.right - 0.5).rounded(.down)) + 1), x1)
    let pattern =
      UInt32(color.red) | UInt32(color.green) << 8 | UInt32(color.blue) << 16
      | UInt32(color.alpha) << 24
    bytes.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      for row in shape.rows {
        let dy = shape.cornerDepth(row: row)
        let (fullStart, fullEnd) = dy > 0 ? (middleStart, middleEnd) : (x0, x1)
        let rowOffset = row * canvasWidth * 4
        // Anti-aliased corner pixels, left and right of the fully covered span (two loops
        // rather than an array of ranges: nothing is allocated per row).
        for column in x0..<fullStart {
          Canvas.blend(
            buffer, rowOffset + column * 4, color, shape.coverage(column: column, cornerDepth: dy))
        }
        for column in fullEnd..<x1 {
          Canvas.blend(
            buffer, rowOffset + column * 4, color, shape.coverage(column: column, cornerDepth: dy))
        }
        guard fullStart < fullEnd else { continue }
        if opaque {
          // Little-endian: the bytes of `pattern` are red, green, blue, alpha.
          let span = UnsafeMutableRawPointer(base + rowOffset + fullStart * 4)
          for index in 0..<(fullEnd - fullStart) {
            span.storeBytes(of: pattern.littleEndian, toByteOffset: index * 4, as: UInt32.self)
          }
        } else {
          for column in fullStart..<fullEnd {
            let offset = rowOffset + column * 4
            if buffer[offset + 3] == 0 {
              buffer[offset] = color.red
              buffer[offset + 1] = color.green
              buffer[offset + 2] = color.blue
              buffer[offset + 3] = color.alpha
            } else {
              Canvas.blend(buffer, offset, color, 1)
            }
          }
        }
      }
    }
  }
}

/// Where a rounded rectangle lies on a canvas and how much of each pixel it covers.
///
/// Pixel centres are sampled: a pixel is fully covered unless its centre lies beyond both the
/// horizontal and the vertical edge of the straight part, where the corner circle's distance
/// gives an anti-aliased coverage one pixel wide.
struct RoundedRectShape {
  /// The covered rows and columns, clipped to the canvas.
  let rows: Range<Int>
  let columns: Range<Int>
  /// The corner radius, limited to half the shorter side.
  let radius: Double
  /// The straight part between the corner circles' centres.
  let left: Double
  let right: Double
  let top: Double
  let bottom: Double

  /// `nil` when nothing of the rectangle is on the canvas.
  init?(
    x: Int, y: Int, width: Int, height: Int, radius: Double, canvasWidth: Int,
    canvasHeight: Int
  ) {
    let x0 = max(0, x)
    let y0 = max(0, y)
    let x1 = min(canvasWidth, x + width)
    let y1 = min(canvasHeight, y + height)
    guard x0 < x1, y0 < y1 else { return nil }
    rows = y0..<y1
    columns = x0..<x1
    let r = max(0, min(radius, Double(min(width, height)) / 2))
    self.radius = r
    left = Double(x) + r
    right = Double(x + width) - r
    top = Double(y) + r
    bottom = Double(y + height) - r
  }

  /// How far row's centre lies above `top` or below `bottom` (0 in between).
  func cornerDepth(row: Int) -> Double {
    let cy = Double(row) + 0.5
    return cy < top ? top - cy : (cy > bottom ? cy - bottom : 0)
  }

  /// The coverage of the pixel at `column` in a row `cornerDepth` into a corner.
  func coverage(column: Int, cornerDepth dy: Double) -> Float {
    guard dy > 0 else { return 1 }
    let cx = Double(column) + 0.5
    let dx = cx < left ? left - cx : (cx > right ? cx - right : 0)
    guard dx > 0 else { return 1 }
    let distance = (dx * dx + dy * dy).squareRoot()
    return Float(min(max(radius - distance + 0.5, 0), 1))
  }
}
