import CPNGClassic

/// Decodes PNG bytes with libpng's classic API, through the CPNGClassic reader (which keeps
/// libpng's `longjmp` on the C side).
///
/// The simplified API (`png_image_finish_read`) is not used: in Debian 12's libpng it garbles
/// 16-bit interlaced images (libpng issue 853), it converts by the file's gamma where other
/// tools keep the stored values, and it maps palette indices past the palette to black.
enum PNGDecoder {
  /// Decodes any PNG (gray, gray + alpha, palette, tRNS, 16-bit, interlaced) to RGBA 8-bit.
  ///
  /// The header is read first and its size checked with ``RGBAImage/validate(width:height:)``
  /// before the pixel buffer is allocated.
  static func decode(_ data: [UInt8], source: String?) throws(PNGError) -> RGBAImage {
    let result = data.withUnsafeBufferPointer { buffer in
      Result { () throws(PNGError) in try decode(buffer, source: source) }
    }
    return try result.get()
  }

  private static func decode(_ data: UnsafeBufferPointer<UInt8>, source: String?)
    throws(PNGError) -> RGBAImage
  {
    guard let base = data.baseAddress, !data.isEmpty else {
      throw .cannotDecode(source: source, message: "the data is empty")
    }
    guard let reader = cpng_reader_create(base, data.count) else {
      throw .cannotDecode(source: source, message: "out of memory")
    }
    defer { cpng_reader_destroy(reader) }
    var width: UInt32 = 0
    var height: UInt32 = 0
    guard cpng_reader_read_header(reader, &width, &height) == 0 else {
      let message = String(cString: cpng_reader_message(reader))
      throw .cannotDecode(source: source, message: headerMessage(message, data))
    }
    do { try RGBAImage.validate(width: Int(width), height: Int(height)) } catch {
      throw .imageTooLarge(source: source, error)
    }
    let count = Int(width) * Int(height) * 4
    var status: Int32 = 0
    let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      buffer.initialize(repeating: 0)  // rows libpng never reaches stay defined
      if let address = buffer.baseAddress { status = cpng_reader_read_rgba(reader, address) }
      initialized = count
    }
    guard status == 0 else {
      throw .cannotDecode(source: source, message: String(cString: cpng_reader_message(reader)))
    }
    do { return try RGBAImage(width: Int(width), height: Int(height), bytes: pixels) } catch {
      throw .imageTooLarge(source: source, error)
    }
  }

  /// The most rows and columns libpng reads (its default user limits, PNG_USER_WIDTH_MAX and
  /// PNG_USER_HEIGHT_MAX); the same bound ``PNGStreamWriter/maximumHeight`` writes.
  static let libpngSideLimit = 1_000_000
  /// The largest side the PNG specification allows (2^31 - 1).
  static let specificationSideLimit = Int(Int32.max)

  /// libpng's `message` for a header it refused, with the reason when the header's size is
  /// what it refused: libpng says only "Invalid IHDR data" (the reason goes to a warning).
  static func headerMessage(_ message: String, _ data: UnsafeBufferPointer<UInt8>) -> String {
    // The signature (8 bytes), then the IHDR chunk: length 13, "IHDR", width, height.
    let ihdr: [UInt8] = [0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
    guard message.lowercased().contains("ihdr data"), data.count >= 24,
      Array(data[8..<16]) == ihdr
    else { return message }
    func side(_ start: Int) -> Int {
      data[start..<start + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    let width = side(16)
    let height = side(20)
    let size = "the header declares \(width) x \(height) pixels"
    if width == 0 || height == 0 || width > specificationSideLimit
      || height > specificationSideLimit
    {
      return "\(message): \(size); PNG allows 1 to \(specificationSideLimit) pixels a side"
    }
    guard width > libpngSideLimit || height > libpngSideLimit else { return message }
    let megapixels = RGBAImage.maximumPixelCount / 1_000_000
    return "\(message): \(size), over libpng's limit of \(libpngSideLimit) rows and "
      + "\(libpngSideLimit) columns (pickers itself reads at most \(megapixels) megapixels)"
  }
}
