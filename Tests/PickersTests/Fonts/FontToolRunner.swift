#if canImport(Glibc)
  import Glibc
#endif

/// Runs the real fontconfig tools (`fc-list`, `fc-match`, `fc-query`) as the independent truth
/// for the font tests, on the fixed test font set.
enum FontTools {
  /// `Tests/Fixtures/fonts.conf`, found from this file's path.
  static let fixturesConf = fixture("fonts.conf")
  /// The private folder of the test fonts, the path fontconfig reports for each of them.
  static let fontsFolder = fixture("test-fonts")

  /// A file in `Tests/Fixtures/`.
  static func fixture(_ name: String, file: String = #filePath) -> String {
    var parts = file.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Fonts/FontToolRunner.swift, PickersTests
    return parts.joined(separator: "/") + "/Fixtures/" + name
  }

  /// Runs `tool` with `FONTCONFIG_FILE` set to `config` and returns its standard output.
  static func run(
    _ tool: String, _ arguments: [String], config: String = fixturesConf,
    environment extra: [String: String] = [:]
  ) throws -> String {
    try runWithStatus(tool, arguments, config: config, environment: extra).output
  }

  /// Like ``run(_:_:config:environment:)``, with the exit status.
  static func runWithStatus(
    _ tool: String, _ arguments: [String], config: String = fixturesConf,
    environment extra: [String: String] = [:]
  ) throws -> (status: Int32, output: String) {
    var environment: [String: String] = [:]
    var cursor = environ
    while let entry = cursor.pointee {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      cursor += 1
    }
    environment["FONTCONFIG_FILE"] = config
    environment.merge(extra) { _, new in new }
    return try spawn(["/usr/bin/" + tool] + arguments, environment: environment)
  }

  /// Runs any program by absolute path and returns its standard output.
  static func runPlain(_ path: String, _ arguments: [String]) throws -> String {
    try spawn([path] + arguments, environment: [:]).output
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  private static func spawn(
    _ argv: [String], environment: [String: String]
  ) throws -> (status: Int32, output: String) {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { throw Failure(description: "pipe failed") }
    // Tests run in parallel: no other test's child may inherit these ends (dup2 clears the
    // flag on the child's standard output).
    for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
    posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
    let cArguments = argv.map { strdup($0) } + [nil]
    let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      cArguments.forEach { free($0) }
      cEnvironment.forEach { free($0) }
    }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, argv[0], &actions, nil, cArguments, cEnvironment)
    close(pipeEnds[1])
    guard status == 0 else {
      close(pipeEnds[0])
      throw Failure(description: "cannot run \(argv[0])")
    }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      if count <= 0 { break }
      output += buffer[0..<count]
    }
    close(pipeEnds[0])
    var exitStatus: Int32 = 0
    while waitpid(pid, &exitStatus, 0) < 0, errno == EINTR {}
    return ((exitStatus >> 8) & 0xff, String(decoding: output, as: UTF8.self))
  }

  /// Lines of output without the empty last one.
  static func lines(_ text: String) -> [String] {
    text.split(separator: "\n").map(String.init)
  }
}

extension String {
  /// Reads a file in `Tests/Fixtures/`.
  init(contentsOfFixture name: String) throws {
    self = try readText(FontTools.fixture(name))
  }
}

/// Reads a whole file as UTF-8.
func readText(_ path: String) throws -> String {
  String(decoding: try readBytes(path), as: UTF8.self)
}

/// Reads a whole file.
func readBytes(_ path: String) throws -> [UInt8] {
  guard let file = fopen(path, "rb") else { throw FontTools.Failure(description: "no \(path)") }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65_536)
  while true {
    let count = fread(&buffer, 1, buffer.count, file)
    if count == 0 { break }
    bytes += buffer[0..<count]
  }
  return bytes
}

/// Writes `text` to `path`, replacing it.
func writeText(_ text: String, to path: String) throws {
  try writeBytes(Array(text.utf8), to: path)
}

/// Writes `bytes` to `path`, replacing it.
func writeBytes(_ bytes: [UInt8], to path: String) throws {
  guard let file = fopen(path, "wb") else { throw FontTools.Failure(description: "no \(path)") }
  defer { fclose(file) }
  guard fwrite(bytes, 1, bytes.count, file) == bytes.count else {
    throw FontTools.Failure(description: "cannot write \(path)")
  }
}
