#if canImport(Glibc)
  import Glibc
#endif

/// Family names put in the order the catalog lists them: case-insensitively (by the lowercased
/// form, then as written), each name once.
///
/// The names are kept as one block of bytes. When every name is ASCII (nearly every installed
/// family), lowercasing maps A-Z alone and strings compare as their bytes do, so the order is
/// `memcmp` over a copy of the block with A-Z folded, then over the bytes as written: no `String`
/// and no array per name until the distinct names are handed out. Other names are compared as
/// Swift strings.
struct FamilyNameOrder {
  private var bytes: [UInt8] = []
  /// Where each name lies in `bytes`.
  ///
  /// Not `Range<Int>`: the first array of those made the runtime look up `Int: Comparable`
  /// among every conformance record (0.13 M instructions).
  private var ranges: [Span] = []
  private var isASCII = true

  init(capacity: Int = 0) {
    ranges.reserveCapacity(capacity)
    bytes.reserveCapacity(capacity * 16)
  }

  /// Adds a NUL-terminated name (fontconfig's bytes, copied).
  mutating func append(_ name: UnsafePointer<UInt8>) {
    append(UnsafeBufferPointer(start: name, count: strlen(name)))
  }

  /// Adds a name.
  mutating func append(_ name: String) {
    var name = name
    name.withUTF8 { append($0) }
  }

  private mutating func append(_ name: UnsafeBufferPointer<UInt8>) {
    let start = bytes.count
    bytes.append(contentsOf: name)
    ranges.append(Span(lowerBound: start, upperBound: bytes.count))
    if isASCII, name.contains(where: { $0 >= 0x80 }) { isASCII = false }
  }

  /// The distinct names, in order.
  ///
  /// Invalid UTF-8 is repaired as `String(decoding:as:)` repairs it; two names that repair to
  /// the same text count once.
  func sorted() -> [String] {
    guard isASCII else {
      let names = ranges.map {
        String(decoding: bytes[$0.lowerBound..<$0.upperBound], as: UTF8.self)
      }
      var result: [String] = []
      for (_, name) in names.map({ ($0.lowercased(), $0) }).sorted(by: <)
      where result.last != name {
        result.append(name)
      }
      return result
    }
    guard !bytes.isEmpty else { return ranges.isEmpty ? [] : [""] }
    let folded = bytes.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
    return bytes.withUnsafeBufferPointer { base in
      folded.withUnsafeBufferPointer { foldedBase in
        guard let written = base.baseAddress, let lowered = foldedBase.baseAddress else {
          return []
        }
        let ranges = self.ranges
        // The folded bytes decide, then the shorter name, then the bytes as written.
        let order = ranges.indices.sorted { first, second in
          let a = ranges[first]
          let b = ranges[second]
          let common = min(a.count, b.count)
          let byFolded = memcmp(lowered + a.lowerBound, lowered + b.lowerBound, common)
          if byFolded != 0 { return byFolded < 0 }
          if a.count != b.count { return a.count < b.count }
          return memcmp(written + a.lowerBound, written + b.lowerBound, common) < 0
        }
        var result: [String] = []
        result.reserveCapacity(order.count)
        var previous: Span?
        for index in order {
          let range = ranges[index]
          if let previous, Self.same(base, previous, range) { continue }
          previous = range
          let name = UnsafeBufferPointer(start: written + range.lowerBound, count: range.count)
          result.append(String(decoding: name, as: UTF8.self))
        }
        return result
      }
    }
  }

  /// Whether two names have the same bytes.
  private static func same(_ base: UnsafeBufferPointer<UInt8>, _ a: Span, _ b: Span) -> Bool {
    guard a.count == b.count else { return false }
    guard !a.isEmpty, let start = base.baseAddress else { return true }
    return memcmp(start + a.lowerBound, start + b.lowerBound, a.count) == 0
  }
}

/// A name's place in ``FamilyNameOrder``'s bytes.
private struct Span {
  var lowerBound: Int
  var upperBound: Int
  var count: Int { upperBound - lowerBound }
  var isEmpty: Bool { upperBound == lowerBound }
}
