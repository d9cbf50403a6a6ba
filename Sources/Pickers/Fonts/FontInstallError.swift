/// Why fonts could not be installed or uninstalled.
public enum FontInstallError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No `XDG_DATA_HOME` and no `HOME` to find the user's font folder.
  case noDataDirectory
  /// A file named on the command line could not be read.
  case unreadable(path: String, reason: String)
  /// A file, or a member of a zip archive, is not a font pickers installs, or is damaged.
  case refused(source: String, reason: String)
  /// A zip archive holds no font.
  case noFonts(archive: String)
  /// The fonts of one command add up to more than the limit.
  case tooLarge(source: String, limit: Int)
  /// A family to uninstall is not one pickers installed.
  case notInstalled(String, installed: [String])
  /// The record of installed fonts exists but is not pickers' (it stays where it is).
  case invalidRecord(path: String)
  /// A file could not be read.
  case readFailed(path: String, reason: String)
  /// A font or the record could not be written, or a folder created or locked.
  case writeFailed(path: String, reason: String)

  public var description: String {
    switch self {
    case .noDataDirectory:
      "cannot find the user's font folder: neither XDG_DATA_HOME nor HOME is set"
    case .unreadable(let path, let reason):
      "cannot install '\(path)': \(reason); nothing was copied"
    case .refused(let source, let reason):
      "cannot install '\(source)': \(reason); nothing was copied"
    case .noFonts(let archive):
      "cannot install '\(archive)': the archive holds no TrueType, OpenType, TTC, WOFF or WOFF2 "
        + "font; nothing was copied"
    case .tooLarge(let source, let limit):
      "cannot install '\(source)': the fonts add up to more than \(limit / 1_048_576) MiB; "
        + "nothing was copied"
    case .notInstalled(let family, let installed):
      "\"\(family)\" was not installed by pickers ("
        + (installed.isEmpty
          ? "pickers installed no fonts"
          : "pickers installed: " + installed.joined(separator: ", ")) + "); nothing was removed"
    case .invalidRecord(let path):
      "'\(path)' is not pickers' record of installed fonts; nothing was removed"
    case .readFailed(let path, let reason): "cannot read '\(path)': \(reason)"
    case .writeFailed(let path, let reason): "cannot write '\(path)': \(reason)"
    }
  }
}
