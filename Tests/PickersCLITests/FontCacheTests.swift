import Glibc
import Testing

@Suite("pickers font cache")
struct FontCacheCLITests {
  @Test("a font copied into a watched folder is listed by the very next run")
  func fontAdded() throws {
    let root = try makeTemporaryDirectory()
    defer { removeTree(root) }
    mkdir(root + "/fonts", 0o755)
    let conf = root + "/fonts.conf"
    let text = """
      <?xml version="1.0"?>
      <fontconfig><dir>\(root)/fonts</dir><cachedir>\(root)/fccache</cachedir></fontconfig>
      """
    try write(Array(text.utf8), to: conf)
    try copy("/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", to: root + "/fonts/a.ttf")
    let environment = ["FONTCONFIG_FILE": conf, "XDG_CACHE_HOME": root + "/cache"]
    #expect(try runPickers(["font", "list"], environment: environment).output == "DejaVu Serif\n")
    #expect(try runPickers(["font", "list"], environment: environment).output == "DejaVu Serif\n")
    try copy("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", to: root + "/fonts/b.ttf")
    let after = try runPickers(["font", "list"], environment: environment)
    #expect(after.output == "DejaVu Sans Mono\nDejaVu Serif\n")
    let truth = try runProgram(
      "/usr/bin/fc-list", ["--format", "%{family[0]}\n"], environment: environment)
    #expect(Set(outputLines(after)) == Set(outputLines(truth)))
  }

  @Test("an unwritable cache folder is not fatal")
  func unwritable() throws {
    let result = try runPickers(
      ["font", "list", "--lang", "ja"], environment: ["XDG_CACHE_HOME": "/proc/self/nothing"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    #expect(!result.stdout.isEmpty)
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
