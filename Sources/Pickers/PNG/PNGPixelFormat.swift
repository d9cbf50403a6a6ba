import Glibc

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

  /// The format; ``PNGStreamWriter`` always writes `.rgba`.
  var kind: Kind

  /// Bytes of one packed row of `width` pixels.
  func rowBytes(width: Int) -> Int {
    switch kind {
    case .rgba: width * 4
    case .rgb: width * 3
    case .gray: width
    case .palette(_, let depth): (width * depth + 7) / 8
    }
  }

  /// Chooses the smallest format for `image` and packs its rows in it, top to bottom.
  ///
  /// A first pass reads each pixel once as a 32-bit word and only ORs and ANDs it into two
  /// accumulators (whether every pixel is opaque, whether every pixel is gray), which the
  /// compiler vectorizes. An opaque gray image (a text preview in black on white) is then
  /// packed in one more pass that also marks which levels occur: no hashing. Other images look
  /// for at most 256 colors in a small open-addressing table, skipping runs of equal pixels,
  /// and stop as soon as neither a palette nor dropping alpha is possible.
  static func reduce(_ image: RGBAImage) -> (format: PNGPixelFormat, rows: [UInt8]) {
    let (opaque, gray) = withPixels(image, Self.opaqueAndGray)
    if opaque && gray { return packGray(image) }
    let table = withPixels(image) { PaletteTable(collecting: $0) }
    if let table {
      let entries = table.entries
      let depth = Self.depth(forColors: entries.count)
      let format = PNGPixelFormat(
        kind: .palette(entries.map(RGBA8.init(memoryOrder:)), bitDepth: depth))
      return (format, packIndices(image, depth: depth) { table.index(of: $0) })
    }
    if opaque { return (PNGPixelFormat(kind: .rgb), packRGB(image)) }
    return (PNGPixelFormat(kind: .rgba), image.bytes)
  }

  /// The smallest palette bit depth for `count` colors.
  private static func depth(forColors count: Int) -> Int {
    count <= 2 ? 1 : count <= 4 ? 2 : count <= 16 ? 4 : 8
  }

  /// Runs `body` over the image's pixels, each read as one 32-bit word in memory order.
  ///
  /// Typed words (rather than unaligned loads from raw bytes) let the compiler vectorise the
  /// loops below; an array's storage is aligned for them.
  static func withPixels<R>(_ image: RGBAImage, _ body: (UnsafeBufferPointer<UInt32>) -> R) -> R {
    image.bytes.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: UInt32.self) { body($0) }
    }
  }

  /// Whether every pixel is opaque, and whether every pixel is gray (red = green = blue).
  private static func opaqueAndGray(_ pixels: UnsafeBufferPointer<UInt32>) -> (Bool, Bool) {
    var alphaAnd: UInt32 = 0xFF00_0000
    var colorOr: UInt32 = 0
    for pixel in pixels {
      let value = UInt32(littleEndian: pixel)
      alphaAnd &= value
      // Low byte red ^ green, next byte green ^ blue: zero for every gray pixel.
      colorOr |= (value ^ (value >> 8)) & 0xFFFF
    }
    return (alphaAnd == 0xFF00_0000, colorOr == 0)
  }

  /// An opaque gray image as 8-bit gray, or as a palette when it has at most 16 levels.
  private static func packGray(_ image: RGBAImage) -> (format: PNGPixelFormat, rows: [UInt8]) {
    let count = image.width * image.height
    var seen = [UInt8](repeating: 0, count: 256)
    let levels = [UInt8](unsafeUninitializedCapacity: count) { target, initialized in
      image.bytes.withUnsafeBufferPointer { source in
        seen.withUnsafeMutableBufferPointer { seen in
          for index in 0..<count {
            let level = source[index &* 4]
            target[index] = level
            seen[Int(level)] = 1
          }
        }
      }
      initialized = count
    }
    let used = (0..<256).filter { seen[$0] != 0 }
    guard used.count <= 16 else { return (PNGPixelFormat(kind: .gray), levels) }
    var indexOfLevel = [UInt8](repeating: 0, count: 256)
    for (index, level) in used.enumerated() { indexOfLevel[level] = UInt8(index) }
    let entries = used.map { RGBA8(red: UInt8($0), green: UInt8($0), blue: UInt8($0)) }
    let depth = depth(forColors: used.count)
    let rows = indexOfLevel.withUnsafeBufferPointer { indexOfLevel in
      packIndices(image, depth: depth) { indexOfLevel[Int(UInt8(truncatingIfNeeded: $0))] }
    }
    return (PNGPixelFormat(kind: .palette(entries, bitDepth: depth)), rows)
  }

  /// Chooses the format for an opaque gray picture given as PNG scanlines (each row a 0, its
  /// filter byte, then one level a pixel, `width` of them), as ``reduce(_:)`` chooses it for
  /// the same pixels in RGBA: 8-bit gray, whose image data are the scanlines themselves
  /// (`packed` is `nil`), or a palette of the levels when there are 16 or fewer (`packed` holds
  /// the rows of indices, without filter bytes).
  ///
  /// Counting stops at the 17th level (antialiased text has that many within its first rows),
  /// and skips each row that repeats the one above it (the padding above the text).
  static func reduce(
    grayScanlines scanlines: [UInt8], width: Int
  ) -> (format: PNGPixelFormat, packed: [UInt8]?) {
    let stride = width + 1
    let height = width > 0 ? scanlines.count / stride : 0
    var seen = [Bool](repeating: false, count: 256)
    var distinct = 0
    seen.withUnsafeMutableBufferPointer { seen in
      scanlines.withUnsafeBufferPointer { lines in
        guard let base = lines.baseAddress else { return }
        rows: for row in 0..<height {
          let start = row &* stride &+ 1
          if row > 0 && memcmp(base + start, base + start - stride, width) == 0 { continue }
          for index in start..<start &+ width {
            let level = Int(lines[index])
            if seen[level] { continue }
            seen[level] = true
            distinct &+= 1
            if distinct > 16 { break rows }
          }
        }
      }
    }
    guard distinct <= 16, width > 0 else { return (PNGPixelFormat(kind: .gray), nil) }
    let used = (0..<256).filter { seen[$0] }
    var indexOfLevel = [UInt8](repeating: 0, count: 256)
    for (index, level) in used.enumerated() { indexOfLevel[level] = UInt8(index) }
    let entries = used.map { RGBA8(red: UInt8($0), green: UInt8($0), blue: UInt8($0)) }
    let depth = depth(forColors: used.count)
    let rowBytes = (width * depth + 7) / 8
    let perByte = 8 / depth
    var packed = [UInt8](repeating: 0, count: rowBytes * height)
    for y in 0..<height {
      for x in 0..<width {
        let index = indexOfLevel[Int(scanlines[y * stride + 1 + x])]
        guard index != 0 else { continue }  // the array starts zeroed
        packed[y * rowBytes + x / perByte] |= index << UInt8(8 - depth * (x % perByte + 1))
      }
    }
    return (PNGPixelFormat(kind: .palette(entries, bitDepth: depth)), packed)
  }

  /// The first row of `image` with a pixel that is not opaque, or `nil`.
  static func firstTranslucentRow(_ image: RGBAImage) -> Int? {
    withPixels(image) { pixels in
      let width = image.width
      for row in 0..<image.height {
        let rowPixels = UnsafeBufferPointer(rebasing: pixels[row * width..<(row + 1) * width])
        if !opaqueAndGray(rowPixels).0 { return row }
      }
      return nil
    }
  }

  /// Red, green and blue of every pixel.
  static func packRGB(_ image: RGBAImage) -> [UInt8] {
    let count = image.width * image.height
    return [UInt8](unsafeUninitializedCapacity: count * 3) { target, initialized in
      image.bytes.withUnsafeBufferPointer { source in
        for index in 0..<count {
          target[index &* 3] = source[index &* 4]
          target[index &* 3 &+ 1] = source[index &* 4 &+ 1]
          target[index &* 3 &+ 2] = source[index &* 4 &+ 2]
        }
      }
      initialized = count * 3
    }
  }

  /// Packs palette indices of `depth` bits, from the most significant bit of each byte.
  ///
  /// Each row starts on a new byte. `index` maps a pixel (memory order) to its palette index.
  private static func packIndices(
    _ image: RGBAImage, depth: Int, index: (UInt32) -> UInt8
  ) -> [UInt8] {
    let width = image.width
    let rowBytes = (width * depth + 7) / 8
    var packed = [UInt8](repeating: 0, count: rowBytes * image.height)
    let perByte = 8 / depth
    withPixels(image) { pixels in
      packed.withUnsafeMutableBufferPointer { target in
        var lastPixel = ~pixels[0]
        var lastValue: UInt8 = 0
        for y in 0..<image.height {
          let rowStart = y &* width
          let outStart = y &* rowBytes
          for x in 0..<width {
            let pixel = pixels[rowStart &+ x]
            if pixel != lastPixel {
              lastPixel = pixel
              lastValue = index(pixel)
            }
            guard lastValue != 0 else { continue }  // the array starts zeroed
            if depth == 8 {
              target[outStart &+ x] = lastValue
            } else {
              let shift = 8 &- depth &* (x % perByte &+ 1)
              target[outStart &+ x / perByte] |= lastValue << UInt8(shift)
            }
          }
        }
      }
    }
    return packed
  }
}

/// Up to 256 distinct pixels and their palette indices, in order of first appearance.
///
/// Open addressing over 512 slots with a multiplicative hash: no `Hasher`, no allocation per
/// lookup. Pixels are 32-bit words in memory order.
private struct PaletteTable {
  static let slotBits = 9
  private var keys = [UInt32](repeating: 0, count: 1 << slotBits)
  /// Palette index + 1 of each slot, 0 for an empty slot.
  private var values = [UInt16](repeating: 0, count: 1 << slotBits)
  private(set) var entries: [UInt32] = []

  /// Collects the colors of `pixels`, or returns `nil` as soon as a 257th shows up.
  init?(collecting pixels: UnsafeBufferPointer<UInt32>) {
    guard let first = pixels.first else { return nil }
    entries.reserveCapacity(256)
    var last = ~first
    for pixel in pixels {
      if pixel == last { continue }
      last = pixel
      guard insert(pixel) else { return nil }
    }
  }

  private static func slot(_ pixel: UInt32) -> Int {
    Int(truncatingIfNeeded: (pixel &* 0x9E37_79B1) >> (32 - UInt32(slotBits)))
  }

  /// Adds `pixel` if it is new; false when the palette is already full.
  private mutating func insert(_ pixel: UInt32) -> Bool {
    let mask = (1 << Self.slotBits) - 1
    var slot = Self.slot(pixel)
    while values[slot] != 0 {
      if keys[slot] == pixel { return true }
      slot = (slot + 1) & mask
    }
    guard entries.count < 256 else { return false }
    keys[slot] = pixel
    entries.append(pixel)
    values[slot] = UInt16(entries.count)
    return true
  }

  /// The palette index of a pixel that was collected (0 for any other).
  func index(of pixel: UInt32) -> UInt8 {
    let mask = (1 << Self.slotBits) - 1
    var slot = Self.slot(pixel)
    while values[slot] != 0 {
      if keys[slot] == pixel { return UInt8(truncatingIfNeeded: values[slot] - 1) }
      slot = (slot + 1) & mask
    }
    return 0
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
}
