import Dispatch
import Glibc
import Synchronization
import Testing

/// A private fontconfig setup in a temporary folder: a `fonts.conf`, font folders holding
/// copies of test fonts, fontconfig's cache and pickers' cache, never the system config.
private struct FontSandbox {
  let root: String
  var conf: String { root + "/fonts.conf" }
  var pickersCache: String { root + "/cache/pickers" }

  /// Makes the folder and writes `fonts.conf` with `body` inside `<fontconfig>`.
  init(_ body: (String) -> String) throws {
    root = try makeTemporaryDirectory()
    mkdir(root + "/fonts", 0o755)
    try write(
      "<?xml version=\"1.0\"?>\n<fontconfig>\n<cachedir>\(root)/fccache</cachedir>\n"
        + body(root) + "\n</fontconfig>\n", to: conf)
  }

  /// The environment both pickers and fc-list run in.
  var environment: [String: String] {
    [
      "FONTCONFIG_FILE": conf, "XDG_CACHE_HOME": root + "/cache", "HOME": root,
      "XDG_DATA_HOME": root + "/data-home", "XDG_CONFIG_HOME": root + "/config-home",
    ]
  }

  /// Copies a DejaVu font (a Debian test font) to `destination`.
  func copyFont(_ name: String, to destination: String) throws {
    let result = try runProgram(
      "/bin/cp", ["/usr/share/fonts/truetype/dejavu/" + name, destination])
    guard result.status == 0 else { throw HarnessError(description: result.stderr) }
  }

  /// `command` run through `/bin/sh` in `folder` (or the current one) with `extra` set.
  func shell(_ command: String, in folder: String? = nil, _ extra: [String: String] = [:])
    throws -> PickersResult
  {
    var environment = self.environment
    for (key, value) in extra { environment[key] = value }
    let script = (folder.map { "cd '\($0)' && " } ?? "") + command
    return try runProgram("/bin/sh", ["-c", script], environment: environment, timeout: 60)
  }

  /// `pickers font list`'s families.
  func pickersFamilies(in folder: String? = nil, _ extra: [String: String] = [:]) throws
    -> [String]
  {
    let result = try shell("exec '\(pickersBinary)' font list", in: folder, extra)
    #expect(result.status == 0, "\(result.stderr)")
    return result.output.split(separator: "\n").map(String.init)
  }

  /// fc-list's families under the same environment: the independent truth.
  func fcListFamilies(in folder: String? = nil, _ extra: [String: String] = [:]) throws
    -> [String]
  {
    let result = try shell("exec fc-list --format '%{family[0]}\\n'", in: folder, extra)
    return Array(Set(result.output.split(separator: "\n").map(String.init))).sorted {
      $0.lowercased() < $1.lowercased()
    }
  }

  /// The one pickers cache file.
  func cacheFile() throws -> String {
    let names = directoryEntries(pickersCache).filter { $0.hasSuffix(".cache") }
    guard names.count == 1 else { throw HarnessError(description: "cache files: \(names)") }
    return pickersCache + "/" + names[0]
  }

  func remove() { removeTree(root) }
}

private func write(_ text: String, to path: String) throws {
  try writeBytes(Array(text.utf8), to: path)
}

private func writeBytes(_ bytes: [UInt8], to path: String) throws {
  let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  guard fd >= 0 else { throw HarnessError(description: "cannot write \(path)") }
  defer { close(fd) }
  _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
}

private func readBytes(_ path: String) throws -> [UInt8] {
  let result = try runProgram("/bin/cat", [path])
  guard result.status == 0 else { throw HarnessError(description: "cannot read \(path)") }
  return result.stdout
}

/// The on-disk font cache never answers stale or damaged: each case against fc-list.
@Suite("Font cache: never stale, never damaged, never stuck")
struct ReliabilityFontCacheTests {
  @Test("a font replaced in place and fc-cache -f is noticed (fontconfig's caches are watched)")
  func replacedInPlace() throws {
    let box = try FontSandbox { "<dir>\($0)/fonts</dir>" }
    defer { box.remove() }
    try box.copyFont("DejaVuSerif.ttf", to: box.root + "/fonts/old.ttf")
    #expect(try box.pickersFamilies() == ["DejaVu Serif"])
    #expect(try box.pickersFamilies() == ["DejaVu Serif"])
    // cp over the same name: the folder itself does not change.
    try box.copyFont("DejaVuSansMono.ttf", to: box.root + "/fonts/old.ttf")
    _ = try box.shell("exec fc-cache -f")
    let truth = try box.fcListFamilies()
    #expect(truth == ["DejaVu Sans Mono"])
    #expect(try box.pickersFamilies() == truth)
  }

  @Test("XDG_DATA_DIRS, read by <dir prefix=\"xdg\">, is part of the cache key")
  func xdgDataDirs() throws {
    let box = try FontSandbox { _ in "<dir prefix=\"xdg\">fonts</dir>" }
    defer { box.remove() }
    for (folder, font) in [("one", "DejaVuSerif.ttf"), ("two", "DejaVuSansMono.ttf")] {
      _ = try runProgram("/bin/mkdir", ["-p", box.root + "/\(folder)/fonts"])
      try box.copyFont(font, to: box.root + "/\(folder)/fonts/a.ttf")
    }
    for folder in ["one", "two", "one"] {
      let extra = ["XDG_DATA_DIRS": box.root + "/" + folder]
      let truth = try box.fcListFamilies(extra)
      #expect(!truth.isEmpty)
      #expect(try box.pickersFamilies(extra) == truth, "XDG_DATA_DIRS=\(folder)")
    }
  }

  @Test("a relative <dir> follows the current folder, as fontconfig resolves it")
  func relativeDirectory() throws {
    let box = try FontSandbox { _ in "<dir>fonts</dir>" }
    defer { box.remove() }
    for (folder, font) in [("a", "DejaVuSerif.ttf"), ("b", "DejaVuSansMono.ttf")] {
      _ = try runProgram("/bin/mkdir", ["-p", box.root + "/\(folder)/fonts"])
      try box.copyFont(font, to: box.root + "/\(folder)/fonts/x.ttf")
    }
    for folder in ["a", "b", "a"] {
      let place = box.root + "/" + folder
      let truth = try box.fcListFamilies(in: place)
      #expect(!truth.isEmpty)
      #expect(try box.pickersFamilies(in: place) == truth, "in \(folder)")
    }
  }

  @Test("an optional <include> created later, in a folder nothing else watches, is noticed")
  func optionalIncludeCreatedLater() throws {
    let outside = try makeTemporaryDirectory()
    defer { removeTree(outside) }
    let included = outside + "/later/extra.conf"
    let box = try FontSandbox {
      "<dir>\($0)/fonts</dir>\n<include ignore_missing=\"yes\">\(included)</include>"
    }
    defer { box.remove() }
    try box.copyFont("DejaVuSerif.ttf", to: box.root + "/fonts/a.ttf")
    #expect(try box.pickersFamilies() == ["DejaVu Serif"])
    #expect(try box.pickersFamilies() == ["DejaVu Serif"])
    _ = try runProgram("/bin/mkdir", ["-p", outside + "/later", outside + "/more"])
    try box.copyFont("DejaVuSansMono.ttf", to: outside + "/more/b.ttf")
    try write(
      "<?xml version=\"1.0\"?>\n<fontconfig><dir>\(outside)/more</dir></fontconfig>\n",
      to: included)
    let truth = try box.fcListFamilies()
    #expect(truth == ["DejaVu Sans Mono", "DejaVu Serif"])
    #expect(try box.pickersFamilies() == truth)
  }

  @Test("60 single-bit flips across the cache file never change an answer")
  func bitFlips() throws {
    let box = try FontSandbox { "<dir>\($0)/fonts</dir>" }
    defer { box.remove() }
    for (font, name) in [("DejaVuSerif.ttf", "a"), ("DejaVuSansMono.ttf", "b")] {
      try box.copyFont(font, to: box.root + "/fonts/\(name).ttf")
    }
    let truth = try box.fcListFamilies()
    #expect(truth == ["DejaVu Sans Mono", "DejaVu Serif"])
    #expect(try box.pickersFamilies() == truth)
    let path = try box.cacheFile()
    let original = try readBytes(path)
    #expect(original.count > 200)
    var wrong: [Int] = []
    for flip in 0..<60 {
      // Evenly over the whole file, a different bit of each byte.
      let offset = (original.count - 1) * flip / 59
      var damaged = original
      damaged[offset] ^= UInt8(1 << (flip % 8))
      try writeBytes(damaged, to: path)
      if try box.pickersFamilies() != truth { wrong.append(offset) }
    }
    #expect(wrong.isEmpty, "wrong answers after flips at bytes \(wrong)")
  }

  @Test("a FIFO in place of the cache file is skipped at once, not waited on")
  func fifoCacheFile() throws {
    let box = try FontSandbox { "<dir>\($0)/fonts</dir>" }
    defer { box.remove() }
    try box.copyFont("DejaVuSerif.ttf", to: box.root + "/fonts/a.ttf")
    #expect(try box.pickersFamilies() == ["DejaVu Serif"])
    let path = try box.cacheFile()
    unlink(path)
    #expect(mkfifo(path, 0o644) == 0)
    let result = try runProgram(
      pickersBinary, ["font", "list"], environment: box.environment, timeout: 30)
    #expect(result.status == 0)
    #expect(result.output == "DejaVu Serif\n")
  }

  @Test("the cache is written through an unnamed temporary file: no *.tmp.* name ever exists")
  func unnamedTemporary() throws {
    let box = try FontSandbox { "<dir>\($0)/fonts</dir>" }
    defer { box.remove() }
    try box.copyFont("DejaVuSerif.ttf", to: box.root + "/fonts/a.ttf")
    let traced = try box.shell(
      "exec strace -f -e trace=open,openat,creat,rename,renameat,renameat2 -o '\(box.root)/trace' "
        + "'\(pickersBinary)' font list")
    #expect(traced.status == 0, "\(traced.stderr)")
    #expect(traced.output == "DejaVu Serif\n")
    let trace = String(decoding: try readBytes(box.root + "/trace"), as: UTF8.self)
    let named = trace.split(separator: "\n").filter {
      $0.contains(box.pickersCache) && $0.contains(".tmp")
    }
    #expect(named.isEmpty, "\(named)")
    #expect(directoryEntries(box.pickersCache).count == 1)
  }
  @Test("a font added while fontconfig scans is listed by the next run (stamps taken before)")
  func fontAddedDuringScan() throws {
    let box = try FontSandbox { "<dir>\($0)/fonts</dir>" }
    defer { box.remove() }
    try box.copyFont("DejaVuSerif.ttf", to: box.root + "/fonts/a.ttf")
    // FreeType's open of a FIFO blocks until a writer comes: the scan stops there, after
    // fontconfig has read the top folder and while it scans the subfolder.
    mkdir(box.root + "/fonts/sub", 0o755)
    let fifo = box.root + "/fonts/sub/pause.ttf"
    #expect(mkfifo(fifo, 0o644) == 0)
    /// Lets one reader of the FIFO through (an empty font, which FreeType rejects).
    func release() {
      DispatchQueue.global().async {
        let fd = open(fifo, O_WRONLY)
        if fd >= 0 { close(fd) }
      }
    }
    let first = Mutex<PickersResult?>(nil)
    let group = DispatchGroup()
    let environment = box.environment
    DispatchQueue.global().async(group: group) {
      let result = try? runProgram(
        pickersBinary, ["font", "list"], environment: environment, timeout: 60)
      first.withLock { $0 = result }
    }
    // fontconfig writes the top folder's cache before it goes down into the subfolder.
    for _ in 0..<3000 {
      if directoryEntries(box.root + "/fccache").contains(where: { $0.hasSuffix(".cache-8") }) {
        break
      }
      usleep(10_000)
    }
    try box.copyFont("DejaVuSansMono.ttf", to: box.root + "/fonts/b.ttf")
    release()
    group.wait()
    let result = try #require(first.withLock { $0 })
    #expect(result.status == 0)
    #expect(result.output == "DejaVu Serif\n")  // b.ttf came after the folder was read
    // Later runs may scan the subfolder again: give each a writer.
    release()
    let truth = try box.fcListFamilies()
    #expect(truth == ["DejaVu Sans Mono", "DejaVu Serif"])
    release()
    #expect(try box.pickersFamilies() == truth)
    // Free any writer still waiting (a run that did not open the FIFO).
    for _ in 0..<3 {
      let reader = open(fifo, O_RDONLY | O_NONBLOCK)
      usleep(20_000)
      if reader >= 0 { close(reader) }
    }
  }
}
