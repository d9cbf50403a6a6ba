import CFontconfig

#if canImport(Glibc)
  import Glibc
#endif

/// What `pickers doctor` reports about the loaded configuration.
extension FontCatalog {
  /// The files fontconfig read, its cache folders and how many fonts it lists.
  struct ConfigurationFacts: Hashable, Sendable {
    /// Every configuration file read, in the order fontconfig read them (not the folders).
    var configFiles: [String]
    /// The folders fontconfig keeps its own caches in (`<cachedir>`), in order.
    var cacheFolders: [String]
    /// The patterns `fc-list` prints: one per family, style and file.
    var fontCount: Int
  }

  /// Loads the configuration and reads its facts.
  ///
  /// The corresponding C functions are `FcConfigGetConfigFiles`, `FcConfigGetCacheDirs` and
  /// `FcFontList` (with fc-list's own object set: family, style and file).
  ///
  /// - Throws: ``FontError/configurationUnavailable(path:)``.
  func configurationFacts() throws(FontError) -> ConfigurationFacts {
    try withLoadedConfig { config in
      var count = 0
      Self.withFontList(config, pattern: nil, objects: [FC_FAMILY, FC_STYLE, FC_FILE]) {
        count = $0.count
      }
      return ConfigurationFacts(
        configFiles: Self.strings(FcConfigGetConfigFiles(config)).filter(Self.isFile),
        cacheFolders: Self.strings(FcConfigGetCacheDirs(config)), fontCount: count)
    }
  }

  /// Whether `path` is a regular file (fontconfig lists the folders it read, too).
  private static func isFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
  }
}
