/// Every member of a zip archive, through its central directory: what `pickers font install`
/// reads from the archives font sites ship.
extension ZipArchive {
  /// One entry of the central directory.
  struct Member: Hashable, Sendable {
    /// The path inside the archive, `/`-separated.
    var name: String
    /// 0 (stored) or 8 (deflated); others are refused when read.
    var method: UInt16
    var flags: UInt16
    var crc: UInt32
    var compressedSize: Int
    /// The size the directory declares, checked against the limit before anything is inflated.
    var size: Int
    var localHeader: Int

    /// Whether the entry is a folder (its name ends in `/`).
    var isFolder: Bool { name.hasSuffix("/") }

    /// The last part of the name.
    var baseName: String {
      String(name.split(separator: "/", omittingEmptySubsequences: true).last ?? "")
    }
  }

  /// Why an archive or a member could not be read.
  struct Problem: Error, Hashable, Sendable {
    var reason: String
    init(_ reason: String) { self.reason = reason }
  }

  /// The central directory's entries, in order.
  ///
  /// - Throws: ``Problem`` for a file that is not a zip archive, a zip64 archive, more than
  ///   `maximumCount` entries, or a directory that runs past the end.
  static func members(in bytes: [UInt8], maximumCount: Int) throws(Problem) -> [Member] {
    let searchStart = max(0, bytes.count - 65_557)
    var end: Int?
    var index = bytes.count - 22
    while index >= searchStart {
      // The first byte alone rules out most offsets: the whole search took half of each
      // fuzzing run in a debug build, with le32 at every offset.
      if bytes[index] == 0x50, le32(bytes, index) == 0x0605_4B50 {
        end = index
        break
      }
      index -= 1
    }
    guard let end else { throw Problem("it is not a zip archive (no central directory)") }
    let count = Int(le16(bytes, end + 10))
    let directoryOffset = le32(bytes, end + 16)
    guard count != 0xFFFF, directoryOffset != 0xFFFF_FFFF else {
      throw Problem("zip64 archives are not supported")
    }
    guard count <= maximumCount else {
      throw Problem("it has \(count) entries, more than the limit of \(maximumCount)")
    }
    var position = Int(directoryOffset)
    var members: [Member] = []
    for _ in 0..<count {
      guard position + 46 <= bytes.count, le32(bytes, position) == 0x0201_4B50 else {
        throw Problem("its central directory is damaged")
      }
      let nameLength = Int(le16(bytes, position + 28))
      let extraLength = Int(le16(bytes, position + 30))
      let commentLength = Int(le16(bytes, position + 32))
      guard position + 46 + nameLength <= bytes.count else {
        throw Problem("its central directory is damaged")
      }
      members.append(
        Member(
          name: String(
            decoding: bytes[(position + 46)..<(position + 46 + nameLength)], as: UTF8.self),
          method: le16(bytes, position + 10), flags: le16(bytes, position + 8),
          crc: le32(bytes, position + 16), compressedSize: Int(le32(bytes, position + 20)),
          size: Int(le32(bytes, position + 24)), localHeader: Int(le32(bytes, position + 42))))
      position += 46 + nameLength + extraLength + commentLength
    }
    return members
  }

  /// The contents of `member`, inflated and checked against its CRC-32.
  ///
  /// - Throws: ``Problem`` when it is larger than `maximumSize` (checked before inflating),
  ///   encrypted, compressed by a method other than deflate, cut off, or fails its CRC check.
  static func contents(of member: Member, in bytes: [UInt8], maximumSize: Int) throws(Problem)
    -> [UInt8]
  {
    // Only the inflated size is held to the limit: a compressed size past the end of the file
    // is a damaged archive, said below ("the archive ends inside it").
    guard member.size <= maximumSize else {
      throw Problem("it is larger than the limit of \(maximumSize / 1_048_576) MiB")
    }
    guard member.flags & 1 == 0 else { throw Problem("it is encrypted") }
    let local = member.localHeader
    guard local + 30 <= bytes.count, le32(bytes, local) == 0x0403_4B50 else {
      throw Problem("its local header is damaged")
    }
    let start = local + 30 + Int(le16(bytes, local + 26)) + Int(le16(bytes, local + 28))
    guard start + member.compressedSize <= bytes.count else {
      throw Problem("the archive ends inside it")
    }
    let data = Array(bytes[start..<(start + member.compressedSize)])
    let contents: [UInt8]
    switch member.method {
    case 0: contents = data
    case 8:
      guard let inflated = Inflater.inflate(data, expectedSize: member.size) else {
        throw Problem("its compressed data is damaged")
      }
      contents = inflated
    default: throw Problem("compression method \(member.method) is not supported")
    }
    guard contents.count == member.size, Inflater.crc32(contents) == member.crc else {
      throw Problem("it fails its CRC check")
    }
    return contents
  }
}
