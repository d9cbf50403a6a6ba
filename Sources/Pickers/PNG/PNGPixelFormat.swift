/// The smallest lossless PNG pixel format for an image, and its rows packed in that format.
///
/// Decoding gives back exactly the same RGBA bytes: opaque gray images are written as 8-bit
/// gray, images of at most 256 colors as a palette (1, 2, 4 or 8 bits an index, alpha in a
/// tRNS chunk), other opaque images as RGB, the rest as RGBA. Fewer bytes a row means less
/// work for zlib: a 256 x 256 one-color swatch deflates 8 KiB of indices instead of 256 KiB,
/// and a black-on-white text line a quarter of its RGBA bytes.
struct PNGPixelFormat: Equatable, Sendable {
  enum Kind: Equatable, Sendable {
    case rgba
    case rgb
    case gray
    /// Palette entries, each a pixel's four bytes (R, G, B, A in memory order).
    case palette([RGBA8], bitDepth: Int)
  }

  var kind: Kind

  /// A format chosen by the caller (``PNGStreamWriter`` always writes RGBA).
  init(kind: Kind) { self.kind = kind }

  /// Looks at every pixel once (stopping early when nothing smaller than RGBA is possible).
  init(for image: RGBAImage) {
    var opaque = true
    var gray = true
    var palette: [UInt32: UInt8] = [:]
    var entries: [UInt32] = []
    var fitsPalette = true
    image.bytes.withUnsafeBytes { raw in
      let count = raw.count / 4
      guard count > 0 else { return }
      // Each pixel is read as one UInt32 in memory order; equal neighbours are skipped.
      var last = ~raw.loadUnaligned(as: UInt32.self)
      for index in 0..<count {
        let pixel = raw.loadUnaligned(fromByteOffset: index &* 4, as: UInt32.self)
        if pixel == last { continue }
        last = pixel
        let value = UInt32(littleEndian: pixel)  // R in the low byte, A in the high byte
        if value >> 24 != 255 { opaque = false }
        if value & 0xFF != (value >> 8) & 0xFF || value & 0xFF != (value >> 16) & 0xFF {
          gray = false
        }
        if fitsPalette, palette[pixel] == nil {
          if entries.count == 256 {
            fitsPalette = false
            palette = [:]
          } else {
            palette[pixel] = UInt8(entries.count)
            entries.append(pixel)
          }
        }
        if !fitsPalette, !opaque { break }
      }
    }
    let depth = entries.count <= 2 ? 1 : entries.count <= 4 ? 2 : entries.count <= 16 ? 4 : 8
    if fitsPalette, !entries.isEmpty, depth < 8 || !(gray && opaque) {
      kind = .palette(entries.map(RGBA8.init(memoryOrder:)), bitDepth: depth)
    } else if gray && opaque {
      kind = .gray
    } else {
      kind = opaque ? .rgb : .rgba
    }
  }

  /// Bytes of one packed row of `width` pixels.
  func rowBytes(width: Int) -> Int {
    switch kind {
    case .rgba: width * 4
    case .rgb: width * 3
    case .gray: width
    case .palette(_, let depth): (width * depth + 7) / 8
    }
  }

  /// The image's rows in this format, top to bottom (RGBA: the image's own bytes).
  func packedRows(of image: RGBAImage) -> [UInt8] {
    let width = image.width
    let rowBytes = rowBytes(width: width)
    switch kind {
    case .rgba:
      return image.bytes
    case .rgb, .gray:
      let keep = kind == .rgb ? 3 : 1
      var packed = [UInt8](repeating: 0, count: rowBytes * image.height)
      image.bytes.withUnsafeBufferPointer { source in
        packed.withUnsafeMutableBufferPointer { target in
          var out = 0
          for pixel in stride(from: 0, to: source.count, by: 4) {
            for channel in 0..<keep { target[out + channel] = source[pixel + channel] }
            out += keep
          }
        }
      }
      return packed
    case .palette(let entries, let depth):
      var index: [UInt32: UInt8] = [:]
      for (position, entry) in entries.enumerated() { index[entry.memoryOrder] = UInt8(position) }
      var packed = [UInt8](repeating: 0, count: rowBytes * image.height)
      let perByte = 8 / depth
      image.bytes.withUnsafeBytes { raw in
        packed.withUnsafeMutableBufferPointer { target in
          var lastPixel = ~raw.loadUnaligned(as: UInt32.self)
          var lastValue: UInt8 = 0
          for y in 0..<image.height {
            let rowStart = y &* width &* 4
            let outStart = y &* rowBytes
            for x in 0..<width {
              let pixel = raw.loadUnaligned(fromByteOffset: rowStart &+ x &* 4, as: UInt32.self)
              if pixel != lastPixel {
                lastPixel = pixel
                lastValue = index[pixel] ?? 0
              }
              guard lastValue != 0 else { continue }  // the array starts zeroed
              let shift = 8 &- depth &* (x % perByte &+ 1)
              target[outStart &+ x / perByte] |= lastValue << UInt8(shift)
            }
          }
        }
      }
      return packed
    }
  }
}

extension RGBA8 {
  /// The pixel whose four bytes in memory (R, G, B, A) are `value`'s.
  fileprivate init(memoryOrder value: UInt32) {
    let bytes = UInt32(littleEndian: value)
    self.init(
      red: UInt8(truncatingIfNeeded: bytes), green: UInt8(truncatingIfNeeded: bytes >> 8),
      blue: UInt8(truncatingIfNeeded: bytes >> 16), alpha: UInt8(truncatingIfNeeded: bytes >> 24))
  }

  /// The four bytes of this pixel (R, G, B, A) read from memory as one UInt32.
  fileprivate var memoryOrder: UInt32 {
    (UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | UInt32(alpha) << 24).littleEndian
  }
}
