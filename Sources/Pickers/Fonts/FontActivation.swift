#if canImport(Glibc)
  import Glibc
#endif

/// Turning font families off and on for every program that uses fontconfig.
///
/// pickers writes exactly one file, `$XDG_CONFIG_HOME/fontconfig/conf.d/80-pickers-disabled.conf`
/// (else `~/.config/...`): a `<selectfont><rejectfont>` with one pattern per disabled family.
/// fontconfig then leaves those fonts out of every list and match (`fc-list`, `fc-match`, GTK,
/// Qt, browsers), and enabling the last family removes the file, so every answer is again what
/// it was. Every change takes an exclusive lock on the folder, reads the file again, applies
/// only its own change and writes atomically, so concurrent writers lose nothing. A file that is
/// not in pickers' own form is never overwritten: a change renames it aside and says so.
///
///     let activation = try FontActivation(environment: environment)
///     let change = try activation.disable(["DejaVu Serif"])
///     for warning in change.warnings { print(warning) }   // "serif now resolves to ..."
///     try activation.enable(["DejaVu Serif"])
///
/// Debian's fontconfig reads that folder through `50-user.conf`; ``Change/readByConfiguration``
/// says whether the configuration in use does.
public struct FontActivation: Hashable, Sendable {
  /// The file pickers writes.
  public let path: String

  /// The file's name in the `conf.d` folder.
  public static let fileName = "80-pickers-disabled.conf"

  /// An activation file at an explicit path.
  public init(path: String) {
    self.path = path
  }

  /// The file where the XDG base directory specification puts the user's fontconfig folder.
  ///
  /// - Throws: ``FontActivationError/noConfigDirectory``.
  public init(environment: [String: String]) throws(FontActivationError) {
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
      path = config + "/fontconfig/conf.d/" + Self.fileName
    } else if let home = environment["HOME"], !home.isEmpty {
      path = home + "/.config/fontconfig/conf.d/" + Self.fileName
    } else {
      throw .noConfigDirectory
    }
  }

  /// The disabled families, in the file's order; none when there is no file.
  ///
  /// - Throws: ``FontActivationError/invalid(path:)`` for a file pickers did not write (it
  ///   stays where it is), ``FontActivationError/readFailed(path:reason:)``.
  public func disabled() throws(FontActivationError) -> [String] {
    guard let families = try read() else { throw .invalid(path: path) }
    return families
  }

  /// What a change did.
  public struct Change: Hashable, Sendable {
    /// The disabled families before.
    public var before: [String]
    /// The disabled families now.
    public var after: [String]
    /// Messages: a file moved aside, a generic family that resolves elsewhere now.
    public var warnings: [String]
    /// Whether the configuration in use reads the file (`nil` when it was removed).
    public var readByConfiguration: Bool?
  }

  /// Disables `families` (names as installed; repeats and already disabled ones are skipped).
  ///
  /// When `sans-serif`, `serif` or `monospace` resolved to one of them before, a warning
  /// names what it resolves to now.
  ///
  /// - Parameter families: Family names.
  /// - Returns: The change, with its warnings.
  /// - Throws: ``FontActivationError/writeFailed(path:reason:)`` and the catalog's errors.
  @discardableResult
  public func disable(_ families: [String]) throws -> Change {
    let generics = ["sans-serif", "serif", "monospace"]
    let before = try FontCatalog(cache: .disabled)
    var previous: [String: String] = [:]
    for generic in generics { previous[generic] = try before.match(pattern: generic).family }
    var change = try modify { current in
      var result = current
      for family in families
      where !result.contains(where: { $0.lowercased() == family.lowercased() }) {
        result.append(family)
      }
      return result
    }
    let after = try FontCatalog(cache: .disabled)
    change.readByConfiguration = try after.readsConfigurationFile(path)
    guard change.readByConfiguration == true else { return change }
    let folded = Set(change.after.map { $0.lowercased() })
    for generic in generics {
      guard let was = previous[generic], folded.contains(was.lowercased()) else { continue }
      let now = try after.match(pattern: generic).family
      change.warnings.append("\(generic) resolved to \"\(was)\"; it now resolves to \"\(now)\"")
    }
    return change
  }

  /// Enables `families` again; `nil` enables every family (the file is removed).
  ///
  /// - Returns: The change.
  /// - Throws: ``FontActivationError/notDisabled(_:)`` for a family that is not disabled
  ///   (nothing is changed), ``FontActivationError/writeFailed(path:reason:)``.
  @discardableResult
  public func enable(_ families: [String]?) throws -> Change {
    var change = try modify { (current: [String]) throws(FontActivationError) -> [String] in
      guard let families else { return [] }
      let folded = Set(current.map { $0.lowercased() })
      for family in families where !folded.contains(family.lowercased()) {
        throw .notDisabled(family)
      }
      let removed = Set(families.map { $0.lowercased() })
      return current.filter { !removed.contains($0.lowercased()) }
    }
    if !change.after.isEmpty {
      change.readByConfiguration = try FontCatalog(cache: .disabled).readsConfigurationFile(path)
    }
    return change
  }

  // MARK: - The file

  /// The first line of the file: how pickers recognizes its own.
  static let marker =
    "<!-- Written by pickers (pickers font disable / enable): fonts fontconfig hides. -->"

  /// The file's text for `families`.
  static func text(_ families: [String]) -> String {
    var text =
      "<?xml version=\"1.0\"?>\n<!DOCTYPE fontconfig SYSTEM \"urn:fontconfig:fonts.dtd\">\n"
    text += marker + "\n<fontconfig>\n  <selectfont>\n    <rejectfont>\n"
    for family in families {
      text += "      <pattern><patelt name=\"family\"><string>\(escaped(family))"
      text += "</string></patelt></pattern>\n"
    }
    return text + "    </rejectfont>\n  </selectfont>\n</fontconfig>\n"
  }

  /// Reads pickers' own form back; `nil` for any other text.
  static func families(in text: String) -> [String]? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let head = [
      "<?xml version=\"1.0\"?>", "<!DOCTYPE fontconfig SYSTEM \"urn:fontconfig:fonts.dtd\">",
      marker, "<fontconfig>", "  <selectfont>", "    <rejectfont>",
    ]
    let tail = ["    </rejectfont>", "  </selectfont>", "</fontconfig>", ""]
    guard lines.count >= head.count + tail.count, Array(lines.prefix(head.count)) == head,
      Array(lines.suffix(tail.count)) == tail
    else { return nil }
    let prefix = "      <pattern><patelt name=\"family\"><string>"
    let suffix = "</string></patelt></pattern>"
    var families: [String] = []
    for line in lines.dropFirst(head.count).dropLast(tail.count) {
      guard line.hasPrefix(prefix), line.hasSuffix(suffix) else { return nil }
      guard
        let family = unescaped(String(line.dropFirst(prefix.count).dropLast(suffix.count)))
      else { return nil }
      families.append(family)
    }
    return families
  }

  private static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }

  private static func unescaped(_ text: String) -> String? {
    var result = ""
    var rest = Substring(text)
    while let amp = rest.firstIndex(of: "&") {
      result += rest[..<amp]
      rest = rest[amp...]
      guard
        let entity = ["&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": "\""]
          .first(where: { rest.hasPrefix($0.key) })
      else { return nil }
      result += entity.value
      rest = rest.dropFirst(entity.key.count)
    }
    guard !rest.contains("<"), !rest.contains(">") else { return nil }
    return result + rest
  }

  /// The families in the file; `[]` when there is none, `nil` when it is not pickers' form.
  private func read() throws(FontActivationError) -> [String]? {
    let bytes: [UInt8]
    do throws(FileReadError) {
      bytes = try readFile(path, maximumSize: 16 * 1_048_576, regularOnly: true)
    } catch {
      switch error {
      case .notFound: return []
      case .tooLarge: throw .readFailed(path: path, reason: "it is over 16 MiB")
      case .isDirectory: throw .readFailed(path: path, reason: "it is a folder")
      case .failed(_, _, let reason): throw .readFailed(path: path, reason: reason)
      }
    }
    return Self.families(in: String(decoding: bytes, as: UTF8.self))
  }

  /// Applies `body` to the file under the folder's lock; an empty result removes the file.
  private func modify(_ body: ([String]) throws(FontActivationError) -> [String])
    throws(FontActivationError) -> Change
  {
    let folder = LockedConfigFile.folder(of: path)
    let lock: FolderLock
    do throws(ConfigFileProblem) {
      try LockedConfigFile.makeFolders(folder)
      lock = try FolderLock(folder)
    } catch {
      throw .writeFailed(path: path, reason: error.reason)
    }
    defer { lock.release() }
    var warnings: [String] = []
    var current: [String]
    if let families = try read() {
      current = families
    } else {
      do throws(ConfigFileProblem) {
        if case .moved(let aside) = try LockedConfigFile.moveAside(path) {
          warnings.append(
            "'\(path)' was not written by pickers; moved it to '\(aside)' (its fonts are "
              + "visible again) and started with no disabled fonts")
        }
      } catch {
        throw .writeFailed(
          path: path,
          reason: "it is not pickers' file and could not be moved aside "
            + "(\(error.reason))")
      }
      current = []
    }
    let after = try body(current)
    if after.isEmpty {
      if unlink(path) != 0, errno != ENOENT {
        throw .writeFailed(path: path, reason: LockedConfigFile.errnoText(errno))
      }
    } else if after != current {
      do { try writeAtomically(Array(Self.text(after).utf8), to: path) } catch {
        throw .writeFailed(path: path, reason: "\(error)")
      }
    }
    return Change(before: current, after: after, warnings: warnings, readByConfiguration: nil)
  }
}

/// Why fonts could not be disabled or enabled.
public enum FontActivationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No `XDG_CONFIG_HOME` and no `HOME` to find the fontconfig folder.
  case noConfigDirectory
  /// A family to enable is not disabled.
  case notDisabled(String)
  /// The file exists but is not pickers' (reported where it is not moved aside).
  case invalid(path: String)
  /// The file exists but could not be read.
  case readFailed(path: String, reason: String)
  /// The file could not be written, or its folder created or locked.
  case writeFailed(path: String, reason: String)

  public var description: String {
    switch self {
    case .noConfigDirectory:
      "cannot find the fontconfig folder: neither XDG_CONFIG_HOME nor HOME is set"
    case .notDisabled(let family):
      "\"\(family)\" is not disabled ('pickers font disabled' lists them)"
    case .invalid(let path):
      "'\(path)' was not written by pickers; 'pickers font disable' or 'enable' moves it aside"
    case .readFailed(let path, let reason): "cannot read '\(path)': \(reason)"
    case .writeFailed(let path, let reason): "cannot write '\(path)': \(reason)"
    }
  }
}
