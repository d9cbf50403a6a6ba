import Glibc

/// A write position in memory that has room for everything written through it.
///
/// A report is written through a cursor straight into its piece's spare capacity, reserved
/// beforehand for the longest text its input can give (``append(to:bound:_:)``): each byte is
/// a store, each run a `memcpy`, with no capacity check or uniqueness test per append.
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

  /// Copies the `count` (at most 24) bytes at `source`, text written earlier through this
  /// cursor, in three 8-byte loads and stores (which reach 24 bytes on; the bytes read past
  /// the text were written after it).
  @inline(__always)
  mutating func putCopy(of source: UnsafePointer<UInt8>, count: Int) {
    let from = UnsafeRawPointer(source)
    let target = UnsafeMutableRawPointer(pointer)
    target.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
    target.storeBytes(
      of: from.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8,
      as: UInt64.self)
    target.storeBytes(
      of: from.loadUnaligned(fromByteOffset: 16, as: UInt64.self), toByteOffset: 16,
      as: UInt64.self)
    pointer += count
  }

  /// Writes the `count` lowest decimal digits of `value` (leading zeros included).
  ///
  /// Eight at a time (``eightDigits(_:)``): this stores up to 7 bytes past the last digit,
  /// which the next writes overwrite (a number's room in a report's bound covers them).
  @inline(__always)
  mutating func putDigits(_ value: UInt64, count: Int) {
    if count <= 8 {
      putLastDigits(value % 100_000_000, count)
    } else if count <= 16 {
      let (high, low) = value.quotientAndRemainder(dividingBy: 100_000_000)
      putLastDigits(high % 100_000_000, count &- 8)
      putLastDigits(low, 8)
    } else {
      let (high, low) = value.quotientAndRemainder(dividingBy: 10_000_000_000_000_000)
      putDigitsByPairs(high, count: count &- 16)
      let (middle, last) = low.quotientAndRemainder(dividingBy: 100_000_000)
      putLastDigits(middle, 8)
      putLastDigits(last, 8)
    }
  }

  /// Writes the last `count` (1 to 8) of the eight digits of `value` (below 10^8) in one
  /// 8-byte store, `count` bytes on.
  @inline(__always)
  mutating func putLastDigits(_ value: UInt64, _ count: Int) {
    let digits = Self.eightDigits(value) &>> (UInt64(truncatingIfNeeded: 8 &- count) &* 8)
    putEight(digits)
    pointer += count
  }

  /// `value` in decimal without leading zeros (`0` for 0).
  @inline(__always)
  mutating func putNumber(_ value: UInt64) {
    if value < 10 { return put(0x30 | UInt8(truncatingIfNeeded: value)) }
    guard value < 100_000_000 else { return putDigits(value, count: Self.digitCount(value)) }
    let digits = Self.eightDigits(value)
    // The leading zeros are the low zero bytes; value >= 10 has a nonzero one.
    let leadingBits = digits.trailingZeroBitCount & ~7
    putEight(digits &>> UInt64(truncatingIfNeeded: leadingBits))
    pointer += 8 &- (leadingBits &>> 3)
  }

  /// Writes `scaled` (below 10^8) with its last `places` (0 to 7) digits after a point, as
  /// ``NumberText/writeFixed(_:decimals:to:)`` writes a number: `-` first when `negative`,
  /// the whole part without leading zeros (`0` when it is 0), and the point and fraction only
  /// when the fraction is not 0, without its trailing zeros.
  ///
  /// One word of eight digits (``eightDigits(_:)``), the first in its lowest byte: the low
  /// `8 - places` bytes are the whole part, its leading zeros the low zero bytes; the high
  /// bytes the fraction, its trailing zeros the high zero bytes. Stores reach 17 bytes on.
  @inline(__always)
  mutating func putFixed(_ scaled: UInt64, places: Int, negative: Bool) {
    pointer.pointee = UInt8(ascii: "-")
    pointer += negative ? 1 : 0
    let digits = Self.eightDigits(scaled)
    let wholeBits = UInt64(truncatingIfNeeded: 8 &- places) &* 8
    // Keep the last digit of the whole part even when it is 0.
    let zeroBits = UInt64(truncatingIfNeeded: min(digits.trailingZeroBitCount, 56)) & ~7
    let leadingBits = min(zeroBits, wholeBits &- 8)
    putEight(digits &>> leadingBits)
    pointer += Int(truncatingIfNeeded: (wholeBits &- leadingBits) &>> 3)
    // Shifted in two steps, so that a whole word of whole part leaves no fraction.
    let fraction = (digits &>> (wholeBits &- 1)) &>> 1
    pointer.pointee = UInt8(ascii: ".")
    UnsafeMutableRawPointer(pointer + 1).storeBytes(
      of: (fraction | 0x3030_3030_3030_3030).littleEndian, as: UInt64.self)
    let fractionCount = 8 &- (fraction.leadingZeroBitCount &>> 3)
    pointer += fraction == 0 ? 0 : fractionCount &+ 1
  }

  /// Stores the eight digits of an ``eightDigits(_:)`` word as ASCII, without moving on.
  @inline(__always)
  func putEight(_ digits: UInt64) {
    UnsafeMutableRawPointer(pointer).storeBytes(
      of: (digits | 0x3030_3030_3030_3030).littleEndian, as: UInt64.self)
  }

  /// The eight decimal digits of `value` (below 10^8, leading zeros included), one a byte,
  /// the first in the lowest byte, as numbers 0 to 9.
  ///
  /// Division in lanes by multiplication: the two halves of four digits go in two 32-bit
  /// lanes, each is split into two pairs of 16 bits (x / 100 is x * 10,486 >> 20 for
  /// x < 10^4), and each pair into two bytes (x / 10 is x * 103 >> 10 for x < 100); no lane
  /// carries into the next.
  @inline(__always)
  static func eightDigits(_ value: UInt64) -> UInt64 {
    let high = value / 10_000
    let low = value &- high &* 10_000
    let halves = high | (low &<< 32)
    let hundreds = ((halves &* 10_486) &>> 20) & 0x0000_007F_0000_007F
    let pairs = ((halves &- hundreds &* 100) &<< 16) &+ hundreds
    let tens = ((pairs &* 103) &>> 10) & 0x000F_000F_000F_000F
    return tens &+ ((pairs &- tens &* 10) &<< 8)
  }

  /// Writes the `count` lowest decimal digits of `value`, two at a time from a table.
  @inline(__always)
  mutating func putDigitsByPairs(_ value: UInt64, count: Int) {
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

  /// A newline and `count` spaces: up to 15 in two 8-byte stores (which reach 16 bytes on),
  /// more one by one.
  @inline(__always)
  mutating func putNewline(indentedBy count: Int) {
    guard count < 16 else {
      put(0x0A)
      for _ in 0..<count { put(0x20) }
      return
    }
    let target = UnsafeMutableRawPointer(pointer)
    target.storeBytes(of: UInt64(0x2020_2020_2020_200A).littleEndian, as: UInt64.self)
    target.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, toByteOffset: 8, as: UInt64.self)
    pointer += count &+ 1
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

/// Up to 32 bytes of text known before a report is written (a row's name, its padding and the
/// head of its value), copied with one vector store whatever their count.
struct FixedText: Sendable {
  /// The text, zeros after it.
  var bytes: SIMD32<UInt8>
  /// How many bytes of ``bytes`` are the text.
  var count: Int

  /// The bytes of `text`, of at most 32 bytes.
  init(_ text: [UInt8]) {
    precondition(text.count <= 32, "a fixed text is at most 32 bytes")
    var bytes = SIMD32<UInt8>(repeating: 0)
    for (index, byte) in text.enumerated() { bytes[index] = byte }
    self.bytes = bytes
    count = text.count
  }
}

extension ByteCursor {
  /// Copies `text` (storing 32 bytes, which the next writes overwrite).
  @inline(__always)
  mutating func put(_ text: FixedText) {
    UnsafeMutableRawPointer(pointer).storeBytes(of: text.bytes, as: SIMD32<UInt8>.self)
    pointer += text.count
  }

  /// Writes at most `bound` bytes with `body` at the end of `output`, in its spare capacity
  /// (grown as appending grows it), and counts them in.
  ///
  /// `bound` has room for the 32 bytes that putting a `FixedText` stores past its text.
  @inline(__always)
  static func append(to output: inout [UInt8], bound: Int, _ body: (inout ByteCursor) -> Void) {
    output.append(addingCapacity: bound) { (span: inout OutputSpan<UInt8>) in
      span.withUnsafeMutableBufferPointer { buffer, count in
        guard let base = buffer.baseAddress else { return }
        var cursor = ByteCursor(pointer: base)
        body(&cursor)
        let written = base.distance(to: cursor.pointer)
        precondition(written <= bound, "a report overran its bound")
        count = written
      }
    }
  }
}
