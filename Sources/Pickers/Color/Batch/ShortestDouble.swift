/// The shortest decimal that reads back as a `Double`, written as its `description` writes
/// it, without a `String`.
///
/// Most doubles take one 64 x 128-bit product (``shortest(_:)``), after the Dragonbox idea
/// (Junekey Jeon, "Dragonbox: A New Floating-Point Binary-to-Decimal Conversion Algorithm",
/// 2020): the upper end of the rounding interval is scaled by 10^(2 - floor(q log10 2)) with
/// one 128-bit table entry (``table``), so that the interval is between 100 and 1000 wide;
/// the quotient and remainder of its end by 1000 tell whether a multiple of 1000 is inside
/// (then it is the shortest decimal) or else which multiple of 100 is nearest the value
/// (then that one is). Where the product's error, an interval end or a half-way point could
/// change that answer, and for powers of two (whose interval is lopsided), the digits come
/// from Schubfach (Raffaello Giulietti, "The Schubfach way to render doubles", 2020;
/// ``decimal(_:)``): the interval's ends and value are scaled by the same table, the
/// candidates compared as products rounded to odd. Where that choice rests on an exact
/// equality (an interval end that is itself a candidate, a value half way between two), and
/// for zero, subnormals and non-finite values, the standard library writes the number:
/// those cases are rare and it is their reference.
///
/// The text then follows `description`'s layout: plain decimals from 0.0001 up to 2^53 (a
/// whole number ends in `.0`), otherwise one digit, the rest after a point, and `e+NN` or
/// `e-NN`.
enum ShortestDouble {
  /// The range of k, the power of ten the interval is scaled by.
  static let minimumK = -326
  static let maximumK = 292

  /// Appends `value`'s `description` through `cursor` (at most 24 bytes; stores reach at most
  /// 31 bytes on); without the `.0` of a whole number when `pointZero` is false (the JSON
  /// form).
  @inline(__always)
  static func write(_ value: Double, pointZero: Bool = true, to cursor: inout ByteCursor) {
    if !writeQuickly(value, pointZero: pointZero, to: &cursor) {
      writeSlowly(value, pointZero: pointZero, to: &cursor)
    }
  }

  /// ``write(_:pointZero:to:)`` for the values ``shortest(_:)`` answers; false, and nothing
  /// written, for the others (zero, subnormals, non-finite values, powers of two and the rare
  /// values its product cannot decide).
  @inline(__always)
  static func writeQuickly(_ value: Double, pointZero: Bool, to cursor: inout ByteCursor)
    -> Bool
  {
    guard let (digits, exponent, long) = shortest(value) else { return false }
    cursor.pointer.pointee = UInt8(ascii: "-")
    cursor.pointer += value < 0 ? 1 : 0
    let count = long ? 17 : 16
    let scientific = exponent &+ count &- 1
    let (high, middle, low) = digitWords(digits, long: long)
    // The digits without the trailing zeros: the digit words' zero bytes at the top.
    let significant =
      low != 0
      ? 24 &- (low.leadingZeroBitCount &>> 3)
      : middle != 0
        ? 16 &- (middle.leadingZeroBitCount &>> 3) : 8 &- (high.leadingZeroBitCount &>> 3)
    // As ASCII: the bytes after the last digit are `0`.
    let zeros: UInt64 = 0x3030_3030_3030_3030
    let (first, second, third) = (high | zeros, middle | zeros, low | zeros)
    let target = UnsafeMutableRawPointer(cursor.pointer)
    if scientific < 0 && scientific >= -4 {
      // "0." and up to three zeros, then the digits.
      target.storeBytes(of: UInt64(0x3030_3030_3030_2E30).littleEndian, as: UInt64.self)
      let start = 1 &- scientific
      target.storeBytes(of: first.littleEndian, toByteOffset: start, as: UInt64.self)
      target.storeBytes(of: second.littleEndian, toByteOffset: start &+ 8, as: UInt64.self)
      target.storeBytes(of: third.littleEndian, toByteOffset: start &+ 16, as: UInt64.self)
      cursor.pointer += start &+ significant
      return true
    }
    if scientific >= 0 && scientific < 7 {
      if significant <= scientific &+ 1 {
        // A whole number: its digits and zeros up to the point (the first word), then ".0".
        target.storeBytes(of: first.littleEndian, as: UInt64.self)
        target.storeBytes(
          of: UInt16(0x302E).littleEndian, toByteOffset: scientific &+ 1, as: UInt16.self)
        cursor.pointer += scientific &+ (pointZero ? 3 : 1)
        return true
      }
      // The point after the first `whole` (1 to 7) digits: the bytes from there move up one.
      let shift = UInt64(truncatingIfNeeded: 8 &* (scientific &+ 1))
      let before: UInt64 = (1 &<< shift) &- 1
      let kept = (before &<< 8) | 0xFF
      let pointed = (first & before) | (0x2E &<< shift) | ((first &<< 8) & ~kept)
      target.storeBytes(of: pointed.littleEndian, as: UInt64.self)
      target.storeBytes(
        of: ((second &<< 8) | (first &>> 56)).littleEndian, toByteOffset: 8, as: UInt64.self)
      target.storeBytes(
        of: ((third &<< 8) | (second &>> 56)).littleEndian, toByteOffset: 16, as: UInt64.self)
      cursor.pointer += significant &+ 1
      return true
    }
    layout(digits, exponent, magnitude: abs(value), pointZero: pointZero, to: &cursor)
    return true
  }

  /// The 16 digits of `digits` (or 17 when `long`) as numbers 0 to 9, eight a word, the first
  /// in the lowest byte of the first word; the bytes after the last digit are 0.
  @inline(__always)
  static func digitWords(_ digits: UInt64, long: Bool) -> (UInt64, UInt64, UInt64) {
    if !long {
      let high = digits / 100_000_000
      return (
        ByteCursor.eightDigits(high), ByteCursor.eightDigits(digits &- high &* 100_000_000), 0
      )
    }
    let top = digits / 10_000_000_000_000_000
    let rest = digits &- top &* 10_000_000_000_000_000
    let high = rest / 100_000_000
    let highWord = ByteCursor.eightDigits(high)
    let low = ByteCursor.eightDigits(rest &- high &* 100_000_000)
    return (top | (highWord &<< 8), (highWord &>> 56) | (low &<< 8), low &>> 56)
  }

  /// The shortest nearest decimal of a finite, normal, nonzero `value`'s magnitude that is not
  /// a power of two, from one product, as `digits` 10^`exponent` where `digits` has 16 digits
  /// (17 when `long`), trailing zeros included; `nil` when it could be wrong (see the type's
  /// summary).
  ///
  /// With v = c 2^q, k = floor(q log10 2) and K = 2 - k, the interval's upper end
  /// z = (2c + 1) 2^(q - 1) 10^K is 4.5e17 to 9e18 and its width d = 2^q 10^K is 100 to
  /// 1000. The table's entry for 10^K is 2^(127 - floor(K log2 10)) 10^K rounded up by less
  /// than 4, so the product of x = (2c + 1) 2^h (h = q + floor(K log2 10), 6 to 9) with it,
  /// over 2^128, is z plus less than 2^-63: when the 64 bits after its point are 2 or more,
  /// its whole part is floor(z) and z is not whole. The width's whole part is the entry's
  /// high word shifted (exactly floor(d) for every q; the table's script checks it).
  @inline(__always)
  static func shortest(_ value: Double) -> (digits: UInt64, exponent: Int, long: Bool)? {
    let bits = value.bitPattern
    let fraction = bits & 0x000F_FFFF_FFFF_FFFF
    let biased = Int(truncatingIfNeeded: (bits &>> 52) & 0x7FF)
    guard fraction != 0, biased != 0, biased != 0x7FF else { return nil }
    let q = biased &- 1075
    let k = (q &* 661_971_961_083) &>> 41
    let h = q &+ (((2 &- k) &* 913_124_641_741) &>> 38)
    let index = 2 &* (k &- 2 &- minimumK)
    let (high, low) = table.withUnsafeBufferPointer { ($0[index], $0[index &+ 1]) }
    let x = (((fraction | (1 &<< 52)) &<< 1) | 1) &<< UInt64(truncatingIfNeeded: h)
    let (upper, middle) = x.multipliedFullWidth(by: high)
    let (point, carry) = middle.addingReportingOverflow(x.multipliedFullWidth(by: low).high)
    guard point > 1 else { return nil }
    let z = upper &+ (carry ? 1 : 0)
    let width = high &>> UInt64(truncatingIfNeeded: 63 &- h)
    let s = z / 1000
    let r = z &- s &* 1000
    // s has 15 or 16 digits.
    let long = s >= 1_000_000_000_000_000
    if r < width {
      // 1000 s is inside (below z by r + frac(z) < width): the only multiple of 1000 there,
      // as 16 digits.
      return long ? (s, k &+ 1, false) : (s &* 10, k, false)
    }
    // r = width could go either way.
    guard r > width else { return nil }
    // No multiple of 1000 inside; the value is z - d/2, and distance is within 1 of its
    // excess over 1000 s, plus 50: its quotient by 100 names the nearest multiple of 100
    // (1 to 9 hundreds on), unless distance is a multiple of 100 (nearly half way).
    let distance = r &- (width &>> 1) &+ 50
    let hundreds = distance / 100
    guard distance != hundreds &* 100 else { return nil }
    return (s &* 10 &+ hundreds, k, long)
  }

  /// The text of a value ``shortest(_:)`` left: Schubfach's digits, or `description`.
  @inline(never)
  static func writeSlowly(_ value: Double, pointZero: Bool, to cursor: inout ByteCursor) {
    guard let (digits, exponent) = decimal(value) else {
      return writeDescription(value, pointZero: pointZero, to: &cursor)
    }
    if value < 0 { cursor.put(UInt8(ascii: "-")) }
    layout(digits, exponent, magnitude: abs(value), pointZero: pointZero, to: &cursor)
  }

  /// The standard library's text, for the cases left to it (without a final `.0` unless
  /// `pointZero`).
  @inline(never)
  static func writeDescription(_ value: Double, pointZero: Bool, to cursor: inout ByteCursor) {
    var text = value.description
    if !pointZero && text.hasSuffix(".0") { text.removeLast(2) }
    text.withUTF8 { cursor.put($0) }
  }

  /// The shortest nearest decimal `digits` 10^`exponent` of a normal, finite, nonzero
  /// `value`'s magnitude (trailing zeros removed), or `nil` when the standard library is to
  /// decide (see the type's summary).
  @inline(__always)
  static func decimal(_ value: Double) -> (digits: UInt64, exponent: Int)? {
    let bits = value.bitPattern
    let fraction = bits & 0x000F_FFFF_FFFF_FFFF
    let biased = Int((bits >> 52) & 0x7FF)
    // Zero, subnormals, infinities and NaN.
    guard biased != 0, biased != 0x7FF else { return nil }
    let c = fraction | (1 << 52)
    let q = biased - 1075
    // A whole number of 53 bits or fewer: its own digits.
    if q < 0 && q > -53 {
      let whole = c >> UInt64(-q)
      if whole << UInt64(-q) == c { return stripped(whole, 0) }
    }
    let out = c & 1
    let cb = c << 2
    let cbr = cb + 2
    // A power of two has a lower neighbour half as far away as the upper one.
    let lopsided = fraction == 0
    let cbl = lopsided ? cb - 1 : cb - 2
    // floor(q log10(2)), or floor(log10(3/4 2^q)) for a power of two.
    let k = lopsided ? (q * 661_971_961_083 - 274_743_187_321) >> 41 : (q * 661_971_961_083) >> 41
    let h = q + ((-k * 913_124_641_741) >> 38) + 2  // q + floor(-k log2(10)) + 2
    let index = 2 * (k - minimumK)
    // g(k) in two 63-bit halves, from the entry 4 g(k).
    let (g1, g0) = table.withUnsafeBufferPointer {
      ($0[index] >> 1, ($0[index] & 1) << 62 | $0[index + 1] >> 2)
    }
    let vb = roundedOdd(g1, g0, cb << UInt64(h))
    let vbl = roundedOdd(g1, g0, cbl << UInt64(h))
    let vbr = roundedOdd(g1, g0, cbr << UInt64(h))
    let s = vb >> 2
    // The interval is [vbl, vbr] when c is even and open when it is odd; a choice that
    // depends on an end (a candidate equal to it) is left to the standard library.
    if s >= 100 {
      let sp10 = 10 * (s / 10)
      let tp10 = sp10 + 10
      let lowIn = vbl + out <= sp10 << 2
      let highIn = (tp10 << 2) + out <= vbr
      guard vbl != sp10 << 2 && tp10 << 2 != vbr else { return nil }
      if lowIn != highIn {
        return stripped(lowIn ? sp10 : tp10, k)
      }
    }
    let t = s + 1
    let lowIn = vbl + out <= s << 2
    let highIn = (t << 2) + out <= vbr
    guard vbl != s << 2 && t << 2 != vbr else { return nil }
    if lowIn != highIn { return stripped(lowIn ? s : t, k) }
    // Both (or, never for these doubles, neither) inside: the nearer; a tie is left.
    let middle = (s + t) << 1
    guard vb != middle else { return nil }
    return stripped(vb < middle ? s : t, k)
  }

  /// `digits` 10^`exponent` with the trailing zeros of `digits` moved into the exponent.
  @inline(__always)
  static func stripped(_ digits: UInt64, _ exponent: Int) -> (digits: UInt64, exponent: Int) {
    var digits = digits
    var exponent = exponent
    while digits % 10 == 0 {
      digits /= 10
      exponent += 1
    }
    return (digits, exponent)
  }

  /// The scaled value g cp 2^-127 rounded to odd (its low bit set when anything was cut).
  @inline(__always)
  static func roundedOdd(_ g1: UInt64, _ g0: UInt64, _ cp: UInt64) -> UInt64 {
    let x1 = g0.multipliedFullWidth(by: cp).high
    let (y1, y0) = g1.multipliedFullWidth(by: cp)
    let z = (y0 >> 1) &+ x1
    let vbp = y1 &+ (z >> 63)
    return vbp | (((z & 0x7FFF_FFFF_FFFF_FFFF) &+ 0x7FFF_FFFF_FFFF_FFFF) >> 63)
  }

  /// Writes `digits` 10^`exponent` as `description` lays it out, a whole number without its
  /// `.0` unless `pointZero`.
  @inline(never)
  static func layout(
    _ digits: UInt64, _ exponent: Int, magnitude: Double, pointZero: Bool,
    to cursor: inout ByteCursor
  ) {
    let (digits, exponent) = stripped(digits, exponent)
    let count = ByteCursor.digitCount(digits)
    // The power of ten of the first digit.
    let scientific = exponent + count - 1
    /// Writes the digits with a point after the first `whole`: the digits go one byte on,
    /// then the whole part moves back over the gap and the point fills the byte after it.
    func digitsWithPoint(after whole: Int) {
      let start = cursor.pointer
      cursor.pointer += 1
      cursor.putDigits(digits, count: count)
      for index in 0..<whole { start[index] = start[index + 1] }
      start[whole] = UInt8(ascii: ".")
    }
    if scientific >= -4 && magnitude <= 9_007_199_254_740_992 {
      if scientific < 0 {
        cursor.put(UInt8(ascii: "0"))
        cursor.put(UInt8(ascii: "."))
        for _ in 0..<(-scientific - 1) { cursor.put(UInt8(ascii: "0")) }
        cursor.putDigits(digits, count: count)
      } else if count <= scientific + 1 {
        cursor.putDigits(digits, count: count)
        for _ in 0..<(scientific + 1 - count) { cursor.put(UInt8(ascii: "0")) }
        if pointZero {
          cursor.put(UInt8(ascii: "."))
          cursor.put(UInt8(ascii: "0"))
        }
      } else {
        digitsWithPoint(after: scientific + 1)
      }
      return
    }
    if count > 1 {
      digitsWithPoint(after: 1)
    } else {
      cursor.putDigits(digits, count: 1)
    }
    cursor.put(UInt8(ascii: "e"))
    cursor.put(scientific < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
    let power = abs(scientific)
    if power >= 100 { cursor.put(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: power / 100)) }
    cursor.put(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: power / 10 % 10))
    cursor.put(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: power % 10))
  }
}
