/// The little of the zip format palettes need: writing stored (uncompressed) entries, and
/// reading one entry, stored or deflated, by name through the central directory.
enum ZipArchive {
  /// The largest entry inflated, in bytes.
  static let maximumEntrySize = 16 * 1_048_576

  /// The most entries a palette archive's directory may list (a .kpl holds a handful).
  static let maximumEntryCount = 4_096

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
  ///
  /// The directory and the entry are read by ``members(in:maximumCount:)`` and
  /// ``contents(of:in:maximumSize:)``, the reader `pickers font install` uses too.
  static func entry(named name: String, in bytes: [UInt8]) throws(PaletteFileError) -> [UInt8]? {
    let member: Member?
    do {
      member = try members(in: bytes, maximumCount: maximumEntryCount).first { $0.name == name }
    } catch {
      throw .corrupt(format: "kpl", reason: error.reason)
    }
    guard let member else { return nil }
    do {
      return try contents(of: member, in: bytes, maximumSize: maximumEntrySize)
    } catch {
      // "it fails its CRC check" is said of the entry by its name.
      let reason = error.reason.hasPrefix("it ") ? String(error.reason.dropFirst(3)) : error.reason
      throw .corrupt(format: "kpl", reason: "\(name) \(reason)")
    }
  }

  /// The CRC-32 (IEEE 802.3, as zip and PNG use) of `data`: ``Inflater/crc32(_:)``.
  static func crc32(_ data: [UInt8]) -> UInt32 { Inflater.crc32(data) }

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
