import CZlib

/// Raw deflate decompression through zlib, for zip entries.
enum Inflater {
  /// `data` inflated, or `nil` when it is not valid raw deflate data or inflates to more than
  /// `expectedSize` bytes.
  ///
  /// The corresponding C function is `inflate`.
  static func inflate(_ data: [UInt8], expectedSize: Int) -> [UInt8]? {
    var stream = z_stream()
    guard czlib_inflate_init_raw(&stream) == Z_OK else { return nil }
    defer { inflateEnd(&stream) }
    // One byte more than expected, so that an entry larger than its header says is caught.
    var output = [UInt8](repeating: 0, count: expectedSize + 1)
    var input = data
    let status = input.withUnsafeMutableBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        stream.next_in = source.baseAddress
        stream.avail_in = uInt(source.count)
        stream.next_out = target.baseAddress
        stream.avail_out = uInt(target.count)
        return CZlib.inflate(&stream, Z_FINISH)
      }
    }
    guard status == Z_STREAM_END else { return nil }
    let produced = Int(stream.total_out)
    guard produced <= expectedSize else { return nil }
    return Array(output[..<produced])
  }
}

extension Inflater {
  /// The CRC-32 of `data` (zip's and PNG's, IEEE 802.3), computed by zlib: a bit-by-bit loop
  /// takes seconds over a large font.
  ///
  /// The corresponding C function is `crc32`.
  static func crc32(_ data: [UInt8]) -> UInt32 {
    data.withUnsafeBufferPointer { buffer in
      var crc: uLong = 0
      var offset = 0
      // zlib takes 32-bit lengths.
      while offset < buffer.count {
        let count = min(buffer.count - offset, 1 << 30)
        crc = CZlib.crc32(crc, buffer.baseAddress?.advanced(by: offset), uInt(count))
        offset += count
      }
      return UInt32(truncatingIfNeeded: crc)
    }
  }
}
