import Glibc
import Pickers

/// PNG encode and decode speed and size (issue 8: "4096x4096 RGBA encode" against Pillow).
///
/// The image is the gradient of `bench/png_encode.py` (r = x >> 4, g = y >> 4,
/// b = (x + y) >> 5, a = 255), 4096 x 4096 (1024 x 1024 with `--quick`), so the two measure
/// the same pixels. Times are medians over the rounds after a warm-up, as wall-clock and as
/// this thread's CPU time (which a busy machine inflates less).
///
/// `PICKERS_BENCH_PNG_ONCE=fast|default|smallest|decode` encodes (or decodes) once and returns
/// no results, for instruction counts:
/// `valgrind --tool=callgrind --collect-atstart=no --toggle-collect='cpng_writer_*'`
/// (`'cpng_reader_*'` for decode).
enum PNGBenchmarks {
  static func run(quick: Bool) throws -> [BenchmarkResult] {
    let size = quick ? 1024 : 4096
    let rounds = quick ? 1 : 5
    let image = try gradient(size: size)
    if let once = ProcessEnvironment.value("PICKERS_BENCH_PNG_ONCE") {
      if let compression = PNGEncodingOptions.Compression(rawValue: once) {
        blackHole(try image.pngData(options: .init(compression: compression)))
      } else {
        let png = try image.pngData()
        blackHole(try RGBAImage(pngData: png))
      }
      return []
    }
    let megabytes = Double(size * size * 4) / 1e6
    let label = "\(size)x\(size) RGBA gradient"
    var results: [BenchmarkResult] = []
    var defaultPNG: [UInt8] = []
    for compression in PNGEncodingOptions.Compression.allCases {
      var png: [UInt8] = []
      let (wall, cpu) = try medians(rounds) {
        png = try image.pngData(options: .init(compression: compression))
      }
      if compression == .default { defaultPNG = png }
      let name = "png.encode.\(compression.rawValue)"
      results += [
        BenchmarkResult(name: name, value: wall * 1000, unit: "ms", note: label),
        BenchmarkResult(name: name + ".cpu", value: cpu * 1000, unit: "ms", note: "CPU time"),
        BenchmarkResult(name: name + ".rate", value: megabytes / wall, unit: "MB/s"),
        BenchmarkResult(name: name + ".size", value: Double(png.count), unit: "bytes"),
      ]
    }
    let (decodeWall, decodeCPU) = try medians(rounds) {
      blackHole(try RGBAImage(pngData: defaultPNG))
    }
    results += [
      BenchmarkResult(
        name: "png.decode", value: decodeWall * 1000, unit: "ms", note: "the .default file"),
      BenchmarkResult(name: "png.decode.cpu", value: decodeCPU * 1000, unit: "ms"),
    ]
    // The stream writer to a file in /tmp, in bands of 64 rows (the specimen sheet's path).
    let bandHeight = 64
    let stride = size * 4 * bandHeight
    let bands = try (0..<size / bandHeight).map { index in
      try RGBAImage(
        width: size, height: bandHeight,
        bytes: Array(image.bytes[index * stride..<(index + 1) * stride]))
    }
    let path = "/tmp/pickers-bench-\(getpid()).png"
    defer { unlink(path) }
    let (streamWall, _) = try medians(rounds) {
      let writer = try PNGStreamWriter(path: path, width: size, height: size)
      for band in bands { try writer.append(rows: band) }
      try writer.finish()
    }
    results.append(
      BenchmarkResult(
        name: "png.stream.default", value: streamWall * 1000, unit: "ms",
        note: "to a file (atomic, not synced), bands of \(bandHeight) rows"))
    return results
  }

  /// The benchmark gradient.
  static func gradient(size: Int) throws -> RGBAImage {
    var pixels = [UInt8](repeating: 255, count: size * size * 4)
    for y in 0..<size {
      for x in 0..<size {
        let offset = (y * size + x) * 4
        pixels[offset] = UInt8(truncatingIfNeeded: x >> 4)
        pixels[offset + 1] = UInt8(truncatingIfNeeded: y >> 4)
        pixels[offset + 2] = UInt8(truncatingIfNeeded: (x + y) >> 5)
      }
    }
    return try RGBAImage(width: size, height: size, bytes: pixels)
  }

  /// Median wall-clock and thread CPU seconds of `rounds` runs after one warm-up.
  static func medians(_ rounds: Int, _ body: () throws -> Void) rethrows -> (
    wall: Double, cpu: Double
  ) {
    try body()
    var walls: [Double] = []
    var cpus: [Double] = []
    for _ in 0..<max(1, rounds) {
      let (wall, cpu) = (monotonicSeconds(), threadCPUSeconds())
      try body()
      walls.append(monotonicSeconds() - wall)
      cpus.append(threadCPUSeconds() - cpu)
    }
    return (walls.sorted()[walls.count / 2], cpus.sorted()[cpus.count / 2])
  }

  static func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
  }
}
