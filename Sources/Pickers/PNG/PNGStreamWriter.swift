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
/// Memory stays at libpng's compression state (a few hundred KiB) plus the band being added.
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

  /// Starts a PNG of `width` x `height` pixels that will become `path`.
  ///
  /// `durability` says whether ``finish()`` waits until the file is on disk.
  ///
  /// - Throws: ``PNGError/unwritable(_:)`` when the folder is missing or unwritable or the
  ///   path is a folder; ``PNGError/cannotEncode(message:)`` when the size is not allowed.
  public init(
    path: String, width: Int, height: Int, options: PNGEncodingOptions = .init(),
    durability: FileDurability = .atomic
  ) throws(PNGError) {
    self.path = path
    self.width = width
    self.height = height
    do { try RGBAImage.validate(width: width, height: height) } catch {
      throw .cannotEncode(message: error.description)
    }
    let file: AtomicFile
    do { file = try AtomicFile(path: path, durability: durability) } catch {
      throw .unwritable(error)
    }
    let encoder = try PNGRowEncoder(
      width: width, height: height, options: options, fileDescriptor: file.descriptor)
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
    do {
      try band.bytes.withUnsafeBytes { buffer in
        Result { () throws(PNGError) in try encoder.write(rows: buffer, rowCount: band.height) }
      }.get()
    } catch {
      throw fail(error)
    }
    rowsWritten += band.height
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
