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
    /// Palette entries as packed RGBA (`r << 24 | g << 16 | b << 8 | a`).
    case palette([UInt32], bitDepth: Int)
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
    image.bytes.withUnsafeBufferPointer { bytes in
      var last: UInt32? = nil
      var offset = 0
      while offset < bytes.count {
        let (r, g, b, a) = (bytes[offset], bytes[offset + 1], bytes[offset + 2], bytes[offset + 3])
        offset += 4
        let pixel = UInt32(r) << 24 | UInt32(g) << 16 | UInt32(b) << 8 | UInt32(a)
        if pixel == last { continue }
        last = pixel
        if a != 255 { opaque = false }
        if r != g || g != b { gray = false }
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
      kind = .palette(entries, bitDepth: depth)
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
      for (position, entry) in entries.enumerated() { index[entry] = UInt8(position) }
      var packed = [UInt8](repeating: 0, count: rowBytes * image.height)
      image.bytes.withUnsafeBufferPointer { source in
        packed.withUnsafeMutableBufferPointer { target in
          var last: (pixel: UInt32, value: UInt8)? = nil
          let perByte = 8 / depth
          for y in 0..<image.height {
            let rowStart = y * width * 4
            for x in 0..<width {
              let offset = rowStart + x * 4
              let pixel =
                UInt32(source[offset]) << 24 | UInt32(source[offset + 1]) << 16
                | UInt32(source[offset + 2]) << 8 | UInt32(source[offset + 3])
              let value: UInt8
              if let last, last.pixel == pixel {
                value = last.value
              } else {
                value = index[pixel] ?? 0
                last = (pixel, value)
              }
              let shift = 8 - depth * (x % perByte + 1)
              target[y * rowBytes + x / perByte] |= value << UInt8(shift)
            }
          }
        }
      }
      return packed
    }
  }
}
