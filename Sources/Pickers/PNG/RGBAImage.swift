/// One 8-bit RGBA pixel with straight (not premultiplied) alpha.
///
///     let translucentRed = RGBA8(red: 255, green: 0, blue: 0, alpha: 128)
public struct RGBA8: Hashable, Sendable {
  /// Red, 0...255.
  public var red: UInt8
  /// Green, 0...255.
  public var green: UInt8
  /// Blue, 0...255.
  public var blue: UInt8
  /// Opacity from 0 (transparent) to 255 (opaque).
  public var alpha: UInt8

  /// Creates a pixel from its four channels.
  @inlinable
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Fully transparent black.
  public static let clear = RGBA8(red: 0, green: 0, blue: 0, alpha: 0)
  /// Opaque black.
  public static let black = RGBA8(red: 0, green: 0, blue: 0)
  /// Opaque white.
  public static let white = RGBA8(red: 255, green: 255, blue: 255)

  /// Returns `self` drawn over `destination` with the Porter-Duff source-over operator.
  ///
  /// The arithmetic is done on premultiplied values and the result is converted back to
  /// straight alpha, rounded to the nearest 8-bit value. An opaque source replaces the
  /// destination exactly; a transparent source leaves it unchanged.
  ///
  /// - Parameter destination: The pixel underneath.
  /// - Returns: The composited pixel.
  public func composited(over destination: RGBA8) -> RGBA8 {
    composited(over: destination, coverage: 255)
  }

  /// Returns `self`, scaled by `coverage` (0...255), drawn over `destination` (source-over).
  ///
  /// Glyph and shape rasterisers call this with their anti-aliasing coverage.
  ///
  /// - Parameters:
  ///   - destination: The pixel underneath.
  ///   - coverage: How much of the pixel the source covers, 0...255.
  /// - Returns: The composited pixel.
  public func composited(over destination: RGBA8, coverage: UInt8) -> RGBA8 {
    // Source alpha scaled by coverage, in 0...65025 (255 * 255).
    let sa = UInt32(alpha) * UInt32(coverage)
    if sa == 0 { return destination }
    if sa == 65_025 { return self }
    let da = UInt32(destination.alpha) * 255  // same scale
    // out_a = sa + da * (1 - sa)
    let inverse = 65_025 - sa
    let daScaled = da * inverse / 65_025  // destination's remaining weight, 0...65025
    let outAlpha = sa + daScaled
    if outAlpha == 0 { return .clear }
    func channel(_ s: UInt8, _ d: UInt8) -> UInt8 {
      // Premultiplied sum divided by the output alpha, rounded to nearest.
      let numerator = UInt64(s) * UInt64(sa) + UInt64(d) * UInt64(daScaled)
      return UInt8((numerator + UInt64(outAlpha) / 2) / UInt64(outAlpha))
    }
    return RGBA8(
      red: channel(red, destination.red),
      green: channel(green, destination.green),
      blue: channel(blue, destination.blue),
      alpha: UInt8((outAlpha + 127) / 255))
  }
}

/// Why an image could not be created.
public enum ImageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A width or height below 1.
  case emptyImage(width: Int, height: Int)
  /// More pixels than ``RGBAImage/maximumPixelCount``.
  case tooLarge(width: Int, height: Int, limit: Int)
  /// A pixel buffer whose length is not `width * height * 4`.
  case wrongBufferSize(expected: Int, found: Int)

  public var description: String {
    switch self {
    case .emptyImage(let width, let height):
      "image size \(width)x\(height) is empty: width and height must be at least 1"
    case .tooLarge(let width, let height, let limit):
      "image size \(width)x\(height) is over the limit of \(limit / 1_000_000) megapixels"
    case .wrongBufferSize(let expected, let found):
      "pixel buffer holds \(found) bytes, expected \(expected)"
    }
  }
}

/// An image of 8-bit RGBA pixels with straight alpha, stored row by row, top to bottom.
///
///     var image = try RGBAImage(width: 64, height: 64, filledWith: .white)
///     image[3, 4] = RGBA8(red: 255, green: 0, blue: 0)
public struct RGBAImage: Hashable, Sendable {
  /// The largest number of pixels an image may have: 100 megapixels (400 MB of RGBA).
  public static let maximumPixelCount = 100_000_000

  /// Width in pixels, at least 1.
  public let width: Int
  /// Height in pixels, at least 1.
  public let height: Int
  /// The pixels as bytes `r, g, b, a` per pixel, `width * 4` bytes a row, no padding.
  public private(set) var bytes: [UInt8]

  /// Checks that a `width` x `height` image is allowed, before anything is allocated.
  ///
  /// - Throws: ``ImageError`` when a side is below 1 or the area is over the limit.
  public static func validate(width: Int, height: Int) throws(ImageError) {
    guard width >= 1, height >= 1 else { throw .emptyImage(width: width, height: height) }
    let (area, overflow) = width.multipliedReportingOverflow(by: height)
    guard !overflow, area <= maximumPixelCount else {
      throw .tooLarge(width: width, height: height, limit: maximumPixelCount)
    }
  }

  /// Creates an image with every pixel set to `fill`.
  ///
  /// - Throws: ``ImageError`` when the size is empty or over ``maximumPixelCount``.
  public init(width: Int, height: Int, filledWith fill: RGBA8 = .clear) throws(ImageError) {
    try Self.validate(width: width, height: height)
    self.width = width
    self.height = height
    self.bytes = Self.bytes(repeating: fill, count: width * height)
  }

  /// `count` pixels of `fill` as RGBA bytes: a `memset` when the four bytes are equal (white,
  /// clear), else one 32-bit store a pixel.
  static func bytes(repeating fill: RGBA8, count: Int) -> [UInt8] {
    if fill.red == fill.green && fill.green == fill.blue && fill.blue == fill.alpha {
      return [UInt8](repeating: fill.red, count: count * 4)
    }
    let pattern =
      UInt32(fill.red) | UInt32(fill.green) << 8 | UInt32(fill.blue) << 16
      | UInt32(fill.alpha) << 24
    return [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialized in
      let pixels = UnsafeMutableRawBufferPointer(buffer)
      for index in 0..<count {
        pixels.storeBytes(of: pattern.littleEndian, toByteOffset: index &* 4, as: UInt32.self)
      }
      initialized = count * 4
    }
  }

  /// Creates an image over existing RGBA bytes.
  ///
  /// - Throws: ``ImageError`` when the size is not allowed or `bytes` has the wrong length.
  public init(width: Int, height: Int, bytes: [UInt8]) throws(ImageError) {
    try Self.validate(width: width, height: height)
    guard bytes.count == width * height * 4 else {
      throw .wrongBufferSize(expected: width * height * 4, found: bytes.count)
    }
    self.width = width
    self.height = height
    self.bytes = bytes
  }

  /// The pixel at column `x`, row `y` (both zero-based, from the top left).
  ///
  /// Reading is inlinable, so that loops over pixels in other modules compile to plain loads.
  public subscript(x: Int, y: Int) -> RGBA8 {
    @inlinable get {
      precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of bounds")
      let offset = (y * width + x) * 4
      return RGBA8(
        red: bytes[offset], green: bytes[offset + 1], blue: bytes[offset + 2],
        alpha: bytes[offset + 3])
    }
    set {
      precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of bounds")
      let offset = (y * width + x) * 4
      bytes[offset] = newValue.red
      bytes[offset + 1] = newValue.green
      bytes[offset + 2] = newValue.blue
      bytes[offset + 3] = newValue.alpha
    }
  }

  /// Whether every pixel equals the first (a blank picture), compared four bytes at a time.
  public var isUniform: Bool {
    bytes.withUnsafeBytes { raw in
      guard raw.count >= 4 else { return true }
      let first = raw.loadUnaligned(as: UInt32.self)
      return stride(from: 4, to: raw.count, by: 4).allSatisfy {
        raw.loadUnaligned(fromByteOffset: $0, as: UInt32.self) == first
      }
    }
  }

  /// Draws `color` over the pixel at (`x`, `y`) with the given coverage (source-over).
  ///
  /// Points outside the image are ignored, so shapes may be clipped by the edges.
  public mutating func blend(_ color: RGBA8, x: Int, y: Int, coverage: UInt8 = 255) {
    guard x >= 0, x < width, y >= 0, y < height else { return }
    self[x, y] = color.composited(over: self[x, y], coverage: coverage)
  }

  /// Fills the rectangle with `color` drawn over what is there (source-over), clipped to the image.
  public mutating func fill(x: Int, y: Int, width w: Int, height h: Int, with color: RGBA8) {
    let x0 = max(0, x)
    let y0 = max(0, y)
    let x1 = min(width, x + w)
    let y1 = min(height, y + h)
    guard x0 < x1, y0 < y1 else { return }
    for row in y0..<y1 {
      for column in x0..<x1 {
        self[column, row] = color.composited(over: self[column, row])
      }
    }
  }

  /// Copies `source` onto this image with its top-left corner at (`x`, `y`), source-over.
  public mutating func draw(_ source: RGBAImage, x: Int, y: Int) {
    for row in 0..<source.height where y + row >= 0 && y + row < height {
      for column in 0..<source.width where x + column >= 0 && x + column < width {
        blend(source[column, row], x: x + column, y: y + row)
      }
    }
  }
}
