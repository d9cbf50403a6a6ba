import Glibc
import Pickers

/// Color parse and conversion throughput (issue 4 "Speed", issue 8 micro-benchmarks).
///
/// Inputs come from files written by `bench/color_parse.py` and `bench/color_convert.py`, so
/// the Python comparisons run on exactly the same data. Results are one JSON object on stdout.
enum ColorBenchmarks {
  /// `color-parse FILE [ROUNDS]`: parses every line of FILE, ROUNDS times; reports the best.
  static func parse(_ arguments: [String]) {
    guard let path = arguments.first, let bytes = readFile(path) else {
      fail("usage: pickers-bench color-parse FILE [ROUNDS]")
    }
    let rounds = arguments.count > 1 ? Int(arguments[1]) ?? 10 : 10
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    var best = Double.infinity
    var bestCPU = Double.infinity
    var checksum = 0.0
    var failures = 0
    for _ in 0..<rounds {
      let start = ContinuousClock.now
      let startCPU = cpuSeconds()
      for line in lines {
        do {
          let color = try Color(css: line)
          checksum += color.channels.c0 ?? 0
        } catch {
          failures += 1
        }
      }
      best = min(best, seconds(ContinuousClock.now - start))
      bestCPU = min(bestCPU, cpuSeconds() - startCPU)
    }
    report(
      "color-parse", count: lines.count, seconds: best, cpuSeconds: bestCPU,
      extra: "\"failures\": \(failures / rounds), \"checksum\": \(checksum)")
  }

  /// `color-convert FILE [ROUNDS]`: FILE holds float64 sRGB triples; converts them to Oklch
  /// with the buffer API and as `Color` values; reports the best round of each.
  static func convert(_ arguments: [String]) {
    guard let path = arguments.first, let bytes = readFile(path) else {
      fail("usage: pickers-bench color-convert FILE [ROUNDS]")
    }
    let rounds = arguments.count > 1 ? Int(arguments[1]) ?? 10 : 10
    let values: [Double] = bytes.withUnsafeBytes { raw in
      Array(raw.bindMemory(to: Double.self))
    }
    let count = values.count / 3
    var output = [Double](repeating: 0, count: values.count)
    var bestBuffer = Double.infinity
    var bestBufferCPU = Double.infinity
    for _ in 0..<rounds {
      let start = ContinuousClock.now
      let startCPU = cpuSeconds()
      values.withUnsafeBufferPointer { input in
        output.withUnsafeMutableBufferPointer { result in
          Color.convert(components: input, from: .srgb, to: .oklch, into: result)
        }
      }
      bestBuffer = min(bestBuffer, seconds(ContinuousClock.now - start))
      bestBufferCPU = min(bestBufferCPU, cpuSeconds() - startCPU)
    }
    let first = (output[0], output[1], output[2])
    var colors: [Color] = []
    colors.reserveCapacity(count)
    for index in 0..<count {
      colors.append(Color(.srgb, values[3 * index], values[3 * index + 1], values[3 * index + 2]))
    }
    var converted = colors
    var bestValues = Double.infinity
    var bestValuesCPU = Double.infinity
    for _ in 0..<rounds {
      let start = ContinuousClock.now
      let startCPU = cpuSeconds()
      converted.withUnsafeMutableBufferPointer { result in
        for index in 0..<count { result[index] = colors[index].converted(to: .oklch) }
      }
      bestValues = min(bestValues, seconds(ContinuousClock.now - start))
      bestValuesCPU = min(bestValuesCPU, cpuSeconds() - startCPU)
    }
    report(
      "color-convert", count: count, seconds: bestBuffer, cpuSeconds: bestBufferCPU,
      extra:
        "\"valuesSeconds\": \(bestValues), \"valuesPerSecond\": \(Double(count) / bestValues), "
        + "\"valuesCPUSeconds\": \(bestValuesCPU), "
        + "\"valuesPerCPUSecond\": \(Double(count) / bestValuesCPU), "
        + "\"first\": [\(first.0), \(first.1), \(first.2)], "
        + "\"firstValue\": \"\(converted[0].cssString)\"")
  }

  static func seconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
  }

  /// CPU time of this thread, which a machine shared with other jobs does not inflate.
  static func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
  }

  static func report(
    _ name: String, count: Int, seconds: Double, cpuSeconds: Double, extra: String
  ) {
    print(
      "{\"name\": \"\(name)\", \"count\": \(count), \"seconds\": \(seconds), "
        + "\"perSecond\": \(Double(count) / seconds), \"cpuSeconds\": \(cpuSeconds), "
        + "\"perCPUSecond\": \(Double(count) / cpuSeconds), \(extra)}")
  }

  static func fail(_ message: String) -> Never {
    print(message)
    exit(2)
  }

  static func readFile(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let read = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
      if read == 0 { break }
      bytes.append(contentsOf: chunk[0..<read])
    }
    return bytes
  }
}
