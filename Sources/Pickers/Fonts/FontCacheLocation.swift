/// Where a ``FontCatalog`` keeps its on-disk cache of answers.
///
/// Loading a fontconfig configuration parses dozens of XML files on every start; the cache lets
/// a short command answer without it. An answer is reused only while every configuration file,
/// configuration folder and font folder that produced it has the modification time, size and
/// inode it had then (the fontconfig library's file too), the environment fontconfig reads
/// (`FONTCONFIG_FILE`, `FONTCONFIG_PATH`, the locale, `HOME`, the XDG folders) is the same, and
/// so are the `LD_LIBRARY_PATH` folders that hold a fontconfig library. A corrupt or unwritable
/// cache is ignored.
public enum FontCacheLocation: Hashable, Sendable {
  /// `$XDG_CACHE_HOME/pickers`, else `~/.cache/pickers`; off when `PICKERS_NO_CACHE` is set.
  case automatic
  /// No cache: every answer comes from fontconfig.
  case disabled
  /// A folder of your choice (tests).
  case directory(String)

  /// The folder to use, or `nil` when caching is off.
  var folder: String? {
    switch self {
    case .disabled: return nil
    case .directory(let path): return path
    case .automatic:
      if let off = environment("PICKERS_NO_CACHE"), !off.isEmpty { return nil }
      if let xdg = environment("XDG_CACHE_HOME"), xdg.hasPrefix("/") { return xdg + "/pickers" }
      if let home = environment("HOME"), home.hasPrefix("/") { return home + "/.cache/pickers" }
      return nil
    }
  }
}
