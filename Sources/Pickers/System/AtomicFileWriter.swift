import Glibc

/// Writes `bytes` to `path` so that the path holds either its old content or all of `bytes`.
///
/// The bytes go to a new file in the same folder, which is then given the name `path`
/// (linked, or renamed over an existing file); with ``FileDurability/synced`` it is first
/// flushed to disk with `fsync`, and the folder after it. The new file has no
/// name while it is written (`O_TMPFILE`; where that is unsupported, a hidden temporary name
/// created with `O_EXCL`). On any failure the new file is removed and `path` is left as it
/// was. A replaced file keeps its permission bits.
///
/// A symbolic link is followed: the file it points to is replaced and the link stays (dotfile
/// managers keep configuration files as links). A path that is not a regular file, such as
/// `/dev/null` or a named pipe, is written to directly, never replaced. A descriptor's own name
/// (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`) is written through that
/// descriptor, as `-` is, whatever file it holds: a standard output appended to (`>>`) keeps
/// what it had, and one that is a deleted file cannot make the writer replace `/dev/stdout`.
///
///     try writeAtomically(Array("hello\n".utf8), to: "out/greeting.txt")
///
/// - Parameters:
///   - bytes: The complete new content of the file.
///   - path: Where to write; its folder must exist.
///   - durability: Whether to wait until the file is on disk (see ``FileDurability``).
/// - Returns: The path of the file written: `path`, or the file a symbolic link at `path` led
///   to (a caller that must take back a file it created removes this one, not the link).
/// - Throws: ``FileWriteError`` naming the reason: a missing or unwritable folder, a path that
///   is a folder, or the system's text for a failed write, sync or rename.
@discardableResult
public func writeAtomically(
  _ bytes: [UInt8], to path: String, durability: FileDurability = .atomic
) throws(FileWriteError) -> String {
  try writeAtomically(bytes, to: path, durability: durability, unnamed: true)
}

/// ``writeAtomically(_:to:durability:)`` with the choice of an unnamed file (`O_TMPFILE`) or a
/// named one.
@discardableResult
func writeAtomically(
  _ bytes: [UInt8], to path: String, durability: FileDurability = .atomic, unnamed: Bool
) throws(FileWriteError) -> String {
  let file = try AtomicFile(path: path, durability: durability, unnamed: unnamed)
  // `withUnsafeBytes` rethrows untyped errors, so the typed error travels in a `Result`.
  try bytes.withUnsafeBytes { buffer in
    Result { () throws(FileWriteError) in try file.write(buffer) }
  }.get()
  try file.commit()
  return file.path
}

/// How far a finished write goes to survive a crash of the whole system, not only of the process.
///
/// Both levels are atomic: until the write completes, `path` keeps its old content, and a
/// process killed mid-write (even by SIGKILL) leaves nothing behind. They differ after a power
/// cut or kernel crash, which the process cannot see:
public enum FileDurability: Sendable, Equatable, CaseIterable {
  /// The kernel writes the data back in its own time, as `cp`, ImageMagick and Pillow do. On
  /// ext4 (whose default `auto_da_alloc` flushes a file renamed over another) a replaced file
  /// still holds the old or the new content after a power cut; a new file may be missing.
  case atomic
  /// Also waits for the disk: `fsync` of the file before it gets its name and of the folder
  /// after, so the new content survives a power cut once the write returns. Costs 0.3-4 ms a
  /// file on this project's machines (`docs/reliability.md`).
  case synced
}

/// A file being written without a name, which becomes `path` on ``commit()``.
///
/// On Linux the file is created with `O_TMPFILE`: it has no name in the folder until
/// `commit()` links it in, so a process killed in the middle of writing (even by SIGKILL)
/// leaves nothing behind. Where `O_TMPFILE` is not supported the file gets a hidden temporary
/// name (`.NAME.RANDOM.tmp`, created with `O_EXCL`) that `deinit` or ``discard()`` removes.
/// If the owner drops it without committing (an error, a forgotten `finish`), it is discarded.
final class AtomicFile {
  /// The path the file will have once committed (a symbolic link's target, resolved).
  let path: String
  /// Whether `path` is a device, pipe or socket that is written to in place.
  private let inPlace: Bool
  /// Whether ``commit()`` waits for the disk.
  private let durability: FileDurability
  /// The open file descriptor of the file being written, or -1 once closed.
  private(set) var descriptor: Int32
  /// The temporary name, or `nil` while the file has none (`O_TMPFILE`).
  private var temporaryPath: String?
  private let folderPrefix: String
  private let stem: String
  private var finished = false

  /// Creates an empty file in the folder of `path`, without a name if the system allows.
  ///
  /// - Parameters:
  ///   - requestedPath: The path the file gets on commit; a symbolic link is followed.
  ///   - durability: Whether ``commit()`` waits until the file is on disk.
  ///   - allowUnnamed: `false` skips `O_TMPFILE` (tests use it to check the named path).
  /// - Throws: ``FileWriteError`` when the folder is missing or unwritable, or `path` is a folder.
  init(
    path requestedPath: String, durability: FileDurability = .atomic,
    unnamed allowUnnamed: Bool = true
  ) throws(FileWriteError) {
    if let named = Self.namedDescriptor(requestedPath) {
      path = requestedPath
      self.durability = durability
      inPlace = true
      stem = ""
      folderPrefix = ""
      // A copy, so that closing it leaves the descriptor itself open.
      let copy = fcntl(named, F_DUPFD_CLOEXEC, 3)
      guard copy >= 0 else {
        throw .failed(path: requestedPath, operation: "open", reason: systemErrorText(errno))
      }
      descriptor = copy
      return
    }
    // A loop of symbolic links names no file: replacing the link would hide the mistake.
    var probe = stat()
    if stat(requestedPath, &probe) != 0 && errno == ELOOP {
      throw .failed(path: requestedPath, operation: "open", reason: systemErrorText(ELOOP))
    }
    let path = Self.followingLinks(requestedPath)
    self.path = path
    self.durability = durability
    let (folder, name) = Self.split(path)
    var status = stat()
    var mode: mode_t?
    if name.isEmpty { throw .isDirectory(path: requestedPath) }
    if stat(path, &status) == 0 {
      switch status.st_mode & S_IFMT {
      case S_IFDIR: throw .isDirectory(path: requestedPath)
      case S_IFREG: mode = status.st_mode & 0o7777
      default:
        // A device or pipe: renaming over it would replace it with a plain file.
        inPlace = true
        stem = name
        folderPrefix = ""
        do { descriptor = try SystemCall.open(path, O_WRONLY | O_CLOEXEC) } catch {
          throw .failed(path: path, operation: "open", reason: error.description)
        }
        return
      }
    }
    inPlace = false
    // Names are limited to 255 bytes: keep the temporary name well below that.
    var stem = ""
    for character in name where stem.utf8.count + character.utf8.count <= 100 {
      stem.append(character)
    }
    self.stem = stem
    folderPrefix = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
    // Glibc defines O_TMPFILE only for _GNU_SOURCE; __O_TMPFILE is the same value.
    var unnamed: Int32 = -1
    var unnamedError = EOPNOTSUPP
    if allowUnnamed {
      do { unnamed = try SystemCall.open(folder, __O_TMPFILE | O_WRONLY | O_CLOEXEC, 0o666) } catch
      {
        unnamedError = error.code
      }
    }
    if unnamed >= 0 && access("/proc/self/fd", X_OK) == 0 {
      descriptor = unnamed
    } else if unnamed >= 0 || [EOPNOTSUPP, EISDIR, EINVAL].contains(unnamedError) {
      if unnamed >= 0 { SystemCall.close(unnamed) }  // no /proc to link it by: use a name instead
      descriptor = -1
      (descriptor, temporaryPath) = try Self.createNamed(
        prefix: folderPrefix, stem: stem, path: path, folder: folder)
    } else {
      throw Self.creationError(unnamedError, path: path, folder: folder)
    }
    if let mode { _ = fchmod(descriptor, mode) }
  }

  /// Creates a new file with a random hidden name, retrying if the name is taken.
  private static func createNamed(prefix: String, stem: String, path: String, folder: String)
    throws(FileWriteError) -> (Int32, String)
  {
    var attempt = 0
    while true {
      let candidate = prefix + ".\(stem).\(UInt32.random(in: .min ... .max)).tmp"
      let code: Int32
      do {
        return (
          try SystemCall.open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666), candidate
        )
      } catch {
        code = error.code
      }
      attempt += 1
      if code == EEXIST && attempt < 16 { continue }
      throw creationError(code, path: path, folder: folder)
    }
  }

  deinit {
    if !finished { discard() }
  }

  /// Appends `bytes`, retrying interrupted and short writes.
  func write(_ bytes: UnsafeRawBufferPointer) throws(FileWriteError) {
    precondition(!finished, "write after commit or discard")
    do { try SystemCall.writeAll(descriptor, bytes) } catch {
      discard()
      throw .failed(path: path, operation: "write", reason: error.description)
    }
  }

  /// Gives the file the name ``path``, replacing any file there; ``FileDurability/synced``
  /// flushes it to disk first.
  ///
  /// An unnamed file is linked straight to `path` when nothing is there; otherwise it is
  /// linked to a temporary name and renamed over the old file, so readers see either the
  /// old or the new file, never a mix.
  func commit() throws(FileWriteError) {
    precondition(!finished, "commit after commit or discard")
    if inPlace {
      finished = true
      SystemCall.close(descriptor)
      descriptor = -1
      return
    }
    if durability == .synced {
      do { try SystemCall.fsync(descriptor) } catch {
        discard()
        throw .failed(path: path, operation: "fsync", reason: error.description)
      }
    }
    if temporaryPath == nil {
      let source = "/proc/self/fd/\(descriptor)"
      var code: Int32
      do {
        try SystemCall.link(source, path)
        finishCommit()
        return
      } catch {
        code = error.code
      }
      var attempt = 0
      while code == EEXIST && attempt < 16 {
        let candidate = folderPrefix + ".\(stem).\(UInt32.random(in: .min ... .max)).tmp"
        do {
          try SystemCall.link(source, candidate)
          temporaryPath = candidate
          break
        } catch {
          code = error.code
        }
        attempt += 1
      }
      if temporaryPath == nil {
        discard()
        if code == EISDIR { throw .isDirectory(path: path) }
        throw .failed(path: path, operation: "link", reason: systemErrorText(code))
      }
    }
    guard let temporaryPath else { return }
    do { try SystemCall.rename(temporaryPath, path) } catch {
      discard()
      if error.code == EISDIR { throw .isDirectory(path: path) }
      throw .failed(path: path, operation: "rename", reason: error.description)
    }
    finishCommit()
  }

  /// Closes the file; when synced, syncs the folder, so the new name itself survives a crash.
  private func finishCommit() {
    finished = true
    temporaryPath = nil
    // The data is written (and synced if asked); a late close error cannot lose it.
    SystemCall.close(descriptor)
    descriptor = -1
    guard durability == .synced,
      let folder = try? SystemCall.open(Self.split(path).folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    else { return }
    try? SystemCall.fsync(folder)
    SystemCall.close(folder)
  }

  /// Closes and removes the file being written; ``path`` is left untouched.
  func discard() {
    guard !finished else { return }
    finished = true
    if descriptor >= 0 {
      SystemCall.close(descriptor)
      descriptor = -1
    }
    if let temporaryPath { try? SystemCall.unlink(temporaryPath) }
  }

  /// The open descriptor that `path` names by number: `/dev/stdin`, `/dev/stdout` and
  /// `/dev/stderr` (0, 1 and 2), and any path whose links lead to an entry of this process's
  /// descriptor folder (`/dev/fd/N`, `/proc/self/fd/N`, `/dev//stdout`, a link of the user's
  /// to `/dev/stdout`); `nil` for any other path.
  ///
  /// The folder is compared after `realpath`, not as text: `/dev/./fd/1` or
  /// `/proc/self//fd/1` would otherwise reach the general writer, which replaces the name it
  /// was given when the descriptor's file cannot be followed (a deleted file): as root, that
  /// replaced `/dev/stdout` itself.
  static func namedDescriptor(_ path: String) -> Int32? {
    switch path {
    case "/dev/stdin": return 0
    case "/dev/stdout": return 1
    case "/dev/stderr": return 2
    default: break
    }
    let ownFolder = "/proc/\(getpid())/fd"
    var current = path
    // At most 40 links, as the kernel follows.
    for _ in 0..<40 {
      let (folder, name) = split(current)
      if !name.isEmpty, name.utf8.count <= 9,
        name.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
        let resolved = realpath(folder, nil)
      {
        let inOwnFolder = String(cString: resolved) == ownFolder
        free(resolved)
        if inOwnFolder { return Int32(name) }
      }
      var status = stat()
      guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK,
        let target = linkTarget(current)
      else { return nil }
      current = target.hasPrefix("/") ? target : folder + "/" + target
    }
    return nil
  }

  /// What the symbolic link at `path` holds, or `nil` when it cannot be read.
  static func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// `path` with symbolic links followed to the file they name (which may not exist yet).
  ///
  /// At most 40 links are followed, as the kernel does; a loop leaves the path as given (the
  /// initializer has already refused it with the system's own error).
  static func followingLinks(_ path: String) -> String {
    var existing = stat()
    if stat(path, &existing) == 0 {
      // Devices and pipes are opened by the name given (`/dev/stdout` is a link to a
      // `/proc` entry that names no real file); a regular file is replaced at its real path.
      guard existing.st_mode & S_IFMT == S_IFREG, let resolved = realpath(path, nil) else {
        return path
      }
      defer { free(resolved) }
      return String(cString: resolved)
    }
    // A dangling link: follow it by hand to the file it would create.
    var current = path
    for _ in 0..<40 {
      var status = stat()
      guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else {
        return current
      }
      guard let target = linkTarget(current) else { return current }
      current = target.hasPrefix("/") ? target : split(current).folder + "/" + target
    }
    return path
  }

  /// The folder ("." when the path has none) and the last component of `path`.
  static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let folder = String(path[..<slash])
    return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
  }

  private static func creationError(_ code: Int32, path: String, folder: String)
    -> FileWriteError
  {
    switch code {
    case ENOENT: .folderMissing(path: path, folder: folder)
    case ENOTDIR: .notAFolder(path: path, folder: folder)
    case EACCES, EPERM, EROFS:
      .folderNotWritable(path: path, folder: folder, reason: systemErrorText(code))
    default:
      .failed(path: path, operation: "creating a temporary file", reason: systemErrorText(code))
    }
  }
}
