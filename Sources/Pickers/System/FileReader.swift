import Glibc

/// Reads the whole file at `path`, refusing files larger than `maximumSize` bytes.
///
/// The size is checked before the buffer is allocated, and again while reading, so a file
/// that grows (or a pipe) cannot make the reader use more than `maximumSize` bytes.
///
///     let bytes = try readFile("swatch.png")
///
/// - Parameters:
///   - path: The file to read.
///   - maximumSize: The largest accepted size in bytes; 256 MiB unless given.
/// - Returns: The file's bytes.
/// - Throws: ``FileReadError`` for a missing file, a folder, a file over the limit, or the
///   system's text for a failed open or read.
public func readFile(_ path: String, maximumSize: Int = 256 * 1_048_576) throws(FileReadError)
  -> [UInt8]
{
  try readFile(path, maximumSize: maximumSize, regularOnly: false)
}

/// The first `maximumSize` bytes of the file at `path` (all of a smaller file).
///
/// For small settings files of other programs, where a longer file is read in part rather
/// than refused.
///
///     let settings = try readFilePrefix(home + "/.config/gtk-4.0/settings.ini", maximumSize: 65_536)
///
/// - Throws: ``FileReadError`` for a missing file, a folder, or the system's text for a failed
///   open or read.
public func readFilePrefix(_ path: String, maximumSize: Int) throws(FileReadError) -> [UInt8] {
  try readFile(path, maximumSize: maximumSize, regularOnly: false, truncating: true)
}

/// ``readFile(_:maximumSize:)``, optionally accepting only a regular file, or keeping the
/// first `maximumSize` bytes of a longer one.
///
/// With `regularOnly` the file is opened without blocking, so a FIFO (or a device) put where a
/// settings or cache file belongs is refused at once instead of waiting for a writer forever.
/// A regular file is read into one buffer of its size and a byte more, in one `read` call.
///
/// `status`, when given, receives the `fstat` of the opened file (its stamp as read).
func readFile(
  _ path: String, maximumSize: Int, regularOnly: Bool, truncating: Bool = false,
  status observed: UnsafeMutablePointer<stat>? = nil
) throws(FileReadError) -> [UInt8] {
  let fd: Int32
  do { fd = try SystemCall.open(path, O_RDONLY | O_CLOEXEC | (regularOnly ? O_NONBLOCK : 0)) } catch
  {
    if error.code == ENOENT { throw .notFound(path: path) }
    throw .failed(path: path, operation: "open", reason: error.description)
  }
  defer { SystemCall.close(fd) }
  var status = stat()
  guard fstat(fd, &status) == 0 else {
    throw .failed(path: path, operation: "fstat", reason: systemErrorText(errno))
  }
  observed?.pointee = status
  if status.st_mode & S_IFMT == S_IFDIR { throw .isDirectory(path: path) }
  let regular = status.st_mode & S_IFMT == S_IFREG
  if regularOnly && !regular {
    throw .failed(path: path, operation: "open", reason: "it is not a regular file")
  }
  let declared = regular ? Int(status.st_size) : 0
  if declared > maximumSize && !truncating { throw .tooLarge(path: path, limit: maximumSize) }
  var bytes: [UInt8] = []
  var ended = false
  if declared > 0 {
    // One byte more than the size, so that a file read whole needs a single read; a regular
    // file reads short only at its end.
    let capacity = min(declared, maximumSize) + 1
    var failure: SystemError?
    bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
      initialized = 0
      while initialized < capacity {
        let wanted = capacity - initialized
        let space = UnsafeMutableRawBufferPointer(
          UnsafeMutableBufferPointer(rebasing: buffer[initialized...]))
        let count: Int
        switch Result(catching: { () throws(SystemError) in try SystemCall.read(fd, into: space) })
        {
        case .success(let value): count = value
        case .failure(let error):
          failure = error
          return
        }
        initialized += count
        if count < wanted {
          ended = true
          return
        }
      }
    }
    if let failure { throw .failed(path: path, operation: "read", reason: failure.description) }
  }
  if bytes.count > maximumSize {  // the regular file grew past the limit since fstat
    guard truncating else { throw .tooLarge(path: path, limit: maximumSize) }
    bytes.removeLast()
    return bytes
  }
  var chunk: [UInt8] = []
  while !ended {
    if chunk.isEmpty { chunk = [UInt8](repeating: 0, count: 65_536) }
    // `withUnsafeMutableBytes` rethrows untyped errors, so the typed error travels in a `Result`.
    let result = chunk.withUnsafeMutableBytes { buffer in
      Result { () throws(SystemError) in try SystemCall.read(fd, into: buffer) }
    }
    let count: Int
    switch result {
    case .success(let value): count = value
    case .failure(let error):
      throw .failed(path: path, operation: "read", reason: error.description)
    }
    if count == 0 { break }
    if bytes.count + count > maximumSize {
      guard truncating else { throw .tooLarge(path: path, limit: maximumSize) }
      bytes.append(contentsOf: chunk[0..<(maximumSize - bytes.count)])
      return bytes
    }
    bytes.append(contentsOf: chunk[0..<count])
  }
  return bytes
}
