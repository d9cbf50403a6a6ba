import Glibc

@testable import Pickers

/// Helpers shared by the PNG and file-writer tests.
enum PNGTestSupport {
  /// `Tests/Fixtures/png`, found from this file's path.
  static let fixtures: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // PNGTestSupport.swift, PNG, PickersTests
    return parts.joined(separator: "/") + "/Fixtures/png"
  }()

  /// Creates a new empty folder under /tmp and returns its path.
  static func temporaryFolder() -> String {
    var template = Array("/tmp/pickers-png-test-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { $0.baseAddress.flatMap { mkdtemp($0) } }
    precondition(made != nil, "mkdtemp failed")
    return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Removes `path` and everything under it.
  static func remove(_ path: String) {
    _ = run(["/bin/rm", "-rf", path])
  }

  /// The names in folder `path`, without "." and "..", sorted.
  static func entries(_ path: String) -> [String] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  /// Whether anything exists at `path`.
  static func exists(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
  }

  /// Writes `bytes` to `path` directly (test set-up, not the code under test).
  static func write(_ bytes: [UInt8], to path: String) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    precondition(fd >= 0, "cannot create \(path)")
    _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    close(fd)
  }

  /// Runs `arguments` (the first is an absolute path) and returns its status and stdout.
  @discardableResult
  static func run(_ arguments: [String]) -> (status: Int32, output: String) {
    var pipeEnds: [Int32] = [0, 0]
    precondition(pipe(&pipeEnds) == 0, "pipe failed")
    // Tests run in parallel: no other test's child may inherit these ends (dup2 clears the
    // flag on the child's standard output).
    for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
    posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
    let argv = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
    close(pipeEnds[1])
    defer { close(pipeEnds[0]) }
    guard spawned == 0 else { return (127, "") }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      output += buffer[0..<count]
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let exited = status & 0x7f == 0
    return (
      exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), String(decoding: output, as: UTF8.self)
    )
  }

  /// A Python 3 interpreter with Pillow, or `nil` (Debian's python3-pil is in /usr/bin).
  static let pythonWithPillow: String? = {
    for candidate in ["/usr/bin/python3", "/usr/local/bin/python3"]
    where access(candidate, X_OK) == 0 && run([candidate, "-c", "import PIL"]).status == 0 {
      return candidate
    }
    return nil
  }()

  /// An image of random bytes, alpha included.
  static func randomImage(width: Int, height: Int, seed: UInt64) throws -> RGBAImage {
    var generator = SplitMix64(seed: seed)
    let bytes = (0..<width * height * 4).map { _ in UInt8.random(in: 0...255, using: &generator) }
    return try RGBAImage(width: width, height: height, bytes: bytes)
  }

  /// The 4096 x 4096 benchmark gradient, scaled down: r = x / 16, g = y / 16, b = (x + y) / 32.
  static func gradient(width: Int, height: Int) throws -> RGBAImage {
    var bytes = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let offset = (y * width + x) * 4
        bytes[offset] = UInt8(truncatingIfNeeded: x >> 4)
        bytes[offset + 1] = UInt8(truncatingIfNeeded: y >> 4)
        bytes[offset + 2] = UInt8(truncatingIfNeeded: (x + y) >> 5)
      }
    }
    return try RGBAImage(width: width, height: height, bytes: bytes)
  }

  /// The CRC-32 of PNG chunks (ISO 3309, polynomial 0xEDB88320), from its definition with a
  /// byte table: independent of zlib's.
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    bytes.withUnsafeBufferPointer { buffer in
      for byte in buffer { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xff)] ^ (crc >> 8) }
    }
    return ~crc
  }

  private static let crcTable: [UInt32] = (0..<256).map { (index: UInt32) in
    var value = index
    for _ in 0..<8 { value = value & 1 == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1 }
    return value
  }

  /// One PNG chunk with its length and CRC.
  static func chunk(_ kind: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(kind.utf8) + data
    return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)]
  }

  /// Splits a PNG into its chunks (type, data), after the 8-byte signature.
  static func chunks(of png: [UInt8]) -> [(kind: String, data: [UInt8])] {
    var result: [(String, [UInt8])] = []
    var offset = 8
    while offset + 12 <= png.count {
      let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      let kind = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
      result.append((kind, Array(png[offset + 8..<offset + 8 + length])))
      offset += 12 + length
    }
    return result
  }

  /// Reassembles a PNG from chunks, with correct CRCs.
  static func assemble(_ chunks: [(kind: String, data: [UInt8])]) -> [UInt8] {
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunks.flatMap { chunk($0.kind, $0.data) }
  }
}
