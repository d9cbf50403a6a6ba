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

  @inline(__always)
  mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress else { return }
    memcpy(pointer, base, bytes.count)
    pointer += bytes.count
  }

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
