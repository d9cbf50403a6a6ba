import CFontconfig

/// fontconfig's cache of one font folder, refreshed after ``FontInstaller`` changes the folder:
/// what `fc-cache DIR` does, through the library, under the configuration every program loads.
enum FontFolderCache {
  /// What a refresh found.
  struct Refresh: Hashable, Sendable {
    /// Whether the configuration lists the folder, or a folder above it, as a font folder.
    var readByConfiguration: Bool
    /// The folders whose caches were written.
    var rescanned: [String]
  }

  /// Rescans `folder` and, when the configuration lists it, its parent, writing their caches.
  ///
  /// The configuration is parsed without its fonts being loaded (so only these folders are
  /// read). The parent is rescanned too because its cache records its subfolders, and
  /// `folder` may be new.
  ///
  /// The corresponding C functions are `FcConfigParseAndLoad` and `FcDirCacheRescan`.
  static func refresh(_ folder: String) -> Refresh {
    guard let config = FcConfigCreate() else {
      return Refresh(readByConfiguration: false, rescanned: [])
    }
    defer { FcConfigDestroy(config) }
    guard FcConfigParseAndLoad(config, nil, FcTrue) == FcTrue else {
      return Refresh(readByConfiguration: false, rescanned: [])
    }
    let fontFolders = FontCatalog.strings(FcConfigGetFontDirs(config))
    let parent = LockedConfigFile.folder(of: folder)
    let reads = fontFolders.contains { $0 == folder || folder.hasPrefix($0 + "/") }
    guard reads else { return Refresh(readByConfiguration: false, rescanned: []) }
    var rescanned: [String] = []
    for path in fontFolders.contains(parent) ? [parent, folder] : [folder] {
      if let cache = FcDirCacheRescan(path, config) {
        FcDirCacheUnload(cache)
        rescanned.append(path)
      }
    }
    return Refresh(readByConfiguration: true, rescanned: rescanned)
  }
}
