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

/// ``readFile(_:maximumSize:)``, optionally accepting only a regular file.
///
/// With `regularOnly` the file is opened without blocking, so a FIFO (or a device) put where a
/// settings or cache file belongs is refused at once instead of waiting for a writer forever.
func readFile(_ path: String, maximumSize: Int, regularOnly: Bool) throws(FileReadError)
  -> [UInt8]
{
  let fd = open(path, O_RDONLY | O_CLOEXEC | (regularOnly ? O_NONBLOCK : 0))
  if fd < 0 {
    let code = errno
    if code == ENOENT { throw .notFound(path: path) }
    throw .failed(path: path, operation: "open", reason: systemErrorText(code))
  }
  defer { _ = close(fd) }
  var status = stat()
  guard fstat(fd, &status) == 0 else {
    throw .failed(path: path, operation: "fstat", reason: systemErrorText(errno))
  }
  if status.st_mode & S_IFMT == S_IFDIR { throw .isDirectory(path: path) }
  if regularOnly && status.st_mode & S_IFMT != S_IFREG {
    throw .failed(path: path, operation: "open", reason: "it is not a regular file")
  }
  let declared = status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : 0
  if declared > maximumSize { throw .tooLarge(path: path, limit: maximumSize) }
  var bytes: [UInt8] = []
  bytes.reserveCapacity(declared)
  var chunk = [UInt8](repeating: 0, count: 65_536)
  while true {
    let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    if count < 0 {
      if errno == EINTR { continue }
      throw .failed(path: path, operation: "read", reason: systemErrorText(errno))
    }
    if count == 0 { return bytes }
    if bytes.count + count > maximumSize { throw .tooLarge(path: path, limit: maximumSize) }
    bytes.append(contentsOf: chunk[0..<count])
  }
}
