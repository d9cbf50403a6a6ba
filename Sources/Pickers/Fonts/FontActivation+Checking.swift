import CFontconfig

/// What fontconfig read: the question ``FontActivation`` asks after writing its file.
extension FontCatalog {
  /// Whether the configuration this catalog loaded parsed the file at `path`.
  ///
  /// The corresponding C function is `FcConfigGetConfigFiles`.
  ///
  /// - Throws: ``FontError/configurationUnavailable(path:)``.
  public func readsConfigurationFile(_ path: String) throws(FontError) -> Bool {
    try withLoadedConfig { config in
      Self.strings(FcConfigGetConfigFiles(config)).contains(path)
    }
  }
}
