#if canImport(Glibc)
  import Glibc
#endif

/// Star ratings (1...5) of font families: the font picker's favourites.
///
///     var favorites = Favorites()
///     favorites.ratings["DejaVu Sans"] = 5
///     favorites.ranked(minimumStars: 3)   // [("DejaVu Sans", 5)]
public struct Favorites: Hashable, Sendable, Codable {
  /// Stars by family name, 1...5; unrated families are absent.
  public var ratings: [String: Int]

  /// Creates favourites from `ratings`, dropping zero ratings.
  public init(ratings: [String: Int] = [:]) {
    self.ratings = ratings.filter { $0.value > 0 }
  }

  /// Rated families with at least `minimumStars`, most stars first, then by name.
  public func ranked(minimumStars: Int = 1) -> [(family: String, stars: Int)] {
    ratings.filter { $0.value >= minimumStars }
      .map { (family: $0.key, stars: $0.value) }
      .sorted { ($1.stars, $0.family) < ($0.stars, $1.family) }
  }

  private struct File: Codable {
    var version: Int
    var ratings: [String: Int]
  }

  /// Reads the file format from JSON text; `nil` when it is not `{"version": <integer>,
  /// "ratings": {"Family": <integer>, ...}}` (other members are ignored).
  ///
  /// A leading UTF-8 byte-order mark is skipped (some editors write one), and a number with a
  /// fraction or exponent that is a whole number (`5.0`, `4e0`) counts as that integer.
  init?(json bytes: [UInt8]) {
    let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    guard let value = try? JSONValue(parsing: text), Self.wholeNumber(value["version"]) != nil,
      case .object(let members)? = value["ratings"]
    else { return nil }
    var ratings: [String: Int] = [:]
    for (family, stars) in members {
      guard let stars = Self.wholeNumber(stars) else { return nil }
      ratings[family] = stars
    }
    self.init(ratings: ratings)
  }

  /// The integer a JSON number stands for, if it is a whole number of a sensible size.
  private static func wholeNumber(_ value: JSONValue?) -> Int? {
    if let integer = value?.intValue { return integer }
    guard let double = value?.doubleValue, double.rounded() == double, abs(double) < 1e9 else {
      return nil
    }
    return Int(double)
  }

  /// Reads the file format: `{"version": 1, "ratings": {"Family": stars}}`.
  public init(from decoder: any Decoder) throws {
    let file = try File(from: decoder)
    self.init(ratings: file.ratings)
  }

  /// Writes the file format.
  public func encode(to encoder: any Encoder) throws {
    try File(version: 1, ratings: ratings).encode(to: encoder)
  }
}

/// Why the favourites could not be read or written.
public enum FavoritesError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No `XDG_CONFIG_HOME` and no `HOME` to find the file.
  case noConfigDirectory
  /// The file could not be written.
  case writeFailed(path: String, reason: String)
  /// The file exists but could not be read.
  case readFailed(path: String, reason: String)
  /// The file exists but is not a favourites file (only reported where it is not moved aside).
  case invalid(path: String)

  public var description: String {
    switch self {
    case .noConfigDirectory:
      "cannot find the favorites file: neither XDG_CONFIG_HOME nor HOME is set"
    case .writeFailed(let path, let reason): "cannot write favorites to '\(path)': \(reason)"
    case .readFailed(let path, let reason): "cannot read favorites from '\(path)': \(reason)"
    case .invalid(let path):
      "favorites file '\(path)' is not valid (expected \(FavoriteStore.expectedFormat)); "
        + "'pickers font pick' moves it aside and starts with no ratings"
    }
  }
}

/// The favourites file, `$XDG_CONFIG_HOME/pickers/favorites.json` (else `~/.config/...`).
///
/// Several programs may rate fonts at once (two `font pick` sessions, the desktop window), so a
/// write never replaces the file with one process's picture of it: ``update(_:)`` takes an
/// exclusive `flock` on the file's folder, reads the file again, applies only the caller's
/// changes and writes the result atomically (``writeAtomically(_:to:durability:)``: an unnamed temporary
/// file linked into place). A file that cannot be understood is never overwritten: the picker
/// renames it aside (under a name no other file has) and says so; a plain read (``read()``)
/// reports it and leaves it where it is. Only regular files are read, without blocking, so a
/// FIFO in its place cannot hang the program.
///
///     let store = try FavoriteStore(environment: environment)
///     let loaded = try store.load()
///     if let warning = loaded.warning { print(warning) }
///     try store.update(["DejaVu Sans": 5, "Liberation Serif": nil])  // nil clears a rating
public struct FavoriteStore: Hashable, Sendable {
  /// The file's path.
  public let path: String

  /// A store at an explicit path.
  public init(path: String) {
    self.path = path
  }

  /// The store where the XDG base directory specification puts it.
  ///
  /// - Throws: ``FavoritesError/noConfigDirectory`` when neither variable is set.
  public init(environment: [String: String]) throws(FavoritesError) {
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
      path = config + "/pickers/favorites.json"
    } else if let home = environment["HOME"], !home.isEmpty {
      path = home + "/.config/pickers/favorites.json"
    } else {
      throw .noConfigDirectory
    }
  }

  /// What `load()` found.
  public struct Loaded: Hashable, Sendable {
    /// The ratings (empty when there was no file, or it was corrupt).
    public var favorites: Favorites
    /// Set when a corrupt file was moved aside: says where to.
    public var warning: String?
  }

  /// The file format, as messages describe it.
  static let expectedFormat = "{\"version\": 1, \"ratings\": {\"Family\": 1-5}}"

  /// Reads the ratings; a missing file is no ratings, a corrupt one is moved aside.
  ///
  /// This is what a picker does when it starts, before it may write.
  ///
  /// - Throws: ``FavoritesError/readFailed(path:reason:)`` when the file exists but cannot be
  ///   read or moved aside.
  public func load() throws(FavoritesError) -> Loaded {
    switch try contents() {
    case .favorites(let favorites): return Loaded(favorites: favorites, warning: nil)
    case .invalid: return Loaded(favorites: Favorites(), warning: try moveAside())
    }
  }

  /// Reads the ratings without changing anything on disk; a missing file is no ratings.
  ///
  /// - Throws: ``FavoritesError/invalid(path:)`` for a file that is not a favourites file
  ///   (it stays where it is), ``FavoritesError/readFailed(path:reason:)`` when it cannot be
  ///   read.
  public func read() throws(FavoritesError) -> Favorites {
    switch try contents() {
    case .favorites(let favorites): return favorites
    case .invalid: throw .invalid(path: path)
    }
  }

  /// Applies `changes` to the file as it is now, and returns what it holds afterwards.
  ///
  /// Under an exclusive lock on the folder the file is read again, each family in `changes`
  /// gets its new stars (`nil` or `0` clears it; other values are clamped to 1...5), every
  /// other family keeps what the file has (another session's ratings survive), and the
  /// result is written atomically. A file found corrupt at that point is moved aside first, as
  /// ``load()`` does; `warning` then says so.
  ///
  /// - Throws: ``FavoritesError/writeFailed(path:reason:)`` when the folder cannot be
  ///   created or locked or the file cannot be written; ``FavoritesError/readFailed(path:reason:)``
  ///   when the current file cannot be read.
  @discardableResult
  public func update(_ changes: [String: Int?]) throws(FavoritesError) -> Loaded {
    try makeFolders(folder)
    let lock = try FolderLock(folder, path: path)
    defer { lock.release() }
    var current = Favorites()
    var warning: String?
    switch try contents() {
    case .favorites(let favorites): current = favorites
    case .invalid: warning = try moveAside()
    }
    for (family, stars) in changes {
      if let stars, stars > 0 {
        current.ratings[family] = min(stars, 5)
      } else {
        current.ratings[family] = nil
      }
    }
    try write(current)
    return Loaded(favorites: current, warning: warning)
  }

  /// Writes the difference between `previous` (what this caller read or last wrote) and
  /// `favorites` through ``update(_:)``, so that ratings others gave meanwhile are kept.
  ///
  ///     var mine = try store.load().favorites
  ///     let before = mine
  ///     mine.ratings["Inter"] = 4
  ///     try store.save(mine, replacing: before)
  @discardableResult
  public func save(_ favorites: Favorites, replacing previous: Favorites) throws(FavoritesError)
    -> Loaded
  {
    var changes: [String: Int?] = [:]
    for (family, stars) in favorites.ratings where previous.ratings[family] != stars {
      changes[family] = stars
    }
    for family in previous.ratings.keys where favorites.ratings[family] == nil {
      changes[family] = .some(nil)
    }
    return try update(changes)
  }

  /// Replaces the whole file with `favorites`, under the same lock as ``update(_:)``.
  ///
  /// Ratings another program wrote since this one read the file are lost: a session that
  /// changes ratings should use ``update(_:)`` or ``save(_:replacing:)``.
  ///
  /// - Throws: ``FavoritesError/writeFailed(path:reason:)``.
  public func save(_ favorites: Favorites) throws(FavoritesError) {
    try makeFolders(folder)
    let lock = try FolderLock(folder, path: path)
    defer { lock.release() }
    try write(favorites)
  }

  private var folder: String {
    String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
  }

  private enum Contents {
    case favorites(Favorites)
    case invalid
  }

  private func contents() throws(FavoritesError) -> Contents {
    let bytes: [UInt8]
    do throws(FileReadError) {
      bytes = try readFile(path, maximumSize: Self.maximumFileSize, regularOnly: true)
    } catch {
      switch error {
      case .notFound: return .favorites(Favorites())
      case .tooLarge: throw .readFailed(path: path, reason: "it is over 16 MiB")
      case .isDirectory: throw .readFailed(path: path, reason: "it is a folder")
      case .failed(_, _, let reason): throw .readFailed(path: path, reason: reason)
      }
    }
    guard let favorites = Favorites(json: bytes),
      favorites.ratings.values.allSatisfy({ (1...5).contains($0) })
    else { return .invalid }
    return .favorites(favorites)
  }

  /// Renames the file aside and returns the warning to show.
  ///
  /// The new name is `<path>.corrupt-<seconds since 1970>`, with `-2`, `-3`... added when that
  /// name is taken.
  /// A hard link to the new name is made first and the old name removed after, because
  /// `link` refuses an existing name where `rename` would silently replace it.
  private func moveAside() throws(FavoritesError) -> String {
    let stem = path + ".corrupt-\(Int(time(nil)))"
    var aside = stem
    var attempt = 1
    while link(path, aside) != 0 {
      let code = errno
      if code == ENOENT { return "favorites file '\(path)' disappeared while it was read" }
      guard code == EEXIST, attempt < 1000 else {
        throw .readFailed(
          path: path,
          reason:
            "it is not valid favorites JSON and could not be moved aside (\(errnoText(code)))")
      }
      attempt += 1
      aside = stem + "-\(attempt)"
    }
    guard unlink(path) == 0 else {
      let code = errno
      _ = unlink(aside)
      throw .readFailed(
        path: path,
        reason: "it is not valid favorites JSON and could not be moved aside (\(errnoText(code)))")
    }
    return "favorites file '\(path)' is not valid (expected \(Self.expectedFormat)); "
      + "moved it to '\(aside)' and started with no ratings"
  }

  private func write(_ favorites: Favorites) throws(FavoritesError) {
    let bytes: [UInt8]
    do {
      bytes = try JSONWriter().encode(favorites) + [0x0A]
    } catch {
      throw .writeFailed(path: path, reason: "\(error)")
    }
    do {
      try writeAtomically(bytes, to: path)
    } catch {
      throw .writeFailed(path: path, reason: "\(error)")
    }
  }

  private func makeFolders(_ folder: String) throws(FavoritesError) {
    var current = folder.hasPrefix("/") ? "" : "."
    for part in folder.split(separator: "/") {
      current += "/" + part
      if mkdir(current, 0o755) != 0, errno != EEXIST {
        throw .writeFailed(path: path, reason: "cannot create '\(current)': \(errnoText(errno))")
      }
    }
  }

  /// The largest favorites file read (favorites are small).
  static let maximumFileSize = 16 * 1_048_576

  private func errnoText(_ code: Int32) -> String {
    String(cString: strerror(code)).lowercased()
  }
}

/// An exclusive `flock` on a folder, held while one process rewrites a file in it.
///
/// The folder is locked rather than the file because the file is replaced by a rename: a lock
/// on it would stay with the old inode. Waiting is bounded (10 s), so a stuck holder makes the
/// write fail instead of hanging the picker.
struct FolderLock {
  private let descriptor: Int32

  init(_ folder: String, path: String) throws(FavoritesError) {
    do {
      try self.init(locking: folder)
    } catch {
      throw .writeFailed(path: path, reason: error.reason)
    }
  }

  /// Why a folder could not be locked.
  struct Failure: Error {
    var reason: String
  }

  /// Locks `folder`, waiting at most 10 seconds for another holder.
  init(locking folder: String) throws(Failure) {
    descriptor = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw Failure(reason: "cannot open '\(folder)': \(String(cString: strerror(errno)))")
    }
    var waited = 0
    while true {
      let locked: Bool
      do { locked = try SystemCall.tryLock(descriptor) } catch {
        close(descriptor)
        throw Failure(reason: "cannot lock '\(folder)': \(String(cString: strerror(error.code)))")
      }
      if locked { break }
      guard waited < 1000 else {
        close(descriptor)
        throw Failure(reason: "another program held the lock on '\(folder)' for over 10 seconds")
      }
      usleep(10_000)
      waited += 1
    }
  }

  /// Unlocks and closes the folder.
  func release() {
    _ = flock(descriptor, LOCK_UN)
    close(descriptor)
  }
}
