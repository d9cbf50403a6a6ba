import Glibc
import Testing

/// What a run of the `pickers` binary produced.
struct PickersResult {
  var status: Int32
  var stdout: [UInt8]
  var stderr: String
  /// Standard output as text.
  var output: String { String(decoding: stdout, as: UTF8.self) }
}

/// Failures of the test harness itself.
struct HarnessError: Error, CustomStringConvertible {
  var description: String
}

/// The folder holding the test bundle and the built `pickers` binary beside it.
let buildProductsDirectory: String = {
  var buffer = [CChar](repeating: 0, count: 4096)
  let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
  let path =
    count > 0
    ? String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
  var parts = path.split(separator: "/", omittingEmptySubsequences: false)
  // …/.build/debug/pickersPackageTests.xctest (a file on Linux)
  parts.removeLast()
  return parts.joined(separator: "/")
}()

/// The `pickers` binary under test.
let pickersBinary = buildProductsDirectory + "/pickers"

/// The package's root folder: the nearest folder above this file holding `Package.swift`, so a
/// test file can move between folders without counting path components.
let packageRoot: String = {
  var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast()
  while !parts.isEmpty {
    let folder = parts.joined(separator: "/")
    if access(folder + "/Package.swift", F_OK) == 0 { return folder }
    parts = parts.dropLast()
  }
  preconditionFailure("no Package.swift above \(#filePath)")
}()

/// The repository's `Tests/Fixtures` folder.
let fixturesDirectory = packageRoot + "/Tests/Fixtures"

/// The test font configuration: a fixed set of Debian-packaged fonts.
let testFontsConf = fixturesDirectory + "/fonts.conf"

/// The private folder of the test fonts (`scripts/test-fonts` links the manifest's files there):
/// the path fontconfig reports for a test font.
let testFontsFolder = fixturesDirectory + "/test-fonts"

/// This process's environment with the test fonts and no Swift backtracer, for a child process.
func childEnvironment() -> [String: String] {
  var env: [String: String] = [:]
  var pointer = environ
  while let entry = pointer.pointee {
    let text = String(cString: entry)
    if let equals = text.firstIndex(of: "=") {
      env[String(text[..<equals])] = String(text[text.index(after: equals)...])
    }
    pointer += 1
  }
  env["FONTCONFIG_FILE"] = testFontsConf
  env["SWIFT_BACKTRACE"] = "enable=no"
  return env
}

/// Runs a program with `arguments`, feeding `stdin`, and collects its output.
///
/// The child gets `FONTCONFIG_FILE` pointing at the test fonts unless `environment` sets it, and
/// is killed after `timeout` seconds (the run then fails), so no test can hang.
func runProgram(
  _ program: String, _ arguments: [String], stdin: [UInt8] = [],
  environment: [String: String] = [:], timeout: Double = 60
) throws -> PickersResult {
  var env = childEnvironment()
  env.removeValue(forKey: "NO_COLOR")
  for (key, value) in environment { env[key] = value }

  // Standard input comes from a temporary file, so writing it can never block.
  var template = Array("/tmp/pickers-test-stdin-XXXXXX".utf8CString)
  let inputFD = mkstemp(&template)
  guard inputFD >= 0 else { throw HarnessError(description: "mkstemp failed") }
  _ = fcntl(inputFD, F_SETFD, FD_CLOEXEC)
  let inputPath = String(
    decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  defer {
    close(inputFD)
    unlink(inputPath)
  }
  stdin.withUnsafeBytes { raw in
    var offset = 0
    while offset < raw.count {
      let written = write(inputFD, raw.baseAddress?.advanced(by: offset), raw.count - offset)
      if written <= 0 { break }
      offset += written
    }
  }
  lseek(inputFD, 0, SEEK_SET)

  var outPipe: [Int32] = [0, 0]
  var errPipe: [Int32] = [0, 0]
  guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else {
    throw HarnessError(description: "pipe failed")
  }
  // Other tests spawn children in parallel: none of them may inherit these pipes.
  for fd in outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_adddup2(&actions, inputFD, 0)
  posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
  posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)

  let argv = ([program] + arguments).map { strdup($0) } + [nil]
  let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer {
    argv.forEach { free($0) }
    envp.forEach { free($0) }
  }
  var pid: pid_t = 0
  // Swift Testing's worker threads block most signals and a child inherits the mask: start
  // every child with none blocked, so SIGTERM and SIGINT reach the program under test.
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  var noSignals = sigset_t()
  sigemptyset(&noSignals)
  posix_spawnattr_setsigmask(&attributes, &noSignals)
  posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
  let spawned = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
  close(outPipe[1])
  close(errPipe[1])
  defer {
    close(outPipe[0])
    close(errPipe[0])
  }
  guard spawned == 0 else {
    throw HarnessError(description: "cannot run \(program): \(String(cString: strerror(spawned)))")
  }

  var out: [UInt8] = []
  var err: [UInt8] = []
  var open = [outPipe[0], errPipe[0]]
  var chunk = [UInt8](repeating: 0, count: 65_536)
  var start = timespec()
  clock_gettime(CLOCK_MONOTONIC, &start)
  var timedOut = false
  while !open.isEmpty {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    let elapsed = Double(now.tv_sec - start.tv_sec) + Double(now.tv_nsec - start.tv_nsec) / 1e9
    if elapsed > timeout {
      timedOut = true
      kill(pid, SIGKILL)
      break
    }
    var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let ready = poll(&fds, nfds_t(fds.count), 200)
    if ready <= 0 { continue }
    for entry in fds where entry.revents != 0 {
      let count = read(entry.fd, &chunk, chunk.count)
      if count <= 0 {
        open.removeAll { $0 == entry.fd }
      } else if entry.fd == outPipe[0] {
        out.append(contentsOf: chunk[0..<count])
      } else {
        err.append(contentsOf: chunk[0..<count])
      }
    }
  }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  if timedOut {
    throw HarnessError(description: "\(program) \(arguments) did not finish in \(timeout) s")
  }
  // WIFEXITED / WEXITSTATUS are macros; decode the status word by hand.
  let exitStatus: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  return PickersResult(
    status: exitStatus, stdout: out, stderr: String(decoding: err, as: UTF8.self))
}

/// Runs the built `pickers` binary with `arguments`.
func runPickers(
  _ arguments: [String], stdin: [UInt8] = [], environment: [String: String] = [:],
  timeout: Double = 60
) throws -> PickersResult {
  try runProgram(pickersBinary, arguments, stdin: stdin, environment: environment, timeout: timeout)
}

/// Whether a program is on `PATH`.
func programExists(_ name: String) -> Bool {
  let path = (getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin")
  return path.split(separator: ":").contains { access("\($0)/\(name)", X_OK) == 0 }
}

/// A fresh empty temporary folder, removed by the caller with `removeTree`.
func makeTemporaryDirectory() throws -> String {
  var template = Array("/tmp/pickers-test-XXXXXX".utf8CString)
  guard mkdtemp(&template) != nil else { throw HarnessError(description: "mkdtemp failed") }
  return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Removes a folder and everything in it.
func removeTree(_ path: String) {
  _ = try? runProgram("/bin/rm", ["-rf", path])
}

/// The names of the entries in a folder, sorted.
func directoryEntries(_ path: String) -> [String] {
  guard let directory = opendir(path) else { return [] }
  defer { closedir(directory) }
  var names: [String] = []
  while let entry = readdir(directory) {
    let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
      String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
    if name != "." && name != ".." { names.append(name) }
  }
  return names.sorted()
}
