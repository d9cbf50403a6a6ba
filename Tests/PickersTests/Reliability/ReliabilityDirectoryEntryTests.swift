import Glibc
import Testing

@testable import Pickers

/// `readdir` names are read in place, up to their NUL (valgrind found the old copy of the whole
/// 256-byte `d_name` reading bytes glibc never wrote, in `font install`'s staging clean-up and
/// in `palette list`'s search path: 2,287 errors).
@Suite("Directory entries: names read to their end", .tags(.reliability))
struct ReliabilityDirectoryEntryTests {
  @Test("every name the folder holds, short, 255 bytes long or not ASCII, comes back whole")
  func names() throws {
    var template = Array("/tmp/pickers-entries-XXXXXX".utf8CString)
    let made = try #require(mkdtemp(&template))
    let folder = String(cString: made)
    // NAME_MAX is 255 bytes; "ü" is two bytes of UTF-8.
    let created = [
      "a", "ab", "seven77", String(repeating: "n", count: 100), String(repeating: "x", count: 255),
      "Grüße.ttf", "0-NotoSans-Regular.ttf",
    ]
    defer {
      for name in created { unlink(folder + "/" + name) }
      rmdir(folder)
    }
    for name in created {
      let descriptor = open(folder + "/" + name, O_WRONLY | O_CREAT | O_EXCL, 0o600)
      try #require(descriptor >= 0, "cannot create \(name)")
      close(descriptor)
    }
    let directory = try #require(opendir(folder))
    defer { closedir(directory) }
    var read: [String] = []
    while let entry = readdir(directory) { read.append(SystemCall.entryName(entry)) }
    #expect(Set(read) == Set(created + [".", ".."]))
    #expect(read.count == created.count + 2)
  }
}
