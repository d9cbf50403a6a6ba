import Testing

@testable import Pickers

/// The fixed-places number writer against a plain reference.
///
/// ``Color/appendNumber(_:decimals:to:)`` writes every CSS string and text report. The
/// reference scales and rounds with the standard library's `rounded()`, then writes one
/// decimal digit at a time by division, the fraction's trailing zeros divided away: how the
/// writer worked before it wrote digit pairs.
@Suite("Number writer") struct NumberWriterTests {
  /// The reference text of `value` at `decimals` places.
  static func reference(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return value.isNaN ? "0" : value > 0 ? "1e308" : "-1e308" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    guard abs(value) * scale < 9e15 else { return "\(value)" }
    let scaled = Int64((abs(value) * scale).rounded())
    if scaled == 0 { return "0" }
    var (whole, fraction) = scaled.quotientAndRemainder(dividingBy: Int64(scale))
    var digits = decimals
    var text = ""
    if fraction != 0 {
      while fraction % 10 == 0 {
        fraction /= 10
        digits -= 1
      }
      for _ in 0..<digits {
        text = String(fraction % 10) + text
        fraction /= 10
      }
      text = "." + text
    }
    repeat {
      text = String(whole % 10) + text
      whole /= 10
    } while whole > 0
    return (value < 0 ? "-" : "") + text
  }

  static func written(_ value: Double, decimals: Int) -> String {
    var bytes: [UInt8] = []
    Color.appendNumber(value, decimals: decimals, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test("edge values: zeros, subnormals, ties, the 9e15 bound, huge, tiny and non-finite")
  func edges() {
    let values: [Double] = [
      0, .leastNonzeroMagnitude, .leastNormalMagnitude, 1e-7, 5e-7, 0.00005, 0.00015, 0.0005,
      0.5, 1.5, 2.5, 0.49999999999999994, 99.99995, 255, 360, 9e15, 8.999999999999999e9, 1e15,
      1e21, .greatestFiniteMagnitude, .nan, .infinity,
    ]
    for decimals in 0...8 {
      for value in values {
        for probe in [value, -value, value.nextUp, value.nextDown, -value.nextUp] {
          #expect(
            Self.written(probe, decimals: decimals) == Self.reference(probe, decimals: decimals),
            "\(probe) at \(decimals) places")
        }
      }
    }
  }

  @Test("two million random values at 0 to 7 places")
  func random() {
    var generator = SystemRandomNumberGenerator()
    var differences: [String] = []
    for index in 0..<2_000_000 {
      let decimals = index & 7
      var scale = 1.0
      for _ in 0..<decimals { scale *= 10 }
      let value: Double
      switch (index >> 3) % 5 {
      case 0: value = Double.random(in: -400...400, using: &generator)
      case 1:
        // Exact ties at the last place, where rounding away from zero shows.
        value = (Double(Int.random(in: -10_000_000...10_000_000, using: &generator)) + 0.5) / scale
      case 2: value = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator))
      case 3: value = Double(Int.random(in: -2_000...2_000, using: &generator)) + 0.5
      default:
        value = Double.random(in: -1...1, using: &generator) * scale * 1e8
      }
      let written = Self.written(value, decimals: decimals)
      let expected = Self.reference(value, decimals: decimals)
      if written != expected, differences.count < 10 {
        differences.append("\(value) at \(decimals): \(written) != \(expected)")
      }
    }
    #expect(differences.isEmpty, "\(differences)")
  }

  @Test("JSON numbers are description without a final .0, whole numbers included")
  func json() {
    var generator = SystemRandomNumberGenerator()
    var values: [Double] = [
      0, -0.0, 1, -1, 255, 1e15, 1e15 - 1, -1e15 + 1, 1e16, 9_007_199_254_740_992, 0.5, 1e-7,
      .leastNonzeroMagnitude, .greatestFiniteMagnitude, 1e21,
    ]
    for _ in 0..<500_000 {
      values.append(Double(Int64.random(in: -1_000_000_000_000_000...1_000_000_000_000_000)))
      values.append(Double(Int.random(in: -1000...1000, using: &generator)))
      values.append(Double.random(in: -400...400, using: &generator))
    }
    var differences: [String] = []
    for value in values {
      var bytes: [UInt8] = []
      Color.appendJSONNumber(value, to: &bytes)
      var expected = value.description
      if expected.hasSuffix(".0") { expected.removeLast(2) }
      let written = String(decoding: bytes, as: UTF8.self)
      if written != expected, differences.count < 10 {
        differences.append("\(value): \(written) != \(expected)")
      }
    }
    #expect(differences.isEmpty, "\(differences)")
  }
}
