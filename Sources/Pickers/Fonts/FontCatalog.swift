import CFontconfig
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The fonts fontconfig can see, and its answers about them as plain values.
///
/// A catalog owns one fontconfig configuration: the default one (what `fc-list` and `fc-match`
/// use, honouring `FONTCONFIG_FILE`) or one loaded from a `fonts.conf` you name. It is a snapshot:
/// fonts installed later are seen by a new catalog. Every fontconfig call runs under the catalog's
/// lock, so one catalog can be shared between threads and tasks.
///
/// The configuration is loaded on first need, and answers that a short command asks for (the
/// family list, filtered family lists, `match`) are kept in an on-disk cache that is checked
/// against every file that produced it (see ``FontCacheLocation``): a cache hit needs no
/// fontconfig at all.
///
///     let catalog = try FontCatalog()
///     let families = try catalog.availableFontFamilies      // ["DejaVu Sans", ...]
///     let face = try catalog.match(pattern: "serif:lang=ja") // Noto Serif CJK JP
public final class FontCatalog: Sendable {
  /// The configuration file given to ``init(configFile:cache:)``, or `nil` for the default.
  public let configFile: String?
  private let cacheFolder: String?
  /// What the cached answers depend on besides files: the configuration and the environment.
  let environmentKey: String
  private let state: Mutex<State>

  private struct State: ~Copyable {
    /// The `FcConfig *`, owned; `nil` until first needed.
    var config: OpaquePointer?
    var loadError: FontError?
    /// The cache files read so far that can answer (current, and matching `stamps` once
    /// fontconfig is loaded).
    var answers: CatalogCacheFile?
    var faces: CatalogCacheFile?
    /// The shelves whose file was read (no `Set`: its generic storage cost a hit 0.17 M
    /// instructions to set up).
    var answersRead = false
    var facesRead = false
    /// What a stale cache file showed, for the rebuild.
    var observation: CacheObservation?
    /// When caching, the stamps of the loaded configuration and its files' include lists.
    var stamps: [FileStamp]?
    var includes: [String: [String]] = [:]
    /// Whether a file of the loaded configuration selects fonts by pattern, when the stamps'
    /// scan read every file; `nil` when not known.
    var selectsByPattern: Bool?

    func cache(_ shelf: CacheShelf) -> CatalogCacheFile? {
      switch shelf {
      case .answers: answers
      case .faces: faces
      }
    }

    mutating func setCache(_ file: CatalogCacheFile?, _ shelf: CacheShelf) {
      switch shelf {
      case .answers: answers = file
      case .faces: faces = file
      }
    }

    func wasRead(_ shelf: CacheShelf) -> Bool {
      switch shelf {
      case .answers: answersRead
      case .faces: facesRead
      }
    }

    mutating func markRead(_ shelf: CacheShelf) {
      switch shelf {
      case .answers: answersRead = true
      case .faces: facesRead = true
      }
    }
  }

  /// Opens the default configuration or the one in `configFile`.
  ///
  /// Nothing is parsed yet: fontconfig loads the configuration on the first question that the
  /// cache cannot answer.
  ///
  /// - Parameters:
  ///   - configFile: A `fonts.conf` to load instead of the default configuration.
  ///   - cache: Where answers are cached on disk.
  /// - Throws: ``FontError/configurationUnavailable(path:)`` when `configFile` is not readable.
  public convenience init(
    configFile: String? = nil, cache: FontCacheLocation = .automatic
  ) throws(FontError) {
    try self.init(configFile: configFile, cache: cache, environment: nil)
  }

  /// Opens a configuration; `environment`, when given, replaces the process environment in the
  /// cache key (tests).
  init(
    configFile: String?, cache: FontCacheLocation, environment overrides: [String: String]?
  ) throws(FontError) {
    if let configFile, access(configFile, R_OK) != 0 {
      throw .configurationUnavailable(path: configFile)
    }
    self.configFile = configFile
    self.cacheFolder = cache.folder
    self.state = Mutex(State())
    // No fontconfig version here: asking for it would load the library on every cached
    // answer. The library's file is stamped instead (see `stamps`), and the folders that
    // choose which file the loader finds are part of the key.
    var key = "pickers-fonts 2|file="
    if let configFile {
      if let resolved = realpath(configFile, nil) {
        key += String(cString: resolved)
        free(resolved)
      } else {
        key += configFile
      }
    }
    var relative = false
    func variable(_ name: String) -> String {
      (overrides.map { $0[name] } ?? environment(name)) ?? ""
    }
    for name in Self.environmentNames {
      let value = variable(name)
      key += "|\(name)=" + value
      if Self.pathNames.contains(name), !value.isEmpty, !value.hasPrefix("/") { relative = true }
    }
    // The loader looks in LD_LIBRARY_PATH before the system's folders: those of its folders
    // that hold a fontconfig library choose the one that answers. Not the variable itself:
    // valgrind sets it (to /usr/lib/debug) for every program it runs, and a profiled run would
    // never see the cache.
    key += "|fontconfig-in="
    for folder in variable("LD_LIBRARY_PATH").split(whereSeparator: { $0 == ":" || $0 == ";" })
    where access(folder + "/libfontconfig.so.1", F_OK) == 0 {
      key += escape(String(folder)) + ";"
      if !folder.hasPrefix("/") { relative = true }
    }
    // A relative FONTCONFIG_FILE names another file in another folder.
    if relative, let folder = getcwd(nil, 0) {
      key += "|cwd=" + String(cString: folder)
      free(folder)
    }
    self.environmentKey = key
  }

  deinit {
    state.withLock { state in
      guard let config = state.config else { return }
      if processIsExiting.load(ordering: .relaxed), !Self.selectsByPattern(config, state),
        Self.keepUntilExit(config)
      {
        return
      }
      FcConfigDestroy(config)
    }
  }

  /// Tells every catalog that the process ends soon after it is done with it, so that its
  /// configuration is left to the end of the process instead of being torn down.
  ///
  /// For a short command-line program: destroying a configuration frees every pattern and rule
  /// fontconfig built (1.4 M instructions for the test font set), work that the exit makes
  /// moot. A catalog released afterwards keeps its configuration reachable until the process
  /// ends (so leak checkers do not report it); past a few such catalogs, configurations are
  /// destroyed again, so a loop cannot pile them up. Long-lived programs never call this.
  ///
  ///     FontCatalog.leaveConfigurationsToProcessExit()   // first thing in main()
  public static func leaveConfigurationsToProcessExit() {
    processIsExiting.store(true, ordering: .relaxed)
  }

  /// Whether a file of `config` holds an `<acceptfont>` or `<rejectfont>` pattern.
  ///
  /// Debian's 70-no-bitmaps.conf does. fontconfig addresses a pattern's elements by an offset from the
  /// pattern, so a leak checker finds no pointer to them once the process ends with the
  /// configuration alive (288 bytes "definitely lost" for that file): such a configuration is
  /// destroyed. Known from the stamps' scan when it read every file, else read now.
  private static func selectsByPattern(_ config: OpaquePointer, _ state: borrowing State) -> Bool {
    if let known = state.selectsByPattern { return known }
    return ConfigurationIncludeScanner.anySelectsByPattern(strings(FcConfigGetConfigFiles(config)))
  }

  /// Keeps `config` reachable until the process ends; `false` when enough already are.
  private static func keepUntilExit(_ config: OpaquePointer) -> Bool {
    configurationsKeptUntilExit.withLock { kept in
      guard kept.count < 8 else { return false }
      kept.append(UInt(bitPattern: config))
      return true
    }
  }

  /// The variables that name files or folders (a relative value depends on the working folder).
  ///
  /// An array: a `Set` literal's first use made the runtime check `String: Hashable` by
  /// scanning the binary's conformance records (0.18 M instructions a run).
  private static let pathNames: [String] = [
    "FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT", "HOME", "XDG_CONFIG_HOME",
    "XDG_DATA_HOME", "XDG_CACHE_HOME",
  ]

  /// The variables fontconfig reads while loading or matching: a change to any of them
  /// makes cached answers invalid.
  private static let environmentNames = [
    "FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT", "FC_LANG", "LC_ALL", "LC_CTYPE",
    "LANG", "HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_DATA_DIRS",
  ]

  // MARK: - The configuration, for the text layer

  /// Loads the configuration now, so that a broken one is reported before any question.
  ///
  /// - Throws: ``FontError/configurationUnavailable(path:)``.
  public func loadConfiguration() throws(FontError) {
    _ = try withLoadedConfig { _ in () }
  }

  /// Runs `body` with the `FcConfig *` while holding the catalog's lock.
  ///
  /// For the text layer's font fallback, which needs `FcFontSort` and charsets directly. The
  /// pointer must not escape `body`. When the configuration cannot be loaded, `body` sees an
  /// empty configuration (no fonts); ``loadConfiguration()`` reports the reason.
  internal func withConfig<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R {
    // The lock only guards fontconfig calls; the result is the caller's and does not stay behind
    // the lock, so handing it out unchecked is sound.
    nonisolated(unsafe) var result: R?
    try state.withLock { (state: inout State) throws -> Void in
      let config: OpaquePointer
      if let loaded = try? loadedConfig(&state) {
        config = loaded
      } else if let empty = FcConfigCreate() {
        state.config = empty
        config = empty
      } else {
        preconditionFailure("fontconfig could not allocate an empty configuration")
      }
      result = try body(config)
    }
    guard let result else { preconditionFailure("withLock returned without running its body") }
    return result
  }

  // MARK: - Loading and caching

  /// Whether fontconfig has loaded the configuration (false while the cache answers everything).
  var isConfigurationLoaded: Bool { state.withLock { $0.config != nil } }

  /// The cache file this catalog reads and writes, or `nil` when caching is off.
  var cacheFilePath: String? {
    cacheFolder.map { $0 + "/" + CatalogCacheFile.fileName(for: environmentKey) }
  }

  /// Runs `body` with the loaded configuration, under the lock.
  func withLoadedConfig<R: Sendable>(
    _ body: (OpaquePointer) throws(FontError) -> R
  ) throws(FontError) -> R {
    try state.withLock { (state: inout State) throws(FontError) -> R in
      try body(try loadedConfig(&state))
    }
  }

  /// The cached answer to `key`, or `compute`'s answer, which is then cached.
  func cachedLines(
    _ key: String, shelf: CacheShelf = .answers,
    _ compute: (OpaquePointer) throws(FontError) -> [String]
  ) throws(FontError) -> [String] {
    try state.withLock { (state: inout State) throws(FontError) -> [String] in
      guard let cacheFolder else { return try compute(try loadedConfig(&state)) }
      if !state.wasRead(shelf) {
        state.markRead(shelf)
        let path = cacheFolder + "/" + CatalogCacheFile.fileName(for: environmentKey, shelf: shelf)
        switch CatalogCacheFile.load(path: path, environmentKey: environmentKey) {
        case .current(let file):
          // Once fontconfig is loaded, only answers from its very files are used.
          if state.stamps == nil || state.stamps == file.stamps { state.setCache(file, shelf) }
        case .stale(let observation):
          if state.config == nil, state.observation == nil { state.observation = observation }
        case .unusable:
          break
        }
      }
      if let lines = state.cache(shelf)?.lines(for: key) { return lines }
      let lines = try compute(try loadedConfig(&state))
      guard let stamps = state.stamps else { return lines }
      var file =
        state.cache(shelf)
        ?? CatalogCacheFile(
          environmentKey: environmentKey, stamps: stamps, includes: state.includes,
          capacity: shelf.capacity)
      file.store(lines, for: key)
      file.save(folder: cacheFolder, shelf: shelf)
      state.setCache(file, shelf)
      return lines
    }
  }

  /// The configuration, loaded on first use; when caching, also stamps the files this
  /// configuration was built from.
  private func loadedConfig(_ state: inout State) throws(FontError) -> OpaquePointer {
    if let config = state.config { return config }
    if let error = state.loadError { throw error }
    // The configuration is parsed first and the fonts scanned after, so that the font folders
    // are stamped *before* the scan: a font added while fontconfig scans then makes the stamps
    // differ next time, instead of being recorded as already seen.
    let loaded: OpaquePointer?
    if let configFile {
      loaded = FcConfigCreate()
      if let loaded, FcConfigParseAndLoad(loaded, configFile, FcTrue) == FcFalse {
        FcConfigDestroy(loaded)
        state.loadError = .configurationUnavailable(path: configFile)
        throw .configurationUnavailable(path: configFile)
      }
    } else {
      loaded = Self.defaultConfiguration()
    }
    guard let loaded else {
      let error = FontError.configurationUnavailable(path: configFile ?? "fonts.conf")
      state.loadError = error
      throw error
    }
    // A stale cache file's paths were stat'd before any of this: they count as taken before.
    // Not fontconfig's cache folders (written during the scan) nor the current folder.
    var earlier = (state.observation?.stamps ?? [:]).filter {
      !$0.key.hasPrefix("cache:") && !$0.key.hasPrefix("cwd:")
    }
    var scanStart = timespec()
    if let cacheFolder {
      // Made before the stamps are taken: creating it must not change a stamped parent later.
      if access(cacheFolder, F_OK) != 0 { CatalogCacheFile.makeFolders(cacheFolder) }
      for folder in Self.strings(FcConfigGetFontDirs(loaded)) where earlier[folder] == nil {
        earlier[folder] = FileStamp(current: folder)
      }
      clock_gettime(CLOCK_REALTIME, &scanStart)
    }
    guard FcConfigBuildFonts(loaded) == FcTrue else {
      FcConfigDestroy(loaded)
      let error = FontError.configurationUnavailable(path: configFile ?? "fonts.conf")
      state.loadError = error
      throw error
    }
    state.config = loaded
    if cacheFolder != nil {
      let (after, includes, selectsByPattern) = Self.stamps(
        loaded, configFile: configFile, earlier: earlier,
        knownIncludes: state.observation?.includes ?? [:])
      let stamps = Self.settled(
        earlier: earlier, after: after,
        fontFolders: Set(Self.strings(FcConfigGetFontDirs(loaded))), scanStart: scanStart)
      state.stamps = stamps
      state.includes = includes
      state.selectsByPattern = selectsByPattern
      state.observation = nil
      if state.answers?.stamps != stamps { state.answers = nil }
      if state.faces?.stamps != stamps { state.faces = nil }
    }
    return loaded
  }
}

/// Set by ``FontCatalog/leaveConfigurationsToProcessExit()``.
private let processIsExiting = Atomic<Bool>(false)

/// The configurations of catalogs released while the process is exiting, as addresses: kept so
/// that they stay reachable until it ends.
private let configurationsKeptUntilExit = Mutex<[UInt]>([])
