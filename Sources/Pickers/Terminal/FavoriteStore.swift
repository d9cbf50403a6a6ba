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
  init?(json bytes: [UInt8]) {
    guard let value = try? JSONValue(parsing: bytes), value["version"]?.intValue != nil,
      case .object(let members)? = value["ratings"]
    else { return nil }
    var ratings: [String: Int] = [:]
    for (family, stars) in members {
      guard let stars = stars.intValue else { return nil }
      ratings[family] = stars
    }
    self.init(ratings: ratings)
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

  public var description: String {
    switch self {
    case .noConfigDirectory:
      "cannot find the favorites file: neither XDG_CONFIG_HOME nor HOME is set"
    case .writeFailed(let path, let reason): "cannot write favorites to '\(path)': \(reason)"
    case .readFailed(let path, let reason): "cannot read favorites from '\(path)': \(reason)"
    }
  }
}

/// The favourites file, `$XDG_CONFIG_HOME/pickers/favorites.json` (else `~/.config/...`).
///
/// Writes are atomic (through ``writeAtomically(_:to:)``: a temporary file, `fsync`, `rename`). A file that
/// cannot be understood is never overwritten: it is renamed aside and reported.
///
///     let store = try FavoriteStore(environment: ProcessInfo.processInfo.environment)
///     let loaded = try store.load()
///     if let warning = loaded.warning { print(warning) }
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

  /// Reads the ratings; a missing file is no ratings, a corrupt one is moved aside.
  ///
  /// - Throws: ``FavoritesError/readFailed(path:reason:)`` when the file exists but cannot be
  ///   read or moved aside.
  public func load() throws(FavoritesError) -> Loaded {
    let bytes: [UInt8]
    do throws(FileReadError) {
      bytes = try readFile(path, maximumSize: Self.maximumFileSize)
    } catch {
      switch error {
      case .notFound: return Loaded(favorites: Favorites(), warning: nil)
      case .tooLarge: throw .readFailed(path: path, reason: "it is over 16 MiB")
      case .isDirectory: throw .readFailed(path: path, reason: "it is a folder")
      case .failed(_, _, let reason): throw .readFailed(path: path, reason: reason)
      }
    }
    if let favorites = Favorites(json: bytes),
      favorites.ratings.values.allSatisfy({ (1...5).contains($0) })
    {
      return Loaded(favorites: favorites, warning: nil)
    }
    let aside = path + ".corrupt-\(Int(time(nil)))"
    guard rename(path, aside) == 0 else {
      throw .readFailed(
        path: path,
        reason: "it is not valid favorites JSON and could not be moved aside (\(errnoText()))")
    }
    return Loaded(
      favorites: Favorites(),
      warning:
        "favorites file '\(path)' is not valid (expected {\"version\": 1, \"ratings\": "
        + "{\"Family\": 1-5}}); moved it to '\(aside)' and started with no ratings")
  }

  /// Writes `favorites` atomically, creating the folder if needed.
  ///
  /// - Throws: ``FavoritesError/writeFailed(path:reason:)``.
  public func save(_ favorites: Favorites) throws(FavoritesError) {
    let bytes: [UInt8]
    do {
      bytes = try JSONWriter().encode(favorites) + [0x0A]
    } catch {
      throw .writeFailed(path: path, reason: "\(error)")
    }
    let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    try makeFolders(folder)
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
        throw .writeFailed(path: path, reason: "cannot create '\(current)': \(errnoText())")
      }
    }
  }

  /// The largest favorites file read (favorites are small).
  static let maximumFileSize = 16 * 1_048_576

  private func errnoText() -> String {
    String(cString: strerror(errno)).lowercased()
  }
}
