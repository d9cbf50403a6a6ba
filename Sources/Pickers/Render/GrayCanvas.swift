import Glibc

/// An opaque gray picture, one byte a pixel, on which glyph coverage in an opaque gray is drawn.
///
/// Text in black (or any gray) on white (or any opaque gray) is most previews. Drawn on a
/// ``Canvas`` it takes four bytes a pixel that the PNG encoder then packs back into one: a
/// 2,000-character paragraph at 24 px filled 3.1 MB (768 page faults) and copied 786 KB of
/// gray out of it. Here the picture is the gray rows the encoder compresses. The pixels are
/// those ``Canvas/drawMask(_:maskWidth:maskHeight:x:y:color:)`` gives for the same gray on the
/// same background, each channel of which is this one value (PreviewTests compare them).
///
/// Each row starts with a 0, the PNG filter type of a row written unfiltered, so the picture
/// is the PNG's scanlines as they are: the encoder compresses them in place instead of copying
/// the whole picture behind a filter byte a row (for a 48 px line, 97 KB and 24 page faults).
struct GrayCanvas {
  /// Width in pixels.
  let width: Int
  /// Height in pixels.
  let height: Int
  /// Bytes from one row to the next: the filter byte and one level a pixel.
  var rowStride: Int { width + 1 }
  /// The rows top to bottom, each a 0 (its PNG filter byte) and then one level a pixel.
  var scanlines: [UInt8]
  /// The results of mixing the text level over ``tableBase`` at each coverage, filled on use.
  private var table = [UInt16](repeating: 0, count: 256)
  /// The level whose mixes ``table`` holds (the background, under almost every glyph pixel).
  private var tableBase: UInt8
  /// The text level the table was filled for.
  private var tableLevel: UInt8?

  /// Creates a canvas filled with `level`.
  ///
  /// - Throws: ``ImageError`` when the size is empty or over ``RGBAImage/maximumPixelCount``,
  ///   checked before allocating.
  init(width: Int, height: Int, level: UInt8) throws(ImageError) {
    try RGBAImage.validate(width: width, height: height)
    self.width = width
    self.height = height
    let stride = width + 1
    scanlines = [UInt8](unsafeUninitializedCapacity: stride * height) { buffer, initialized in
      guard let base = buffer.baseAddress else { return }
      for row in 0..<height {
        base[row * stride] = 0
        (base + row * stride + 1).initialize(repeating: level, count: width)
      }
      initialized = stride * height
    }
    tableBase = level
  }

  /// Whether every pixel has the same level (a blank picture).
  var isUniform: Bool {
    let (width, stride, height) = (width, rowStride, height)
    return scanlines.withUnsafeBufferPointer { lines in
      guard let base = lines.baseAddress else { return true }
      let first = base + 1
      // The first row is one level when each of its bytes equals the next; every other row
      // must then equal the first.
      if width > 1 && memcmp(first, first + 1, width - 1) != 0 { return false }
      for row in 1..<max(1, height) where memcmp(first + row * stride, first, width) != 0 {
        return false
      }
      return true
    }
  }

  /// The picture as RGBA (each level in red, green and blue, opaque).
  var image: RGBAImage {
    var rgba = [UInt8](repeating: 255, count: width * height * 4)
    for row in 0..<height {
      for column in 0..<width {
        let level = scanlines[row * rowStride + 1 + column]
        let index = row * width + column
        rgba[index * 4] = level
        rgba[index * 4 + 1] = level
        rgba[index * 4 + 2] = level
      }
    }
    do {
      return try RGBAImage(width: width, height: height, bytes: rgba)
    } catch {
      preconditionFailure("a gray canvas always has a valid size: \(error)")
    }
  }

  /// One channel of ``Canvas/mixEncoded(_:_:_:_:_:_:_:)`` for an opaque destination: `level`
  /// over `below` at `coverage` (0...1), in sRGB values.
  @inline(__always)
  static func mix(_ level: Float, coverage: Float, below: UInt8) -> UInt8 {
    if coverage >= 1 { return UInt8(level) }
    let remaining = 1 * (1 - coverage)
    let total = coverage + remaining
    let value = (level * coverage + Float(below) * remaining) / total
    return UInt8(min(max(value, 0), 255) + 0.5)
  }

  /// Draws a coverage mask (one byte a pixel) in the opaque gray `level` with its top-left at
  /// (`x`, `y`), clipped to the canvas.
  ///
  /// Pixels still at the table's base level (the background) take their result from a table
  /// of the 256 coverages, each computed once by the same arithmetic as the others.
  mutating func drawMask(
    _ mask: [UInt8], maskWidth: Int, maskHeight: Int, x: Int, y: Int, level: UInt8
  ) {
    let stride = rowStride
    guard
      let visible = visibleMaskPart(
        maskWidth: maskWidth, maskHeight: maskHeight, x: x, y: y, width: width, height: height)
    else { return }
    if tableLevel != level {
      // 0 marks an entry not computed yet; entries hold the level plus one.
      for index in table.indices { table[index] = 0 }
      tableLevel = level
    }
    let base = tableBase
    let source = Float(level)
    mask.withUnsafeBufferPointer { mask in
      table.withUnsafeMutableBufferPointer { table in
        scanlines.withUnsafeMutableBufferPointer { buffer in
          for row in visible.rows {
            let maskRow = row &* maskWidth
            let canvasRow = (y &+ row) &* stride &+ 1 &+ x
            for column in visible.columns {
              let value = mask[maskRow &+ column]
              guard value > 0 else { continue }
              let offset = canvasRow &+ column
              let below = buffer[offset]
              let coverage = Float(value) / 255
              if below == base {
                var entry = table[Int(value)]
                if entry == 0 {
                  entry = UInt16(Self.mix(source, coverage: coverage, below: below)) + 1
                  table[Int(value)] = entry
                }
                buffer[offset] = UInt8(truncatingIfNeeded: entry &- 1)
              } else {
                buffer[offset] = Self.mix(source, coverage: coverage, below: below)
              }
            }
          }
        }
      }
    }
  }
}
