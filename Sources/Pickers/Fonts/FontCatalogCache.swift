#if canImport(Glibc)
  import Glibc
#endif

/// The cache files of one configuration: answers every command reads (family lists,
/// matches, one family's faces), and face lists and templates, which are bulky and read only by
/// the commands that list every face.
enum CacheShelf: Hashable, Sendable {
  case answers
  case faces

  /// The start of the file's name.
  var prefix: String {
    switch self {
    case .answers: "fonts-"
    case .faces: "faces-"
    }
  }

  /// How many answers the file keeps.
  var capacity: Int {
    switch self {
    case .answers: CatalogCacheFile.capacity
    case .faces: 8
    }
  }
}

/// What a stale cache file still tells the rebuild that follows it.
///
/// Its paths were stat'd before fontconfig read anything, so they are valid stamps for the new
/// answers (a change after that makes the next run differ, never an answer go stale), and the
/// include lists of configuration files that have not changed need not be read again.
struct CacheObservation: Sendable {
  /// Each path the stale file stamped, as it is now.
  var stamps: [String: FileStamp] = [:]
  /// The `<include>` paths of each unchanged configuration file.
  var includes: [String: [String]] = [:]
}

/// The cached answers of one configuration in one environment, and what they depend on.
///
/// The file is text: a magic line, the environment key, one `stamp` line per file or folder,
/// then `entry` blocks of answer lines, then `end`; fields are tab-separated and percent-escaped.
/// Entries are decoded only when asked for, so a hit costs little more than reading the file.
struct CatalogCacheFile: Sendable {
  /// The environment and configuration the answers belong to.
  var environmentKey: String
  /// Every file and folder that produced the answers.
  var stamps: [FileStamp]
  /// The paths each configuration file's `<include>` elements name, kept so that a later
  /// rebuild need not read an unchanged file again.
  var includes: [String: [String]] = [:]
  /// The `include` lines of a file read from disk, kept as read: decoded only when the file is
  /// stale (a hit never needs them), written back as they are.
  private var includeLines: [ArraySlice<UInt8>] = []
  /// How many answers the file keeps.
  var capacity = CatalogCacheFile.capacity
  /// Query keys, oldest first.
  private var order: [String] = []
  /// Answers: decoded lines, or the raw lines read from disk, not yet decoded.
  private var stored: [String: Entry] = [:]

  private enum Entry: Sendable {
    case lines([String])
    /// Lines as read, with the checksum their header declared (checked when first asked for).
    case raw(ArraySlice<ArraySlice<UInt8>>, checksum: UInt64)
  }

  init(
    environmentKey: String, stamps: [FileStamp], includes: [String: [String]] = [:],
    capacity: Int = CatalogCacheFile.capacity
  ) {
    self.environmentKey = environmentKey
    self.stamps = stamps
    self.includes = includes
    self.capacity = capacity
  }

  /// The most answers one file keeps (distinct `match` patterns mostly); the oldest go first.
  static let capacity = 256
  /// The largest answer kept (a `--format` template can ask for every charset): larger ones
  /// are computed every time.
  static let maximumEntrySize = 4 << 20
  /// 5: include lists resolve a relative `<include>` in fontconfig's configuration path, and
  /// configuration files' folders are no longer stamped; a version 4 file's lists are not reused.
  private static let magic = "pickers-font-cache 5"

  /// The answer to `key`, if cached and intact.
  ///
  /// An answer read from disk is checked against its checksum first: a damaged one (a flipped
  /// bit, a torn sector) is a miss, so it is computed again and rewritten.
  func lines(for key: String) -> [String]? {
    switch stored[key] {
    case .lines(let lines): return lines
    case .raw(let raw, let checksum):
      guard Self.checksum(key: key, lines: raw) == checksum else { return nil }
      return raw.map { String(decoding: $0, as: UTF8.self) }
    case nil: return nil
    }
  }

  /// FNV-1a (64 bits) over `key` and each line, each followed by a newline.
  static func checksum<Line: Collection<UInt8>>(key: String, lines: some Sequence<Line>)
    -> UInt64
  {
    var hash = Checksum()
    hash.add(key.utf8)
    for line in lines { hash.add(line) }
    return hash.value
  }

  /// A running FNV-1a hash of newline-terminated lines.
  struct Checksum {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ line: some Collection<UInt8>) {
      var value = self.value
      // A string's bytes or an array's, read in place; a byte at a time otherwise.
      let inPlace: Void? = line.withContiguousStorageIfAvailable { bytes in
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
      }
      if inPlace == nil {
        for byte in line { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
      }
      self.value = (value ^ 0x0A) &* 0x100_0000_01b3
    }
  }

  /// Adds or replaces the answer to `key`.
  mutating func store(_ lines: [String], for key: String) {
    guard lines.reduce(0, { $0 + $1.utf8.count + 1 }) <= Self.maximumEntrySize else { return }
    if stored.updateValue(.lines(lines), forKey: key) != nil { order.removeAll { $0 == key } }
    order.append(key)
    while order.count > capacity { stored[order.removeFirst()] = nil }
  }

  /// The file name for an environment key: a hash, so environments do not overwrite each other.
  static func fileName(for environmentKey: String, shelf: CacheShelf = .answers) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in environmentKey.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return shelf.prefix + String(repeating: "0", count: 16 - hex.count) + hex + ".cache"
  }

  /// What reading a cache file found.
  enum Loaded: Sendable {
    /// Every stamp is current: the answers can be used.
    case current(CatalogCacheFile)
    /// A stamp changed: the answers are stale, but what was seen on the way still helps the
    /// rebuild (see ``CacheObservation``).
    case stale(CacheObservation)
    /// Missing, damaged, or for another environment.
    case unusable
  }

  /// Reads and validates a cache file.
  ///
  /// Every stamp is checked, even after one has changed: the rebuild that follows a stale
  /// file records the same paths, and these checks, made before fontconfig reads anything,
  /// are valid stamps for it.
  static func load(path: String, environmentKey: String) -> Loaded {
    guard let bytes = readFile(path) else { return .unusable }
    let lines = bytes.split(separator: newline, omittingEmptySubsequences: false)
    guard lines.count >= 3, lines[0].elementsEqual(magic.utf8),
      lines[1].elementsEqual(("env\t" + escape(environmentKey)).utf8)
    else { return .unusable }
    var file = CatalogCacheFile(environmentKey: environmentKey, stamps: [])
    // The header (magic, environment, stamps, includes) is checked by its own checksum line,
    // so a damaged stamp path cannot leave a real folder unwatched.
    var header = Checksum()
    header.add(lines[0])
    header.add(lines[1])
    var headerChecked = false
    var current: [FileStamp] = []
    /// The paths whose stamp differs from the recorded one (usually one font folder).
    var changed = Set<String>()
    var stale = false
    var position = 2
    while position < lines.count {
      let line = lines[position]
      position += 1
      let kindEnd = line.firstIndex(of: tab) ?? line.endIndex
      let kind = line[..<kindEnd]
      // The fields after the kind, each without its tab.
      let rest = kindEnd < line.endIndex ? line[(kindEnd + 1)...] : line[line.endIndex...]
      if kind.elementsEqual(stampKind) {
        guard !headerChecked, kindEnd < line.endIndex else { return .unusable }
        header.add(line)
        let pathEnd = rest.firstIndex(of: tab) ?? rest.endIndex
        var numbers: [Int] = []
        numbers.reserveCapacity(6)
        if pathEnd < rest.endIndex {
          for field in rest[(pathEnd + 1)...].split(
            separator: tab, omittingEmptySubsequences: false)
          {
            guard let number = integer(field) else { return .unusable }
            numbers.append(number)
          }
        }
        let stamp = FileStamp(
          path: unescape(bytes: rest[..<pathEnd]), identity: numbers.isEmpty ? nil : numbers)
        let now = FileStamp(current: stamp.path)
        current.append(now)
        if now != stamp {
          stale = true
          changed.insert(stamp.path)
        }
        file.stamps.append(stamp)
      } else if kind.elementsEqual(includeKind) {
        guard !headerChecked, kindEnd < line.endIndex else { return .unusable }
        header.add(line)
        file.includeLines.append(line)
      } else if kind.elementsEqual(sumKind) {
        guard !headerChecked, kindEnd < line.endIndex, !rest.contains(tab),
          UInt64(String(decoding: rest, as: UTF8.self), radix: 16) == header.value,
          !file.stamps.isEmpty
        else { return .unusable }
        headerChecked = true
        if stale {
          // Include lists are only as good as the unchanged file they were read from.
          var observed = [String: FileStamp](minimumCapacity: current.count)
          for stamp in current { observed[stamp.path] = stamp }
          var includes = [String: [String]](minimumCapacity: file.includeLines.count)
          for line in file.includeLines {
            let fields = line.split(separator: tab, omittingEmptySubsequences: false)
            let path = unescape(bytes: fields[1])
            guard observed[path] != nil, !changed.contains(path) else { continue }
            includes[path] = fields.dropFirst(2).map { unescape(bytes: $0) }
          }
          return .stale(CacheObservation(stamps: observed, includes: includes))
        }
      } else if kind.elementsEqual(entryKind) {
        let fields = rest.split(separator: tab, omittingEmptySubsequences: false)
        guard headerChecked, kindEnd < line.endIndex, fields.count == 3,
          let count = integer(fields[1]),
          let checksum = UInt64(String(decoding: fields[2], as: UTF8.self), radix: 16),
          count >= 0, position + count <= lines.count
        else { return .unusable }
        let key = unescape(bytes: fields[0])
        file.order.append(key)
        file.stored[key] = .raw(lines[position..<position + count], checksum: checksum)
        position += count
      } else if kind.elementsEqual(endKind) {
        return headerChecked ? .current(file) : .unusable
      } else {
        return .unusable
      }
    }
    return .unusable  // no "end": a torn write
  }

  private static let newline = UInt8(ascii: "\n")
  private static let tab = UInt8(ascii: "\t")
  private static let stampKind = Array("stamp".utf8)
  private static let includeKind = Array("include".utf8)
  private static let sumKind = Array("sum".utf8)
  private static let entryKind = Array("entry".utf8)
  private static let endKind = Array("end".utf8)

  /// Appends `number` in decimal, as `String(number)` spells it.
  ///
  /// The digits are made from the last one, dividing by the constant 10 (a multiplication):
  /// dividing by a power of ten held in a variable took about 30 hardware divisions for each
  /// of a stamp's nanosecond timestamps.
  private static func appendDecimal(_ number: Int, to bytes: inout [UInt8]) {
    if number < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = number.magnitude
    // A UInt has at most 20 decimal digits.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = digits.count
      repeat {
        start -= 1
        digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
    }
  }

  /// A decimal integer (an optional `-`, then digits), or `nil`.
  private static func integer(_ text: ArraySlice<UInt8>) -> Int? {
    var digits = text[...]
    let negative = digits.first == UInt8(ascii: "-")
    if negative { digits = digits.dropFirst() }
    guard !digits.isEmpty, digits.count <= 18 else {
      return digits.isEmpty ? nil : Int(String(decoding: text, as: UTF8.self))
    }
    var value = 0
    for byte in digits {
      let digit = byte &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      value = value * 10 + Int(digit)
    }
    return negative ? -value : value
  }

  /// Writes the file whole; failures are ignored.
  ///
  /// The bytes go to an unnamed temporary file (`O_TMPFILE`) linked into place by
  /// ``writeAtomically(_:to:durability:)``, so a write killed half-way leaves nothing behind;
  /// a reader sees the old file, no file or the new one.
  /// No fsync: a file torn by a crash fails its checksums or lacks its `end` line and is
  /// rebuilt, so durability would only cost every cache miss time.
  func save(folder: String, shelf: CacheShelf = .answers) {
    var bytes: [UInt8] = []
    var header = Checksum()
    func line(_ text: String, header counted: Bool = false) {
      if counted { header.add(text.utf8) }
      bytes.append(contentsOf: text.utf8)
      bytes.append(Self.newline)
    }
    line(Self.magic, header: true)
    line("env\t" + escape(environmentKey), header: true)
    /// Appends a header line of tab-separated fields, counted in the header's checksum.
    func headerLine(_ kind: String, _ fields: [String]) {
      let start = bytes.count
      bytes.append(contentsOf: kind.utf8)
      for field in fields {
        bytes.append(Self.tab)
        bytes.append(contentsOf: field.utf8)
      }
      header.add(bytes[start...])
      bytes.append(Self.newline)
    }
    for stamp in stamps {
      let start = bytes.count
      bytes.append(contentsOf: Self.stampKind)
      bytes.append(Self.tab)
      bytes.append(contentsOf: escape(stamp.path).utf8)
      for number in stamp.identity ?? [] {
        bytes.append(Self.tab)
        Self.appendDecimal(number, to: &bytes)
      }
      header.add(bytes[start...])
      bytes.append(Self.newline)
    }
    for file in includes.keys.sorted() {
      headerLine("include", [escape(file)] + (includes[file] ?? []).map(escape))
    }
    for raw in includeLines {
      header.add(raw)
      bytes.append(contentsOf: raw)
      bytes.append(Self.newline)
    }
    line("sum\t" + String(header.value, radix: 16))
    for key in order {
      switch stored[key] {
      case .lines(let lines):
        let checksum = Self.checksum(key: key, lines: lines.lazy.map(\.utf8))
        line("entry\t\(escape(key))\t\(lines.count)\t\(String(checksum, radix: 16))")
        lines.forEach { line($0) }
      case .raw(let raw, let checksum):
        line("entry\t\(escape(key))\t\(raw.count)\t\(String(checksum, radix: 16))")
        for rawLine in raw {
          bytes.append(contentsOf: rawLine)
          bytes.append(Self.newline)
        }
      case nil: break
      }
    }
    line("end")
    let path = folder + "/" + Self.fileName(for: environmentKey, shelf: shelf)
    // Something other than a file in its place (a FIFO, a device) is left alone: the atomic
    // writer would write into it, and could wait forever for a reader.
    var info = stat()
    if lstat(path, &info) == 0 {
      if info.st_mode & S_IFMT != S_IFREG { return }
      // The old file goes first and the new one is linked in under its name: a reader in
      // between finds no file (a miss), never a torn one. Renaming over the old file would make
      // ext4 write the new one out at once (auto_da_alloc: 0.87 ms against 0.23 ms on this
      // project's machines), a guarantee for a power cut that a cache does not need.
      try? SystemCall.unlink(path)
    }
    // The catalog makes the folder before loading, but it may have been removed since.
    if access(folder, F_OK) != 0 { Self.makeFolders(folder) }
    try? writeAtomically(bytes, to: path)
  }

  /// The file's bytes, if it is a regular file under 64 MiB.
  ///
  /// Opened without blocking, so a FIFO put in its place is refused instead of waiting forever.
  private static func readFile(_ path: String) -> [UInt8]? {
    try? Pickers.readFile(path, maximumSize: (64 << 20) - 1, regularOnly: true)
  }

  /// Creates `folder` and its parents (mode 0700), ignoring failures.
  ///
  /// The folder itself first: its parents are made (and then it again) only when one is
  /// missing, so the usual case, an existing `$XDG_CACHE_HOME`, is one `mkdir`, not one per
  /// component of the path.
  static func makeFolders(_ folder: String) {
    guard mkdir(folder, 0o700) != 0, errno == ENOENT,
      let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/")), slash != folder.utf8.startIndex
    else { return }
    makeFolders(String(folder[..<slash]))
    mkdir(folder, 0o700)
  }
}
