/// A named palette: colors with names, in order, read from and written to palette files.
///
/// The counterpart of AppKit's `NSColorList`. The lists on the machine (pickers' own, GIMP's
/// and Inkscape's, and the recent picks) are ``available``; ``init(named:in:)`` finds one by
/// name. Names are unique within a list: setting a color under a name the list has replaces it.
///
///     var brand = ColorList(name: "Brand")
///     brand.setColor(try Color(css: "#3478f6"), named: "Primary")
///     brand.setColor(.white, named: "Paper")
///     try brand.write(to: "/tmp/brand.gpl")
///     let blues = try ColorList(named: "Blues")   // GIMP's, when gimp-data is installed
public struct ColorList: Hashable, Sendable {
  /// The list's name: the file's name without its extension, or the name it was made with.
  public var name: String
  /// The colors and their names, in order.
  public private(set) var entries: [PaletteEntry]
  /// Where the list was read from, or `nil` for a list made in code or the recent picks.
  public var source: Source?

  /// Where a list on the search path comes from.
  public struct Source: Hashable, Sendable {
    /// The program whose folder holds it.
    public var owner: Owner
    /// The file, or for ``Owner/recent`` the recent-colors file.
    public var path: String

    /// Creates a source.
    public init(owner: Owner, path: String) {
      self.owner = owner
      self.path = path
    }
  }

  /// The program whose folder a list lives in; the raw value prefixes a qualified name
  /// (`gimp:Blues`).
  public enum Owner: String, CaseIterable, Hashable, Sendable, Codable {
    /// The color window's recent picks, the list named ``ColorList/recentName``.
    case recent
    /// pickers' own folder, `$XDG_DATA_HOME/pickers/palettes`.
    case pickers
    /// GIMP's palette folders.
    case gimp
    /// Inkscape's palette folders.
    case inkscape
  }

  /// The name of the recent picks' list.
  public static let recentName = "Recent"

  /// Creates a list from entries; a later entry with an earlier one's name replaces it.
  ///
  ///     let pair = ColorList(name: "Pair", entries: [
  ///       PaletteEntry(name: "ink", color: .black), PaletteEntry(name: "paper", color: .white),
  ///     ])
  public init(name: String, entries: [PaletteEntry] = [], source: Source? = nil) {
    self.name = name
    self.source = source
    // A name seen again replaces the color where the name first stood (as setColor does), in
    // one pass: a palette of thousands of colors is not searched once per entry.
    var position: [String: Int] = [:]
    var unique: [PaletteEntry] = []
    unique.reserveCapacity(entries.count)
    for entry in entries {
      if let index = position[entry.name] {
        unique[index].color = entry.color
      } else {
        position[entry.name] = unique.count
        unique.append(entry)
      }
    }
    self.entries = unique
  }

  /// Reads the palette file at `path` (GIMP `.gpl`, Adobe `.ase`, LibreOffice `.soc`, Krita
  /// `.kpl`, CSS or pickers' JSON, told apart by content); the list is named after the file.
  ///
  /// Entries that repeat a name keep the first color under that name and get a numbered name
  /// (`Untitled 2`): GIMP's files often repeat `Untitled`.
  ///
  /// - Throws: ``ColorListError/unreadable(path:reason:)`` when the file cannot be read or is
  ///   not a palette.
  public init(contentsOf path: String, owner: Owner = .pickers) throws(ColorListError) {
    let bytes: [UInt8]
    do {
      bytes = try readFile(path, maximumSize: PaletteFile.maximumSize)
    } catch {
      throw .unreadable(path: path, reason: error.description)
    }
    let decoded: [PaletteEntry]
    do {
      decoded = try PaletteFile.decode(bytes)
    } catch {
      throw .unreadable(path: path, reason: error.description)
    }
    self.init(
      name: Self.fileStem(path), entries: Self.uniquelyNamed(decoded),
      source: Source(owner: owner, path: path))
  }

  /// The names of the colors, in order (AppKit's `allKeys`).
  public var names: [String] { entries.map(\.name) }

  /// The color named `name`, or `nil`.
  public func color(named name: String) -> Color? {
    entries.first { $0.name == name }?.color
  }

  /// Sets the color under `name`: replaces the color of an entry with that name where it is,
  /// or adds an entry at the end.
  public mutating func setColor(_ color: Color, named name: String) {
    if let index = entries.firstIndex(where: { $0.name == name }) {
      entries[index].color = color
    } else {
      entries.append(PaletteEntry(name: name, color: color))
    }
  }

  /// Inserts `color` under `name` at `index` (clamped to the list), removing an entry of that
  /// name first.
  public mutating func insertColor(_ color: Color, named name: String, at index: Int) {
    removeColor(named: name)
    let position = min(max(index, 0), entries.count)
    entries.insert(PaletteEntry(name: name, color: color), at: position)
  }

  /// Removes the entry named `name`; returns its color, or `nil` when there was none.
  @discardableResult
  public mutating func removeColor(named name: String) -> Color? {
    guard let index = entries.firstIndex(where: { $0.name == name }) else { return nil }
    return entries.remove(at: index).color
  }

  /// Gives the entry named `old` the name `new`, in place.
  ///
  /// - Throws: ``ColorListError/noSuchColor(_:list:)`` when no entry is named `old`,
  ///   ``ColorListError/duplicateName(_:list:)`` when another entry is already named `new`.
  public mutating func renameColor(_ old: String, to new: String) throws(ColorListError) {
    guard let index = entries.firstIndex(where: { $0.name == old }) else {
      throw .noSuchColor(old, list: name)
    }
    if old == new { return }
    guard !entries.contains(where: { $0.name == new }) else {
      throw .duplicateName(new, list: name)
    }
    entries[index].name = new
  }

  /// Writes the list to `path` atomically (a temporary file in the same folder, renamed over
  /// the old one), so a reader sees the old file or the new one, never a part.
  ///
  /// - Parameters:
  ///   - path: The file to write.
  ///   - format: The format; by default the one `path`'s extension names, else GIMP's `.gpl`.
  ///   - durability: Whether to wait for the disk (``FileDurability``).
  /// - Throws: ``FileWriteError`` when the file cannot be written.
  public func write(
    to path: String, format: PaletteFileFormat? = nil, durability: FileDurability = .atomic
  ) throws(FileWriteError) {
    let chosen = format ?? Self.format(ofPath: path) ?? .gpl
    try writeAtomically(
      PaletteFile.encode(entries, title: name, as: chosen), to: path, durability: durability)
  }

  /// The format a file's extension names (`.gpl`, `.ase`, ...), or `nil`.
  static func format(ofPath path: String) -> PaletteFileFormat? {
    let file = path.split(separator: "/").last ?? ""
    guard let dot = file.lastIndex(of: ".") else { return nil }
    return PaletteFileFormat(rawValue: file[file.index(after: dot)...].lowercased())
  }

  /// The file's name without its folder and extension.
  static func fileStem(_ path: String) -> String {
    let file = String(path.split(separator: "/").last ?? "")
    guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
    return String(file[..<dot])
  }

  /// `entries` with repeated names numbered (`Untitled`, `Untitled 2`, ...), colors kept.
  static func uniquelyNamed(_ entries: [PaletteEntry]) -> [PaletteEntry] {
    var seen: Set<String> = []
    // The next number to try for each repeated name, so a file of a thousand `Untitled`s is
    // numbered in one pass.
    var next: [String: Int] = [:]
    var result: [PaletteEntry] = []
    result.reserveCapacity(entries.count)
    for entry in entries {
      var name = entry.name
      var number = next[entry.name] ?? 2
      while seen.contains(name) {
        name = "\(entry.name) \(number)"
        number += 1
      }
      if name != entry.name { next[entry.name] = number }
      seen.insert(name)
      result.append(PaletteEntry(name: name, color: entry.color))
    }
    return result
  }
}

/// Why a color list could not be found, read or changed.
public enum ColorListError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No list on the search path has the name.
  case notFound(String, searched: [String])
  /// A file could not be read as a palette.
  case unreadable(path: String, reason: String)
  /// The list has no entry of that name.
  case noSuchColor(String, list: String)
  /// Another entry already has the name.
  case duplicateName(String, list: String)

  public var description: String {
    switch self {
    case .notFound(let name, let searched):
      searched.isEmpty
        ? "no palette named '\(name)' (no palette folder exists)"
        : "no palette named '\(name)' in \(searched.joined(separator: ", "))"
    case .unreadable(let path, let reason): "palette '\(path)': \(reason)"
    case .noSuchColor(let color, let list): "palette '\(list)' has no color named '\(color)'"
    case .duplicateName(let color, let list):
      "palette '\(list)' already has a color named '\(color)'"
    }
  }
}
