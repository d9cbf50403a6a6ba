import CPNGClassic
import Glibc

/// One PNG write session, fed row by row.
///
/// Owns the C writer (`cpng_writer`, from the CPNGClassic target, which keeps libpng's
/// `longjmp` on the C side). Output goes to a file descriptor, or to memory when none is given.
/// libpng writes the header chunks. For `.fast` and `.default` the rows are filtered here (no
/// filter or Up, chosen per call by ``PNGRowFilter``) and compressed on every core by
/// ``PNGDeflateStream``; for `.smallest` libpng filters and compresses them itself, trying all
/// five filters on every row.
final class PNGRowEncoder {
  private let writer: OpaquePointer  // cpng_writer *, owned
  /// Width of the image in pixels.
  let width: Int
  /// Height of the image in pixels.
  let height: Int
  /// Bytes of one row in the chosen pixel format (`width * 4` for RGBA).
  let rowBytes: Int
  /// The image data compressed in pieces, or `nil` when libpng compresses the rows.
  private var stream: PNGDeflateStream?
  /// Whether rows get no filter or Up depending on their content; false for palettes.
  private let adaptsFilter: Bool
  /// The last row given, for the Up filter of the next one (empty before the first).
  private var previousRow: [UInt8] = []
  /// Rows encoded so far.
  private var rowsEncoded = 0

  /// The zlib level and libpng row filters behind each compression choice.
  ///
  /// Chosen by measuring the 4096 x 4096 gradient and three text-heavy screenshots (see
  /// docs/png.md): libpng's adaptive filter choice tries all five filters on every row, which
  /// costs about as much as zlib at level 6, while the Up filter alone stays within about 3%
  /// of its size. `.smallest` keeps the adaptive choice, as Pillow does at every level.
  /// `.fast` and `.default` choose between Up and no filter for each batch of rows
  /// (``PNGRowFilter``): no filter is smaller and cheaper for text.
  static func parameters(_ compression: PNGEncodingOptions.Compression)
    -> (level: Int32, filters: Int32)
  {
    let all = Int32(
      CPNG_FILTER_NONE | CPNG_FILTER_SUB | CPNG_FILTER_UP | CPNG_FILTER_AVG | CPNG_FILTER_PAETH)
    return switch compression {
    case .fast: (1, Int32(CPNG_FILTER_UP))
    case .default: (6, Int32(CPNG_FILTER_UP))
    case .smallest: (9, all)
    }
  }

  /// Starts a PNG: writes the signature, the header and the text chunks.
  ///
  /// - Parameters:
  ///   - width: Width of the image in pixels.
  ///   - height: Height of the image in pixels.
  ///   - options: Compression and text chunks.
  ///   - fileDescriptor: Where the bytes go; -1 collects them in memory for ``bytes``.
  ///   - format: The pixel format of the rows given to ``write(rows:rowCount:)``.
  /// - Throws: ``PNGError`` when the size is not allowed, a text holds NUL, or libpng fails.
  init(
    width: Int, height: Int, options: PNGEncodingOptions, fileDescriptor: Int32 = -1,
    format: PNGPixelFormat = PNGPixelFormat(kind: .rgba)
  ) throws(PNGError) {
    // In memory (fileDescriptor -1) the rows come from an RGBAImage, already bounded; to a
    // file they stream, so only libpng's own limits apply (it gives its reason).
    if fileDescriptor < 0 {
      do { try RGBAImage.validate(width: width, height: height) } catch {
        throw .cannotEncode(message: error.description)
      }
    } else if width < 1 || height < 1 || width > Int(Int32.max) || height > Int(Int32.max) {
      throw .cannotEncode(message: "a PNG of \(width) x \(height) pixels cannot be written")
    }
    let chunks = options.textChunks
    for chunk in chunks where chunk.text.utf8.contains(0) {
      throw .invalidText(keyword: chunk.keyword)
    }
    guard let writer = cpng_writer_create(fileDescriptor) else {
      throw .cannotEncode(message: "out of memory")
    }
    self.writer = writer
    self.width = width
    self.height = height
    self.rowBytes = format.rowBytes(width: width)
    var (level, filters) = Self.parameters(options.compression)
    // Palette indices are not samples: filtering them rarely helps (the PNG specification's
    // advice), and libpng's adaptive choice would cost time for nothing.
    var adapts = true
    if case .palette = format.kind {
      filters = Int32(CPNG_FILTER_NONE)
      adapts = false
    }
    self.adaptsFilter = adapts
    // zlib's default memory level and strategy. Level 9 (Pillow's) doubles the hash table,
    // which zlib slides (rewrites) after every 32 KiB of input: measured, level 8 took 5-23%
    // fewer instructions at the same size or smaller (text, screenshot, photograph, gradient).
    let memoryLevel: Int32 = 8
    if options.compression != .smallest {
      stream = try PNGDeflateStream(level: level, memoryLevel: memoryLevel)
    }
    try setFormat(format)
    let strings = chunks.map { (strdup($0.keyword), strdup($0.text)) }
    defer {
      for (keyword, text) in strings {
        free(keyword)
        free(text)
      }
    }
    let texts = zip(chunks, strings).map { chunk, pointers in
      cpng_text(
        keyword: pointers.0, text: pointers.1,
        utf8: chunk.text.utf8.contains { $0 >= 0x80 } ? 1 : 0)
    }
    let status = cpng_writer_begin(
      writer, UInt32(width), UInt32(height), level, memoryLevel, 0, filters, texts,
      Int32(texts.count))
    try check(status)
  }

  deinit { cpng_writer_destroy(writer) }

  /// Encodes `rowCount` rows of ``rowBytes`` bytes each from `bytes`.
  ///
  /// Unless the compression is `.smallest` or the rows are palette indices, the rows are first
  /// looked at to choose between no filter and Up (``PNGRowFilter``).
  func write(rows bytes: UnsafeRawBufferPointer, rowCount: Int) throws(PNGError) {
    precondition(bytes.count == rowCount * rowBytes, "row buffer of the wrong size")
    try encode(bytes, rowCount: rowCount, framed: false)
  }

  /// Encodes `rowCount` rows given as PNG scanlines: each row is a 0 (its filter type, none)
  /// and then its ``rowBytes`` bytes.
  ///
  /// Rows written without a filter are compressed where they are: no copy of the picture is
  /// made to put the filter bytes in front of its rows. The PNG is the one
  /// ``write(rows:rowCount:)`` writes for the same rows.
  func write(scanlines bytes: UnsafeRawBufferPointer, rowCount: Int) throws(PNGError) {
    precondition(bytes.count == rowCount * (rowBytes + 1), "scanline buffer of the wrong size")
    try encode(bytes, rowCount: rowCount, framed: true)
  }

  /// Encodes rows `rowBytes` apart, or `rowBytes + 1` apart each after its filter byte when
  /// `framed`.
  private func encode(
    _ bytes: UnsafeRawBufferPointer, rowCount: Int, framed: Bool
  ) throws(PNGError) {
    precondition(rowsEncoded + rowCount <= height, "more rows than the image has")
    guard let base = bytes.baseAddress, rowCount > 0 else { return }
    let stride = framed ? rowBytes + 1 : rowBytes
    let first = framed ? 1 : 0
    guard let stream else {
      if framed {
        for row in 0..<rowCount {
          try check(
            cpng_writer_write_rows(
              writer, (base + row * stride + first).assumingMemoryBound(to: UInt8.self), 1))
        }
      } else {
        try check(
          cpng_writer_write_rows(
            writer, base.assumingMemoryBound(to: UInt8.self), UInt32(rowCount)))
      }
      rowsEncoded += rowCount
      return
    }
    let up =
      adaptsFilter
      && !PNGRowFilter.prefersNone(bytes, rowBytes: rowBytes, rowCount: rowCount, stride: stride)
    rowsEncoded += rowCount
    let last = rowsEncoded == height
    let data = try previousRow.withUnsafeBytes { above in
      Result { () throws(PNGError) in
        try stream.compress(
          rows: bytes, rowBytes: rowBytes, rowCount: rowCount,
          above: above.isEmpty ? nil : above, up: up, last: last, framed: framed)
      }
    }.get()
    if !last {
      let lastRow = (rowCount - 1) * stride + first
      previousRow = Array(bytes[lastRow..<lastRow + rowBytes])
    }
    try check(cpng_writer_write_chunk(writer, "IDAT", data, data.count))
  }

  /// Writes the end of the PNG.
  func end() throws(PNGError) {
    guard let stream else {
      try check(cpng_writer_end(writer))
      return
    }
    precondition(stream.finished, "end called before the last row")
    try check(cpng_writer_end_chunks(writer))
  }

  /// The errno of a failed write to the file descriptor, or 0.
  var writeErrorNumber: Int32 { cpng_writer_errno(writer) }

  /// The PNG collected in memory so far.
  var bytes: [UInt8] {
    var count = 0
    guard let base = cpng_writer_bytes(writer, &count) else { return [] }
    return Array(UnsafeBufferPointer(start: base, count: count))
  }

  /// Tells the C writer the pixel format (before the header is written).
  private func setFormat(_ format: PNGPixelFormat) throws(PNGError) {
    let status: Int32
    switch format.kind {
    case .rgba: return
    case .rgb: status = cpng_writer_set_format(writer, Int32(CPNG_COLOR_RGB), 8, nil, 0, nil, 0)
    case .gray: status = cpng_writer_set_format(writer, Int32(CPNG_COLOR_GRAY), 8, nil, 0, nil, 0)
    case .palette(let entries, let depth):
      let rgb = entries.flatMap { [$0.red, $0.green, $0.blue] }
      let alpha = entries.map(\.alpha)
      // tRNS lists alpha for the first entries only; trailing opaque entries can be left out.
      let alphaCount = (alpha.lastIndex { $0 != 255 }).map { $0 + 1 } ?? 0
      status = cpng_writer_set_format(
        writer, Int32(CPNG_COLOR_PALETTE), Int32(depth), rgb, Int32(entries.count), alpha,
        Int32(alphaCount))
    }
    try check(status)
  }

  private func check(_ status: Int32) throws(PNGError) {
    if status != 0 { throw .cannotEncode(message: String(cString: cpng_writer_message(writer))) }
  }
}
