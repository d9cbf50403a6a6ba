#if canImport(Glibc)
  import Glibc
#endif

/// What a path looked like when an answer was computed: enough to tell that it changed.
struct FileStamp: Hashable, Sendable {
  var path: String
  /// `nil` when the path did not exist (its creation must invalidate too).
  var identity: [Int]?

  /// Stats `path` now.
  ///
  /// Two kinds of path are not plain: `cache:<folder>` stats a fontconfig cache folder, and
  /// `cwd:<folder>` holds `[1]` while the current folder is that folder.
  init(current path: String) {
    self.path = path
    if path.hasPrefix("cwd:") {
      var same = false
      if let current = getcwd(nil, 0) {
        same = String(cString: current) == path.dropFirst(4)
        free(current)
      }
      identity = same ? [1] : nil
      return
    }
    let target = path.hasPrefix("cache:") ? String(path.dropFirst(6)) : path
    var info = stat()
    identity = stat(target, &info) == 0 ? Self.identity(info) : nil
  }

  /// The stamp of `path` from a `stat` already taken (the `fstat` of the file as it was read,
  /// which follows symbolic links as `stat` does).
  init(path: String, status: stat) {
    self.path = path
    identity = Self.identity(status)
  }

  private static func identity(_ info: stat) -> [Int] {
    [
      Int(info.st_ino), Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec),
      Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec),
    ]
  }

  init(path: String, identity: [Int]?) {
    self.path = path
    self.identity = identity
  }

  /// Whether the path still looks the same.
  var isCurrent: Bool { FileStamp(current: path) == self }
}
