import FoundationEssentials
import Glibc
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
