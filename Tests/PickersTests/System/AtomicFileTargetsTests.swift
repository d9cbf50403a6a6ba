import Glibc
import Testing

@testable import Pickers

/// What the atomic writer does with paths that are not plain files: links and devices.
@Suite("Atomic file writer: links, pipes and devices")
struct AtomicFileTargetsTests {
  typealias Support = PNGTestSupport

  @Test(
    "a symbolic link keeps pointing at its file, whose content is replaced",
    arguments: [true, false])
  func symbolicLink(unnamed: Bool) throws {
    let folder = Support.temporaryFolder()
    defer { Support.remove(folder) }
    mkdir(folder + "/dotfiles", 0o755)
    Support.write(Array("old\n".utf8), to: folder + "/dotfiles/kitty.conf")
    #expect(symlink("dotfiles/kitty.conf", folder + "/kitty.conf") == 0)
    try writeAtomically(Array("new\n".utf8), to: folder + "/kitty.conf", unnamed: unnamed)
    var status = stat()
    #expect(lstat(folder + "/kitty.conf", &status) == 0)
    #expect(status.st_mode & S_IFMT == S_IFLNK, "the link is still a link")
    #expect(try readFile(folder + "/dotfiles/kitty.conf") == Array("new\n".utf8))
    #expect(Support.entries(folder + "/dotfiles") == ["kitty.conf"])
  }

  @Test("a dangling symbolic link gets its target created")
  func danglingLink() throws {
    let folder = Support.temporaryFolder()
    defer { Support.remove(folder) }
    #expect(symlink(folder + "/target.txt", folder + "/link.txt") == 0)
    try writeAtomically([7, 8, 9], to: folder + "/link.txt")
    #expect(try readFile(folder + "/target.txt") == [7, 8, 9])
    var status = stat()
    #expect(lstat(folder + "/link.txt", &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
  }

  @Test("a named pipe is written to, not replaced by a file")
  func namedPipe() throws {
    let folder = Support.temporaryFolder()
    defer { Support.remove(folder) }
    let path = folder + "/pipe"
    #expect(mkfifo(path, 0o600) == 0)
    // A reader must exist before a writer can open the pipe without blocking.
    let reader = open(path, O_RDONLY | O_NONBLOCK)
    try #require(reader >= 0)
    defer { close(reader) }
    try writeAtomically(Array("through the pipe".utf8), to: path)
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
    #expect(Array(buffer.prefix(max(0, count))) == Array("through the pipe".utf8))
    var status = stat()
    #expect(lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "still a pipe")
    #expect(Support.entries(folder) == ["pipe"])
  }

  /// A private copy of the null device (major 1, minor 3) keeps the system's own safe.
  ///
  /// A regression could otherwise replace `/dev/null` itself. Making device nodes needs root,
  /// as CI runs. glibc's `makedev` is a macro: for numbers this small it is `major << 8 | minor`.
  @Test(
    "a character device such as /dev/null is written to and stays a device",
    .enabled(if: geteuid() == 0, "creating a device node needs root"))
  func characterDevice() throws {
    let folder = Support.temporaryFolder()
    defer { Support.remove(folder) }
    let path = folder + "/null"
    try #require(mknod(path, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0)
    var before = stat()
    try #require(stat(path, &before) == 0)
    try writeAtomically([1, 2, 3], to: path)
    var after = stat()
    #expect(stat(path, &after) == 0)
    #expect(after.st_mode & S_IFMT == S_IFCHR, "still a character device")
    #expect(after.st_ino == before.st_ino && after.st_rdev == before.st_rdev)
    #expect(Support.entries(folder) == ["null"])
  }
}
