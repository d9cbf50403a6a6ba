import Glibc

/// An open file descriptor, read and written with interrupted calls retried and short writes
/// completed.
///
/// The executables built on the library write their answers and messages through it, so that
/// every one handles `EINTR` and partial writes the same way.
///
///     try FileDescriptor.standardOutput.writeAll("#3478f6\n")
///     try? FileDescriptor.standardError.writeAll("pickers: no display\n")  // best effort
public struct FileDescriptor: RawRepresentable, Hashable, Sendable {
  /// The descriptor's number.
  public var rawValue: Int32

  /// The descriptor numbered `rawValue`; the caller keeps it open while it is used.
  public init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// Descriptor 0.
  public static let standardInput = FileDescriptor(rawValue: STDIN_FILENO)
  /// Descriptor 1.
  public static let standardOutput = FileDescriptor(rawValue: STDOUT_FILENO)
  /// Descriptor 2.
  public static let standardError = FileDescriptor(rawValue: STDERR_FILENO)

  /// Reads at most `buffer.count` bytes; 0 at the end of the file.
  ///
  /// An interrupted call is retried. The corresponding C function is `read`.
  ///
  /// - Throws: ``SystemError`` with the `errno` of a failed read.
  public func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
    try SystemCall.read(rawValue, into: buffer)
  }

  /// Writes all of `bytes`, retrying interrupted calls and short writes.
  ///
  /// The corresponding C function is `write`.
  ///
  /// - Throws: ``SystemError`` with the `errno` of the failed write (`EPIPE` when the reader of
  ///   a pipe went away, `ENOSPC` for a full disk); some bytes may have been written.
  public func writeAll(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
    try SystemCall.writeAll(rawValue, bytes)
  }

  /// Writes all of `bytes`, retrying interrupted calls and short writes.
  public func writeAll(_ bytes: [UInt8]) throws(SystemError) {
    // `withUnsafeBytes` rethrows untyped errors, so the typed error travels in a `Result`.
    try bytes.withUnsafeBytes { buffer in
      Result { () throws(SystemError) in try SystemCall.writeAll(rawValue, buffer) }
    }.get()
  }

  /// Writes all of `text` as UTF-8, retrying interrupted calls and short writes.
  public func writeAll(_ text: String) throws(SystemError) {
    try writeAll(Array(text.utf8))
  }

  /// Waits up to `milliseconds` for something to read (or the end of the file); returns
  /// whether it came.
  ///
  /// A wait interrupted by a signal starts again. The corresponding C function is `poll`.
  ///
  /// - Throws: ``SystemError`` when `poll` fails for another reason.
  public func waitForInput(milliseconds: Int32) throws(SystemError) -> Bool {
    var entry = pollfd(fd: rawValue, events: Int16(POLLIN), revents: 0)
    let ready = try withUnsafeMutablePointer(to: &entry) { pointer throws(SystemError) in
      try SystemCall.poll(
        UnsafeMutableBufferPointer(start: pointer, count: 1), timeout: milliseconds)
    }
    return ready > 0
  }
}
