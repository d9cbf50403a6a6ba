import Glibc

/// A write position in memory that has room for everything written through it.
///
/// A report is written through a cursor into one scratch buffer sized beforehand for the
/// longest text its input can give, then appended to its piece in one copy: each byte is a
/// store, each run a `memcpy`, with no capacity check or uniqueness test per append.
struct ByteCursor {
  /// Where the next byte goes.
  var pointer: UnsafeMutablePointer<UInt8>

  @inline(__always)
  mutating func put(_ byte: UInt8) {
    pointer.pointee = byte
    pointer += 1
  }

  /// Copies `bytes`: up to 16 of them with two (possibly overlapping) word loads and stores,
  /// where a call to `memcpy` for each short piece cost more than the copy.
  @inline(__always)
  mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress else { return }
    let count = bytes.count
    let source = UnsafeRawPointer(base)
    let target = UnsafeMutableRawPointer(pointer)
    if count >= 8 && count <= 16 {
      let first = source.loadUnaligned(as: UInt64.self)
      let last = source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
      target.storeBytes(of: first, as: UInt64.self)
      target.storeBytes(of: last, toByteOffset: count - 8, as: UInt64.self)
    } else if count >= 4 && count < 8 {
      let first = source.loadUnaligned(as: UInt32.self)
      let last = source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
      target.storeBytes(of: first, as: UInt32.self)
      target.storeBytes(of: last, toByteOffset: count - 4, as: UInt32.self)
    } else if count < 4 {
      for index in 0..<count { pointer[index] = base[index] }
    } else {
      memcpy(pointer, base, count)
    }
    pointer += count
  }

  /// Writes the `count` lowest decimal digits of `value` (leading zeros included), two at a
  /// time from a table.
  @inline(__always)
  mutating func putDigits(_ value: UInt64, count: Int) {
    let pairs = Self.digitPairs.utf8Start
    var rest = value
    var index = count
    while index >= 2 {
      let pair = Int(truncatingIfNeeded: rest % 100) &* 2
      rest /= 100
      index -= 2
      pointer[index] = pairs[pair]
      pointer[index + 1] = pairs[pair + 1]
    }
    if index == 1 { pointer[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10) }
    pointer += count
  }

  /// The number of decimal digits of `value` (1 for 0), by comparisons.
  @inline(__always)
  static func digitCount(_ value: UInt64) -> Int {
    if value < 100_000_000 {
      if value < 10_000 {
        if value < 100 { return value < 10 ? 1 : 2 }
        return value < 1000 ? 3 : 4
      }
      if value < 1_000_000 { return value < 100_000 ? 5 : 6 }
      return value < 10_000_000 ? 7 : 8
    }
    if value < 10_000_000_000_000_000 {
      if value < 1_000_000_000_000 {
        if value < 10_000_000_000 { return value < 1_000_000_000 ? 9 : 10 }
        return value < 100_000_000_000 ? 11 : 12
      }
      if value < 100_000_000_000_000 { return value < 10_000_000_000_000 ? 13 : 14 }
      return value < 1_000_000_000_000_000 ? 15 : 16
    }
    if value < 1_000_000_000_000_000_000 { return value < 100_000_000_000_000_000 ? 17 : 18 }
    return value < 10_000_000_000_000_000_000 ? 19 : 20
  }

  /// `count` spaces after a newline (at most 32), from static text.
  @inline(__always)
  mutating func putNewline(indentedBy count: Int) {
    guard count <= 32 else {
      put(0x0A)
      for _ in 0..<count { put(0x20) }
      return
    }
    put(UnsafeBufferPointer(start: Self.newlineAndSpaces.utf8Start, count: count + 1))
  }

  /// `count` spaces (at most 32), from static text.
  @inline(__always)
  mutating func putSpaces(_ count: Int) {
    put(UnsafeBufferPointer(start: Self.newlineAndSpaces.utf8Start + 1, count: min(count, 32)))
  }

  /// A newline and 32 spaces.
  static let newlineAndSpaces: StaticString = "\n                                "

  /// "00" to "99", two bytes each.
  static let digitPairs: StaticString = """
    00010203040506070809101112131415161718192021222324252627282930313233343536373839\
    40414243444546474849505152535455565758596061626364656667686970717273747576777879\
    8081828384858687888990919293949596979899
    """

  @inline(__always)
  mutating func put(_ text: StaticString) {
    text.withUTF8Buffer { put($0) }
  }

  @inline(__always)
  mutating func put(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { put($0) }
  }
}

/// A growable scratch buffer that a cursor writes into, reused line after line.
struct ScratchBuffer: ~Copyable {
  private(set) var base: UnsafeMutablePointer<UInt8>
  private(set) var capacity: Int

  init(capacity: Int = 4096) {
    self.capacity = capacity
    base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
  }

  deinit { base.deallocate() }

  /// Writes at most `bound` bytes with `body` and appends what it wrote to `output`.
  @inline(__always)
  mutating func append(
    to output: inout [UInt8], bound: Int, _ body: (inout ByteCursor) -> Void
  ) {
    if bound > capacity {
      base.deallocate()
      capacity = max(bound, 2 * capacity)
      base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    }
    var cursor = ByteCursor(pointer: base)
    body(&cursor)
    let count = base.distance(to: cursor.pointer)
    precondition(count <= bound, "a report overran its bound")
    output.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
  }
}
