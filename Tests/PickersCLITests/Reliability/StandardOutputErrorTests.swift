import Glibc
import Testing

/// Where a child's standard output goes in these tests.
enum StandardOutputTarget {
  /// A file opened for writing (`/dev/full`).
  case file(String)
  /// Descriptor 1 closed, as `>&-` leaves it.
  case closed
  /// A pipe whose reading end is already closed, as after `| head -1` has exited.
  case brokenPipe
}

/// Runs `pickers arguments` with standard output sent to `target`; standard error is collected.
///
/// The child is killed after `timeout` seconds (then the run fails), so nothing can hang.
func runPickers(
  _ arguments: [String], standardOutput target: StandardOutputTarget,
  standardInput: String = "/dev/null", timeout: Double = 60
) throws -> (status: Int32, stderr: String) {
  var errPipe: [Int32] = [0, 0]
  guard pipe(&errPipe) == 0 else { throw HarnessError(description: "pipe failed") }
  for fd in errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
  var outputFD: Int32 = -1
  var readEnd: Int32 = -1
  switch target {
  case .file(let path):
    outputFD = open(path, O_WRONLY | O_CLOEXEC)
    guard outputFD >= 0 else { throw HarnessError(description: "cannot open \(path)") }
  case .brokenPipe:
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw HarnessError(description: "pipe failed") }
    for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    (readEnd, outputFD) = (ends[0], ends[1])
  case .closed:
    break
  }
  defer { if outputFD >= 0 { close(outputFD) } }
  if readEnd >= 0 { close(readEnd) }

  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, standardInput, O_RDONLY, 0)
  if outputFD >= 0 {
    posix_spawn_file_actions_adddup2(&actions, outputFD, 1)
  } else {
    posix_spawn_file_actions_addclose(&actions, 1)
  }
  posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
  let argv = ([pickersBinary] + arguments).map { strdup($0) } + [nil]
  let envp = childEnvironment().map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer {
    argv.forEach { free($0) }
    envp.forEach { free($0) }
  }
  var pid: pid_t = 0
  let spawned = posix_spawn(&pid, pickersBinary, &actions, nil, argv, envp)
  close(errPipe[1])
  defer { close(errPipe[0]) }
  guard spawned == 0 else { throw HarnessError(description: "cannot run pickers") }

  var err: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 4096)
  var start = timespec()
  clock_gettime(CLOCK_MONOTONIC, &start)
  while true {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    if Double(now.tv_sec - start.tv_sec) > timeout {
      kill(pid, SIGKILL)
      var ignored: Int32 = 0
      waitpid(pid, &ignored, 0)
      throw HarnessError(description: "pickers \(arguments) did not finish in \(timeout) s")
    }
    var fds = [pollfd(fd: errPipe[0], events: Int16(POLLIN), revents: 0)]
    if poll(&fds, 1, 200) <= 0 { continue }
    let count = read(errPipe[0], &chunk, chunk.count)
    if count <= 0 { break }
    err += chunk[0..<count]
  }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  let exitStatus: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  return (exitStatus, String(decoding: err, as: UTF8.self))
}

/// Failed writes to standard output end the run with status 1 and say why.
@Suite("Standard output write errors", .tags(.reliability))
struct ReliabilityStandardOutputTests {
  /// The C library's own text for an error number, first letter lowercased: what the message
  /// must quote.
  static func reason(_ code: Int32) -> String {
    let text = String(cString: strerror(code))
    return text.prefix(1).lowercased() + text.dropFirst()
  }

  @Test(
    "a full device on standard output exits 1 with the reason, for text, JSON and PNG output",
    arguments: [
      ["font", "list", "--faces", "--json"], ["font", "list"],
      ["color", "swatch", "red", "-o", "-"],
      ["color", "info", "red"], ["--version"], ["font", "list", "--help"],
    ])
  func fullDevice(arguments: [String]) throws {
    let result = try runPickers(arguments, standardOutput: .file("/dev/full"))
    #expect(result.status == 1, "\(arguments)")
    #expect(result.stderr == "pickers: cannot write standard output: \(Self.reason(ENOSPC))\n")
  }

  @Test(
    "a full device under a batch from standard input exits 1 with the reason",
    arguments: [
      ["color", "convert", "-", "--to", "oklch"], ["color", "convert", "-", "--to", "hex"],
      ["color", "info", "-"], ["color", "info", "-", "--json"],
    ])
  func fullDeviceBatch(arguments: [String]) throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let path = folder + "/colors.txt"
    let lines = (0..<200_000).map { index in
      let digits = String(index * 83 % 0x100_0000, radix: 16)
      return index % 2 == 0
        ? "#" + String(repeating: "0", count: 6 - digits.count) + digits
        : "rgb(\(index % 256) 4 5)"
    }
    try writeText(lines.joined(separator: "\n") + "\n", to: path)
    let result = try runPickers(
      arguments, standardOutput: .file("/dev/full"), standardInput: path)
    #expect(result.status == 1, "\(arguments)")
    #expect(result.stderr == "pickers: cannot write standard output: \(Self.reason(ENOSPC))\n")
  }

  @Test("a closed standard output (>&-) exits 1 with the reason")
  func closedDescriptor() throws {
    for arguments in [["font", "list"], ["color", "convert", "red", "--to", "hex"]] {
      let result = try runPickers(arguments, standardOutput: .closed)
      #expect(result.status == 1, "\(arguments)")
      #expect(result.stderr == "pickers: cannot write standard output: \(Self.reason(EBADF))\n")
    }
  }

  @Test("with standard output closed, a PNG written with -o still lands in its own file")
  func closedDescriptorFileOutput() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let path = folder + "/red.png"
    let result = try runPickers(
      ["color", "swatch", "red", "--size", "4x4", "-o", path], standardOutput: .closed)
    #expect(result.status == 0, "\(result.stderr)")
    // The PNG signature, then IHDR's width and height (big-endian) at bytes 16...23.
    let bytes = try runProgram("/usr/bin/od", ["-An", "-v", "-tu1", "-N24", path]).output
      .split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { UInt8($0) }
    #expect(bytes.prefix(8) == [137, 80, 78, 71, 13, 10, 26, 10])
    #expect(Array(bytes.suffix(8)) == [0, 0, 0, 4, 0, 0, 0, 4])
  }

  @Test("a pipe whose reader has gone stays quiet: status 0, nothing on standard error")
  func brokenPipe() throws {
    let result = try runPickers(["font", "list", "--faces"], standardOutput: .brokenPipe)
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
  }
}
