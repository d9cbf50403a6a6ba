extension RGBAImage {
  /// Decodes a PNG from bytes: any color type, bit depth, palette, tRNS or interlacing.
  ///
  /// Pixels come out as 8-bit straight-alpha RGBA; 16-bit samples are reduced to 8 bits.
  ///
  ///     let image = try RGBAImage(pngData: bytes)
  ///
  /// - Throws: ``PNGError/cannotDecode(source:message:)`` with libpng's message, or
  ///   ``PNGError/imageTooLarge(source:_:)`` before any pixel memory is allocated.
  public init(pngData data: [UInt8]) throws(PNGError) {
    self = try PNGDecoder.decode(data, source: nil)
  }

  /// Reads and decodes the PNG file at `path` (at most 256 MiB).
  ///
  ///     let image = try RGBAImage(pngFile: "swatch.png")
  ///
  /// - Throws: ``PNGError``: the file is unreadable, not a valid PNG, or too large.
  public init(pngFile path: String) throws(PNGError) {
    let data: [UInt8]
    do { data = try readFile(path) } catch { throw .unreadable(error) }
    self = try PNGDecoder.decode(data, source: path)
  }

  /// Encodes the image as a PNG (with an sRGB chunk) in the smallest lossless pixel format.
  ///
  /// Opaque gray images become 8-bit gray, images of at most 256 colors a palette, other
  /// opaque images RGB, and the rest RGBA; decoding gives back exactly these RGBA bytes.
  ///
  ///     let bytes = try image.pngData(options: .init(compression: .fast))
  ///
  /// - Throws: ``PNGError`` when libpng fails or a text option holds a NUL character.
  public func pngData(options: PNGEncodingOptions = .init()) throws(PNGError) -> [UInt8] {
    let (format, rows) = PNGPixelFormat.reduce(self)
    return try Self.pngData(
      rows: rows, format: format, width: width, height: height, options: options)
  }

  /// Encodes an opaque gray picture given as PNG scanlines (each row a 0, its filter byte, then
  /// one level a pixel) as the PNG ``pngData(options:)`` writes for the same pixels in RGBA:
  /// 8-bit gray, compressed from the scanlines where they are, or a palette for 16 levels or
  /// fewer.
  static func pngData(
    grayScanlines scanlines: [UInt8], width: Int, height: Int,
    options: PNGEncodingOptions = .init()
  ) throws(PNGError) -> [UInt8] {
    precondition(scanlines.count == (width + 1) * height, "scanline buffer of the wrong size")
    let (format, packed) = PNGPixelFormat.reduce(grayScanlines: scanlines, width: width)
    if let packed {
      return try pngData(
        rows: packed, format: format, width: width, height: height, options: options)
    }
    return try encoded(scanlines, format: format, width: width, height: height, options: options) {
      encoder, buffer throws(PNGError) in try encoder.write(scanlines: buffer, rowCount: height)
    }
  }

  /// Encodes rows already packed in `format`, in one call to the encoder.
  private static func pngData(
    rows: [UInt8], format: PNGPixelFormat, width: Int, height: Int, options: PNGEncodingOptions
  ) throws(PNGError) -> [UInt8] {
    try encoded(rows, format: format, width: width, height: height, options: options) {
      encoder, buffer throws(PNGError) in try encoder.write(rows: buffer, rowCount: height)
    }
  }

  /// The PNG of `bytes`, handed to a new encoder in one call by `write`.
  private static func encoded(
    _ bytes: [UInt8], format: PNGPixelFormat, width: Int, height: Int,
    options: PNGEncodingOptions,
    write: (PNGRowEncoder, UnsafeRawBufferPointer) throws(PNGError) -> Void
  ) throws(PNGError) -> [UInt8] {
    let encoder = try PNGRowEncoder(
      width: width, height: height, options: options, format: format)
    // `withUnsafeBytes` rethrows untyped errors, so the typed error travels in a `Result`.
    try bytes.withUnsafeBytes { buffer in
      Result { () throws(PNGError) in try write(encoder, buffer) }
    }.get()
    try encoder.end()
    return encoder.bytes
  }

  /// Encodes the image as a PNG and writes it to `path` atomically.
  ///
  ///     try image.writePNG(to: "out/swatch.png")
  ///
  /// - Throws: ``PNGError/unwritable(_:)`` when the file cannot be written (nothing is left
  ///   behind), or an encoding error.
  public func writePNG(
    to path: String, options: PNGEncodingOptions = .init(), durability: FileDurability = .atomic
  ) throws(PNGError) {
    let data = try pngData(options: options)
    do { try writeAtomically(data, to: path, durability: durability) } catch {
      throw .unwritable(error)
    }
  }
}
