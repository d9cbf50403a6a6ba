import Glibc
import Testing

@testable import Pickers

@Suite("PNG row filter choice")
struct PNGRowFilterTests {
  /// The order-0 entropy of the rows `PNGRowFilter` samples, computed from the definition:
  /// every `step`-th row, `step` the rows' bytes over ``PNGRowFilter/sampleBytes``.
  static func sampledEntropy(_ rows: [[UInt8]]) -> Double {
    let rowBytes = rows[0].count
    let step = max(1, rowBytes * rows.count / PNGRowFilter.sampleBytes)
    var counts: [UInt8: Int] = [:]
    var total = 0
    for row in stride(from: 0, to: rows.count, by: step) {
      for byte in rows[row] { counts[byte, default: 0] += 1 }
      total += rowBytes
    }
    return -counts.values.reduce(0.0) { sum, count in
      let p = Double(count) / Double(total)
      return sum + p * log2(p)
    }
  }

  /// Rows of text-like runs, noise, and rows of one value, `seed` choosing the mix.
  static func rows(width: Int, height: Int, noise: Double, seed: UInt64) -> [[UInt8]] {
    var generator = SplitMix64(seed: seed)
    return (0..<height).map { y in
      if y % 5 == 0 { return [UInt8](repeating: UInt8(y % 3) * 100, count: width) }
      return (0..<width).map { x in
        Double.random(in: 0..<1, using: &generator) < noise
          ? UInt8.random(in: 0...255, using: &generator) : (x / 9 % 4 == 0 ? 0 : 255)
      }
    }
  }

  @Test(
    "the choice follows the entropy of the sampled rows, with rows packed or behind a filter byte",
    arguments: [0.0, 0.05, 0.3, 0.6, 1.0])
  func followsEntropy(noise: Double) throws {
    for (width, height) in [(1, 40), (3, 17), (1103, 88), (333, 400)] {
      let rows = Self.rows(width: width, height: height, noise: noise, seed: UInt64(width))
      let expected = Self.sampledEntropy(rows) < PNGRowFilter.flatEntropyLimit
      let packed = Array(rows.joined())
      let framed = rows.flatMap { row -> [UInt8] in [0] + row }
      let fromPacked = packed.withUnsafeBytes {
        PNGRowFilter.prefersNone($0, rowBytes: width, rowCount: height)
      }
      let fromFramed = framed.withUnsafeBytes {
        PNGRowFilter.prefersNone($0, rowBytes: width, rowCount: height, stride: width + 1)
      }
      #expect(fromPacked == expected, "\(width) x \(height), noise \(noise)")
      #expect(fromFramed == expected, "\(width) x \(height), noise \(noise)")
    }
  }
}
