import Pickers

#if canImport(Glibc)
  import Glibc
#endif

/// What a running command may use: buffered standard output, standard error, standard input,
/// the environment and whether terminal colors are wanted.
///
/// Output is buffered and written with `write(2)`; a closed pipe (`pickers font list | head -1`)
/// ends the process quietly with status 0, any other failed write ends it with status 1 and
/// `pickers: cannot write standard output: <reason>` (see ``writeAll(_:to:)``).
final class CommandContext {
  /// The words that led to this command (`["pickers", "color", "convert"]`), for messages.
  let commandPath: [String]
  /// The process environment.
  let environment: [String: String]
  /// Whether ANSI styling may be written to standard output.
  let useColor: Bool
  /// Whether standard error is a terminal (progress is shown only then).
  let stderrIsTerminal: Bool
  /// How output files are written: atomically always, and synced to disk when the
  /// environment sets `PICKERS_FSYNC=1`.
  let fileDurability: FileDurability

  private var buffer: [UInt8] = []
  private static let flushThreshold = 64 * 1024

  init(commandPath: [String], environment: [String: String], colorMode: ColorMode) {
    self.commandPath = commandPath
    self.environment = environment
    self.useColor = colorMode.enabled(
      isTerminal: isatty(STDOUT_FILENO) == 1, environment: environment)
    self.stderrIsTerminal = isatty(STDERR_FILENO) == 1
    self.fileDurability = Self.durability(environment: environment)
    buffer.reserveCapacity(Self.flushThreshold)
  }

  deinit { flush() }

  /// Writes `text` to standard output, buffered.
  ///
  /// Add the newline yourself.
  func out(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= Self.flushThreshold { flush() }
  }

  /// Writes raw bytes to standard output (a PNG for `-o -`).
  func outputBytes(_ bytes: [UInt8]) {
    flush()
    Self.writeAll(bytes, to: STDOUT_FILENO)
  }

  /// `PICKERS_FSYNC` set to anything but empty, `0`, `no` or `false` asks for synced files.
  static func durability(environment: [String: String]) -> FileDurability {
    let value = environment["PICKERS_FSYNC"]?.lowercased() ?? ""
    return ["", "0", "no", "false", "off"].contains(value) ? .atomic : .synced
  }

  /// Writes a finished file: `-` sends the bytes to standard output, any other path is written
  /// atomically (a temporary file in the same folder, renamed into place), and synced to disk
  /// when ``fileDurability`` says so.
  ///
  /// - Throws: `FileWriteError` when the file cannot be written; nothing is left behind.
  func writeFile(_ bytes: [UInt8], to path: String) throws {
    if path == "-" {
      outputBytes(bytes)
    } else {
      try writeAtomically(bytes, to: path, durability: fileDurability)
    }
  }

  /// Writes `value` as JSON with sorted keys, pretty printed, followed by a newline.
  func json(_ value: some Encodable) throws {
    buffer.append(contentsOf: try JSONWriter().encode(value))
    buffer.append(UInt8(ascii: "\n"))
    if buffer.count >= Self.flushThreshold { flush() }
  }

  /// Prints `pickers: warning: <message>` on standard error.
  func warn(_ message: String) {
    flush()
    Self.writeError("pickers: warning: \(message)\n")
  }

  /// Shows a progress message on standard error, only when it is a terminal.
  ///
  /// The message replaces the previous one on the same line; pass `""` to clear it.
  func progress(_ message: String) {
    guard stderrIsTerminal else { return }
    Self.writeError("\r\u{1B}[K" + message)
  }

  /// Reads standard input to its end and splits it into lines (without their newlines).
  ///
  /// - Throws: ``InputError`` when standard input is not valid UTF-8 or over 64 MiB.
  func stdinLines() throws(InputError) -> [String] {
    let bytes = try Self.readAll(STDIN_FILENO, limit: 64 * 1024 * 1024)
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw .invalidUTF8(source: "standard input")
    }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
    }
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// Writes everything buffered so far to standard output.
  func flush() {
    guard !buffer.isEmpty else { return }
    Self.writeAll(buffer, to: STDOUT_FILENO)
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes `text` to standard error, unbuffered.
  static func writeError(_ text: String) {
    writeAll(Array(text.utf8), to: STDERR_FILENO)
  }

  /// Writes all of `bytes` to `descriptor`, retrying short writes.
  ///
  /// On standard output a closed pipe (`| head -1`) exits quietly with status 0, and any other
  /// failure (a full disk, `/dev/full`, a closed descriptor) prints
  /// `pickers: cannot write standard output: <reason>` and exits 1: output is never lost
  /// silently. A failed write to standard error is ignored, since nothing is left to tell.
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    if descriptor == STDOUT_FILENO, standardOutputWasClosed, !bytes.isEmpty {
      standardOutputFailed(EBADF)
    }
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = write(descriptor, raw.baseAddress?.advanced(by: offset), raw.count - offset)
        if written < 0 {
          let code = errno
          if code == EINTR { continue }
          guard descriptor == STDOUT_FILENO else { return }
          // EPIPE: the reader went away. Nothing more can be said to it.
          if code == EPIPE { exit(0) }
          standardOutputFailed(code)
        }
        // write(2) returns 0 only for a zero count; guard against a loop all the same.
        if written == 0 {
          guard descriptor == STDOUT_FILENO else { return }
          standardOutputFailed(EIO)
        }
        offset += written
      }
    }
  }

  private static func standardOutputFailed(_ code: Int32) -> Never {
    let reason = String(cString: strerror(code))
    // Lowercase like every other message: "no space left on device".
    writeError(
      "pickers: cannot write standard output: \(reason.prefix(1).lowercased())\(reason.dropFirst())\n"
    )
    exit(1)
  }

  /// Whether the process started with descriptor 1 closed (`pickers font list >&-`).
  ///
  /// Evaluated once, first thing in `Runner.main`: each of descriptors 0, 1 and 2 that is closed
  /// is opened on `/dev/null`, so that no file the command opens later can take its number
  /// (a favourites or PNG file receiving the output); writes to a closed standard output then
  /// fail with "Bad file descriptor" as they would have.
  static let standardOutputWasClosed: Bool = {
    var closed = [false, false, false]
    for descriptor in Int32(0)...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      closed[Int(descriptor)] = true
      // The lowest free number is this one, since the lower ones are open by now.
      let opened = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
      if opened >= 0 && opened != descriptor {
        _ = dup2(opened, descriptor)
        close(opened)
      }
    }
    return closed[1]
  }()

  /// Reads a descriptor to its end, refusing more than `limit` bytes.
  static func readAll(_ descriptor: Int32, limit: Int) throws(InputError) -> [UInt8] {
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .readFailed(source: "standard input", reason: String(cString: strerror(errno)))
      }
      if count == 0 { return result }
      result.append(contentsOf: chunk[0..<count])
      if result.count > limit { throw .tooLarge(source: "standard input", limit: limit) }
    }
  }
}

/// Why input could not be read.
enum InputError: Error, Equatable, Sendable, CustomStringConvertible {
  case invalidUTF8(source: String)
  case readFailed(source: String, reason: String)
  case tooLarge(source: String, limit: Int)

  var description: String {
    switch self {
    case .invalidUTF8(let source): "\(source) is not valid UTF-8"
    case .readFailed(let source, let reason): "cannot read \(source): \(reason)"
    case .tooLarge(let source, let limit): "\(source) is over \(limit / 1024 / 1024) MiB"
    }
  }
}

/// When to color terminal output (`--color`).
enum ColorMode: String, CaseIterable, Sendable {
  case auto
  case always
  case never

  /// Whether styling is on: `always`/`never` win; `auto` needs a terminal, `TERM` other than
  /// `dumb`, and `NO_COLOR` unset or empty.
  func enabled(isTerminal: Bool, environment: [String: String]) -> Bool {
    switch self {
    case .always: return true
    case .never: return false
    case .auto:
      if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
      if environment["TERM"] == "dumb" { return false }
      return isTerminal
    }
  }
}
