#if canImport(Glibc)
  import Glibc
#endif

/// Installing and uninstalling: the copies, the record and fontconfig's cache.
extension FontInstaller {
  /// A font file pickers installed.
  public struct InstalledFont: Hashable, Sendable, Codable {
    /// The file's name in ``FontInstaller/folder``.
    public var file: String
    /// What it was installed from (a path, or `ARCHIVE: MEMBER`).
    public var source: String
    /// Its families as fontconfig names them (`family[0]` of each face), in order.
    public var families: [String]
    /// Its faces, as `Family:style=Style`.
    public var faces: [String]
  }

  /// A font that was not copied because fontconfig already lists its faces.
  public struct AlreadyInstalled: Hashable, Sendable {
    /// What the user named.
    public var source: String
    /// Its families.
    public var families: [String]
    /// A file fontconfig lists with the same faces (empty for an earlier font of the same
    /// install).
    public var existingFile: String
  }

  /// What ``install(_:dryRun:)`` did, or would do.
  public struct Installation: Hashable, Sendable {
    /// The fonts copied (with `dryRun`, the ones that would be).
    public var installed: [InstalledFont]
    /// The fonts whose faces were already there.
    public var alreadyInstalled: [AlreadyInstalled]
    /// Skipped archive members, a record set aside.
    public var notes: [String]
    /// Whether the fontconfig configuration reads ``FontInstaller/folder`` (`nil` for a dry
    /// run or when nothing was copied).
    public var readByConfiguration: Bool?

    /// The families of the installed fonts, each once, in order.
    public var familiesAdded: [String] {
      var seen = Set<String>()
      return installed.flatMap(\.families).filter { seen.insert($0).inserted }
    }
  }

  /// Checks every file, then copies the fonts whose faces fontconfig does not list yet.
  ///
  /// Nothing is copied unless every file passes ``check(_:)``; a failed copy removes the copies
  /// made before it.
  ///
  /// - Parameters:
  ///   - paths: Font files and `.zip` archives of fonts.
  ///   - dryRun: Check and report, but copy nothing and leave the record as it is.
  /// - Returns: What was installed and what was already there.
  /// - Throws: The errors of ``check(_:)``, ``FontInstallError/writeFailed(path:reason:)``, and
  ///   the catalog's errors.
  public func install(_ paths: [String], dryRun: Bool = false) throws -> Installation {
    let check = try self.check(paths)
    // Held until the cache is rebuilt, so a concurrent install sees these fonts as installed.
    let lock = dryRun ? nil : try lockRecord()
    defer { lock?.release() }
    let catalog = try FontCatalog()
    var existing: [String: String] = [:]
    for line in try catalog.formatted("%{family[0]}\t%{style[0]}\t%{file}\n").split(
      separator: "\n")
    {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 3 else { continue }
      existing[Self.faceKey(String(fields[0]), String(fields[1]))] = String(fields[2])
    }
    var installation = Installation(
      installed: [], alreadyInstalled: [], notes: check.notes, readByConfiguration: nil)
    var record = try readRecord(movingAside: !dryRun, notes: &installation.notes)
    // What pickers installed counts too, where the configuration does not read the folder.
    for font in record {
      for face in font.faces {
        let parts = face.split(separator: ":style=", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { continue }
        let key = Self.faceKey(parts[0], parts[1])
        if existing[key] == nil { existing[key] = folder + "/" + font.file }
      }
    }
    let staging = try Self.makeStagingFolder()
    defer { removeTree(staging) }
    var planned: [(bytes: [UInt8], path: String)] = []
    var taken = Set(record.map(\.file))
    for (index, font) in check.fonts.enumerated() {
      let queried: String
      if let path = font.path {
        queried = path
      } else {
        queried = staging + "/\(index)-" + font.fileName
        do { try writeAtomically(font.bytes, to: queried) } catch {
          throw FontInstallError.writeFailed(path: queried, reason: "\(error)")
        }
      }
      let faces = try catalog.info(queried).map { ($0.face.family, $0.face.style) }
      var families: [String] = []
      for (family, _) in faces where !families.contains(family) { families.append(family) }
      let keys = faces.map { Self.faceKey($0.0, $0.1) }
      guard keys.contains(where: { existing[$0] == nil }) else {
        installation.alreadyInstalled.append(
          AlreadyInstalled(
            source: font.source, families: families, existingFile: existing[keys[0]] ?? ""))
        continue
      }
      for key in keys where existing[key] == nil { existing[key] = "" }
      let name = uniqueName(font.fileName, taken: taken)
      taken.insert(name)
      planned.append((font.bytes, folder + "/" + name))
      installation.installed.append(
        InstalledFont(
          file: name, source: font.source, families: families,
          faces: faces.map { "\($0.0):style=\($0.1)" }))
    }
    guard !dryRun, !planned.isEmpty else { return installation }
    try copy(planned)
    record += installation.installed
    do throws(FontInstallError) { try writeRecord(record) } catch {
      for (_, path) in planned { _ = unlink(path) }
      throw error
    }
    installation.readByConfiguration = FontFolderCache.refresh(folder).readByConfiguration
    return installation
  }

  /// What ``uninstall(_:dryRun:)`` did, or would do.
  public struct Removal: Hashable, Sendable {
    /// The fonts removed (with `dryRun`, the ones that would be), with every family they held.
    public var removed: [InstalledFont]
    /// Files that were already gone.
    public var notes: [String]
  }

  /// Removes the files pickers installed that hold `families`, and their records.
  ///
  /// A file holding several families (a collection) is removed when any of them is named.
  ///
  /// - Parameters:
  ///   - families: Family names, as ``installed()`` lists them (case is ignored).
  ///   - dryRun: Report what would be removed, and remove nothing.
  /// - Returns: The fonts removed.
  /// - Throws: ``FontInstallError/notInstalled(_:installed:)`` before anything is removed,
  ///   ``FontInstallError/invalidRecord(path:)``, ``FontInstallError/writeFailed(path:reason:)``.
  @discardableResult
  public func uninstall(_ families: [String], dryRun: Bool = false) throws(FontInstallError)
    -> Removal
  {
    // With no record there is nothing to remove: fail before any folder is made for the lock.
    let lock = dryRun || access(recordPath, F_OK) != 0 ? nil : try lockRecord()
    defer { lock?.release() }
    var notes: [String] = []
    let record = try readRecord(movingAside: false, notes: &notes)
    var chosen = Set<String>()
    for family in families {
      let matches = record.filter { font in
        font.families.contains { $0.lowercased() == family.lowercased() }
      }
      guard !matches.isEmpty else {
        var all: [String] = []
        for name in record.flatMap(\.families) where !all.contains(name) { all.append(name) }
        throw .notInstalled(family, installed: all)
      }
      chosen.formUnion(matches.map(\.file))
    }
    let removed = record.filter { chosen.contains($0.file) }
    guard !dryRun else { return Removal(removed: removed, notes: notes) }
    var kept = record.filter { !chosen.contains($0.file) }
    var failure: FontInstallError?
    for font in removed {
      let path = folder + "/" + font.file
      if unlink(path) != 0 {
        let code = errno
        if code == ENOENT {
          notes.append("'\(path)' was already gone")
        } else {
          kept.append(font)
          failure = failure ?? .writeFailed(path: path, reason: LockedConfigFile.errnoText(code))
        }
      }
    }
    try writeRecord(kept)
    _ = FontFolderCache.refresh(folder)
    if let failure { throw failure }
    return Removal(removed: removed, notes: notes)
  }

  /// The fonts pickers installed, in the order they were installed.
  ///
  /// - Throws: ``FontInstallError/invalidRecord(path:)``,
  ///   ``FontInstallError/readFailed(path:reason:)``.
  public func installed() throws(FontInstallError) -> [InstalledFont] {
    var notes: [String] = []
    return try readRecord(movingAside: false, notes: &notes)
  }

  // MARK: - Copies

  /// Writes every planned copy atomically; on a failure removes the ones written.
  private func copy(_ planned: [(bytes: [UInt8], path: String)]) throws(FontInstallError) {
    do throws(ConfigFileProblem) { try LockedConfigFile.makeFolders(folder) } catch {
      throw .writeFailed(path: folder, reason: error.reason)
    }
    var written: [String] = []
    for (bytes, path) in planned {
      do throws(FileWriteError) {
        written.append(try writeAtomically(bytes, to: path, durability: .synced))
      } catch {
        for done in written { _ = unlink(done) }
        throw .writeFailed(path: path, reason: "\(error)")
      }
    }
  }

  /// A free file name: `name`, else `name-2.ext`, `name-3.ext` and so on.
  ///
  /// A name is taken by any entry of the folder, a dangling link too (`lstat`, not `access`):
  /// writing through it would put the font where the link leads, outside the font folder.
  private func uniqueName(_ name: String, taken: Set<String>) -> String {
    let dot = name.lastIndex(of: ".") ?? name.endIndex
    let (stem, ending) = (String(name[..<dot]), String(name[dot...]))
    var candidate = name
    var number = 1
    var status = stat()
    while taken.contains(candidate) || lstat(folder + "/" + candidate, &status) == 0 {
      number += 1
      candidate = "\(stem)-\(number)\(ending)"
    }
    return candidate
  }

  /// The comparison key of a face: family and style, ignoring case.
  private static func faceKey(_ family: String, _ style: String) -> String {
    family.lowercased() + "\t" + style.lowercased()
  }

  /// A private folder for the fonts fontconfig reads the names of before they are copied.
  private static func makeStagingFolder() throws(FontInstallError) -> String {
    let base = ProcessEnvironment.value("TMPDIR").flatMap { $0.hasPrefix("/") ? $0 : nil }
    var template = Array(((base ?? "/tmp") + "/pickers-install-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else {
      throw .writeFailed(path: base ?? "/tmp", reason: LockedConfigFile.errnoText(errno))
    }
    return String(cString: made)
  }

  /// Removes the files in `folder` (no subfolders) and the folder.
  private func removeTree(_ folder: String) {
    if let directory = opendir(folder) {
      while let entry = readdir(directory) {
        let name = SystemCall.entryName(entry)
        if name != ".", name != ".." { _ = unlink(folder + "/" + name) }
      }
      closedir(directory)
    }
    _ = rmdir(folder)
  }
}
