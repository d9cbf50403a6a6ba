#if canImport(Glibc)
  import Glibc
#endif

/// Why a configuration file's folder could not be prepared, locked, or a file set aside.
///
/// The stores built on these helpers (``FavoriteStore``, ``FontCollectionStore``,
/// ``FontActivation``) turn the reason into their own error, naming their file.
struct ConfigFileProblem: Error, Equatable, Sendable {
  /// What went wrong, lowercase, as a message's tail.
  var reason: String
  /// The `errno` behind it, or 0.
  var code: Int32 = 0
}

/// The guarantees of pickers' configuration files, shared by every store that writes one:
/// folders created on demand, an exclusive lock held while a file is read again and rewritten,
/// and a file that cannot be understood renamed aside instead of overwritten.
enum LockedConfigFile {
  /// Creates `folder` and every missing parent (mode 0755).
  static func makeFolders(_ folder: String) throws(ConfigFileProblem) {
    var current = folder.hasPrefix("/") ? "" : "."
    for part in folder.split(separator: "/") {
      current += "/" + part
      if mkdir(current, 0o755) != 0, errno != EEXIST {
        let code = errno
        throw ConfigFileProblem(
          reason: "cannot create '\(current)': \(errnoText(code))", code: code)
      }
    }
  }

  /// The folder of `path` (empty for a bare name).
  static func folder(of path: String) -> String {
    String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
  }

  /// Where ``moveAside(_:)`` put a file.
  enum Aside: Equatable, Sendable {
    /// The file now has this name.
    case moved(to: String)
    /// The file was gone before it could be moved.
    case disappeared
  }

  /// Renames `path` aside, to `<path>.corrupt-<seconds since 1970>`.
  ///
  /// `-2`, `-3`... are added when that name is taken.
  /// A hard link to the new name is made first and the old name removed after, because `link`
  /// refuses an existing name where `rename` would silently replace it.
  ///
  /// - Throws: ``ConfigFileProblem`` with the system's reason when it cannot be moved.
  static func moveAside(_ path: String) throws(ConfigFileProblem) -> Aside {
    let stem = path + ".corrupt-\(Int(time(nil)))"
    var aside = stem
    var attempt = 1
    while link(path, aside) != 0 {
      let code = errno
      if code == ENOENT { return .disappeared }
      guard code == EEXIST, attempt < 1000 else {
        throw ConfigFileProblem(reason: errnoText(code), code: code)
      }
      attempt += 1
      aside = stem + "-\(attempt)"
    }
    guard unlink(path) == 0 else {
      let code = errno
      _ = unlink(aside)
      throw ConfigFileProblem(reason: errnoText(code), code: code)
    }
    return .moved(to: aside)
  }

  /// The system's text for `code`, lowercase.
  static func errnoText(_ code: Int32) -> String {
    String(cString: strerror(code)).lowercased()
  }
}

/// An exclusive `flock` on a folder, held while one process rewrites a file in it.
///
/// The folder is locked rather than the file because the file is replaced by a rename: a lock
/// on it would stay with the old inode. Waiting is bounded (10 s), so a stuck holder makes the
/// write fail instead of hanging the program.
struct FolderLock {
  private let descriptor: Int32

  /// Opens and locks `folder`, waiting up to 10 seconds for another holder.
  ///
  /// - Throws: ``ConfigFileProblem`` when the folder cannot be opened or locked in time.
  init(_ folder: String) throws(ConfigFileProblem) {
    descriptor = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      throw ConfigFileProblem(
        reason: "cannot open '\(folder)': \(String(cString: strerror(code)))", code: code)
    }
    var waited = 0
    while true {
      let locked: Bool
      do { locked = try SystemCall.tryLock(descriptor) } catch {
        close(descriptor)
        throw ConfigFileProblem(
          reason: "cannot lock '\(folder)': \(String(cString: strerror(error.code)))",
          code: error.code)
      }
      if locked { break }
      guard waited < 1000 else {
        close(descriptor)
        throw ConfigFileProblem(
          reason: "another program held the lock on '\(folder)' for over 10 seconds")
      }
      usleep(10_000)
      waited += 1
    }
  }

  /// Unlocks and closes the folder.
  func release() {
    _ = flock(descriptor, LOCK_UN)
    close(descriptor)
  }
}
