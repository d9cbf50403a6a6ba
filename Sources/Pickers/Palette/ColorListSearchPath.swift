import Glibc

extension ColorList {
  /// The folders ``ColorList/available`` reads, in order, worked out from an environment.
  ///
  /// From an environment rather than the process's own, so that tests and tools can point it
  /// anywhere:
  ///
  /// 1. pickers' own: `$XDG_DATA_HOME/pickers/palettes` (`~/.local/share/pickers/palettes`);
  /// 2. GIMP's: `$XDG_CONFIG_HOME/GIMP/2.10/palettes`, `~/.gimp-2.*/palettes`, then
  ///    `gimp/2.0/palettes` in each of `$XDG_DATA_DIRS` (`/usr/local/share:/usr/share`);
  /// 3. Inkscape's: `$XDG_CONFIG_HOME/inkscape/palettes`, then `inkscape/palettes` in each of
  ///    `$XDG_DATA_DIRS`.
  ///
  /// The recent picks (`$XDG_STATE_HOME/pickers/recent-colors`) come before them all.
  ///
  ///     let path = ColorList.SearchPath(environment: ["HOME": "/home/ada"])
  ///     path.folders.first?.path   // "/home/ada/.local/share/pickers/palettes"
  public struct SearchPath: Hashable, Sendable {
    /// A folder of palette files and the program it belongs to.
    public struct Folder: Hashable, Sendable {
      /// The folder's path.
      public var path: String
      /// Whose folder it is.
      public var owner: Owner

      /// Creates a folder entry.
      public init(path: String, owner: Owner) {
        self.path = path
        self.owner = owner
      }
    }

    /// The folders, searched in order.
    public var folders: [Folder]
    /// The recent picks' file, or `nil` to leave the recent list out.
    public var recentColors: RecentColorStore?

    /// The file extensions read in each folder: the palette formats other programs keep there.
    public static let extensions: Set<String> = ["gpl", "ase", "soc", "kpl"]

    /// A search path of explicit folders.
    public init(folders: [Folder], recentColors: RecentColorStore? = nil) {
      self.folders = folders
      self.recentColors = recentColors
    }

    /// The search path the XDG base directory specification and GIMP's and Inkscape's own
    /// conventions give for `environment`.
    public init(environment: [String: String]) {
      let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      func base(_ variable: String, _ fallback: String) -> String? {
        if let value = environment[variable], value.hasPrefix("/") { return value }
        return home.map { $0 + fallback }
      }
      let data = base("XDG_DATA_HOME", "/.local/share")
      let config = base("XDG_CONFIG_HOME", "/.config")
      var systemData = (environment["XDG_DATA_DIRS"] ?? "").split(separator: ":").map(String.init)
        .filter { $0.hasPrefix("/") }
      if systemData.isEmpty { systemData = ["/usr/local/share", "/usr/share"] }
      var folders: [Folder] = []
      if let data { folders.append(Folder(path: data + "/pickers/palettes", owner: .pickers)) }
      if let config { folders.append(Folder(path: config + "/GIMP/2.10/palettes", owner: .gimp)) }
      if let home {
        // GIMP 2.8 and older kept their profile in ~/.gimp-2.N.
        let old = (try? SystemCall.directoryEntries(home)) ?? []
        for name in old.filter({ $0.hasPrefix(".gimp-2.") }).sorted(by: >) {
          folders.append(Folder(path: home + "/" + name + "/palettes", owner: .gimp))
        }
      }
      for folder in systemData {
        folders.append(Folder(path: Self.trimmed(folder) + "/gimp/2.0/palettes", owner: .gimp))
      }
      if let config {
        folders.append(Folder(path: config + "/inkscape/palettes", owner: .inkscape))
      }
      for folder in systemData {
        folders.append(Folder(path: Self.trimmed(folder) + "/inkscape/palettes", owner: .inkscape))
      }
      self.init(folders: folders, recentColors: RecentColorStore(environment: environment))
    }

    /// The search path of the running process's environment.
    public static var current: SearchPath {
      SearchPath(environment: ProcessEnvironment.variables())
    }

    /// The palette files in the folders that exist, in search order; each folder's files
    /// sorted by name.
    public func files() -> [(path: String, owner: Owner)] {
      var found: [(path: String, owner: Owner)] = []
      for folder in folders {
        guard let names = try? SystemCall.directoryEntries(folder.path) else { continue }
        for name in names.sorted()
        where !name.hasPrefix(".")
          && ColorList.format(ofPath: name).map({ Self.extensions.contains($0.rawValue) }) == true
        {
          found.append((folder.path + "/" + name, folder.owner))
        }
      }
      return found
    }

    /// The folders of the search path that exist.
    public var existingFolders: [String] {
      folders.map(\.path).filter { (try? SystemCall.directoryEntries($0)) != nil }
    }

    static func trimmed(_ folder: String) -> String {
      var folder = folder
      while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
      return folder
    }
  }

  /// What a search found: the lists, and the files that could not be read.
  public struct SearchResult: Hashable, Sendable {
    /// The lists, the recent picks first, then in search order.
    public var lists: [ColorList]
    /// The palette files that could not be read, each with its reason.
    public var failures: [ColorListError]
  }

  /// Every list on the process's search path (``SearchPath/current``); unreadable files are
  /// left out (``search(_:)`` names them).
  ///
  ///     for list in ColorList.available { print(list.name, list.entries.count) }
  public static var available: [ColorList] { search(.current).lists }

  /// Every list on `searchPath`, and the files that could not be read.
  public static func search(_ searchPath: SearchPath) -> SearchResult {
    var result = SearchResult(lists: [], failures: [])
    if let store = searchPath.recentColors { result.lists.append(recent(store)) }
    for file in searchPath.files() {
      do {
        result.lists.append(try ColorList(contentsOf: file.path, owner: file.owner))
      } catch {
        result.failures.append(error)
      }
    }
    return result
  }

  /// The recent picks of the color window as a list named ``recentName``, newest first, each
  /// named by its hex.
  public static func recent(_ store: RecentColorStore) -> ColorList {
    let colors = store.load().colors.compactMap { hex in
      (try? Color(css: hex)).map { PaletteEntry(name: hex, color: $0) }
    }
    return ColorList(
      name: recentName, entries: colors, source: Source(owner: .recent, path: store.path))
  }

  /// The list named `name` on the search path.
  ///
  /// The recent picks for ``recentName``, else the first file (in search order) whose name
  /// without extension is `name`, else the first whose name matches ignoring case. `gimp:Blues` looks only in GIMP's folders (`pickers:`,
  /// `inkscape:` and `recent:` likewise).
  ///
  /// Only the file found is read.
  ///
  ///     let tango = try ColorList(named: "inkscape:Tango-Palette")
  ///
  /// - Throws: ``ColorListError/notFound(_:searched:)`` when no file has the name,
  ///   ``ColorListError/unreadable(path:reason:)`` when the file found is not a palette.
  public init(named name: String, in searchPath: SearchPath = .current) throws(ColorListError) {
    var wanted = Substring(name)
    var owner: Owner?
    if let colon = name.firstIndex(of: ":"), let prefix = Owner(rawValue: String(name[..<colon])) {
      owner = prefix
      wanted = name[name.index(after: colon)...]
    }
    if owner == nil || owner == .recent, wanted == Self.recentName,
      let store = searchPath.recentColors
    {
      self = Self.recent(store)
      return
    }
    let files = searchPath.files().filter { owner == nil || $0.owner == owner }
    let match =
      files.first { Self.fileStem($0.path) == wanted }
      ?? files.first { Self.fileStem($0.path).lowercased() == wanted.lowercased() }
    guard let match else {
      throw .notFound(name, searched: searchPath.existingFolders)
    }
    try self.init(contentsOf: match.path, owner: match.owner)
  }

  /// The name that finds this list again with ``init(named:in:)`` even when another folder has
  /// a file of the same name: `gimp:Blues`, `Recent`, or the bare name for a list made in code.
  public var qualifiedName: String {
    guard let source, source.owner != .recent else { return name }
    return source.owner.rawValue + ":" + name
  }
}

extension SystemCall {
  /// The names in the folder at `path`, without `.` and `..`.
  ///
  /// The corresponding C functions are `opendir`, `readdir` and `closedir`.
  static func directoryEntries(_ path: String) throws(SystemError) -> [String] {
    guard let directory = opendir(path) else { throw .current }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = SystemCall.entryName(entry)
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }
}
