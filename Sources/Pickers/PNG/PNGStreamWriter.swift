/// Writes a PNG file band by band, so a tall image never has to be in memory at once.
///
/// The PNG goes to a temporary file in the target folder, which ``finish()`` renames to the
/// path once every row is written. If anything fails, or the writer is dropped without
/// `finish()`, the temporary file is removed and the path keeps its old content.
///
///     let writer = try PNGStreamWriter(path: "specimen.png", width: 1200, height: 9000)
///     for band in bands { try writer.append(rows: band) }  // each band 1200 pixels wide
///     try writer.finish()
///
/// Memory stays at zlib's compression state (a few hundred KiB a core), the band being added and
/// up to `batchBytes` (2 MiB) of rows gathered for the encoder.
public final class PNGStreamWriter {
  /// The path the PNG is renamed to by ``finish()``.
  public let path: String
  /// Width of the image in pixels.
  public let width: Int
  /// Height of the image in pixels.
  public let height: Int
  /// How many rows have been appended so far.
  public private(set) var rowsWritten = 0
  private var file: AtomicFile?
  private var encoder: PNGRowEncoder?
  /// Rows appended but not yet encoded: bands are gathered up to `batchBytes` (2 MiB) so that the
  /// encoder's threads get pieces worth starting (a specimen row is about 450 KB).
  private var pending: [UInt8] = []

  /// Bytes of rows gathered before they are encoded.
  static let batchBytes = 2 << 20

  /// Whether the PNG is written as RGB: every band must then be opaque.
  public let isOpaque: Bool

  /// The tallest image libpng writes (`PNG_USER_HEIGHT_MAX`, its default user limit).
  public static let maximumHeight = 1_000_000
  /// The widest image libpng writes (`PNG_USER_WIDTH_MAX`).
  public static let maximumWidth = 1_000_000
  /// The largest area streamed: 4,000 megapixels (a 4,000 x 1,000,000 sheet), held a band at
  /// a time, where an image in memory stops at ``RGBAImage/maximumPixelCount``.
  public static let maximumPixelCount = 4_000_000_000

  /// Starts a PNG of `width` x `height` pixels that will become `path`.
  ///
  /// - Parameters:
  ///   - path: The file to write.
  ///   - width: Width of the image in pixels.
  ///   - height: Height of the image in pixels.
  ///   - options: Compression and text chunks.
  ///   - durability: Whether ``finish()`` waits until the file is on disk.
  ///   - opaque: Write RGB without alpha, a quarter fewer bytes to compress; for images known
  ///     to be opaque, such as rows drawn on an opaque background. A translucent pixel in a
  ///     band is then an error.
  /// - Throws: ``PNGError/unwritable(_:)`` when the folder is missing or unwritable or the
  ///   path is a folder; ``PNGError/cannotEncode(message:)`` when the size is not allowed.
  public init(
    path: String, width: Int, height: Int, options: PNGEncodingOptions = .init(),
    durability: FileDurability = .atomic, opaque: Bool = false
  ) throws(PNGError) {
    self.path = path
    self.width = width
    self.height = height
    self.isOpaque = opaque
    // Rows are encoded as they come, so memory bounds only the width (one band at a time);
    // libpng itself refuses more than ``maximumHeight`` rows, with its reason. The area is
    // still bounded (``maximumPixelCount``), so that no request can run for hours.
    let (area, overflow) = width.multipliedReportingOverflow(by: height)
    guard width >= 1, height >= 1, width <= Self.maximumWidth, !overflow,
      area <= Self.maximumPixelCount
    else {
      throw .cannotEncode(
        message:
          "a streamed PNG of \(width) x \(height) pixels is over the limit of "
          + "\(Self.maximumWidth) pixels wide and \(Self.maximumPixelCount / 1_000_000) megapixels")
    }
    let file: AtomicFile
    do { file = try AtomicFile(path: path, durability: durability) } catch {
      throw .unwritable(error)
    }
    let encoder = try PNGRowEncoder(
      width: width, height: height, options: options, fileDescriptor: file.descriptor,
      format: PNGPixelFormat(kind: opaque ? .rgb : .rgba))
    self.file = file
    self.encoder = encoder
  }

  deinit {
    file?.discard()
  }

  /// Encodes the rows of `band`, a full-width strip of the image, below the rows already added.
  ///
  /// - Throws: ``PNGError`` when the band has the wrong width, would pass the last row, or the
  ///   write fails (the temporary file is then removed and the writer closed).
  public func append(rows band: RGBAImage) throws(PNGError) {
    guard let encoder else { throw .writerClosed(path: path) }
    guard band.width == width else {
      throw .bandWidthMismatch(expected: width, found: band.width)
    }
    guard rowsWritten + band.height <= height else {
      throw .tooManyRows(height: height, appended: rowsWritten + band.height)
    }
    var rows = band.bytes
    if isOpaque {
      if let row = PNGPixelFormat.firstTranslucentRow(band) {
        throw fail(.translucentRow(row: rowsWritten + row))
      }
      rows = PNGPixelFormat.packRGB(band)
    }
    rowsWritten += band.height
    if pending.isEmpty && (rows.count >= Self.batchBytes || rowsWritten == height) {
      try encode(rows, with: encoder)
      return
    }
    pending += rows
    if pending.count >= Self.batchBytes || rowsWritten == height {
      try encode(pending, with: encoder)
      pending.removeAll(keepingCapacity: true)
    }
  }

  /// Encodes full-width rows, closing the writer if that fails.
  private func encode(_ rows: [UInt8], with encoder: PNGRowEncoder) throws(PNGError) {
    do {
      try rows.withUnsafeBytes { buffer in
        Result { () throws(PNGError) in
          try encoder.write(rows: buffer, rowCount: buffer.count / encoder.rowBytes)
        }
      }.get()
    } catch {
      throw fail(error)
    }
  }

  /// Ends the PNG, flushes it to disk and renames it to ``path``.
  ///
  /// - Throws: ``PNGError/missingRows(height:appended:)`` before the last row, or the reason
  ///   the file could not be completed; the temporary file is removed in every case.
  public func finish() throws(PNGError) {
    guard let encoder, let file else { throw .writerClosed(path: path) }
    guard rowsWritten == height else {
      throw fail(.missingRows(height: height, appended: rowsWritten))
    }
    do { try encoder.end() } catch { throw fail(error) }
    self.encoder = nil
    self.file = nil
    do { try file.commit() } catch { throw .unwritable(error) }
  }

  /// Closes the writer after `error`, removes the temporary file, and returns the error to
  /// throw (a failed write to the file becomes ``PNGError/unwritable(_:)``).
  private func fail(_ error: PNGError) -> PNGError {
    let code = encoder?.writeErrorNumber ?? 0
    encoder = nil
    file?.discard()
    file = nil
    if code != 0 {
      return .unwritable(.failed(path: path, operation: "write", reason: systemErrorText(code)))
    }
    return error
  }
}
