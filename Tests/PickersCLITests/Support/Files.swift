import Glibc

/// A temporary folder for the files a CLI test writes, removed afterwards.
struct RenderOutputFolder: ~Copyable {
  let path: String

  init() throws {
    var template = Array("/tmp/pickers-cli-render-XXXXXX".utf8CString)
    guard mkdtemp(&template) != nil else { throw HarnessError(description: "mkdtemp failed") }
    path = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  deinit {
    for name in files() { unlink(path + "/" + name) }
    rmdir(path)
  }

  /// The names of the files in the folder (to prove nothing was left behind).
  func files() -> [String] {
    var names: [String] = []
    guard let folder = opendir(path) else { return [] }
    defer { closedir(folder) }
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }
}

/// Writes `text` to `path`, replacing what was there.
func writeText(_ text: String, to path: String) throws {
  let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  guard fd >= 0 else { throw HarnessError(description: "cannot create \(path)") }
  defer { close(fd) }
  let bytes = Array(text.utf8)
  guard write(fd, bytes, bytes.count) == bytes.count else {
    throw HarnessError(description: "cannot write \(path)")
  }
}
