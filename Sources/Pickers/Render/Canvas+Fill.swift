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
    guard color.alpha > 0 else { return }
    let r = max(0, min(radius, Double(min(w, h)) / 2))
    let x0 = max(0, x)
    let y0 = max(0, y)
    let x1 = min(width, x + w)
    let y1 = min(height, y + h)
    guard x0 < x1, y0 < y1 else { return }
    let left = Double(x) + r
    let right = Double(x + w) - r
    let top = Double(y) + r
    let bottom = Double(y + h) - r
    let canvasWidth = width
    let opaque = color.alpha == 255
    // Columns whose centre lies between the corner circles' centres are fully covered in
    // every row; in the rows between them, all columns are.
    let middleStart = min(max(x0, Int((left - 0.5).rounded(.up))), x1)
    let middleEnd = min(max(middleStart, Int((right - 0.5).rounded(.down)) + 1), x1)
    let pattern =
      UInt32(color.red) | UInt32(color.green) << 8 | UInt32(color.blue) << 16
      | UInt32(color.alpha) << 24
    bytes.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      for row in y0..<y1 {
        let cy = Double(row) + 0.5
        let dy = cy < top ? top - cy : (cy > bottom ? cy - bottom : 0)
        let (fullStart, fullEnd) = dy > 0 ? (middleStart, middleEnd) : (x0, x1)
        let rowOffset = row * canvasWidth * 4
        // Anti-aliased corner pixels, left and right of the fully covered span.
        for columns in [x0..<fullStart, fullEnd..<x1] {
          for column in columns {
            let cx = Double(column) + 0.5
            let dx = cx < left ? left - cx : (cx > right ? cx - right : 0)
            var coverage: Float = 1
            if dx > 0 && dy > 0 {
              let distance = (dx * dx + dy * dy).squareRoot()
              coverage = Float(min(max(r - distance + 0.5, 0), 1))
            }
            Canvas.blend(buffer, rowOffset + column * 4, color, coverage)
          }
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
