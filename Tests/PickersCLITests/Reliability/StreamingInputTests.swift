import Glibc
import Testing

/// A `pickers` child whose standard input and output the test holds as descriptors.
struct StreamingChild {
  let pid: pid_t
  /// The write end of the child's standard input (-1 once closed).
  var input: Int32
  /// The read end of its standard output.
  let output: Int32
  /// The read end of its standard error.
  let errors: Int32

  /// Starts `pickers arguments` with pipes for standard input, output and error.
  static func start(_ arguments: [String]) throws -> StreamingChild {
    var inPipe: [Int32] = [-1, -1]
    var outPipe: [Int32] = [-1, -1]
    var errPipe: [Int32] = [-1, -1]
    guard pipe(&inPipe) == 0, pipe(&outPipe) == 0, pipe(&errPipe) == 0 else {
      throw HarnessError(description: "pipe failed")
    }
    for fd in inPipe + outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
    let argv = ([pickersBinary] + arguments).map { strdup($0) } + [nil]
    let envp = childEnvironment().map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, pickersBinary, &actions, nil, argv, envp)
    for fd in [inPipe[0], outPipe[1], errPipe[1]] { close(fd) }
    guard spawned == 0 else { throw HarnessError(description: "cannot run pickers") }
    return StreamingChild(pid: pid, input: inPipe[1], output: outPipe[0], errors: errPipe[0])
  }

  /// Writes `text` to the child's standard input.
  func send(_ text: String) {
    _ = Array(text.utf8).withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
  }

  /// Reads standard output until it holds `text` or `timeout` seconds pass (a hang guard).
  func readOutput(until text: String, timeout: Double = 60) -> String {
    var collected: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    var start = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    while !String(decoding: collected, as: UTF8.self).contains(text) {
      var now = timespec()
      clock_gettime(CLOCK_MONOTONIC, &now)
      if Double(now.tv_sec - start.tv_sec) > timeout { break }
      var fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0)]
      if poll(&fds, 1, 200) <= 0 { continue }
      let count = read(output, &chunk, chunk.count)
      if count <= 0 { break }
      collected += chunk[0..<count]
    }
    return String(decoding: collected, as: UTF8.self)
  }

  /// Closes standard input, waits for the exit (killing the child after `timeout` seconds)
  /// and returns the status and standard error.
  mutating func finish(timeout: Double = 120) -> (status: Int32, stderr: String) {
    if input >= 0 {
      close(input)
      input = -1
    }
    var err: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    var start = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    var open = [errors, output]
    while !open.isEmpty {
      var now = timespec()
      clock_gettime(CLOCK_MONOTONIC, &now)
      if Double(now.tv_sec - start.tv_sec) > timeout {
        kill(pid, SIGKILL)
        break
      }
      var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      if poll(&fds, nfds_t(fds.count), 200) <= 0 { continue }
      for entry in fds where entry.revents != 0 {
        let count = read(entry.fd, &chunk, chunk.count)
        if count <= 0 {
          open.removeAll { $0 == entry.fd }
        } else if entry.fd == errors {
          err += chunk[0..<count]
        }
      }
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    close(errors)
    close(output)
    let exitStatus: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return (exitStatus, String(decoding: err, as: UTF8.self))
  }
}

/// Standard-input batches are read line by line: answers as they come, bounded memory, and
/// every good line kept when some are bad.
@Suite("Streaming standard input", .tags(.reliability))
struct ReliabilityStreamingTests {
  @Test(
    "each answer is printed while standard input is still open",
    arguments: [
      (["color", "convert", "-", "--to", "hex"], "#ff0000"),
      (["color", "info", "-", "--json"], "\"hex\" : \"#ff0000\""),
      (["color", "contrast", "-", "white"], "ratio"),
      (["color", "diff", "-", "red"], "0\n"),
      (["color", "mix", "-", "red"], "oklab(0.627955 0.224863 0.125846)"),
    ])
  func answersAsTheyCome(arguments: [String], expected: String) throws {
    var child = try StreamingChild.start(arguments)
    child.send("red\n")
    // The pipe stays open: the answer must come before the end of the input.
    let first = child.readOutput(until: expected, timeout: 30)
    #expect(first.contains(expected), "\(arguments): \(first)")
    child.send("blue\n")
    let result = child.finish()
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test("a line that is not UTF-8 is reported by number and every good line is still answered")
  func invalidUTF8Line() throws {
    let result = try runPickers(
      ["color", "convert", "-", "--to", "hex"],
      stdin: Array("red\n".utf8) + [0xFF, 0xFE, 0x0A] + Array("blue\r\nnot-a-color\nlime".utf8))
    #expect(result.status == 1)
    // CSS Color 4's named colors: red #ff0000, blue #0000ff, lime #00ff00.
    #expect(result.output == "#ff0000\n#0000ff\n#00ff00\n")
    #expect(
      result.stderr
        == "pickers: line 2: not valid UTF-8\n"
        + "pickers: line 4: cannot parse color \"not-a-color\": unknown color name "
        + "'not-a-color' at column 1\n")
  }

  @Test("a streamed JSON array is the single answers, indented, between [ and ]")
  func jsonArrayShape() throws {
    let colors = ["red", "#3478f6", "oklch(70% 0.1 200 / 50%)"]
    var singles: [String] = []
    for color in colors {
      let single = try runPickers(["color", "info", color, "--json"])
      #expect(single.status == 0)
      singles.append(String(single.output.dropLast()))
    }
    let batch = try runPickers(
      ["color", "info", "-", "--json"], stdin: Array(colors.map { $0 + "\n" }.joined().utf8))
    #expect(batch.status == 0)
    let indented = singles.map { "  " + $0.split(separator: "\n").joined(separator: "\n  ") }
    #expect(batch.output == "[\n" + indented.joined(separator: ",\n") + "\n]\n")
    let empty = try runPickers(["color", "info", "-", "--json"], stdin: [])
    #expect(empty.output == "[\n\n]\n")
  }

  @Test("a line over 64 KiB is skipped with its number, without being echoed back")
  func longLine() throws {
    let long = String(repeating: "x", count: 10_000_000)
    let result = try runPickers(
      ["color", "convert", "-", "--to", "hex"], stdin: Array("red\n\(long)\nblue\n".utf8))
    #expect(result.status == 1)
    #expect(result.output == "#ff0000\n#0000ff\n")
    #expect(result.stderr == "pickers: line 2: longer than 64 KiB; skipped\n")
  }

  @Test("a long bad color argument is quoted once, as a short excerpt")
  func longArgument() throws {
    let long = String(repeating: "x", count: 100_000)
    let result = try runPickers(["color", "convert", long, "--to", "hex"])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("pickers: cannot parse color \"xxxxxxxxxx"))
    #expect(result.stderr.utf8.count < 300)
    #expect(result.stderr.contains("(100000 bytes)"))
  }

  @Test("3 million lines (24 MB) are converted with a peak resident set under 16 MiB", .tags(.slow))
  func boundedMemory() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let input = folder + "/in.txt"
    let output = folder + "/out.txt"
    let lines = 3_000_000
    let fd = open(input, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let block = [UInt8](String(repeating: "#3478f6\n", count: 100_000).utf8)
    for _ in 0..<(lines / 100_000) {
      _ = block.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }
    close(fd)
    // GNU time reports the peak of the process it forks. (wait4's own figure for a child of
    // this process would include the test process's size, which exec does not reset.)
    let result = try runProgram(
      "/bin/sh",
      [
        "-c", "exec /usr/bin/time -f 'peak %M' \"$0\" color convert - --to hex < \"$1\" > \"$2\"",
        pickersBinary, input, output,
      ], timeout: 600)
    #expect(result.status == 0, "\(result.stderr)")
    var status = stat()
    stat(output, &status)
    // #3478f6 converted to hex is itself: every line comes back.
    #expect(Int(status.st_size) == lines * 8)
    let peak = result.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }
    let kibibytes = try #require(peak.flatMap { Int($0.dropFirst(5)) })
    #expect(kibibytes < 16 * 1024, "peak \(kibibytes) KiB")
  }
}
