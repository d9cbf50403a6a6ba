import Glibc
import Testing

@testable import Pickers

@Suite("sRGB transfer tables")
struct GammaTests {
  /// The sRGB encoding of IEC 61966-2-1, rounded to the nearest 8-bit value.
  static func encoded(_ linear: Double) -> UInt8 {
    let c = linear <= 0.003_130_8 ? linear * 12.92 : 1.055 * pow(linear, 1 / 2.4) - 0.055
    return UInt8(min(max((c * 255).rounded(), 0), 255))
  }

  @Test("the encode table matches the IEC 61966-2-1 formula at every one of its 16,384 steps")
  func encodeTable() {
    let table = Gamma.toSRGB
    #expect(table.count == Gamma.encodeSteps)
    var mismatches = 0
    for step in 0..<Gamma.encodeSteps {
      let expected = Self.encoded(Double(step) / Double(Gamma.encodeSteps - 1))
      if table[step] != expected { mismatches += 1 }
    }
    #expect(mismatches == 0)
  }

  @Test("linear light of 8-bit values follows the formula (0 -> 0, 128 -> 0.2158605, 255 -> 1)")
  func linearTable() {
    // Reference: ((128 / 255 + 0.055) / 1.055)^2.4 = 0.215_860_5.
    #expect(Gamma.toLinear[0] == 0)
    #expect(abs(Gamma.toLinear[128] - 0.215_860_5) < 1e-6)
    #expect(Gamma.toLinear[255] == 1)
    #expect(zip(Gamma.toLinear, Gamma.toLinear.dropFirst()).allSatisfy { $0 < $1 })
  }
}
