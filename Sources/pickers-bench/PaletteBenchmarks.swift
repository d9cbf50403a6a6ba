import Glibc
import Pickers

/// Palette benchmarks: the image quantizer on a 1-megapixel photo-like image, and themes.
enum PaletteBenchmarks {
  /// A deterministic 1000x1000 image: smooth color fields plus noise, like a photo's histogram.
  static func photoLikeImage(side: Int) throws -> RGBAImage {
    var bytes = [UInt8](repeating: 255, count: side * side * 4)
    var state: UInt32 = 12_345
    for y in 0..<side {
      for x in 0..<side {
        state = state &* 1_664_525 &+ 1_013_904_223
        let noise = Int(state >> 27) - 16
        let fx = Double(x) / Double(side)
        let fy = Double(y) / Double(side)
        let r = Int(255 * (0.5 + 0.5 * (fx * 6.283).sin())) + noise
        let g = Int(255 * fy * fy) + noise
        let b = Int(255 * (1 - fx) * (0.3 + 0.7 * fy)) + noise
        let offset = (y * side + x) * 4
        bytes[offset] = UInt8(clamping: r)
        bytes[offset + 1] = UInt8(clamping: g)
        bytes[offset + 2] = UInt8(clamping: b)
      }
    }
    return try RGBAImage(width: side, height: side, bytes: bytes)
  }

  static func run(quick: Bool) throws -> [BenchmarkResult] {
    let image = try photoLikeImage(side: 1000)
    var results: [BenchmarkResult] = []
    for count in [8, 16] {
      let seconds = medianSeconds(repetitions: quick ? 3 : 11) {
        blackHole(ImageQuantizer(count: count).dominantColors(in: image))
      }
      results.append(
        BenchmarkResult(
          name: "palette.quantize.1mp.k\(count)", value: (seconds * 10_000).rounded() / 10,
          unit: "ms", note: "1000x1000 RGBA, median cut + k-means in OKLab"))
    }
    let accents = SystemAccent.allCases.map { Color.system($0) }
    let themeSeconds = medianSeconds(repetitions: quick ? 3 : 9) {
      for accent in accents { blackHole(Theme(accent: accent)) }
    }
    results.append(
      BenchmarkResult(
        name: "palette.theme.both-schemes",
        value: (Double(accents.count) / themeSeconds).rounded(), unit: "themes/s",
        note: "light + dark, every role and terminal color solved"))
    return results
  }
}

extension Double {
  fileprivate func sin() -> Double { Glibc.sin(self) }
}
