import Testing

@testable import Pickers

/// The one-word path of ``NumberText/writeFixed(_:decimals:to:)`` (up to seven places, eight
/// digits) and its rounding, against the standard library's rounding and integer text.
@Suite("Fixed places in one word") struct NumberTextTests {
  @Test("rounding by adding 2^52 is rounded(.toNearestOrAwayFromZero) below 2^52")
  func roundedHalfAway() {
    var generator = SplitMix64(seed: 52)
    var values: [Double] = [0, 0.5, 1.5, 2.5, 0x1p52 - 1, 0x1p52 - 0.5, 0x1p51 + 0.5, 5e-324]
    for whole in 0..<2000 {
      let tie = Double(whole) + 0.5
      values += [Double(whole), tie, tie.nextUp, tie.nextDown, Double(whole).nextDown]
    }
    for _ in 0..<200_000 {
      let unit = Double(generator.next() >> 11) * 0x1p-53
      values += [unit, unit * 1e8, unit * 0x1p52, Double(generator.next() % 100_000_000) + 0.5]
    }
    var mismatches: [Double] = []
    for value in values where value < 0x1p52 {
      let expected = UInt64(value.rounded(.toNearestOrAwayFromZero))
      if NumberText.roundedHalfAway(value) != expected { mismatches.append(value) }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
  }

  @Test("at the edge of eight digits and at every place count, as the standard library rounds")
  func wordEdges() {
    var generator = SplitMix64(seed: 88)
    var mismatches: [String] = []
    for decimals in 0...8 {
      var scale = 1.0
      for _ in 0..<decimals { scale *= 10 }
      var values: [Double] = [0, 1, 0.5 / scale, 99_999_999.5 / scale, 1e8 / scale]
      for scaled in [99_999_999.5, 99_999_999.49, 99_999_998.5, 1e8, 1e7 - 0.5, 1e7 + 0.5] {
        let value = scaled / scale
        values += [value, value.nextUp, value.nextDown]
      }
      for _ in 0..<20_000 {
        // Every count of whole digits and of fraction digits, ties among them.
        let digits = generator.next() % 100_000_000
        let tie = (Double(digits) + 0.5) / scale
        values += [Double(digits) / scale, tie, tie.nextUp, tie.nextDown]
        values.append(Double(generator.next() % 1000) / 1000)
      }
      for value in values {
        for probe in [value, -value] {
          let written = ShortestDoubleTests.cursorText {
            NumberText.writeFixed(probe, decimals: decimals, to: &$0)
          }
          let expected = ShortestDoubleTests.fixedReference(probe, decimals)
          if written != expected { mismatches.append("\(probe) at \(decimals): \(written)") }
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
  }
}
