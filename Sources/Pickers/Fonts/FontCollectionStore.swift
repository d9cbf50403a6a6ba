#if canImport(Glibc)
  import Glibc
#endif

/// The stored font collections: one JSON file each in `$XDG_CONFIG_HOME/pickers/collections`
/// (else `~/.config/pickers/collections`).
///
/// The files have the favourites file's guarantees (``FavoriteStore``): every change takes an
/// exclusive lock on the folder, reads the collection again, applies only the caller's change
/// and writes the result atomically, so two programs adding to one collection both keep their
/// additions. A file that cannot be understood is never overwritten: a command that changes it
/// renames it aside (`NAME.json.corrupt-<time>`) and says so; reading only reports it.
///
///     let store = try FontCollectionStore(environment: environment)
///     try store.create(FontCollection(name: "Japanese", query: ":lang=ja"))
///     try store.update(named: "Mine") { $0.adding([.init("DejaVu Sans")]) }
///     for collection in try store.list().collections { print(collection.name) }
///
/// A file holds `{"version": 1, "name": "Mine", "members": ["DejaVu Sans",
/// "DejaVu Serif:style=Bold"]}` or `{"version": 1, "name": "Japanese", "query": ":lang=ja"}`;
/// `export` and `import` move the same text between machines.
public struct FontCollectionStore: Hashable, Sendable {
  /// The folder holding the collection files.
  public let folder: String

  /// A store in an explicit folder.
  public init(folder: String) {
    self.folder = folder
  }

  /// The store where the XDG base directory specification puts it.
  ///
  /// - Throws: ``FontCollectionError/noConfigDirectory`` when neither variable is set.
  public init(environment: [String: String]) throws(FontCollectionError) {
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
      folder = config + "/pickers/collections"
    } else if let home = environment["HOME"], !home.isEmpty {
      folder = home + "/.config/pickers/collections"
    } else {
      throw .noConfigDirectory
    }
  }

  /// The file format, as messages describe it.
  static let expectedFormat =
    "{\"version\": 1, \"name\": NAME, \"query\": PATTERN} or {..., \"members\": [FAMILY, ...]}"

  /// The largest collection file read.
  static let maximumFileSize = 16 * 1_048_576

  /// The file of the collection `name`.
  public func path(for name: String) -> String {
    folder + "/" + name + ".json"
  }

  /// Checks that `name` can name a collection file.
  ///
  /// - Throws: ``FontCollectionError/invalidName(_:)``.
  public static func validate(name: String) throws(FontCollectionError) {
    guard !name.isEmpty, name.utf8.count <= 200, !name.hasPrefix("."), !name.contains("/"),
      !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
    else { throw .invalidName(name) }
  }

  // MARK: - Reading

  /// What ``list()`` found.
  public struct Listing: Hashable, Sendable {
    /// The readable collections, sorted by name ignoring case.
    public var collections: [FontCollection]
    /// One message per file that could not be read (left where it is).
    public var warnings: [String]
  }

  /// Every stored collection; a file that cannot be read is reported, never moved.
  ///
  /// - Throws: ``FontCollectionError/readFailed(path:reason:)`` when the folder exists but
  ///   cannot be read.
  public func list() throws(FontCollectionError) -> Listing {
    var listing = Listing(collections: [], warnings: [])
    for name in try storedNames() {
      do throws(FontCollectionError) {
        if let collection = try stored(name) { listing.collections.append(collection) }
      } catch {
        listing.warnings.append(error.description)
      }
    }
    listing.collections.sort { ($0.name.lowercased(), $0.name) < ($1.name.lowercased(), $1.name) }
    return listing
  }

  /// The collection named `name` (exactly, else the only one equal to it ignoring case).
  ///
  /// - Throws: ``FontCollectionError/notFound(_:available:)``,
  ///   ``FontCollectionError/invalid(path:)`` for a file that is not a collection (it stays
  ///   where it is), ``FontCollectionError/readFailed(path:reason:)``.
  public func collection(named name: String) throws(FontCollectionError) -> FontCollection {
    try Self.validate(name: name)
    let stored = try storedName(matching: name)
    guard let stored, let collection = try self.stored(stored) else {
      throw .notFound(name, available: try storedNames())
    }
    return collection
  }

  // MARK: - Changing

  /// Stores a new collection.
  ///
  /// - Returns: Messages about files moved aside (a corrupt file of the same name).
  /// - Throws: ``FontCollectionError/exists(_:)`` when the name is taken (ignoring case),
  ///   ``FontCollectionError/invalidName(_:)``, ``FontCollectionError/malformedQuery(_:)``,
  ///   ``FontCollectionError/writeFailed(path:reason:)``.
  @discardableResult
  public func create(_ collection: FontCollection) throws(FontCollectionError) -> [String] {
    try Self.validate(name: collection.name)
    try Self.checkQuery(collection)
    return try locked { () throws(FontCollectionError) -> [String] in
      var warnings: [String] = []
      if let existing = try storedName(matching: collection.name) {
        switch try readForChange(existing) {
        case .collection: throw .exists(existing)
        case .setAside(let warning, _): warnings.append(warning)
        case .missing: break
        }
      }
      try write(collection)
      return warnings
    }
  }

  /// What ``update(named:_:)`` wrote.
  public struct Change: Hashable, Sendable {
    /// The collection before the change.
    public var before: FontCollection
    /// The collection as stored now.
    public var after: FontCollection
  }

  /// Changes one collection as it is on disk now, under the lock, and stores the result.
  ///
  ///     try store.update(named: "Mine") { $0.removing([.init("DejaVu Serif")]) }
  ///
  /// - Parameters:
  ///   - name: The collection (as ``collection(named:)`` finds it).
  ///   - change: Returns the new collection from the current one; it keeps its name.
  /// - Returns: The collection before and after.
  /// - Throws: ``FontCollectionError/notFound(_:available:)``; a corrupt file is moved aside
  ///   and reported as ``FontCollectionError/movedAside(path:aside:)``; the errors `change` throws.
  @discardableResult
  public func update(
    named name: String,
    _ change: (FontCollection) throws(FontCollectionError) -> FontCollection
  ) throws(FontCollectionError) -> Change {
    try Self.validate(name: name)
    return try locked { () throws(FontCollectionError) -> Change in
      let before = try existingForChange(name)
      var after = try change(before)
      after.name = before.name
      try Self.checkQuery(after)
      try write(after)
      return Change(before: before, after: after)
    }
  }

  /// Gives a collection a new name.
  ///
  /// - Throws: ``FontCollectionError/notFound(_:available:)``,
  ///   ``FontCollectionError/exists(_:)`` when another collection has the new name.
  public func rename(_ name: String, to newName: String) throws(FontCollectionError) {
    try Self.validate(name: name)
    try Self.validate(name: newName)
    try locked { () throws(FontCollectionError) in
      var collection = try existingForChange(name)
      if let taken = try storedName(matching: newName), taken != collection.name {
        if case .collection = try readForChange(taken) { throw .exists(taken) }
      }
      let oldPath = path(for: collection.name)
      collection.name = newName
      try write(collection)
      if oldPath != path(for: newName), unlink(oldPath) != 0, errno != ENOENT {
        throw .writeFailed(path: oldPath, reason: LockedConfigFile.errnoText(errno))
      }
    }
  }

  /// Removes a collection's file.
  ///
  /// - Returns: The collection removed.
  /// - Throws: ``FontCollectionError/notFound(_:available:)``; a corrupt file is moved aside
  ///   instead and reported as ``FontCollectionError/movedAside(path:aside:)``.
  @discardableResult
  public func delete(named name: String) throws(FontCollectionError) -> FontCollection {
    try Self.validate(name: name)
    return try locked { () throws(FontCollectionError) -> FontCollection in
      let collection = try existingForChange(name)
      let file = path(for: collection.name)
      guard unlink(file) == 0 || errno == ENOENT else {
        throw .writeFailed(path: file, reason: LockedConfigFile.errnoText(errno))
      }
      return collection
    }
  }

  // MARK: - The file format

  private struct File: Codable {
    var version: Int
    var name: String
    var query: String?
    var members: [String]?
  }

  /// The file's text for `collection`: sorted keys, two-space indents, a final newline.
  public static func encode(_ collection: FontCollection) throws(FontCollectionError) -> [UInt8] {
    let file = File(
      version: 1, name: collection.name, query: collection.query,
      members: collection.isSmart ? nil : collection.members.map(\.description))
    do { return try JSONWriter().encode(file) + [0x0A] } catch {
      throw .writeFailed(path: collection.name, reason: "\(error)")
    }
  }

  /// Reads a collection file's text, or `nil` when it is not one.
  ///
  /// A leading UTF-8 byte-order mark is skipped. The name is the file's `name` member.
  public static func decode(_ bytes: [UInt8]) -> FontCollection? {
    let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    guard let value = try? JSONValue(parsing: text), value["version"]?.intValue == 1,
      let name = value["name"]?.stringValue, (try? validate(name: name)) != nil
    else { return nil }
    switch (value["query"], value["members"]) {
    case (.string(let query)?, nil):
      return FontCollection(name: name, query: query)
    case (nil, .array(let items)?):
      var members: [FontCollection.Member] = []
      for item in items {
        guard let text = item.stringValue, let member = FontCollection.Member(parsing: text)
        else { return nil }
        members.append(member)
      }
      return FontCollection(name: name, members: members)
    default:
      return nil
    }
  }

  // MARK: - Files

  private static func checkQuery(_ collection: FontCollection) throws(FontCollectionError) {
    guard let query = collection.query else { return }
    do throws(FontError) { try FontCatalog.checkPattern(query) } catch {
      throw .malformedQuery(query)
    }
  }

  /// Runs `body` with the folder created and locked.
  private func locked<R>(_ body: () throws(FontCollectionError) -> R) throws(FontCollectionError)
    -> R
  {
    let lock: FolderLock
    do throws(ConfigFileProblem) {
      try LockedConfigFile.makeFolders(folder)
      lock = try FolderLock(folder)
    } catch {
      throw .writeFailed(path: folder, reason: error.reason)
    }
    defer { lock.release() }
    return try body()
  }

  /// The names of the collection files (`NAME.json`), unsorted; none when there is no folder.
  private func storedNames() throws(FontCollectionError) -> [String] {
    guard let directory = opendir(folder) else {
      if errno == ENOENT { return [] }
      throw .readFailed(path: folder, reason: LockedConfigFile.errnoText(errno))
    }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = SystemCall.entryName(entry)
      guard name.hasSuffix(".json"), !name.hasPrefix(".") else { continue }
      names.append(String(name.dropLast(5)))
    }
    return names.sorted()
  }

  /// The stored name equal to `name`, else the only one equal ignoring case.
  private func storedName(matching name: String) throws(FontCollectionError) -> String? {
    let names = try storedNames()
    if names.contains(name) { return name }
    let folded = names.filter { $0.lowercased() == name.lowercased() }
    return folded.count == 1 ? folded[0] : nil
  }

  /// The collection in `name`'s file; `nil` when there is none.
  private func stored(_ name: String) throws(FontCollectionError) -> FontCollection? {
    let file = path(for: name)
    let bytes: [UInt8]
    do throws(FileReadError) {
      bytes = try readFile(file, maximumSize: Self.maximumFileSize, regularOnly: true)
    } catch {
      switch error {
      case .notFound: return nil
      case .tooLarge: throw .readFailed(path: file, reason: "it is over 16 MiB")
      case .isDirectory: throw .readFailed(path: file, reason: "it is a folder")
      case .failed(_, _, let reason): throw .readFailed(path: file, reason: reason)
      }
    }
    guard var collection = Self.decode(bytes) else { throw .invalid(path: file) }
    collection.name = name  // the file's name is the collection's
    return collection
  }

  private enum ForChange {
    case collection(FontCollection)
    case setAside(String, aside: String)
    case missing
  }

  /// Reads `name` for a change: a corrupt file is moved aside.
  private func readForChange(_ name: String) throws(FontCollectionError) -> ForChange {
    do throws(FontCollectionError) {
      guard let collection = try stored(name) else { return .missing }
      return .collection(collection)
    } catch {
      guard case .invalid(let file) = error else { throw error }
      do throws(ConfigFileProblem) {
        switch try LockedConfigFile.moveAside(file) {
        case .disappeared: return .missing
        case .moved(let aside):
          return .setAside(
            "collection file '\(file)' is not valid (expected \(Self.expectedFormat)); "
              + "moved it to '\(aside)'", aside: aside)
        }
      } catch {
        throw .writeFailed(
          path: file, reason: "it is not valid and could not be moved aside (\(error.reason))")
      }
    }
  }

  /// The collection `name` for a change; a corrupt file is moved aside and reported.
  private func existingForChange(_ name: String) throws(FontCollectionError) -> FontCollection {
    guard let stored = try storedName(matching: name) else {
      throw .notFound(name, available: try storedNames())
    }
    switch try readForChange(stored) {
    case .collection(let collection): return collection
    case .missing: throw .notFound(name, available: try storedNames())
    case .setAside(_, let aside): throw .movedAside(path: path(for: stored), aside: aside)
    }
  }

  private func write(_ collection: FontCollection) throws(FontCollectionError) {
    let file = path(for: collection.name)
    let bytes = try Self.encode(collection)
    do { try writeAtomically(bytes, to: file) } catch {
      throw .writeFailed(path: file, reason: "\(error)")
    }
  }
}
