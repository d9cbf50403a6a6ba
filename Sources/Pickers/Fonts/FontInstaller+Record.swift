#if canImport(Glibc)
  import Glibc
#endif

/// The record of installed fonts: `{"version": 1, "fonts": [{"file": ..., "source": ...,
/// "families": [...], "faces": [...]}]}`, with the guarantees of pickers' other files (a lock on
/// its folder while it is read again and rewritten, atomic writes, a file that cannot be read
/// set aside rather than overwritten).
extension FontInstaller {
  private struct Record: Codable {
    var version: Int
    var fonts: [InstalledFont]
  }

  /// The largest record read.
  static let maximumRecordSize = 16 * 1_048_576

  /// The record's text for `fonts`.
  static func encodeRecord(_ fonts: [InstalledFont]) throws(FontInstallError) -> [UInt8] {
    do { return try JSONWriter().encode(Record(version: 1, fonts: fonts)) + [0x0A] } catch {
      throw .writeFailed(path: "installed-fonts.json", reason: "\(error)")
    }
  }

  /// Reads a record's text, or `nil` when it is not one.
  static func decodeRecord(_ bytes: [UInt8]) -> [InstalledFont]? {
    guard let value = try? JSONValue(parsing: bytes), value["version"]?.intValue == 1,
      case .array(let items)? = value["fonts"]
    else { return nil }
    var fonts: [InstalledFont] = []
    for item in items {
      guard let file = item["file"]?.stringValue, let source = item["source"]?.stringValue,
        case .array(let families)? = item["families"], case .array(let faces)? = item["faces"],
        !file.isEmpty, !file.contains("/"), !file.hasPrefix(".")
      else { return nil }
      let familyNames = families.compactMap(\.stringValue)
      let faceNames = faces.compactMap(\.stringValue)
      guard familyNames.count == families.count, faceNames.count == faces.count else {
        return nil
      }
      fonts.append(
        InstalledFont(file: file, source: source, families: familyNames, faces: faceNames))
    }
    return fonts
  }

  /// Creates and locks the record's folder.
  func lockRecord() throws(FontInstallError) -> FolderLock {
    let folder = LockedConfigFile.folder(of: recordPath)
    do throws(ConfigFileProblem) {
      try LockedConfigFile.makeFolders(folder)
      return try FolderLock(folder)
    } catch {
      throw .writeFailed(path: recordPath, reason: error.reason)
    }
  }

  /// The recorded fonts; none when there is no record.
  ///
  /// A record that cannot be understood is moved aside (with a note) when `movingAside`, else
  /// reported.
  func readRecord(movingAside: Bool, notes: inout [String]) throws(FontInstallError)
    -> [InstalledFont]
  {
    let bytes: [UInt8]
    do throws(FileReadError) {
      bytes = try readFile(recordPath, maximumSize: Self.maximumRecordSize, regularOnly: true)
    } catch {
      switch error {
      case .notFound: return []
      case .tooLarge: throw .readFailed(path: recordPath, reason: "it is over 16 MiB")
      case .isDirectory: throw .readFailed(path: recordPath, reason: "it is a folder")
      case .failed(_, _, let reason): throw .readFailed(path: recordPath, reason: reason)
      }
    }
    if let fonts = Self.decodeRecord(bytes) { return fonts }
    guard movingAside else { throw .invalidRecord(path: recordPath) }
    do throws(ConfigFileProblem) {
      if case .moved(let aside) = try LockedConfigFile.moveAside(recordPath) {
        notes.append(
          "'\(recordPath)' is not pickers' record of installed fonts; moved it to '\(aside)' "
            + "and started a new one")
      }
    } catch {
      throw .writeFailed(
        path: recordPath, reason: "it is not valid and could not be moved aside (\(error.reason))")
    }
    return []
  }

  /// Writes the record atomically; an empty one removes the file.
  func writeRecord(_ fonts: [InstalledFont]) throws(FontInstallError) {
    if fonts.isEmpty {
      guard unlink(recordPath) == 0 || errno == ENOENT else {
        throw .writeFailed(path: recordPath, reason: LockedConfigFile.errnoText(errno))
      }
      return
    }
    let bytes = try Self.encodeRecord(fonts)
    do { try writeAtomically(bytes, to: recordPath, durability: .synced) } catch {
      throw .writeFailed(path: recordPath, reason: "\(error)")
    }
  }
}
