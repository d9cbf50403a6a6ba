import Glibc
import Testing

@testable import Pickers

@Suite("Atomic file writer")
struct AtomicFileWriterTests {
  typealias Support = PNGTestSupport

  @Test(
    "a new file holds exactly the bytes, and nothing else is left in the folder",
    arguments: [true, false])
  func writesNewFile(unnamed: Bool) throws {
    let folder = Support.temporaryFolder()
    defer { Support.remove(folder) }
    let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
    try writeAtomically(bytes, to: folder + "/data.bin", unnamed: unnamed)
    #expect(try readFile(folder + "/data.bin") == bytes)
    try writeAtomically([], to: folder + "/empty.bin", unnamed: unnamed)
    #expect(try readFile(folder + "/empty.bin") == [])
    #expect(Support.entries(folder) == ["data.bin", "empty.bin"])
  }

  @Test(
    "an existing file is replaced by rename: a reader of the old file still sees it whole",
    arguments: [true, false])
  func replacesAtomically(unnamed: Bool) throws {
    let folder = Support.temporaryFolder()
    defer { Support.remove(folder) }
    let path = folder + "/theme.conf"
    let old = [UInt8](repeating: 0x41, count: 10_000)
    Support.write(old, to: path)
    #expect(chmod(path, 0o640) == 0)
    var before = stat()
    #expect(stat(path, &before) == 0)
    let reader = open(path, O_RDONLY)
    defer { close(reader) }
    try writeAtomically([1, 2, 3], to: path, unnamed: unnamed)
    var after = stat()
    #expect(stat(path, &after) == 0)
    #expect(after.st_ino != before.st_ino, "a new inode took the name")
    #expect(after.st_mode & 0o777 == 0o640, "the permission bits are kept")
    var buffer = [UInt8](repeating: 0, count: 20_000)
    let count = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
    #expect(Array(buffer.prefix(count)) == old, "the old content was never truncated")
    #expect(try readFile(path) == [1, 2, 3])
    #expect(Support.entries(folder) == ["theme.conf"])
  }

  @Test("a missing folder is reported and nothing is created", arguments: [true, false])
  func missingFolder(unnamed: Bool) throws {
    let folder = Support.temporaryFolder()
    defer { Support.remove(folder) }
    #expect(
      throws: FileWriteError.folderMissing(path: folder + "/no/x.png", folder: folder + "/no")
    ) {
      try writeAtomically([1], to: folder + "/no/x.png", unnamed: unnamed)
    }
    #expect(Support.entries(folder) == [])
    #expect(
      FileWriteError.folderMissing(path: "out/x.png", folder: "out").description
        == "cannot write \"out/x.png\": folder \"out\" does not exist")
  }

  @Test("a path under a regular file is reported as not a folder", arguments: [true, false])
  func underRegularFile(unnamed: Bool) throws {
    let folder = Support.temporaryFolder()
    defer { Support.remove(folder) }
    Support.write([0], to: folder + "/file")
    #expect(
      throws: FileWriteError.notAFolder(path: folder + "/file/x.png", folder: folder + "/file")
    ) {
      try writeAtomically([1], to: folder + "/file/x.png", unnamed: unnamed)
    }
    #expect(Support.entries(folder) == ["file"])
  }

  @Test(
    "a folder that refuses new files is reported with the system's reason",
    arguments: [true, false])
  func unwritableFolder(unnamed: Bool) throws {
    // sysfs refuses new files even for root, so this holds whoever runs the tests.
    #expect(
      throws: FileWriteError.folderNotWritable(
        path: "/sys/pickers.png", folder: "/sys", reason: "permission denied")
    ) {
      try writeAtomically([1], to: "/sys/pickers.png", unnamed: unnamed)
    }
    #expect(!Support.exists("/sys/pickers.png"))
  }

  @Test(
    "a path that is a folder is reported and the folder is untouched", arguments: [true, false])
  func pathIsFolder(unnamed: Bool) throws {
    let folder = Support.temporaryFolder()
    defer { Support.remove(folder) }
    #expect(throws: FileWriteError.isDirectory(path: folder)) {
      try writeAtomically([1], to: folder, unnamed: unnamed)
    }
    #expect(throws: FileWriteError.isDirectory(path: folder + "/")) {
      try writeAtomically([1], to: folder + "/", unnamed: unnamed)
    }
    #expect(Support.entries(folder) == [])
  }

  @Test(
    "a full disk fails the write, with the system's reason, and leaves no file behind",
    .enabled(if: getuid() == 0, "mounting a small tmpfs needs root"), arguments: [true, false])
  func diskFull(unnamed: Bool) throws {
    let folder = Support.temporaryFolder()
    defer { Support.remove(folder) }
    let mounted = Support.run(["/bin/mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", folder])
    try #require(mounted.status == 0, "mount a 64 KiB tmpfs")
    defer { Support.run(["/bin/umount", folder]) }
    let path = folder + "/big.bin"
    #expect(
      throws: FileWriteError.failed(
        path: path, operation: "write", reason: "no space left on device")
    ) {
      try writeAtomically([UInt8](repeating: 7, count: 1_000_000), to: path, unnamed: unnamed)
    }
    #expect(Support.entries(folder) == [])
    // The stream writer's failure inside libpng's write callback is reported the same way.
    let writer = try PNGStreamWriter(
      path: folder + "/sheet.png", width: 512, height: 512, options: .init(compression: .fast))
    let noise = try Support.randomImage(width: 512, height: 64, seed: 9)
    var failure: PNGError?
    for _ in 0..<8 where failure == nil {
      do { try writer.append(rows: noise) } catch { failure = error }
    }
    #expect(
      failure
        == .unwritable(
          .failed(
            path: folder + "/sheet.png", operation: "write", reason: "no space left on device")))
    #expect(Support.entries(folder) == [])
  }

  @Test(
    "a long file name still gets a temporary name the file system accepts",
    arguments: [true, false])
  func longName(unnamed: Bool) throws {
    let folder = Support.temporaryFolder()
    defer { Support.remove(folder) }
    let name = String(repeating: "é", count: 120) + ".png"  // 244 bytes
    try writeAtomically([9], to: folder + "/" + name, unnamed: unnamed)
    #expect(Support.entries(folder) == [name])
  }

  @Test("with a named temporary file, the name exists while writing and goes on discard")
  func namedTemporaryFile() throws {
    let folder = Support.temporaryFolder()
    defer { Support.remove(folder) }
    let file = try AtomicFile(path: folder + "/x.png", unnamed: false)
    try [UInt8](repeating: 1, count: 10).withUnsafeBytes { try file.write($0) }
    let names = Support.entries(folder)
    #expect(names.count == 1 && names[0].hasPrefix(".x.png.") && names[0].hasSuffix(".tmp"))
    file.discard()
    #expect(Support.entries(folder) == [])
  }

  @Test("paths split into a folder and a name")
  func split() {
    #expect(AtomicFile.split("x.png") == (".", "x.png"))
    #expect(AtomicFile.split("/x.png") == ("/", "x.png"))
    #expect(AtomicFile.split("a/b/x.png") == ("a/b", "x.png"))
    #expect(AtomicFile.split("a/") == ("a", ""))
  }

  @Test("readFile refuses folders, missing files and files over the limit")
  func readErrors() throws {
    let folder = Support.temporaryFolder()
    defer { Support.remove(folder) }
    Support.write([UInt8](repeating: 1, count: 2_000), to: folder + "/f")
    #expect(throws: FileReadError.isDirectory(path: folder)) { try readFile(folder) }
    #expect(throws: FileReadError.notFound(path: folder + "/g")) { try readFile(folder + "/g") }
    #expect(throws: FileReadError.tooLarge(path: folder + "/f", limit: 1_999)) {
      try readFile(folder + "/f", maximumSize: 1_999)
    }
    #expect(try readFile(folder + "/f", maximumSize: 2_000).count == 2_000)
    #expect(
      PNGError.unreadable(.notFound(path: "a.png")).description
        == "cannot read \"a.png\": no such file")
  }
}
