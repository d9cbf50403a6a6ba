import Glibc
import Pickers
import Testing

/// `PICKERS_FSYNC` decides whether output files are flushed to disk; both ways they are atomic.
///
/// The system calls are observed with `strace -f`, which sees what the process really asked
/// of the kernel.
@Suite("File durability (PICKERS_FSYNC)", .tags(.reliability))
struct FileDurabilityTests {
  /// Runs `pickers arguments` under strace and returns the `fsync` lines and the exit status.
  func syncCalls(_ arguments: [String], environment: [String: String]) throws -> (
    status: Int32, lines: [String]
  ) {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let log = folder + "/trace.txt"
    let result = try runProgram(
      "/usr/bin/strace",
      ["-f", "-qq", "-e", "trace=fsync,fdatasync,sync_file_range", "-o", log, pickersBinary]
        + arguments,
      environment: environment)
    let text = String(decoding: try readFile(log), as: UTF8.self)
    return (result.status, text.split(separator: "\n").map(String.init))
  }

  @Test("by default a swatch is written without waiting for the disk, and is complete")
  func atomicByDefault() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let target = folder + "/swatch.png"
    let (status, lines) = try syncCalls(["color", "swatch", "red", "-o", target], environment: [:])
    #expect(status == 0)
    #expect(lines.filter { $0.contains("sync") }.isEmpty, "\(lines)")
    let bytes = try readFile(target)
    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    // Nothing but the target is left in the folder (no temporary name).
    #expect(directoryEntries(folder) == ["swatch.png"])
  }

  @Test(
    "PICKERS_FSYNC=1 syncs the new file and then its folder, for a new and a replaced file",
    arguments: [false, true])
  func syncedWhenAsked(replacing: Bool) throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let target = folder + "/theme.conf"
    if replacing {
      try #require(
        runPickers(["theme", "--accent", "#3478f6", "--format", "kitty", "-o", target]).status == 0)
    }
    let (status, lines) = try syncCalls(
      ["theme", "--accent", "#3478f6", "--format", "kitty", "-o", target],
      environment: ["PICKERS_FSYNC": "1"])
    #expect(status == 0)
    let syncs = lines.filter { $0.contains("fsync(") }
    #expect(syncs.count == 2, "\(lines)")
    #expect(syncs.allSatisfy { $0.hasSuffix("= 0") }, "\(syncs)")
    #expect(try readFile(target).count > 100)
    #expect(directoryEntries(folder) == ["theme.conf"])
  }

  @Test("PICKERS_FSYNC=0 or empty means the default", arguments: ["0", "", "no"])
  func offValues(value: String) throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let (status, lines) = try syncCalls(
      ["color", "swatch", "red", "-o", folder + "/s.png"], environment: ["PICKERS_FSYNC": value])
    #expect(status == 0)
    #expect(lines.filter { $0.contains("fsync(") }.isEmpty, "\(lines)")
  }
}
