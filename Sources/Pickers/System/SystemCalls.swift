import Glibc

/// A system call that failed, with the `errno` it set.
///
///     do { try FileDescriptor.standardOutput.writeAll("done\n") } catch {
///       print(error.code == EPIPE, error)   // true "broken pipe"
///     }
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The `errno` value, such as `ENOSPC`.
  public var code: Int32

  /// The error for `errno` value `code`.
  public init(code: Int32) {
    self.code = code
  }

  /// The error the last failed call left in `errno`.
  static var current: SystemError { SystemError(code: errno) }

  /// Whether a signal interrupted the call (`EINTR`).
  public var isInterrupted: Bool { code == EINTR }

  /// The C library's text for the code, with a lowercase first letter ("no space left on
  /// device").
  public var description: String { systemErrorText(code) }
}

/// The C library's text for `code`, with a lowercase first letter ("no space left on device").
///
/// The corresponding C function is `strerror`.
func systemErrorText(_ code: Int32) -> String {
  lowercasingFirstWord(String(cString: strerror(code)))
}

/// Lowercases the first letter of `message` unless the first word is an acronym ("IHDR: ...").
func lowercasingFirstWord(_ message: String) -> String {
  guard let first = message.first, first.isUppercase else { return message }
  let second = message.dropFirst().first
  if let second, second.isUppercase || second.isNumber { return message }
  return first.lowercased() + message.dropFirst()
}

/// The system calls the library makes on files and processes, typed: each returns its result
/// or throws the ``SystemError`` it set, and each that a signal can interrupt is retried here,
/// so that no caller repeats an `EINTR` loop.
///
/// `close` is never retried: on Linux the descriptor is gone even when it reports `EINTR`.
enum SystemCall {
  /// `open(2)`, retried when interrupted (opening a FIFO waits, and a signal can end the wait).
  static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) throws(SystemError)
    -> Int32
  {
    while true {
      let descriptor = Glibc.open(path, flags, mode)
      if descriptor >= 0 { return descriptor }
      if errno != EINTR { throw .current }
    }
  }

  /// `close(2)`; a failure is ignored, since the descriptor is released all the same.
  static func close(_ descriptor: Int32) {
    _ = Glibc.close(descriptor)
  }

  /// One `read(2)` into `buffer`, retried when interrupted unless `retryingInterrupts` is
  /// false; 0 at the end of the file.
  static func read(
    _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer,
    retryingInterrupts: Bool = true
  ) throws(SystemError) -> Int {
    while true {
      let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
      if count >= 0 { return count }
      if errno != EINTR || !retryingInterrupts { throw .current }
    }
  }

  /// Writes all of `bytes`, retrying interrupted calls and short writes.
  ///
  /// A `write(2)` that returns 0 for a non-empty buffer is reported as `EIO`, so the loop
  /// cannot spin. With `retryingWouldBlock`, `EAGAIN` (a terminal left non-blocking) is
  /// retried too.
  ///
  /// - Throws: ``SystemError`` with the `errno` of the failed write.
  static func writeAll(
    _ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, retryingWouldBlock: Bool = false
  ) throws(SystemError) {
    guard var address = bytes.baseAddress else { return }
    var remaining = bytes.count
    while remaining > 0 {
      let written = Glibc.write(descriptor, address, remaining)
      if written < 0 {
        let code = errno
        if code == EINTR || (retryingWouldBlock && code == EAGAIN) { continue }
        throw SystemError(code: code)
      }
      if written == 0 { throw SystemError(code: EIO) }
      address += written
      remaining -= written
    }
  }

  /// `fsync(2)`, retried when interrupted.
  static func fsync(_ descriptor: Int32) throws(SystemError) {
    while Glibc.fsync(descriptor) != 0 {
      if errno != EINTR { throw .current }
    }
  }

  /// `rename(2)`.
  static func rename(_ source: String, _ destination: String) throws(SystemError) {
    if Glibc.rename(source, destination) != 0 { throw .current }
  }

  /// `linkat(2)` with `AT_SYMLINK_FOLLOW`, both paths relative to the working folder (a
  /// `/proc/self/fd/N` source links an unnamed file in).
  static func link(_ source: String, _ destination: String) throws(SystemError) {
    if linkat(AT_FDCWD, source, AT_FDCWD, destination, AT_SYMLINK_FOLLOW) != 0 { throw .current }
  }

  /// `unlink(2)`.
  static func unlink(_ path: String) throws(SystemError) {
    if Glibc.unlink(path) != 0 { throw .current }
  }

  /// `poll(2)` on `entries`; returns how many have events, 0 when `milliseconds` passed.
  ///
  /// An interrupted wait is retried with the whole timeout again (callers that keep a deadline
  /// wait in short slices), unless `retryingInterrupts` is false: then it throws `EINTR`.
  static func poll(
    _ entries: UnsafeMutableBufferPointer<pollfd>, timeout milliseconds: Int32,
    retryingInterrupts: Bool = true
  ) throws(SystemError) -> Int {
    while true {
      let ready = Glibc.poll(entries.baseAddress, nfds_t(entries.count), milliseconds)
      if ready >= 0 { return Int(ready) }
      if errno != EINTR || !retryingInterrupts { throw .current }
    }
  }

  /// `flock(2)` with `LOCK_EX | LOCK_NB`, retried when interrupted; false while another
  /// descriptor holds the lock (`EWOULDBLOCK`).
  static func tryLock(_ descriptor: Int32) throws(SystemError) -> Bool {
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      if code == EWOULDBLOCK { return false }
      if code != EINTR { throw SystemError(code: code) }
    }
    return true
  }

  /// `waitpid(2)` for `process`, retried when interrupted; returns the raw wait status.
  static func wait(for process: pid_t) throws(SystemError) -> Int32 {
    var status: Int32 = 0
    while waitpid(process, &status, 0) < 0 {
      if errno != EINTR { throw .current }
    }
    return status
  }
}

extension SystemCall {
  /// The name of a `readdir` entry, read in place up to its NUL.
  ///
  /// A copy of the whole `d_name` field (256 bytes) reads past the end of a short name's
  /// record, into bytes glibc never wrote (valgrind: "conditional jump depends on uninitialised
  /// value"), and can reach past the end of glibc's buffer. Every folder listing reads its
  /// names through this.
  static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> String {
    withUnsafeMutablePointer(to: &entry.pointee.d_name) { field in
      field.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: field.pointee)) {
        String(cString: $0)
      }
    }
  }
}
