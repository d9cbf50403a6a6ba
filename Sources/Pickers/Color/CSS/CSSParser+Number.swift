/// The byte parser's numbers: CSS `<number>` tokens read without allocating and correctly
/// rounded, as `Double(_:)` (which the tokenizer uses) rounds them, so both parsers agree.
extension CSSColorParser {
  /// Exact powers of ten from 10^0 to 10^22, for the fast number path (Clinger's algorithm).
  @inline(__always)
  static func powerOfTen(_ exponent: Int) -> Double {
    switch exponent {
    case 0: 1e0
    case 1: 1e1
    case 2: 1e2
    case 3: 1e3
    case 4: 1e4
    case 5: 1e5
    case 6: 1e6
    case 7: 1e7
    case 8: 1e8
    case 9: 1e9
    case 10: 1e10
    case 11: 1e11
    case 12: 1e12
    case 13: 1e13
    case 14: 1e14
    case 15: 1e15
    case 16: 1e16
    case 17: 1e17
    case 18: 1e18
    case 19: 1e19
    case 20: 1e20
    case 21: 1e21
    default: 1e22
    }
  }

  /// Reads a CSS number at `index`, or returns `nil` (without moving) if there is none.
  mutating func parseNumber() -> Double? {
    let start = index
    var position = index
    var negative = false
    if position < bytes.count && (bytes[position] == 0x2B || bytes[position] == 0x2D) {
      negative = bytes[position] == 0x2D
      position += 1
    }
    var mantissa: UInt64 = 0
    var digits = 0
    var exponent = 0
    var exact = true
    while position < bytes.count && Self.isDigit(bytes[position]) {
      if digits < 19 {
        mantissa = mantissa &* 10 &+ UInt64(bytes[position] - 0x30)
        if mantissa != 0 { digits += 1 }
      } else {
        exponent += 1
        exact = false
      }
      position += 1
    }
    let integerEnd = position
    if position + 1 < bytes.count && bytes[position] == 0x2E && Self.isDigit(bytes[position + 1]) {
      position += 1
      while position < bytes.count && Self.isDigit(bytes[position]) {
        if digits < 19 {
          mantissa = mantissa &* 10 &+ UInt64(bytes[position] - 0x30)
          if mantissa != 0 { digits += 1 }
          exponent -= 1
        } else {
          exact = false
        }
        position += 1
      }
    }
    let sawDigits =
      integerEnd > start + (negative || (start < bytes.count && bytes[start] == 0x2B) ? 1 : 0)
      || position > integerEnd
    guard sawDigits else { return nil }
    // Exponent: e, optional sign, at least one digit.
    if position < bytes.count && bytes[position] | 0x20 == 0x65 {
      var look = position + 1
      var exponentNegative = false
      if look < bytes.count && (bytes[look] == 0x2B || bytes[look] == 0x2D) {
        exponentNegative = bytes[look] == 0x2D
        look += 1
      }
      if look < bytes.count && Self.isDigit(bytes[look]) {
        var value = 0
        while look < bytes.count && Self.isDigit(bytes[look]) {
          if value < 100_000 { value = value * 10 + Int(bytes[look] - 0x30) }
          look += 1
        }
        exponent += exponentNegative ? -value : value
        position = look
      }
    }
    index = position
    var result: Double
    if exact && mantissa < 1 << 53 && exponent >= -22 && exponent <= 22 {
      result = Double(mantissa)
      if exponent < 0 {
        result /= Self.powerOfTen(-exponent)
      } else {
        result *= Self.powerOfTen(exponent)
      }
    } else {
      var text = self.text(start..<position)
      if text.first == "+" { text.removeFirst() }
      result = Double(text) ?? 0
      return result
    }
    return negative ? -result : result
  }
}
