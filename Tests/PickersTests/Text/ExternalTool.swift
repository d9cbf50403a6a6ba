import FoundationEssentials
import Glibc

/// Runs the real tools (`hb-shape`, `hb-view`) that tests compare against.
enum ExternalTool {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The repository's `Tests/Fixtures` folder.
  static let fixtures: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Text/ExternalTool.swift, PickersTests
    return parts.joined(separator: "/") + "/Fixtures"
  }()

  /// The fixed test font set.
  static let fontsConf = fixtures + "/fonts.conf"

  /// Runs `program` with `arguments` (found on `PATH`) and returns its standard output.
  ///
  /// `FONTCONFIG_FILE` points at the test fonts (or `configFile`). Standard output goes to a
  /// temporary file, so the child can never block on a full pipe.
  static func run(_ program: String, _ arguments: [String], configFile: String? = nil) throws
    -> [UInt8]
  {
    var template = Array("/tmp/pickers-render-test-XXXXXX".utf8CString)
    let descriptor = mkstemp(&template)
    guard descriptor >= 0 else { throw Failure(description: "mkstemp failed") }
    let path = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    defer {
      close(descriptor)
      unlink(path)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, descriptor, STDOUT_FILENO)
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)

    var environment = [
      "FONTCONFIG_FILE=\(configFile ?? fontsConf)", "PATH=/usr/local/bin:/usr/bin:/bin",
      "LC_ALL=C.UTF-8",
    ]
    if let home = getenv("HOME") { environment.append("HOME=\(String(cString: home))") }
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, program, &actions, nil, argv, envp)
    guard spawned == 0 else { throw Failure(description: "cannot run \(program): \(spawned)") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    guard status == 0 else { throw Failure(description: "\(program) exited with \(status)") }
    return try readFile(path)
  }

  static func readFile(_ path: String) throws -> [UInt8] {
    guard let file = fopen(path, "rb") else { throw Failure(description: "cannot open \(path)") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = fread(&chunk, 1, chunk.count, file)
      if count <= 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
  }

  /// One glyph of `hb-shape --output-format=json --no-glyph-names`.
  struct HBGlyph: Decodable {
    var g: UInt32
    var cl: Int
    var dx: Int
    var dy: Int
    var ax: Int
    var ay: Int
  }

  /// HarfBuzz's own shaping of `text` in font units (`hb-shape`, default `ot` font functions).
  static func hbShape(font: String, text: String) throws -> [HBGlyph] {
    let output = try run(
      "hb-shape", ["--output-format=json", "--no-glyph-names", "--", font, text])
    return try JSONDecoder().decode([HBGlyph].self, from: Data(output))
  }
}
