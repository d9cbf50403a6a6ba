import Glibc
import Testing

/// What the font cache's stamps watch: what can change fontconfig's answers, and nothing that
/// merely sits beside a configuration file.
@Suite("pickers font cache: what is watched")
struct FontCacheStampTests {
  @Test("a picture written beside fonts.conf, or a file made in HOME, leaves the cache current")
  func unrelatedFilesKeepTheCache() throws {
    let box = try FontSandbox { "<dir>\($0)/fonts</dir>" }
    defer { box.remove() }
    try box.copyFont("DejaVuSerif.ttf", to: box.root + "/fonts/a.ttf")
    #expect(try box.pickersFamilies() == ["DejaVu Serif"])
    #expect(try box.pickersFamilies() == ["DejaVu Serif"])
    // The sandbox's folder holds fonts.conf and is HOME: a preview written there, and a file
    // made and removed there (as a shell's history is), are no change to fontconfig.
    func preview() throws {
      let result = try box.shell(
        "exec '\(pickersBinary)' font preview 'DejaVu Serif' --text Hi --no-fallback -o "
          + box.root + "/preview.png")
      #expect(result.status == 0, "\(result.stderr)")
    }
    try preview()
    try preview()
    let before = try identity(of: box.cacheFile())
    try preview()
    _ = try box.shell("touch '\(box.root)/.history' && rm '\(box.root)/.history'")
    let truth = try box.fcListFamilies()
    #expect(try box.pickersFamilies() == truth)
    // Every answer came from the file: nothing was rebuilt or rewritten.
    #expect(try identity(of: box.cacheFile()) == before)
    // A real change still counts.
    try box.copyFont("DejaVuSansMono.ttf", to: box.root + "/fonts/b.ttf")
    let changed = try box.fcListFamilies()
    #expect(changed == ["DejaVu Sans Mono", "DejaVu Serif"])
    #expect(try box.pickersFamilies() == changed)
    // So does the configuration file rewritten in place (same inode, same folder): one more
    // font folder.
    _ = try runProgram("/bin/mkdir", ["-p", box.root + "/more"])
    try box.copyFont("DejaVuSans.ttf", to: box.root + "/more/c.ttf")
    let text =
      "<?xml version=\"1.0\"?>\n<fontconfig>\n<cachedir>\(box.root)/fccache</cachedir>\n"
      + "<dir>\(box.root)/fonts</dir><dir>\(box.root)/more</dir>\n</fontconfig>\n"
    try overwrite(box.conf, with: text)
    let ours = try box.pickersFamilies()
    let rewritten = try box.fcListFamilies()
    #expect(rewritten == ["DejaVu Sans", "DejaVu Sans Mono", "DejaVu Serif"])
    #expect(ours == rewritten)
  }

  @Test("a relative <include> is watched where fontconfig looks for it (FONTCONFIG_PATH)")
  func relativeIncludeInConfigurationPath() throws {
    let outside = try makeTemporaryDirectory()
    defer { removeTree(outside) }
    let box = try FontSandbox {
      "<dir>\($0)/fonts</dir>\n<include ignore_missing=\"yes\">later.conf</include>"
    }
    defer { box.remove() }
    let path = ["FONTCONFIG_PATH": outside + "/path"]
    _ = try runProgram("/bin/mkdir", ["-p", outside + "/path", outside + "/more"])
    try box.copyFont("DejaVuSerif.ttf", to: box.root + "/fonts/a.ttf")
    try box.copyFont("DejaVuSansMono.ttf", to: outside + "/more/b.ttf")
    #expect(try box.pickersFamilies(path) == ["DejaVu Serif"])
    #expect(try box.pickersFamilies(path) == ["DejaVu Serif"])
    try overwrite(
      outside + "/path/later.conf",
      with: "<?xml version=\"1.0\"?>\n<fontconfig><dir>\(outside)/more</dir></fontconfig>\n")
    // pickers first: fc-list would write fontconfig's cache, which pickers also watches.
    let ours = try box.pickersFamilies(path)
    let truth = try box.fcListFamilies(path)
    #expect(truth == ["DejaVu Sans Mono", "DejaVu Serif"])
    #expect(ours == truth)
  }
}

/// Writes `text` into `path` in place (created if missing, truncated otherwise).
private func overwrite(_ path: String, with text: String) throws {
  let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  guard fd >= 0 else { throw HarnessError(description: "cannot write \(path)") }
  defer { close(fd) }
  let bytes = Array(text.utf8)
  let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
  guard written == bytes.count else { throw HarnessError(description: "short write \(path)") }
}

/// Inode, size and modification time of `path`: a rewritten cache file differs in all three.
private func identity(of path: String) throws -> [Int] {
  var info = stat()
  guard stat(path, &info) == 0 else { throw HarnessError(description: "cannot stat \(path)") }
  return [
    Int(info.st_ino), Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec),
  ]
}
