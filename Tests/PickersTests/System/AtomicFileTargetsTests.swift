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

  /// A file's whole content, read through its descriptor from the start.
  static func contents(of descriptor: Int32) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    return Array(buffer.prefix(max(0, count)))
  }

  @Test(
    "a descriptor's name (/dev/fd/N, /proc/self/fd/N) is written through it: an append keeps what was there",
    arguments: ["/dev/fd/", "/proc/self/fd/"])
  func descriptorAppended(prefix: String) throws {
    let folder = Support.temporaryFolder()
    defer { Support.remove(folder) }
    let path = folder + "/log.txt"
    Support.write(Array("old\n".utf8), to: path)
    var before = stat()
    try #require(stat(path, &before) == 0)
    // As a shell's `>> log.txt` opens it.
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    try writeAtomically(Array("new\n".utf8), to: prefix + "\(descriptor)")
    #expect(try readFile(path) == Array("old\nnew\n".utf8))
    var after = stat()
    #expect(
      stat(path, &after) == 0 && after.st_ino == before.st_ino, "the same file, not a new one")
    #expect(Support.entries(folder) == ["log.txt"])
    // The writer closed only its own copy.
    #expect(fcntl(descriptor, F_GETFD) >= 0)
  }

  /// A descriptor of a file made in `folder` and removed at once, as a shell's redirection to
  /// a file deleted since leaves it.
  static func openDeletedFile(in folder: String) throws -> Int32 {
    let path = folder + "/gone.txt"
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    try #require(descriptor >= 0)
    unlink(path)
    return descriptor
  }

  @Test("a descriptor of a deleted file is written through it; nothing is created or replaced")
  func descriptorOfDeletedFile() throws {
    let folder = Support.temporaryFolder()
    defer { Support.remove(folder) }
    let descriptor = try Self.openDeletedFile(in: folder)
    defer { close(descriptor) }
    // Its /proc link reads "…/gone.txt (deleted)", which realpath cannot follow: the writer
    // used to fall back to replacing the name it was given.
    try writeAtomically([1, 2, 3], to: "/proc/self/fd/\(descriptor)")
    #expect(Self.contents(of: descriptor) == [1, 2, 3])
    #expect(Support.entries(folder).isEmpty)
    var status = stat()
    #expect(lstat("/proc/self/fd/\(descriptor)", &status) == 0)
    #expect(status.st_mode & S_IFMT == S_IFLNK, "still the kernel's link")
  }

  /// Spellings of a descriptor's name that are not its text: the writer used to take them
  /// for ordinary paths, and with a deleted file behind the descriptor replaced the name it
  /// was given (as root, `/dev//stdout` replaced `/dev/stdout` with a plain file).
  @Test(
    "other names of a descriptor (extra slashes, dot folders, a link to /dev/fd/N) are written through it",
    arguments: ["/dev//fd/", "/dev/./fd/", "/proc/self//fd/", "/proc/self/./fd/", "link:"])
  func descriptorSpellings(prefix: String) throws {
    let folder = Support.temporaryFolder()
    defer { Support.remove(folder) }
    let descriptor = try Self.openDeletedFile(in: folder)
    defer { close(descriptor) }
    var target = prefix + "\(descriptor)"
    if prefix == "link:" {
      // A user's own link to the descriptor's name.
      target = folder + "/out"
      try #require(symlink("/dev/fd/\(descriptor)", target) == 0)
    }
    #expect(AtomicFile.namedDescriptor(target) == descriptor, "\(target)")
    try writeAtomically([4, 5, 6], to: target)
    #expect(Self.contents(of: descriptor) == [4, 5, 6])
    #expect(Support.entries(folder) == (prefix == "link:" ? ["out"] : []))
    var status = stat()
    #expect(lstat(target, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK, "still a link")
  }

  @Test("a closed descriptor's name is refused with the system's reason, and nothing is made")
  func closedDescriptor() throws {
    // Far above any descriptor this process opens (a number just closed could be taken at
    // once by another test's file, which the write would then reach).
    let descriptor: Int32 = 999_999
    try #require(fcntl(descriptor, F_GETFD) < 0)
    #expect(
      throws: FileWriteError.failed(
        path: "/dev/fd/\(descriptor)", operation: "open", reason: systemErrorText(EBADF))
    ) {
      try writeAtomically([1], to: "/dev/fd/\(descriptor)")
    }
  }

  @Test("only a descriptor's own names are taken as one")
  func descriptorNames() {
    #expect(AtomicFile.namedDescriptor("/dev/stdout") == 1)
    #expect(AtomicFile.namedDescriptor("/dev/stderr") == 2)
    #expect(AtomicFile.namedDescriptor("/dev/fd/7") == 7)
    #expect(AtomicFile.namedDescriptor("/proc/self/fd/12") == 12)
    for other in [
      "/dev/null", "/dev/fd/", "/dev/fd/1x", "/dev/fd/-1", "/proc/1/fd/1", "stdout",
      "/tmp/dev/stdout", "/proc/1/fd/x", "/proc/self/fd/1234567890",
    ] {
      #expect(AtomicFile.namedDescriptor(other) == nil, "\(other)")
    }
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
