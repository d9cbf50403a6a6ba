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
      throw .cannotDecode(source: source, message: String(cString: cpng_reader_message(reader)))
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
}
