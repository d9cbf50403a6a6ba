/// The numbers of a report, written through a ``ByteCursor``: the same text as
/// ``Color/appendNumber(_:decimals:to:)``, ``Color/appendJSONNumber(_:to:)`` and
/// ``Color/appendRoundedDescription(_:decimals:to:)``, with the shortest digits from
/// ``ShortestDouble``.
enum NumberText {
  /// ``Color/appendNumber(_:decimals:to:)``'s text: `value` rounded half away from zero to
  /// `decimals` places, without trailing zeros or `-0` (at most 33 bytes).
  @inline(__always)
  static func writeFixed(_ value: Double, decimals: Int, to output: inout ByteCursor) {
    guard value.isFinite else {
      return output.put(value.isNaN ? "0" : value > 0 ? "1e308" : "-1e308")
    }
    let scale = CSSColorParser.powerOfTen(decimals)
    let magnitude = abs(value) * scale
    guard magnitude < 9e15, (0...15).contains(decimals) else {
      return ShortestDouble.write(value, to: &output)
    }
    // Below 2^53 the truncated part and the fraction are exact, so this is `rounded()`.
    let truncated = UInt64(magnitude)
    let scaled = magnitude - Double(truncated) >= 0.5 ? truncated + 1 : truncated
    if scaled == 0 { return output.put(UInt8(ascii: "0")) }
    let (wholePart, fractionPart): (UInt64, UInt64)
    switch decimals {
    case 0: (wholePart, fractionPart) = (scaled, 0)
    case 2: (wholePart, fractionPart) = scaled.quotientAndRemainder(dividingBy: 100)
    case 3: (wholePart, fractionPart) = scaled.quotientAndRemainder(dividingBy: 1_000)
    case 4: (wholePart, fractionPart) = scaled.quotientAndRemainder(dividingBy: 10_000)
    case 6: (wholePart, fractionPart) = scaled.quotientAndRemainder(dividingBy: 1_000_000)
    default: (wholePart, fractionPart) = scaled.quotientAndRemainder(dividingBy: UInt64(scale))
    }
    if value < 0 { output.put(UInt8(ascii: "-")) }
    output.putDigits(wholePart, count: ByteCursor.digitCount(wholePart))
    guard fractionPart != 0 else { return }
    // The fraction's digits with its leading zeros (0.05 at 4 places is ".05"), the trailing
    // ones dropped.
    var fraction = fractionPart
    var places = decimals
    while fraction % 10 == 0 {
      fraction /= 10
      places -= 1
    }
    output.put(UInt8(ascii: "."))
    output.putDigits(fraction, count: places)
  }

  /// Writes `value` in decimal, `-` first when it is negative.
  @inline(__always)
  static func writeInteger(_ value: Int, to output: inout ByteCursor) {
    if value < 0 { output.put(UInt8(ascii: "-")) }
    let magnitude = UInt64(value.magnitude)
    output.putDigits(magnitude, count: ByteCursor.digitCount(magnitude))
  }

  /// ``Color/appendJSONNumber(_:to:)``'s text: the shortest round-tripping form without a
  /// trailing `.0`, NaN as `0` and an infinity as `1e308` or `-1e308`.
  @inline(__always)
  static func writeJSONNumber(_ value: Double, to output: inout ByteCursor) {
    guard value.isFinite else {
      return output.put(value.isNaN ? "0" : value > 0 ? "1e308" : "-1e308")
    }
    if value == 0 { return output.put(value.sign == .minus ? "-0" : "0") }
    // A whole number below 1e15 is its digits.
    if abs(value) < 1e15, case let whole = Int64(value), Double(whole) == value {
      return writeInteger(Int(whole), to: &output)
    }
    let start = output.pointer
    ShortestDouble.write(value, to: &output)
    if start.distance(to: output.pointer) >= 2 && output.pointer[-1] == UInt8(ascii: "0")
      && output.pointer[-2] == UInt8(ascii: ".")
    {
      output.pointer -= 2
    }
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
