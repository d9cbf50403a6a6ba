#if canImport(Glibc)
  import Glibc
#endif

/// The `<include>` elements of fontconfig configuration files, read for the cache's stamps, and
/// whether a file selects fonts by pattern.
enum ConfigurationIncludeScanner {
  /// What one scan of a configuration file found.
  struct Scan: Equatable {
    /// The paths its `<include>` elements name.
    var includes: [String]
    /// Whether it holds a `<pattern>` element (which fontconfig allows only inside
    /// `<acceptfont>` and `<rejectfont>`).
    var selectsByPattern: Bool
    /// The file's stamp as it was read; `nil` when it could not be read.
    var stamp: FileStamp? = nil
  }

  /// The paths the `<include>` elements of a configuration file name (`~/` and `prefix="xdg"`
  /// resolved; a relative one in every folder fontconfig may find it in, see
  /// ``relativeIncludeFolders(beside:)``), read with a plain scan of its bytes.
  ///
  /// fontconfig lists only the files it read, so an optional include created later would go
  /// unnoticed without this.
  static func includedPaths(in file: String, home: String) -> [String] {
    scan(file, home: home).includes
  }

  /// Whether any of `files` holds a `<pattern>` element: each such pattern is kept by
  /// fontconfig in a form leak checkers cannot follow (its elements are addressed by an
  /// offset), so a configuration built from one is destroyed before the process exits.
  static func anySelectsByPattern(_ files: [String]) -> Bool {
    files.contains { file in
      guard let bytes = configurationText(file) else { return false }
      return selectsByPattern(bytes)
    }
  }

  /// One read of `file`: its includes, and whether it selects fonts by pattern.
  static func scan(_ file: String, home: String) -> Scan {
    var status = stat()
    guard let bytes = configurationText(file, status: &status) else {
      return Scan(includes: [], selectsByPattern: false)
    }
    return Scan(
      includes: includedPaths(in: bytes, file: file, home: home),
      selectsByPattern: selectsByPattern(bytes), stamp: FileStamp(path: file, status: status))
  }

  private static func selectsByPattern(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { find(Needle.pattern, in: $0, from: 0) != nil }
  }

  /// The byte strings searched for, made once.
  private enum Needle {
    static let pattern = Array("<pattern".utf8)
    static let open = Array("<include".utf8)
    static let close = Array("</include>".utf8)
    static let xdg = Array("prefix=\"xdg\"".utf8)
    static let end: [UInt8] = [UInt8(ascii: ">")]
  }

  /// The folders where a relative `<include>` of `file` may be found.
  ///
  /// fontconfig 2.14 looks in each folder of `FONTCONFIG_PATH` and then in its own
  /// configuration folder (`/etc/fonts`), each under `FONTCONFIG_SYSROOT`, and takes the first
  /// that holds it (Debian's `51-local.conf` names `local.conf`, which is
  /// `/etc/fonts/local.conf`). The including file's folder comes last, in case a fontconfig
  /// resolves against it.
  ///
  /// Every candidate is stamped, so a file created in any of them is noticed; the folders
  /// holding configuration files are not (a picture written beside a `fonts.conf`, or any file
  /// in the home folder, would make every cached answer stale).
  static func relativeIncludeFolders(beside file: String) -> [String] {
    let sysroot = environment("FONTCONFIG_SYSROOT") ?? ""
    var folders: [String] = []
    for entry in (environment("FONTCONFIG_PATH") ?? "").split(separator: ":") {
      folders.append(sysroot + String(entry))
    }
    folders.append(sysroot + "/etc/fonts")
    let own = file.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(file[..<$0]) } ?? "."
    if !folders.contains(own) { folders.append(own) }
    return folders
  }

  private static func includedPaths(in bytes: [UInt8], file: String, home: String) -> [String] {
    var relativeFolders: [String]?
    let open = Needle.open
    let close = Needle.close
    let xdg = Needle.xdg
    return bytes.withUnsafeBufferPointer { text in
      var result: [String] = []
      var position = 0
      while let start = find(open, in: text, from: position) {
        guard let end = find(Needle.end, in: text, from: start + open.count) else {
          break
        }
        let attributes = UnsafeBufferPointer(rebasing: text[(start + open.count)..<end])
        position = end + 1
        guard attributes.last != UInt8(ascii: "/"),
          let closing = find(close, in: text, from: position)
        else { continue }
        let content = UnsafeBufferPointer(rebasing: text[position..<closing])
        // ASCII (every path in practice): whitespace is tab to return and space; otherwise
        // Character's own test.
        var path =
          content.allSatisfy { $0 < 0x80 }
          ? String(decoding: content.filter { !($0 == 0x20 || $0 &- 0x09 < 5) }, as: UTF8.self)
          : String(decoding: content, as: UTF8.self).filter { !$0.isWhitespace }
        position = closing + close.count
        if path.isEmpty { continue }
        if find(xdg, in: attributes, from: 0) != nil {
          let configHome = environment("XDG_CONFIG_HOME") ?? home + "/.config"
          path = configHome + "/" + path
        } else if path.hasPrefix("~/") {
          path = home + path.dropFirst()
        } else if !path.hasPrefix("/") {
          let folders = relativeFolders ?? relativeIncludeFolders(beside: file)
          relativeFolders = folders
          for folder in folders { result.append(folder + "/" + path) }
          continue
        }
        result.append(path)
      }
      return result
    }
  }

  /// Where `needle` next occurs in `text` at or after `start`.
  private static func find(
    _ needle: [UInt8], in text: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> Int? {
    guard let first = needle.first, start >= 0, needle.count <= text.count - start,
      let base = text.baseAddress
    else { return nil }
    // memchr for the first byte, then the second byte before memcmp: a needle starting with
    // `<` meets one in 19 bytes of XML, and a memcmp call at each cost 0.2 M for conf.d.
    let second = needle.count > 1 ? needle[1] : 0
    let last = text.count - needle.count
    var index = start
    while index <= last {
      guard let hit = memchr(base + index, Int32(first), last - index + 1) else { return nil }
      let position = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
      if needle.count == 1
        || (base[position + 1] == second && memcmp(base + position, needle, needle.count) == 0)
      {
        return position
      }
      index = position + 1
    }
    return nil
  }

  /// A configuration file's bytes: a regular file of at most 1 MiB, opened without blocking
  /// (a FIFO is refused, not waited on); `nil` otherwise.
  private static func configurationText(
    _ path: String, status: UnsafeMutablePointer<stat>? = nil
  ) -> [UInt8]? {
    try? readFile(path, maximumSize: 1 << 20, regularOnly: true, status: status)
  }
}
