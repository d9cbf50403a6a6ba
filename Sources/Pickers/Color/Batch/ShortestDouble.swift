/// The shortest decimal that reads back as a `Double`, written as its `description` writes
/// it, without a `String`.
///
/// The digits come from Schubfach (Raffaello Giulietti, "The Schubfach way to render doubles",
/// 2020): the rounding interval of `c 2^q` is scaled by 10^-k with one 126-bit table entry
/// (``table``), so the candidates, the multiple of ten inside the interval and the two
/// integers around the scaled value, are each a product of 64-bit words. Of the shortest
/// candidates inside the interval the one nearest the value is kept, as `description` keeps
/// it. Where the choice rests on an exact equality (an interval end that is itself a
/// candidate, a value half way between two), and for zero, subnormals and non-finite values,
/// the standard library writes the number: those cases are rare and it is their reference.
///
/// The text then follows `description`'s layout: plain decimals from 0.0001 up to 2^53 (a
/// whole number ends in `.0`), otherwise one digit, the rest after a point, and `e+NN` or
/// `e-NN`.
enum ShortestDouble {
  /// The range of k, the power of ten the interval is scaled by.
  static let minimumK = -324
  static let maximumK = 292

  /// Appends `value`'s `description` through `cursor` (at most 24 bytes; stores reach at most
  /// 31 bytes on).
  @inline(__always)
  static func write(_ value: Double, to cursor: inout ByteCursor) {
    guard let (digits, exponent) = decimal(value) else {
      return writeDescription(value, to: &cursor)
    }
    if value < 0 { cursor.put(UInt8(ascii: "-")) }
    layout(digits, exponent, magnitude: abs(value), to: &cursor)
  }

  /// The standard library's text, for the cases left to it.
  @inline(never)
  static func writeDescription(_ value: Double, to cursor: inout ByteCursor) {
    var text = value.description
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
    let (g1, g0) = table.withUnsafeBufferPointer { ($0[index], $0[index + 1]) }
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

  /// Writes `digits` 10^`exponent` (no trailing zeros) as `description` lays it out.
  @inline(__always)
  static func layout(
    _ digits: UInt64, _ exponent: Int, magnitude: Double, to cursor: inout ByteCursor
  ) {
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
        cursor.put(UInt8(ascii: "."))
        cursor.put(UInt8(ascii: "0"))
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
