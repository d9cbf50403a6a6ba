/// The little of the zip format palettes need: writing stored (uncompressed) entries, and
/// reading one entry, stored or deflated, by name through the central directory.
enum ZipArchive {
  /// The largest entry inflated, in bytes.
  static let maximumEntrySize = 16 * 1_048_576

  /// A zip of `files`, each stored uncompressed with its CRC-32, in order.
  static func stored(_ files: [(name: String, data: [UInt8])]) -> [UInt8] {
    var archive: [UInt8] = []
    var directory: [UInt8] = []
    for (name, data) in files {
      let nameBytes = Array(name.utf8)
      let crc = crc32(data)
      let offset = UInt32(archive.count)
      // Local file header: version 2.0, no flags, method 0 (stored), a fixed DOS time.
      archive += le32(0x0403_4B50) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0x21)
      archive += le32(crc) + le32(UInt32(data.count)) + le32(UInt32(data.count))
      archive += le16(UInt16(nameBytes.count)) + le16(0) + nameBytes + data
      directory += le32(0x0201_4B50) + le16(20) + le16(20) + le16(0) + le16(0) + le16(0)
      directory += le16(0x21) + le32(crc) + le32(UInt32(data.count)) + le32(UInt32(data.count))
      directory += le16(UInt16(nameBytes.count)) + le16(0) + le16(0) + le16(0) + le16(0)
      directory += le32(0) + le32(offset) + nameBytes
    }
    let directoryOffset = UInt32(archive.count)
    archive += directory
    archive += le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(files.count))
    archive += le16(UInt16(files.count)) + le32(UInt32(directory.count)) + le32(directoryOffset)
    archive += le16(0)
    return archive
  }

  /// The contents of the entry `name`, or `nil` when the archive has none; its CRC-32 is checked.
  static func entry(named name: String, in bytes: [UInt8]) throws(PaletteFileError) -> [UInt8]? {
    // The end-of-central-directory record sits in the last 64 KiB + 22 bytes.
    let searchStart = max(0, bytes.count - 65_557)
    var end: Int?
    var index = bytes.count - 22
    while index >= searchStart {
      if le32(bytes, index) == 0x0605_4B50 {
        end = index
        break
      }
      index -= 1
    }
    guard let end else { throw .corrupt(format: "kpl", reason: "not a zip archive") }
    let count = Int(le16(bytes, end + 10))
    var position = Int(le32(bytes, end + 16))
    for _ in 0..<count {
      guard position + 46 <= bytes.count, le32(bytes, position) == 0x0201_4B50 else {
        throw .corrupt(format: "kpl", reason: "broken zip directory")
      }
      let method = le16(bytes, position + 10)
      let crc = le32(bytes, position + 16)
      let compressed = Int(le32(bytes, position + 20))
      let size = Int(le32(bytes, position + 24))
      let nameLength = Int(le16(bytes, position + 28))
      let extraLength = Int(le16(bytes, position + 30))
      let commentLength = Int(le16(bytes, position + 32))
      let local = Int(le32(bytes, position + 42))
      guard position + 46 + nameLength <= bytes.count else {
        throw .corrupt(format: "kpl", reason: "broken zip directory")
      }
      let entryName = String(
        decoding: bytes[(position + 46)..<(position + 46 + nameLength)], as: UTF8.self)
      position += 46 + nameLength + extraLength + commentLength
      guard entryName == name else { continue }
      guard size <= maximumEntrySize else {
        throw .corrupt(format: "kpl", reason: "\(name) is larger than \(maximumEntrySize) bytes")
      }
      guard local + 30 <= bytes.count, le32(bytes, local) == 0x0403_4B50 else {
        throw .corrupt(format: "kpl", reason: "broken zip entry")
      }
      let start = local + 30 + Int(le16(bytes, local + 26)) + Int(le16(bytes, local + 28))
      guard start + compressed <= bytes.count else {
        throw .corrupt(format: "kpl", reason: "the archive ends early")
      }
      let data = Array(bytes[start..<(start + compressed)])
      let contents: [UInt8]
      switch method {
      case 0: contents = data
      case 8:
        guard let inflated = Inflater.inflate(data, expectedSize: size) else {
          throw .corrupt(format: "kpl", reason: "\(name) does not inflate")
        }
        contents = inflated
      default: throw .corrupt(format: "kpl", reason: "compression method \(method) unsupported")
      }
      guard contents.count == size, crc32(contents) == crc else {
        throw .corrupt(format: "kpl", reason: "\(name) fails its CRC check")
      }
      return contents
    }
    return nil
  }

  /// The CRC-32 (IEEE 802.3, as zip and PNG use) of `data`.
  static func crc32(_ data: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in data {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xff), UInt8(value >> 8)] }

  private static func le32(_ value: UInt32) -> [UInt8] {
    [
      UInt8(value & 0xff), UInt8((value >> 8) & 0xff), UInt8((value >> 16) & 0xff),
      UInt8(value >> 24),
    ]
  }

  /// The little-endian 16-bit value at `offset`, 0 past the end.
  static func le16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
    guard offset >= 0, offset + 2 <= bytes.count else { return 0 }
    return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
  }

  /// The little-endian 32-bit value at `offset`, 0 past the end.
  static func le32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    guard offset >= 0, offset + 4 <= bytes.count else { return 0 }
    return (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
  }
}
