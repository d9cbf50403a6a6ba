import Glibc
import Pickers

/// PNG encode throughput and size at each compression level (issue 8 micro-benchmarks).
///
/// The pixels are the 4096 x 4096 RGBA gradient that `bench/png_encode.py` gives Pillow
/// (r = x >> 4, g = y >> 4, b = (x + y) >> 5, a = 255), so sizes and times compare directly;
/// `--quick` uses 1024 x 1024 and one run.
enum PNGBenchmarks {
  static func run(quick: Bool) throws -> [BenchmarkResult] {
    let side = quick ? 1_024 : 4_096
    let repetitions = quick ? 1 : 5
    let image = try gradient(side: side)
    let megabytes = Double(side * side * 4) / 1e6
    var results: [BenchmarkResult] = []
    for (compression, level) in [
      (PNGEncodingOptions.Compression.fast, 1), (.default, 6), (.smallest, 9),
    ] {
      let options = PNGEncodingOptions(compression: compression)
      var encoded: [UInt8] = []
      let seconds = try medianSeconds(repetitions: repetitions) {
        encoded = try image.pngData(options: options)
      }
      let note = "\(side)x\(side) RGBA gradient, zlib level \(level), median of \(repetitions)"
      let name = "png.encode.\(compression.rawValue)"
      results += [
        BenchmarkResult(name: name + ".ms", value: seconds * 1_000, unit: "ms", note: note),
        BenchmarkResult(name: name + ".rate", value: megabytes / seconds, unit: "MB/s", note: note),
        BenchmarkResult(
          name: name + ".bytes", value: Double(encoded.count), unit: "bytes", note: note),
      ]
      if compression == .default {
        let decode = try medianSeconds(repetitions: repetitions) {
          blackHole(try RGBAImage(pngData: encoded))
        }
        results.append(
          BenchmarkResult(
            name: "png.decode.default.ms", value: decode * 1_000, unit: "ms", note: note))
      }
    }
    return results
  }

  /// The gradient of `bench/png_encode.py`, `side` pixels square.
  static func gradient(side: Int) throws -> RGBAImage {
    var bytes = [UInt8](repeating: 255, count: side * side * 4)
    for y in 0..<side {
      for x in 0..<side {
        let offset = (y * side + x) * 4
        bytes[offset] = UInt8(truncatingIfNeeded: x >> 4)
        bytes[offset + 1] = UInt8(truncatingIfNeeded: y >> 4)
        bytes[offset + 2] = UInt8(truncatingIfNeeded: (x + y) >> 5)
      }
    }
    return try RGBAImage(width: side, height: side, bytes: bytes)
  }
}
