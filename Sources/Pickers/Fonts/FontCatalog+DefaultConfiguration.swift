import CFontconfig

/// How the default configuration is loaded: parsed by `FcConfigParseAndLoad` alone.
extension FontCatalog {
  /// The default configuration (`FONTCONFIG_FILE`, else fonts.conf), as `FcInitLoadConfig`
  /// loads it, less what that function adds for `fc-conflist`: it also parses every template
  /// in fontconfig's conf.avail folder (72 files on Debian 12) only to list their
  /// descriptions, whose rules are never applied, at 12 M of its 28 M instructions.
  ///
  /// When the parse fails, or the configuration names no cache folder, fontconfig's own
  /// function is used after all, for its fallback configuration and default cache folders.
  static func defaultConfiguration() -> OpaquePointer? {
    guard let config = FcConfigCreate() else { return nil }
    // Quietly: on failure FcInitLoadConfig reads the file again, and says why.
    if FcConfigParseAndLoad(config, nil, FcFalse) == FcTrue {
      if let folders = FcConfigGetCacheDirs(config) {
        defer { FcStrListDone(folders) }
        if FcStrListNext(folders) != nil { return config }
      }
    }
    FcConfigDestroy(config)
    return FcInitLoadConfig()
  }
}
