#if canImport(Glibc)
  import Glibc
#endif

/// Installing font files for the user, and removing exactly the ones pickers installed.
///
/// Fonts go into `$XDG_DATA_HOME/fonts/pickers/` (else `~/.local/share/fonts/pickers/`), a
/// folder fontconfig reads through Debian's `fonts.conf` (`<dir prefix="xdg">fonts</dir>`, with
/// its subfolders). Every file is checked with FreeType first (every face of a collection, every
/// table inside the file, a sample of glyphs): a file that is not a font, a damaged or truncated
/// one, or one in a format pickers does not install stops the whole install before anything is
/// copied. A `.zip` as font sites ship them is read member by member: fonts in any folder are
/// installed, other members (a README, `OFL.txt`) are skipped with a note, and one damaged font
/// refuses the whole archive.
///
/// A face fontconfig already lists (the same family and style) is reported, not copied again.
/// What pickers installed is kept in `$XDG_DATA_HOME/pickers/installed-fonts.json`, changed
/// under a lock and written atomically, so ``uninstall(_:dryRun:)`` removes only those files.
/// After a change, fontconfig's cache of the folder is rebuilt (what `fc-cache` does).
///
///     let installer = try FontInstaller(environment: environment)
///     let result = try installer.install(["/tmp/Inter.zip"])
///     print(result.familiesAdded)                 // ["Inter"]
///     try installer.uninstall(["Inter"])
public struct FontInstaller: Hashable, Sendable {
  /// The folder fonts are copied into.
  public let folder: String
  /// The record of the files pickers installed there.
  public let recordPath: String

  /// An installer with an explicit font folder and record file.
  public init(folder: String, recordPath: String) {
    self.folder = folder
    self.recordPath = recordPath
  }

  /// The folder and record where the XDG base directory specification puts the user's data.
  ///
  /// - Throws: ``FontInstallError/noDataDirectory``.
  public init(environment: [String: String]) throws(FontInstallError) {
    let data: String
    if let home = environment["XDG_DATA_HOME"], home.hasPrefix("/") {
      data = home
    } else if let home = environment["HOME"], !home.isEmpty {
      data = home + "/.local/share"
    } else {
      throw .noDataDirectory
    }
    folder = data + "/fonts/pickers"
    recordPath = data + "/pickers/installed-fonts.json"
  }

  /// The largest font file read, in bytes (a CJK collection is about 30 MiB).
  public static let maximumFontSize = 128 * 1_048_576
  /// The largest zip archive read, in bytes.
  public static let maximumArchiveSize = 512 * 1_048_576
  /// The most entries a zip archive may have.
  public static let maximumArchiveMembers = 4_096
  /// The most font data one install may unpack, in bytes: a bound on zip bombs.
  public static let maximumTotalSize = 1_024 * 1_048_576

  /// The name endings of the zip members read as fonts.
  static let fontExtensions: Set<String> = ["ttf", "otf", "ttc", "otc", "woff", "woff2"]

  // MARK: - Checking

  /// A font that passed the check.
  public struct CheckedFont: Hashable, Sendable {
    /// What the user named: a path, or `ARCHIVE: MEMBER` for a font inside a zip.
    public var source: String
    /// The name its copy gets (before a clash with an existing file adds `-2`...).
    public var fileName: String
    /// `TrueType`, `OpenType`, `font collection`, `WOFF` or `WOFF2`.
    public var format: String
    /// The number of faces FreeType opened.
    public var faceCount: Int
    /// The file on disk, for a font that is not inside an archive.
    var path: String?
    var bytes: [UInt8]
  }

  /// What ``check(_:)`` found.
  public struct Check: Hashable, Sendable {
    /// Every font, in the order given (an archive's in its directory's order).
    public var fonts: [CheckedFont]
    /// The members of archives that were skipped, and why.
    public var notes: [String]
  }

  /// Reads and checks every file, and every font inside every zip archive.
  ///
  /// - Parameter paths: Font files and `.zip` archives of fonts.
  /// - Returns: The fonts, with notes about skipped archive members.
  /// - Throws: ``FontInstallError/refused(source:reason:)`` for the first file or member that
  ///   is not a font pickers installs, ``FontInstallError/unreadable(path:reason:)``,
  ///   ``FontInstallError/noFonts(archive:)``, ``FontInstallError/tooLarge(source:limit:)``.
  public func check(_ paths: [String]) throws(FontInstallError) -> Check {
    var check = Check(fonts: [], notes: [])
    var total = 0
    for path in paths {
      let bytes = try Self.read(path)
      guard bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 5, 6])
      else {
        guard bytes.count <= Self.maximumFontSize else {
          throw .refused(
            source: path,
            reason: "it is larger than the limit of \(Self.maximumFontSize / 1_048_576) MiB")
        }
        total += bytes.count
        guard total <= Self.maximumTotalSize else {
          throw .tooLarge(source: path, limit: Self.maximumTotalSize)
        }
        check.fonts.append(try Self.checked(bytes, source: path, name: Self.baseName(path), path))
        continue
      }
      let members: [ZipArchive.Member]
      do throws(ZipArchive.Problem) {
        members = try ZipArchive.members(in: bytes, maximumCount: Self.maximumArchiveMembers)
      } catch {
        throw .refused(source: path, reason: error.reason)
      }
      let before = check.fonts.count
      for member in members where !member.isFolder {
        let base = member.baseName
        let ending = base.split(separator: ".").last.map { $0.lowercased() } ?? ""
        if member.name.hasPrefix("__MACOSX/") || base.hasPrefix(".") {
          check.notes.append("skipped '\(member.name)' in '\(path)': a hidden or macOS file")
          continue
        }
        guard Self.fontExtensions.contains(ending), base.contains(".") else {
          check.notes.append("skipped '\(member.name)' in '\(path)': not a font")
          continue
        }
        let source = path + ": " + member.name
        total += member.size
        guard total <= Self.maximumTotalSize else {
          throw .tooLarge(source: source, limit: Self.maximumTotalSize)
        }
        let contents: [UInt8]
        do throws(ZipArchive.Problem) {
          contents = try ZipArchive.contents(
            of: member, in: bytes, maximumSize: Self.maximumFontSize)
        } catch {
          throw .refused(source: source, reason: error.reason)
        }
        check.fonts.append(try Self.checked(contents, source: source, name: base, nil))
      }
      guard check.fonts.count > before else { throw .noFonts(archive: path) }
    }
    return check
  }

  /// Reads a file named on the command line.
  private static func read(_ path: String) throws(FontInstallError) -> [UInt8] {
    do throws(FileReadError) {
      return try readFile(path, maximumSize: maximumArchiveSize, regularOnly: true)
    } catch {
      switch error {
      case .notFound: throw .unreadable(path: path, reason: "no such file")
      case .isDirectory: throw .unreadable(path: path, reason: "it is a folder")
      case .tooLarge:
        throw .unreadable(
          path: path, reason: "it is larger than \(maximumArchiveSize / 1_048_576) MiB")
      case .failed(_, _, let reason): throw .unreadable(path: path, reason: reason)
      }
    }
  }

  /// Runs FreeType's check on `bytes` and names the copy.
  private static func checked(_ bytes: [UInt8], source: String, name: String, _ path: String?)
    throws(FontInstallError) -> CheckedFont
  {
    let passed: FontFileCheck.Passed
    do throws(FontFileCheck.Refusal) { passed = try FontFileCheck.check(bytes) } catch {
      throw .refused(source: source, reason: error.reason)
    }
    return CheckedFont(
      source: source, fileName: fileName(name, format: passed.format),
      format: passed.format.rawValue, faceCount: passed.faces, path: path, bytes: bytes)
  }

  /// The last part of a path.
  static func baseName(_ path: String) -> String {
    String(path.split(separator: "/").last ?? "")
  }

  /// A safe name for the copy: no folder, no leading dot, no control characters, and a font
  /// ending (the format's when the name has none).
  static func fileName(_ name: String, format: FontFileCheck.Format) -> String {
    var clean = String(
      String.UnicodeScalarView(
        name.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F && $0 != "/" }))
    while clean.hasPrefix(".") { clean.removeFirst() }
    if clean.utf8.count > 200 { clean = String(clean.prefix(100)) }
    if clean.isEmpty { clean = "font" }
    let ending = clean.split(separator: ".").last.map { $0.lowercased() } ?? ""
    if !clean.contains(".") || !fontExtensions.contains(ending) {
      clean += "." + format.fileExtension
    }
    return clean
  }
}
