/// The numbers of a report, written through a ``ByteCursor``: the same text as
/// ``Color/appendNumber(_:decimals:to:)``, ``Color/appendJSONNumber(_:to:)`` and
/// ``Color/appendRoundedDescription(_:decimals:to:)``, with the shortest digits from
/// ``ShortestDouble``.
enum NumberText {
  /// ``Color/appendNumber(_:decimals:to:)``'s text: `value` rounded half away from zero to
  /// `decimals` places, without trailing zeros or `-0` (at most 33 bytes, and stores reach at
  /// most 26 bytes on).
  @inline(__always)
  static func writeFixed(_ value: Double, decimals: Int, to output: inout ByteCursor) {
    // Up to seven places and eight digits in all (every channel of a report but the extreme
    // ones): one rounding and one word of digits, without a division.
    if UInt(bitPattern: decimals) < 8 {
      let magnitude = abs(value) * CSSColorParser.powerOfTen(decimals)
      // Also false for NaN and the infinities; below it the rounded value is below 10^8.
      if magnitude < 99_999_999.5 {
        let rounded = roundedHalfAway(magnitude)
        return output.putFixed(rounded, places: decimals, negative: value < 0 && rounded != 0)
      }
    }
    guard value.isFinite else {
      return output.put(value.isNaN ? "0" : value > 0 ? "1e308" : "-1e308")
    }
    let scale = CSSColorParser.powerOfTen(decimals)
    let magnitude = abs(value) * scale
    guard magnitude < 9e15, (0...15).contains(decimals) else {
      return ShortestDouble.write(value, to: &output)
    }
    // Below 2^53 the truncated part and the fraction are exact, so this is `rounded()`
    // (through Int64, whose conversions are one instruction each way).
    let truncated = Int64(magnitude)
    let rounded = magnitude - Double(truncated) >= 0.5 ? truncated &+ 1 : truncated
    let scaled = UInt64(bitPattern: rounded)
    if scaled == 0 { return output.put(UInt8(ascii: "0")) }
    // The fraction times `padding` has eight digits (for up to 8 places).
    let (wholePart, fractionPart, padding): (UInt64, UInt64, UInt64)
    switch decimals {
    case 0: (wholePart, fractionPart, padding) = (scaled, 0, 1)
    case 2:
      let (whole, fraction) = scaled.quotientAndRemainder(dividingBy: 100)
      (wholePart, fractionPart, padding) = (whole, fraction, 1_000_000)
    case 3:
      let (whole, fraction) = scaled.quotientAndRemainder(dividingBy: 1_000)
      (wholePart, fractionPart, padding) = (whole, fraction, 100_000)
    case 4:
      let (whole, fraction) = scaled.quotientAndRemainder(dividingBy: 10_000)
      (wholePart, fractionPart, padding) = (whole, fraction, 10_000)
    case 6:
      let (whole, fraction) = scaled.quotientAndRemainder(dividingBy: 1_000_000)
      (wholePart, fractionPart, padding) = (whole, fraction, 100)
    default:
      let (whole, fraction) = scaled.quotientAndRemainder(dividingBy: UInt64(scale))
      let pad = decimals <= 8 ? UInt64(CSSColorParser.powerOfTen(8 - decimals)) : 0
      (wholePart, fractionPart, padding) = (whole, fraction, pad)
    }
    if value < 0 { output.put(UInt8(ascii: "-")) }
    output.putNumber(wholePart)
    guard fractionPart != 0 else { return }
    output.put(UInt8(ascii: "."))
    if padding != 0 {
      // The fraction's digits with its leading zeros (0.05 at 4 places is ".05"), padded
      // with zeros to eight: its trailing zeros and the padding are the high zero bytes.
      let digits = ByteCursor.eightDigits(fractionPart &* padding)
      output.putEight(digits)
      output.pointer += 8 &- (digits.leadingZeroBitCount &>> 3)
      return
    }
    var fraction = fractionPart
    var places = decimals
    while fraction % 10 == 0 {
      fraction /= 10
      places -= 1
    }
    output.putDigits(fraction, count: places)
  }

  /// `magnitude` (0 to below 2^52) rounded half away from zero, as
  /// `magnitude.rounded(.toNearestOrAwayFromZero)` gives it, without a call or a conversion
  /// check: adding 2^52 rounds to the nearest integer, ties to even, in the low bits of the
  /// sum; the difference left is exact, and +0.5 is a tie that went down.
  @inline(__always)
  static func roundedHalfAway(_ magnitude: Double) -> UInt64 {
    let shifted = magnitude + 0x1p52
    let nearest = shifted.bitPattern &- (0x1p52 as Double).bitPattern
    let rest = magnitude - (shifted - 0x1p52)
    return nearest &+ (rest == 0.5 ? 1 : 0)
  }

  /// Writes `value` in decimal, `-` first when it is negative.
  @inline(__always)
  static func writeInteger(_ value: Int, to output: inout ByteCursor) {
    if value < 0 { output.put(UInt8(ascii: "-")) }
    output.putNumber(UInt64(value.magnitude))
  }

  /// ``Color/appendJSONNumber(_:to:)``'s text: the shortest round-tripping form without a
  /// trailing `.0`, NaN as `0` and an infinity as `1e308` or `-1e308`.
  @inline(__always)
  static func writeJSONNumber(_ value: Double, to output: inout ByteCursor) {
    // Most numbers of a report: the one-product digits, whole numbers included.
    if ShortestDouble.writeQuickly(value, pointZero: false, to: &output) { return }
    guard value.isFinite else {
      return output.put(value.isNaN ? "0" : value > 0 ? "1e308" : "-1e308")
    }
    if value == 0 { return output.put(value.sign == .minus ? "-0" : "0") }
    // A whole number below 1e15 is its digits.
    if abs(value) < 1e15, case let whole = Int64(value), Double(whole) == value {
      return writeInteger(Int(whole), to: &output)
    }
    ShortestDouble.writeSlowly(value, pointZero: false, to: &output)
  }

  /// ``Color/appendRoundedDescription(_:decimals:to:)``'s text.
  @inline(__always)
  static func writeRoundedDescription(_ value: Double, decimals: Int, to output: inout ByteCursor) {
    guard value.isFinite else {
      return output.put(value.isNaN ? "0" : value > 0 ? "1e308" : "-1e308")
    }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    if rounded == 0 { return output.put(UInt8(ascii: "0")) }
    writeJSONNumber(rounded, to: &output)
  }
}
