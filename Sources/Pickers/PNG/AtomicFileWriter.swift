import Glibc

/// Writes `bytes` to `path` so that the path holds either its old content or all of `bytes`.
///
/// The bytes go to a new temporary file in the same folder, which is flushed to disk with
/// `fsync` and then renamed over `path`. The temporary file is created without a name
/// (`O_TMPFILE`) and only linked in at the end, so even a killed process leaves nothing behind;
/// where the file system cannot do that it is a named file (created with `O_EXCL`). On any
/// failure the temporary file is removed and `path` is left as it was. A replaced file keeps
/// its permission bits.
///
///     try writeAtomically(Array("hello\n".utf8), to: "out/greeting.txt")
///
/// - Parameters:
///   - bytes: The complete new content of the file.
///   - path: Where to write; its folder must exist.
/// - Throws: ``FileWriteError`` naming the reason: a missing or unwritable folder, a path that
///   is a folder, or the system's text for a failed write, sync or rename.
public func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileWriteError) {
  let file = try AtomicFile(path: path)
  // `withUnsafeBytes` rethrows untyped errors, so the typed error travels in a `Result`.
  try bytes.withUnsafeBytes { buffer in
    Result { () throws(FileWriteError) in try file.write(buffer) }
  }.get()
  try file.commit()
}

/// A file being written under a temporary name, which becomes `path` on ``commit()``.
///
/// If the owner drops it without committing (an error, a forgotten `finish`), `deinit`
/// removes the temporary file, so nothing half-written is ever left under either name.
final class AtomicFile {
  /// The path the file will have once committed.
  let path: String
  /// The temporary path in the same folder, removed unless the file is committed; empty while
  /// the file is an unnamed `O_TMPFILE` file.
  private(set) var temporaryPath: String
  /// The folder prefix of ``path`` ("" or ending in "/") and the stem of temporary names.
  private let folderPrefix: String
  private let stem: String
  /// The open file descriptor of the temporary file, or -1 once closed.
  private(set) var descriptor: Int32
  private var finished = false

  /// Creates an empty temporary file in the folder of `path`.
  init(path: String) throws(FileWriteError) {
    self.path = path
    let (folder, name) = Self.split(path)
    var status = stat()
    var mode: mode_t?
    if name.isEmpty { throw .isDirectory(path: path) }
    if stat(path, &status) == 0 {
      if status.st_mode & S_IFMT == S_IFDIR { throw .isDirectory(path: path) }
      if status.st_mode & S_IFMT == S_IFREG { mode = status.st_mode & 0o7777 }
    }
    // Names are limited to 255 bytes: keep the temporary name well below that.
    var stem = ""
    for character in name where stem.utf8.count + character.utf8.count <= 100 {
      stem.append(character)
    }
    let folderPrefix = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
    self.folderPrefix = folderPrefix
    self.stem = stem
    // An unnamed file needs /proc/self/fd to be linked in by `commit`; a SIGKILL before then
    // leaves nothing on disk. File systems without O_TMPFILE fail here and get a named file.
    let unnamed =
      access("/proc/self/fd", X_OK) == 0
      ? open(folder, Self.openTemporaryFile | O_WRONLY | O_CLOEXEC, 0o666) : -1
    if unnamed >= 0 {
      temporaryPath = ""
      descriptor = unnamed
    } else {
      var attempt = 0
      while true {
        let candidate = folderPrefix + ".\(stem).\(UInt32.random(in: .min ... .max)).tmp"
        let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        if fd >= 0 {
          temporaryPath = candidate
          descriptor = fd
          break
        }
        let code = errno
        attempt += 1
        if code == EEXIST && attempt < 16 { continue }
        throw Self.creationError(code, path: path, folder: folder)
      }
    }
    if let mode { _ = fchmod(descriptor, mode) }
  }

  deinit {
    if !finished { discard() }
  }

  /// Appends `bytes`, retrying interrupted and short writes.
  func write(_ bytes: UnsafeRawBufferPointer) throws(FileWriteError) {
    precondition(!finished, "write after commit or discard")
    guard var address = bytes.baseAddress else { return }
    var remaining = bytes.count
    while remaining > 0 {
      let written = Glibc.write(descriptor, address, remaining)
      if written < 0 && errno == EINTR { continue }
      if written <= 0 {
        let code = written < 0 ? errno : EIO
        discard()
        throw .failed(path: path, operation: "write", reason: systemErrorText(code))
      }
      address += written
      remaining -= written
    }
  }

  /// Flushes the file to disk and renames it to ``path``, replacing any file there.
  func commit() throws(FileWriteError) {
    precondition(!finished, "commit after commit or discard")
    if fsync(descriptor) != 0 {
      let code = errno
      discard()
      throw .failed(path: path, operation: "fsync", reason: systemErrorText(code))
    }
    if temporaryPath.isEmpty {
      // Give the unnamed file a temporary name in the folder; rename then replaces `path`
      // atomically (linkat cannot replace an existing file).
      var attempt = 0
      while true {
        let candidate = folderPrefix + ".\(stem).\(UInt32.random(in: .min ... .max)).tmp"
        if linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, candidate, AT_SYMLINK_FOLLOW)
          == 0
        {
          temporaryPath = candidate
          break
        }
        let code = errno
        attempt += 1
        if code == EEXIST && attempt < 16 { continue }
        discard()
        throw .failed(path: path, operation: "linkat", reason: systemErrorText(code))
      }
    }
    let closed = close(descriptor)
    let closeError = errno
    descriptor = -1
    if closed != 0 && closeError != EINTR {
      discard()
      throw .failed(path: path, operation: "close", reason: systemErrorText(closeError))
    }
    if rename(temporaryPath, path) != 0 {
      let code = errno
      discard()
      if code == EISDIR { throw .isDirectory(path: path) }
      throw .failed(path: path, operation: "rename", reason: systemErrorText(code))
    }
    finished = true
    // Make the rename itself durable; a failure here no longer affects the file's content.
    let folder = open(Self.split(path).folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folder >= 0 {
      _ = fsync(folder)
      _ = close(folder)
    }
  }

  /// Closes and removes the temporary file; ``path`` is left untouched.
  func discard() {
    guard !finished else { return }
    finished = true
    if descriptor >= 0 {
      _ = close(descriptor)  // an unnamed temporary file disappears with its descriptor
      descriptor = -1
    }
    if !temporaryPath.isEmpty { _ = unlink(temporaryPath) }
  }

  /// `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY` in Linux's fcntl.h), a composite macro that
  /// Swift does not import.
  private static let openTemporaryFile: Int32 = 0o20_000_000 | O_DIRECTORY

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
