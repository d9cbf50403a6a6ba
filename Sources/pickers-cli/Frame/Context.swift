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

  /// The writer of every `--json` answer: a NaN or an infinity is written as the text output
  /// prints it (`0`, `1e308`), never refused, so the two forms agree.
  static let jsonWriter = JSONWriter(nonFiniteNumbers: .clampedAsCSS)

  /// Writes `value` as JSON with sorted keys, pretty printed, followed by a newline.
  func json(_ value: some Encodable) throws {
    buffer.append(contentsOf: try Self.jsonWriter.encode(value))
    buffer.append(UInt8(ascii: "\n"))
    if buffer.count >= Self.flushThreshold { flush() }
  }

  /// Lets `body` append bytes straight to the buffered standard output (no string per line).
  func withOutput(_ body: (inout [UInt8]) -> Void) {
    body(&buffer)
    if buffer.count >= Self.flushThreshold { flush() }
  }

  /// Appends raw bytes to the buffered standard output.
  func outBytes(_ bytes: [UInt8]) {
    buffer.append(contentsOf: bytes)
    if buffer.count >= Self.flushThreshold { flush() }
  }

  /// Writes `bytes` to standard output now, after what is buffered (a batch's converted
  /// block, already large).
  func outputNow(_ bytes: UnsafeBufferPointer<UInt8>) {
    flush()
    Self.writeAll(UnsafeRawBufferPointer(bytes), to: STDOUT_FILENO)
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

  /// Reads standard input line by line, calling `body` with each line (without its newline or
  /// a final carriage return) and its number, counted from 1.
  ///
  /// Memory stays bounded whatever the input size: the input is read in 64 KiB blocks and only
  /// the current line is kept. Output written so far is flushed whenever the next read may
  /// wait, so answers appear as their lines arrive. A line that is not valid UTF-8, or longer
  /// than ``maximumLineLength``, is reported as `pickers: line N: ...` and skipped; the return
  /// value counts them.
  ///
  /// - Throws: ``InputError/readFailed(source:reason:)`` when standard input cannot be read,
  ///   or whatever `body` throws.
  @discardableResult
  func forEachStandardInputLine(_ body: (String, Int) throws -> Void) throws -> Int {
    if Self.closedAtStart.input {
      throw InputError.readFailed(source: "standard input", reason: "Bad file descriptor")
    }
    var bad = 0
    try LineReader.forEachLine(
      descriptor: STDIN_FILENO, maximumLineLength: Self.maximumLineLength,
      beforeWaiting: { flush() }
    ) { event in
      switch event {
      case .line(let bytes, let number):
        // ASCII (every hex or functional color) needs no validation.
        var high: UInt8 = 0
        for byte in bytes { high |= byte }
        guard
          let line =
            high < 0x80
            ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
        else {
          reportLine(number, "not valid UTF-8")
          bad += 1
          return
        }
        try body(line, number)
      case .tooLong(let number):
        reportLine(number, "longer than \(Self.maximumLineLength / 1024) KiB; skipped")
        bad += 1
      }
    }
    return bad
  }

  /// Reads every line of standard input (for commands that need them all at once).
  ///
  /// - Returns: The lines, and how many bad lines were reported (see
  ///   ``forEachStandardInputLine(_:)``).
  func standardInputLines() throws -> (lines: [String], bad: Int) {
    var lines: [String] = []
    let bad = try forEachStandardInputLine { line, _ in lines.append(line) }
    return (lines, bad)
  }

  /// Prints `pickers: line N: <message>` on standard error, after the output so far.
  func reportLine(_ number: Int, _ message: String) {
    flush()
    Self.writeError("pickers: line \(number): \(message)\n")
  }

  /// The longest line of standard input read (a color is a few dozen bytes).
  static let maximumLineLength = 64 * 1024

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
    bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
  }

  /// ``writeAll(_:to:)`` for bytes in memory the caller owns.
  static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) {
    if descriptor == STDOUT_FILENO, closedAtStart.output, !bytes.isEmpty {
      standardOutputFailed(EBADF)
    }
    // Interrupted and short writes are retried; a write of nothing is reported as EIO.
    do { try FileDescriptor(rawValue: descriptor).writeAll(bytes) } catch {
      guard descriptor == STDOUT_FILENO else { return }
      // EPIPE: the reader went away. Nothing more can be said to it.
      if error.code == EPIPE { exit(0) }
      standardOutputFailed(error.code)
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

  /// Whether the process started with descriptor 0 or 1 closed (`<&-`, `>&-`).
  ///
  /// Evaluated once, first thing in `Runner.main`: each of descriptors 0, 1 and 2 that is closed
  /// is opened on `/dev/null`, so that no file the command opens later can take its number
  /// (a favourites or PNG file receiving the output); reading a closed standard input or
  /// writing a closed standard output then fails with "Bad file descriptor" as it would have.
  static let closedAtStart: (input: Bool, output: Bool) = {
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
    return (closed[0], closed[1])
  }()
}

/// Why input could not be read.
enum InputError: Error, Equatable, Sendable, CustomStringConvertible {
  case readFailed(source: String, reason: String)

  var description: String {
    switch self {
    case .readFailed(let source, let reason): "cannot read \(source): \(reason)"
    }
  }
}

/// Splits what a descriptor delivers into lines, holding one 64 KiB block and one line at most.
enum LineReader {
  /// What ``forEachLine(descriptor:maximumLineLength:beforeWaiting:_:)`` hands over.
  enum Event {
    /// A line's bytes without its newline or a final carriage return (valid only during the
    /// call), and its number from 1.
    case line(UnsafeBufferPointer<UInt8>, number: Int)
    /// A line over the limit, whose bytes were dropped.
    case tooLong(number: Int)
  }

  /// Reads `descriptor` to its end and calls `body` for each line.
  ///
  /// `beforeWaiting` runs before each `read`, which may block. A last line without a newline
  /// counts as a line.
  ///
  /// - Throws: ``InputError/readFailed(source:reason:)``, or whatever `body` throws.
  static func forEachLine(
    descriptor: Int32, maximumLineLength: Int, beforeWaiting: () -> Void,
    _ body: (Event) throws -> Void
  ) throws {
    var block = [UInt8](repeating: 0, count: 64 * 1024)
    var partial: [UInt8] = []
    var skipping = false
    var number = 0
    func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
      guard let last = bytes.last, last == 0x0D else { return bytes }
      return UnsafeBufferPointer(rebasing: bytes.dropLast())
    }
    while true {
      beforeWaiting()
      // `withUnsafeMutableBytes` rethrows untyped errors, so the typed error travels in a
      // `Result`; an interrupted read is retried.
      let result = block.withUnsafeMutableBytes { buffer in
        Result { () throws(SystemError) in
          try FileDescriptor(rawValue: descriptor).read(into: buffer)
        }
      }
      let got: Int
      switch result {
      case .success(let count): got = count
      case .failure(let error):
        throw InputError.readFailed(
          source: "standard input", reason: String(cString: strerror(error.code)))
      }
      if got == 0 { break }
      try block.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        var start = 0
        while start < got {
          guard let hit = memchr(base + start, 0x0A, got - start) else {
            // The rest of the block begins a line that ends in a later one.
            if !skipping {
              if partial.count + got - start > maximumLineLength {
                skipping = true
                partial.removeAll()
              } else {
                partial.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<got]))
              }
            }
            return
          }
          let newline = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
          number += 1
          let piece = UnsafeBufferPointer(rebasing: buffer[start..<newline])
          start = newline + 1
          if skipping || partial.count + piece.count > maximumLineLength {
            skipping = false
            partial.removeAll(keepingCapacity: true)
            try body(.tooLong(number: number))
          } else if partial.isEmpty {
            try body(.line(trimmed(piece), number: number))
          } else {
            partial.append(contentsOf: piece)
            try partial.withUnsafeBufferPointer { try body(.line(trimmed($0), number: number)) }
            partial.removeAll(keepingCapacity: true)
          }
        }
      }
    }
    if skipping {
      try body(.tooLong(number: number + 1))
    } else if !partial.isEmpty {
      try partial.withUnsafeBufferPointer { try body(.line(trimmed($0), number: number + 1)) }
    }
  }
}

/// Writes a JSON array one element at a time, as the same text ``CommandContext/json(_:)``
/// gives for the whole array, so a long batch is printed as it is computed.
struct JSONArrayStream {
  private let context: CommandContext
  /// How many elements were written.
  private(set) var count = 0

  init(_ context: CommandContext) {
    self.context = context
  }

  /// Writes `value` as the next element (indented one level, as in a pretty-printed array).
  mutating func append(_ value: some Encodable) throws {
    let element = try CommandContext.jsonWriter.encode(value)
    var bytes: [UInt8] = Array((count == 0 ? "[\n  " : ",\n  ").utf8)
    bytes.reserveCapacity(bytes.count + element.count + element.count / 8)
    // Strings in JSON text hold no raw newline, so every newline starts a line to indent.
    for byte in element {
      bytes.append(byte)
      if byte == 0x0A { bytes.append(contentsOf: [0x20, 0x20]) }
    }
    context.outBytes(bytes)
    count += 1
  }

  /// Ends the array (`[\n\n]` when it is empty, as the encoder writes one) and the line.
  func close() {
    context.out(count == 0 ? "[\n\n]\n" : "\n]\n")
  }
}

/// When to color terminal output (`--color`).
enum ColorMode: String, ArgumentChoice {
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
