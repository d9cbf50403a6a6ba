import Glibc
import Pickers
import Testing

/// Starts `pickers` with `arguments` in the background (output discarded) and returns its pid.
func spawnPickers(_ arguments: [String]) throws -> pid_t {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  let argv = ([pickersBinary] + arguments).map { strdup($0) } + [nil]
  let environment: [String] = [
    "FONTCONFIG_FILE=\(testFontsConf)", "SWIFT_BACKTRACE=enable=no", "PATH=/usr/bin:/bin",
  ]
  let envp = environment.map { strdup($0) } + [nil]
  defer {
    argv.forEach { free($0) }
    envp.forEach { free($0) }
  }
  var pid: pid_t = 0
  let spawned = posix_spawn(&pid, pickersBinary, &actions, nil, argv, envp)
  guard spawned == 0 else { throw HarnessError(description: "cannot start pickers") }
  return pid
}

/// The bytes of a file, or nil when there is none.
func fileBytes(_ path: String) -> [UInt8]? {
  try? readFile(path)
}

@Suite("Atomic output under SIGKILL", .serialized, .tags(.reliability, .slow))
struct ReliabilityAtomicOutputTests {
  /// Kills a large specimen at several moments of its run.
  ///
  /// Each time the target holds either
  /// its old bytes or a complete PNG, and the folder holds nothing else: the temporary file is
  /// unnamed (O_TMPFILE) until the last moment, so the kernel removes it with the process.
  @Test("a specimen killed while writing leaves the old file or a complete one, and nothing else")
  func killDuringSpecimen() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let target = folder + "/sheet.png"
    let old = try runPickers(["color", "swatch", "red", "-o", target])
    try #require(old.status == 0)
    let oldBytes = try #require(fileBytes(target))

    var sawOld = false
    for delay in [300_000, 1_000_000, 2_500_000, 5_000_000] as [useconds_t] {
      let pid = try spawnPickers(["font", "specimen", "--all", "--size", "40", "-o", target])
      usleep(delay)
      kill(pid, SIGKILL)
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
      let bytes = try #require(fileBytes(target), "the target disappeared")
      if bytes == oldBytes {
        sawOld = true
      } else {
        // The process finished before the kill: the new file must be whole.
        let image = try RGBAImage(pngData: bytes)
        #expect(image.height > 1_000)
      }
      #expect(directoryEntries(folder) == ["sheet.png"], "after \(delay) µs")
    }
    #expect(sawOld, "no kill landed while the specimen was being written")
  }

  @Test("with no old file, a killed specimen leaves nothing at all")
  func killWithoutOldFile() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let pid = try spawnPickers(["font", "specimen", "--all", "-o", folder + "/sheet.png"])
    usleep(800_000)
    kill(pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let entries = directoryEntries(folder)
    #expect(entries.isEmpty || entries == ["sheet.png"])
    if entries == ["sheet.png"] {
      _ = try RGBAImage(pngFile: folder + "/sheet.png")
    }
  }
}
