#if canImport(Glibc)
  import Glibc
#endif

/// The colors chosen last in the color window, newest first, at most ``limit`` of them.
///
/// Kept as text, one `#rrggbb` or `#rrggbbaa` a line, so the file is easy to read and edit.
///
///     var recent = RecentColors()
///     recent = recent.adding("#3478F6")
///     recent.colors   // ["#3478f6"]
public struct RecentColors: Hashable, Sendable {
  /// How many colors are kept.
  public static let limit = 12

  /// The colors, newest first, lowercase hex.
  public private(set) var colors: [String]

  /// Creates a list from `colors`, newest first; invalid entries and duplicates are dropped.
  public init(colors: [String] = []) {
    self.colors = []
    for color in colors.reversed() { self = adding(color) }
  }

  /// Reads the file's text: one hex color a line; other lines are ignored.
  public init(text: String) {
    self.init(colors: text.split(whereSeparator: \.isNewline).map(String.init))
  }

  /// The file's text.
  public var text: String { colors.map { $0 + "\n" }.joined() }

  /// The list with `hex` first (moved there if it was already in it), bounded to ``limit``.
  ///
  /// Anything but `#` and 6 or 8 hex digits is ignored.
  public func adding(_ hex: String) -> RecentColors {
    let lower = hex.lowercased()
    guard Self.isHexColor(lower) else { return self }
    var next = self
    next.colors.removeAll { $0 == lower }
    next.colors.insert(lower, at: 0)
    if next.colors.count > Self.limit { next.colors.removeLast(next.colors.count - Self.limit) }
    return next
  }

  static func isHexColor(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.first == UInt8(ascii: "#"), bytes.count == 7 || bytes.count == 9 else {
      return false
    }
    return bytes.dropFirst().allSatisfy { byte in
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
  }
}

/// Where the color window keeps ``RecentColors``: `$XDG_STATE_HOME/pickers/recent-colors`
/// (`~/.local/state/pickers/recent-colors` by default).
///
///     let store = RecentColorStore(environment: ["HOME": "/home/ada"])
///     store?.path   // "/home/ada/.local/state/pickers/recent-colors"
public struct RecentColorStore: Hashable, Sendable {
  /// The file's path.
  public let path: String

  /// A store at an explicit path.
  public init(path: String) {
    self.path = path
  }

  /// The store where the XDG base directory specification puts state; `nil` when neither
  /// `XDG_STATE_HOME` (absolute) nor `HOME` is set.
  public init?(environment: [String: String]) {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      path = state + "/pickers/recent-colors"
    } else if let home = environment["HOME"], !home.isEmpty {
      path = home + "/.local/state/pickers/recent-colors"
    } else {
      return nil
    }
  }

  /// The largest file read; a dozen lines need far less.
  static let maximumFileSize = 64 * 1_024

  /// The saved colors; a missing, unreadable or oversized file is an empty list (recent colors
  /// are a convenience, never a reason to fail).
  public func load() -> RecentColors {
    guard let bytes = try? readFile(path, maximumSize: Self.maximumFileSize) else {
      return RecentColors()
    }
    return RecentColors(text: String(decoding: bytes, as: UTF8.self))
  }

  /// Puts `hex` first in the saved list, keeping what other windows saved meanwhile.
  ///
  /// Under an exclusive lock on the file's folder (the favourites file's lock) the file is read
  /// again, `hex` is added and the list written back, so two windows open at once both keep
  /// their picks.
  ///
  ///     try store.record("#3478f6")   // another window's pick, saved after this one opened, stays
  ///
  /// - Returns: The list saved.
  /// - Throws: ``FileWriteError`` when the folder cannot be created or locked, or the file
  ///   written.
  @discardableResult
  public func record(_ hex: String) throws(FileWriteError) -> RecentColors {
    try makeFolders()
    let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    let lock: FolderLock
    do {
      lock = try FolderLock(folder)
    } catch {
      throw .failed(path: path, operation: "lock", reason: error.reason)
    }
    defer { lock.release() }
    let recent = load().adding(hex)
    try writeAtomically(Array(recent.text.utf8), to: path)
    return recent
  }

  /// Writes `recent` atomically, creating the folders if needed.
  ///
  /// - Throws: ``FileWriteError`` when the folder cannot be created or the file written.
  public func save(_ recent: RecentColors) throws(FileWriteError) {
    try makeFolders()
    try writeAtomically(Array(recent.text.utf8), to: path)
  }

  private func makeFolders() throws(FileWriteError) {
    var current = path.hasPrefix("/") ? "" : "."
    let folder = path[..<(path.lastIndex(of: "/") ?? path.startIndex)]
    for part in folder.split(separator: "/") {
      current += "/" + part
      if mkdir(current, 0o755) != 0, errno != EEXIST {
        throw .failed(
          path: path, operation: "mkdir '\(current)'",
          reason: String(cString: strerror(errno)).lowercased())
      }
    }
  }
}
