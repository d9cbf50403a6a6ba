import Glibc

/// The folder an output file (`-o FILE`) goes into: checked before anything is written, and
/// created with `--mkdir`.
///
///     try OutputFolder.writing(to: path, createFolders: mkdir) {
///       try writeAtomically(bytes, to: path)
///     }
///
/// Without `--mkdir` a missing folder is an error that says how to create it; with it, every
/// missing folder on the way is made with mode 0755 (less the umask, as `mkdir -p` does), and
/// the folders this run made are removed again when the write then fails, so a failed run
/// leaves nothing behind.
enum OutputFolder {
  /// The flag every command with `-o` takes.
  static let mkdirSpec = ArgumentSpec.flag(
    "--mkdir", help: "Create the output file's missing folders (mode 0755) first.")

  /// Runs `write` once the folder of `path` exists (`-` is standard output: nothing to check).
  ///
  /// - Throws: ``OutputFolderError`` when the folder is missing and `createFolders` is false,
  ///   or cannot be created; otherwise whatever `write` throws.
  static func writing<R>(
    to path: String, createFolders: Bool, _ write: () throws -> R
  ) throws -> R {
    let created = try prepare(path, createFolders: createFolders)
    do {
      return try write()
    } catch {
      remove(created)
      throw error
    }
  }

  /// ``writing(to:createFolders:_:)`` for an asynchronous write.
  static func writing<R>(
    to path: String, createFolders: Bool, _ write: () async throws -> R
  ) async throws -> R {
    let created = try prepare(path, createFolders: createFolders)
    do {
      return try await write()
    } catch {
      remove(created)
      throw error
    }
  }

  /// The folder part of `path` (`a/b` for `a/b/c.png`, `/` for `/c.png`), or `nil` for a
  /// file name alone.
  static func folder(of path: String) -> String? {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return nil }
    let folder = trimmed[..<slash]
    return folder.isEmpty ? "/" : String(folder)
  }

  /// Checks (and with `createFolders`, creates) the folder of `path`; returns the folders it
  /// made, deepest last.
  static func prepare(_ path: String, createFolders: Bool) throws(OutputFolderError) -> [String] {
    guard path != "-", let folder = folder(of: path), !exists(folder) else { return [] }
    // Only a missing folder is handled here: a file in the way, or a folder that refuses
    // access, is reported by the writer with the system's reason.
    guard errno == ENOENT else { return [] }
    guard createFolders else { throw .missing(path: path, folder: folder) }
    // Every ancestor that does not exist yet, outermost first.
    var missing: [String] = []
    var current: String? = folder
    while let candidate = current, !exists(candidate) {
      guard errno == ENOENT else { break }
      missing.insert(candidate, at: 0)
      current = Self.folder(of: candidate)
    }
    var created: [String] = []
    for candidate in missing {
      if mkdir(candidate, 0o755) != 0 && errno != EEXIST {
        let reason = String(cString: strerror(errno))
        remove(created)
        throw .cannotCreate(folder: candidate, reason: reason.lowercasedFirst)
      }
      created.append(candidate)
    }
    return created
  }

  /// Removes the folders a run made, deepest first, while they are empty.
  static func remove(_ created: [String]) {
    for folder in created.reversed() where rmdir(folder) != 0 { return }
  }

  /// Whether something exists at `path` (following links); `errno` says why not.
  private static func exists(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0
  }

  /// `text` quoted for a POSIX shell when it needs quoting.
  static func shellQuoted(_ text: String) -> String {
    let plain = text.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII
        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
          || "/._-+,:@%~".unicodeScalars.contains(scalar))
    }
    if plain && !text.isEmpty && !text.hasPrefix("~") { return text }
    return "'" + text.replacing("'", with: "'\\''") + "'"
  }
}

/// Why the folder of an output file is not there.
enum OutputFolderError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The folder does not exist and `--mkdir` was not given.
  case missing(path: String, folder: String)
  /// `--mkdir` could not create a folder.
  case cannotCreate(folder: String, reason: String)

  var description: String {
    switch self {
    case .missing(let path, let folder):
      "cannot write \"\(path)\": folder \"\(folder)\" does not exist (create it with mkdir -p "
        + "\(OutputFolder.shellQuoted(folder)), or pass --mkdir)"
    case .cannotCreate(let folder, let reason):
      "cannot create folder \"\(folder)\": \(reason)"
    }
  }
}

extension String {
  /// The string with its first character lowercased ("No such file" -> "no such file").
  fileprivate var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
