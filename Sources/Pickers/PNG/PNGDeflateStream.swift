import CPNGClassic
import Glibc

/// The zlib stream of a PNG's image data, compressed in pieces on every core.
///
/// zlib is single-threaded, and a long image (a specimen of hundreds of rows) was bounded by
/// one core compressing while the others waited. Each call to
/// ``compress(rows:rowBytes:rowCount:above:up:last:)`` splits its rows into pieces of at least
/// ``minimumPiece`` bytes, one per processor at most, which the C deflater (`cpng_deflater`)
/// filters and compresses at once on separate threads, the way pigz does: raw deflate ended by a
/// sync flush, so the pieces in order are one ordinary zlib stream that any PNG reader decodes.
/// A whole image given in one call that is one piece (a preview, a swatch) is compressed by
/// libdeflate when it is installed, at the same level in about half the instructions.
/// Owns the C deflater, whose zlib streams are reused from call to call.
final class PNGDeflateStream {
  /// The smallest piece worth a thread of its own (smaller inputs are one piece, one thread).
  ///
  /// 1 MiB of scanlines is 5-20 ms of zlib (levels 1-6). Below that a second thread did not
  /// pay: a 2,000-character paragraph at 24 px (786 KB of gray scanlines) was split in two at
  /// the former 128 KiB, and the thread's start, its own malloc arena and zlib state (78 more page
  /// faults) and, on a busy machine, the wait for a core to run it cost more than the
  /// half of the compression it took over.
  static let minimumPiece = 1 << 20
  /// The smallest batch of flat rows compressed with the smaller hash table at level 1.
  static let smallHashBatch = 1 << 20

  private let deflater: OpaquePointer  // cpng_deflater *, owned
  /// The zlib level, 0-9.
  let level: Int32
  /// zlib's memory level, 1-9, for everything but large flat batches at level 1.
  let memoryLevel: Int32
  /// Threads that may compress at once.
  let concurrency: Int
  /// The smallest piece given a thread of its own.
  let minimumPiece: Int
  private var started = false
  /// Whether libdeflate compressed the image (the whole of it, in one call).
  private(set) var compressedWhole = false
  /// Whether the last part was compressed.
  private(set) var finished = false

  /// Creates a stream that compresses at `level` with zlib's `memoryLevel`, splitting a call's
  /// rows into pieces of at least `minimumPiece` bytes on up to `concurrency` threads; with
  /// `allowsLibdeflate`, a whole image in one call and one piece goes to libdeflate when it is
  /// installed.
  ///
  /// - Throws: ``PNGError/cannotEncode(message:)`` when memory runs out.
  init(
    level: Int32, memoryLevel: Int32, concurrency: Int = PNGDeflateStream.processorCount,
    minimumPiece: Int = PNGDeflateStream.minimumPiece, allowsLibdeflate: Bool = true
  ) throws(PNGError) {
    guard let deflater = cpng_deflater_create(level, memoryLevel) else {
      throw .cannotEncode(message: "out of memory")
    }
    self.deflater = deflater
    self.level = level
    self.memoryLevel = memoryLevel
    self.concurrency = min(max(1, concurrency), Int(CPNG_DEFLATER_MAX_PIECES))
    self.minimumPiece = max(1, minimumPiece)
    cpng_deflater_allow_whole(deflater, allowsLibdeflate ? 1 : 0)
  }

  deinit { cpng_deflater_destroy(deflater) }

  /// The number of processors online.
  static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

  /// The zlib header: deflate with a 32 KiB window, the level class, and the check bits.
  private var header: [UInt8] {
    let levelClass: UInt8 = level <= 1 ? 0 : level <= 5 ? 1 : level == 6 ? 2 : 3
    let cmf: UInt8 = 0x78
    let flg = levelClass << 6
    return [cmf, flg + UInt8((31 - (Int(cmf) << 8 | Int(flg)) % 31) % 31)]
  }

  /// Filters and compresses `rowCount` rows of `rowBytes` bytes as the next part of the stream.
  ///
  /// At level 1 a large batch of flat rows (unfiltered) is compressed at zlib memory level 6
  /// instead of 8: zlib slides its whole hash table after every 32 KiB of input, and a quarter
  /// of the table does as well for the few distinct strings of flat rows. Measured at level 1
  /// on a specimen sheet (RGB, 3000 rows) and a screenshot: 21% and 17% fewer instructions, the
  /// same size within 2.5%; a photograph (filtered) would take 19% more, and a single 48 px
  /// line (98 KB) gains nothing, so it applies only to flat batches of at least
  /// ``smallHashBatch`` bytes.
  ///
  /// - Parameters:
  ///   - rows: The rows, top to bottom.
  ///   - rowBytes: Bytes of one row.
  ///   - rowCount: How many rows.
  ///   - above: The row above the first (for the Up filter), or `nil` at the top of the image.
  ///   - up: Whether the rows get the Up filter (else none).
  ///   - last: Whether these are the image's last rows: the stream ends.
  ///   - framed: Whether `rows` are PNG scanlines already: each row has a 0 in front of it
  ///     (`rowBytes + 1` bytes a row), so that rows without a filter are compressed where they
  ///     are instead of being copied behind a filter byte.
  /// - Returns: The bytes to append to the image data: the zlib header before the first part,
  ///   the Adler-32 checksum after the last.
  /// - Throws: ``PNGError/cannotEncode(message:)`` when zlib fails or memory runs out.
  func compress(
    rows: UnsafeRawBufferPointer, rowBytes: Int, rowCount: Int, above: UnsafeRawBufferPointer?,
    up: Bool, last: Bool, framed: Bool = false
  ) throws(PNGError) -> [UInt8] {
    precondition(!finished, "compress called after the last part")
    let stride = framed ? rowBytes + 1 : rowBytes
    precondition(rows.count >= stride * rowCount && rowBytes > 0, "row buffer too small")
    let pieceCount = max(1, min(concurrency, rowBytes * rowCount / minimumPiece))
    let smallHash = level == 1 && !up && rowBytes * rowCount >= Self.smallHashBatch
    cpng_deflater_set_memory_level(deflater, smallHash ? min(memoryLevel, 6) : memoryLevel)
    let base = rows.baseAddress?.assumingMemoryBound(to: UInt8.self)
    let aboveBase = above?.baseAddress?.assumingMemoryBound(to: UInt8.self)
    let status =
      framed
      ? cpng_deflater_compress_scanlines(
        deflater, base, rowBytes, rowCount, aboveBase, up ? 2 : 0, Int32(pieceCount),
        last ? 1 : 0)
      : cpng_deflater_compress_rows(
        deflater, base, rowBytes, rowCount, aboveBase, up ? 2 : 0, Int32(pieceCount),
        last ? 1 : 0)
    guard status == 0 else {
      finished = true
      throw .cannotEncode(message: "zlib could not compress the image data")
    }
    // The whole image in one call may have been compressed by libdeflate into one complete
    // zlib stream (header and Adler-32 included).
    let whole = cpng_deflater_is_whole(deflater) != 0
    var out: [UInt8] = started || whole ? [] : header
    started = true
    for index in 0..<cpng_deflater_piece_count(deflater) {
      var count = 0
      if let bytes = cpng_deflater_piece(deflater, index, &count) {
        out.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
      }
    }
    if whole {
      finished = true
      compressedWhole = true
    } else if last {
      finished = true
      let adler = cpng_deflater_adler(deflater)
      out += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: adler >> UInt32($0)) }
    }
    return out
  }
}
