import Dispatch
import FoundationEssentials
import Glibc
import Synchronization
import Testing

@Suite("pickers font cache")
struct FontCacheCLITests {
  @Test("a font copied into a watched folder is listed by the very next run")
  func fontAdded() throws {
    let root = try makeTemporaryDirectory()
    defer { removeTree(root) }
    let environment = try watchedFolder(in: root)
    #expect(try runPickers(["font", "list"], environment: environment).output == "DejaVu Serif\n")
    #expect(try runPickers(["font", "list"], environment: environment).output == "DejaVu Serif\n")
    try copy("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", to: root + "/fonts/b.ttf")
    let after = try runPickers(["font", "list"], environment: environment)
    #expect(after.output == "DejaVu Sans Mono\nDejaVu Serif\n")
    let truth = try runProgram(
      "/usr/bin/fc-list", ["--format", "%{family[0]}\n"], environment: environment)
    #expect(Set(outputLines(after)) == Set(outputLines(truth)))
  }

  @Test(
    "cached --faces, --json, --format and font faces equal the uncached answers and fontconfig's")
  func facesFromCache() throws {
    let root = try makeTemporaryDirectory()
    defer { removeTree(root) }
    let cached = ["XDG_CACHE_HOME": root]
    let uncached = ["XDG_CACHE_HOME": root + "/unused", "PICKERS_NO_CACHE": "1"]
    let template = "%{family[0]}\\t%{style[0]}\\t%{file}\\t%{weight}\\n"
    let commands = [
      ["font", "list", "--faces"], ["font", "list", "--faces", "--json"],
      ["font", "list", "--faces", "--mono", "--lang", "ru"],
      ["font", "list", "--format", template],
      ["font", "list", "--lang", "ja", "--format", template], ["font", "faces", "DejaVu Sans"],
      ["font", "faces", "Inter", "--json"],
    ]
    for command in commands {
      let truth = try runPickers(command, environment: uncached)
      #expect(truth.status == 0 && truth.stderr.isEmpty && !truth.stdout.isEmpty, "\(command)")
      for round in ["miss", "hit"] {
        let answer = try runPickers(command, environment: cached)
        #expect(answer.status == 0, "\(command) \(round): \(answer.stderr)")
        #expect(answer.stdout == truth.stdout, "\(command) \(round)")
      }
    }
    // The face lists have their own cache file beside the family lists'.
    let files = directoryEntries(root + "/pickers").sorted()
    #expect(files.count == 2 && files[0].hasPrefix("faces-") && files[1].hasPrefix("fonts-"))

    // And the answers are fontconfig's.
    let faces = try runPickers(["font", "list", "--faces"], environment: cached)
    let listed = try fcList(["--format", "%{family[0]}\t%{style[0]}\t%{file}\n"])
    #expect(outputLines(faces).sorted() == outputLines(listed).sorted())
    let formatted = try runPickers(["font", "list", "--format", template], environment: cached)
    #expect(formatted.stdout == (try fcList(["--format", template])).stdout)
    let json = try runPickers(["font", "list", "--faces", "--json"], environment: cached)
    let decoded = try JSONDecoder().decode([FaceJSON].self, from: Data(json.stdout))
    let indexed = try fcList(["--format", "%{file}#%{index}\n"])
    #expect(decoded.map { "\($0.file)#\($0.index)" }.sorted() == outputLines(indexed).sorted())
  }

  @Test("face lists and templates follow a font added and removed")
  func facesInvalidated() throws {
    let root = try makeTemporaryDirectory()
    defer { removeTree(root) }
    let environment = try watchedFolder(in: root)
    let template = "%{family[0]}|%{style[0]}|%{file}\\n"
    func check(_ count: Int) throws {
      let truth = try runProgram(
        "/usr/bin/fc-list", ["--format", "%{family[0]}|%{style[0]}|%{file}\n"],
        environment: environment)
      #expect(outputLines(truth).count == count)
      for _ in 0..<2 {
        let faces = try runPickers(["font", "list", "--faces"], environment: environment)
        #expect(
          outputLines(faces).map { $0.replacing("\t", with: "|") }.sorted()
            == outputLines(truth).sorted())
        let formatted = try runPickers(
          ["font", "list", "--format", template], environment: environment)
        #expect(outputLines(formatted).sorted() == outputLines(truth).sorted())
        let json = try runPickers(["font", "list", "--faces", "--json"], environment: environment)
        let decoded = try JSONDecoder().decode([FaceJSON].self, from: Data(json.stdout))
        #expect(
          decoded.map { "\($0.family)|\($0.style)|\($0.file)" }.sorted()
            == outputLines(truth).sorted())
      }
    }
    try check(1)
    try copy("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", to: root + "/fonts/b.ttf")
    try check(2)
    #expect(unlink(root + "/fonts/a.ttf") == 0)
    try check(1)
  }

  @Test("an unwritable cache folder is not fatal")
  func unwritable() throws {
    let result = try runPickers(
      ["font", "list", "--lang", "ja"], environment: ["XDG_CACHE_HOME": "/proc/self/nothing"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    #expect(!result.stdout.isEmpty)
  }

  @Test("a replaced fontconfig library makes the next run load it, not answer from the cache")
  func libraryReplaced() throws {
    let candidates = [
      "/lib/x86_64-linux-gnu/libfontconfig.so.1", "/usr/lib/x86_64-linux-gnu/libfontconfig.so.1",
      "/lib/aarch64-linux-gnu/libfontconfig.so.1", "/usr/lib/aarch64-linux-gnu/libfontconfig.so.1",
    ]
    let library = try #require(candidates.first { access($0, R_OK) == 0 })
    let root = try makeTemporaryDirectory()
    defer { removeTree(root) }
    var environment = try watchedFolder(in: root)
    func cacheFiles() -> [String] {
      directoryEntries(root + "/cache/pickers").filter { $0.hasPrefix("fonts-") }
    }
    #expect(try runPickers(["font", "list"], environment: environment).status == 0)
    #expect(cacheFiles().count == 1)
    // A search path without a fontconfig library (valgrind sets /usr/lib/debug) is the same
    // environment: the same cache answers.
    mkdir(root + "/lib", 0o755)
    environment["LD_LIBRARY_PATH"] = root + "/lib"
    #expect(try runPickers(["font", "list"], environment: environment).output == "DejaVu Serif\n")
    #expect(cacheFiles().count == 1)
    // The loader finds this copy first, as it would find an upgraded library: another cache.
    try copy(library, to: root + "/lib/libfontconfig.so.1")
    for _ in 0..<2 {
      let result = try runPickers(["font", "list"], environment: environment)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.output == "DejaVu Serif\n")
    }
    #expect(cacheFiles().count == 2)
    // Replaced by a file the loader refuses: an answer from the cache would hide the change.
    try write(Array("not a shared library\n".utf8), to: root + "/lib/new")
    #expect(rename(root + "/lib/new", root + "/lib/libfontconfig.so.1") == 0)
    let after = try runPickers(["font", "list"], environment: environment)
    #expect(after.status == 1)
    #expect(after.stderr.hasPrefix("pickers: cannot load libfontconfig.so.1"), "\(after.stderr)")
    #expect(after.stdout.isEmpty)
  }

  /// A configuration under `root` that lists one font folder holding DejaVu Serif as `a.ttf`, with
  /// its own fontconfig and pickers caches: the environment that runs pickers on it.
  private func watchedFolder(in root: String) throws -> [String: String] {
    mkdir(root + "/fonts", 0o755)
    let conf = root + "/fonts.conf"
    let text = """
      <?xml version="1.0"?>
      <fontconfig><dir>\(root)/fonts</dir><cachedir>\(root)/fccache</cachedir></fontconfig>
      """
    try write(Array(text.utf8), to: conf)
    try copy("/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", to: root + "/fonts/a.ttf")
    return ["FONTCONFIG_FILE": conf, "XDG_CACHE_HOME": root + "/cache"]
  }

  private func write(_ bytes: [UInt8], to path: String) throws {
    guard let file = fopen(path, "wb") else {
      throw HarnessError(description: "cannot write \(path)")
    }
    defer { fclose(file) }
    _ = fwrite(bytes, 1, bytes.count, file)
  }

  private func copy(_ source: String, to destination: String) throws {
    guard let file = fopen(source, "rb") else { throw HarnessError(description: "no \(source)") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count == 0 { break }
      bytes += buffer[0..<count]
    }
    try write(bytes, to: destination)
  }
}

/// A private fontconfig setup in a temporary folder: a `fonts.conf`, font folders holding
/// copies of test fonts, fontconfig's cache and pickers' cache, never the system config.
struct FontSandbox {
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
@Suite("Font cache: never stale, never damaged, never stuck", .tags(.reliability))
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
