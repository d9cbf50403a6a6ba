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
  }

  /// The paths the `<include>` elements of a configuration file name (`~/` and `prefix="xdg"`
  /// resolved; relative ones against the file's folder), read with a plain scan of its bytes.
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
    guard let bytes = configurationText(file) else {
      return Scan(includes: [], selectsByPattern: false)
    }
    return Scan(
      includes: includedPaths(in: bytes, file: file, home: home),
      selectsByPattern: selectsByPattern(bytes))
  }

  private static func selectsByPattern(_ bytes: [UInt8]) -> Bool {
    let pattern = Array("<pattern".utf8)
    return bytes.withUnsafeBufferPointer { find(pattern, in: $0, from: 0) != nil }
  }

  private static func includedPaths(in bytes: [UInt8], file: String, home: String) -> [String] {
    let folder = file.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(file[..<$0]) } ?? "."
    let open = Array("<include".utf8)
    let close = Array("</include>".utf8)
    let xdg = Array("prefix=\"xdg\"".utf8)
    return bytes.withUnsafeBufferPointer { text in
      var result: [String] = []
      var position = 0
      while let start = find(open, in: text, from: position) {
        guard let end = find([UInt8(ascii: ">")], in: text, from: start + open.count) else {
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
          path = folder + "/" + path
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
    // memchr and memcmp: the C library reads a configuration file at several bytes a cycle.
    let last = text.count - needle.count
    var index = start
    while index <= last {
      guard let hit = memchr(base + index, Int32(first), last - index + 1) else { return nil }
      let position = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
      if memcmp(base + position, needle, needle.count) == 0 { return position }
      index = position + 1
    }
    return nil
  }

  /// A configuration file's bytes: a regular file of at most 1 MiB, opened without blocking
  /// (a FIFO is refused, not waited on); `nil` otherwise.
  private static func configurationText(_ path: String) -> [UInt8]? {
    try? readFile(path, maximumSize: 1 << 20, regularOnly: true)
  }
}
