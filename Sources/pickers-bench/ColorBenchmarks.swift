import Glibc
import Pickers

/// Color parse and conversion throughput (issue 4 "Speed", issue 8 micro-benchmarks).
///
/// By default the inputs are generated here; `bench/color_parse.py` and
/// `bench/color_convert.py` pass the files they wrote through `PICKERS_BENCH_COLOR_STRINGS`
/// (one CSS color per line) and `PICKERS_BENCH_COLOR_TRIPLES` (float64 sRGB triples), so the
/// Python anchors and pickers measure exactly the same data. Each rate is the best of several
/// rounds, as wall-clock and as the process's CPU time (which a busy machine inflates less; it
/// sums every thread, so a batch split across cores shows its total cost). The buffer API
/// splits batches of 65,536 colors or more across the online processors; `.buffer.1thread`
/// feeds it 32,768 colors a call, which one core does.
enum ColorBenchmarks {
  static func run(quick: Bool) throws -> [BenchmarkResult] {
    let rounds = quick ? 1 : 10
    let environment = ProcessEnvironment.variables()
    let strings =
      environment["PICKERS_BENCH_COLOR_STRINGS"].flatMap(readLines)
      ?? generatedStrings(count: quick ? 1_000 : 100_000)
    let triples =
      environment["PICKERS_BENCH_COLOR_TRIPLES"].flatMap(readDoubles)
      ?? generatedTriples(count: quick ? 1_000 : 1_000_000, eightBit: false)
    let eightBit = generatedTriples(count: triples.count / 3, eightBit: true)
    var results: [BenchmarkResult] = []
    results += parse(strings, rounds: rounds)
    results += parseFullGrammar(strings, rounds: rounds)
    results += printCSS(strings, rounds: rounds)
    results += parseCSS5(count: quick ? 1_000 : 20_000, rounds: rounds)
    results += convert(triples, label: "random doubles", name: "", rounds: rounds)
    results += convert(eightBit, label: "8-bit values", name: ".8bit", rounds: rounds)
    return results
  }

  /// Parses every string, `rounds` times.
  static func parse(_ strings: [String], rounds: Int) -> [BenchmarkResult] {
    var failures = 0
    var checksum = 0.0
    let (wall, cpu) = best(rounds) {
      failures = 0
      for line in strings {
        do {
          checksum += try Color(css: line).channels.c0 ?? 0
        } catch {
          failures += 1
        }
      }
    }
    blackHole(checksum)
    let note = "\(strings.count) CSS strings of mixed syntax, \(failures) rejected"
    return [
      BenchmarkResult(
        name: "color.parse.mixed", value: Double(strings.count) / wall, unit: "ops/s", note: note),
      BenchmarkResult(
        name: "color.parse.mixed.cpu", value: Double(strings.count) / cpu, unit: "ops/s",
        note: note + ", per CPU second"),
    ]
  }

  /// The same strings through `CSSColor(css:)`, which always takes the tokenizer and the full
  /// CSS Color 5 grammar: what plain colors would cost without the byte parser.
  static func parseFullGrammar(_ strings: [String], rounds: Int) -> [BenchmarkResult] {
    var failures = 0
    var checksum = 0.0
    let (wall, cpu) = best(rounds) {
      failures = 0
      for line in strings {
        do {
          checksum += try CSSColor(css: line).color.channels.c0 ?? 0
        } catch {
          failures += 1
        }
      }
    }
    blackHole(checksum)
    let note = "the same strings through the tokenizer and full grammar, \(failures) rejected"
    return [
      BenchmarkResult(
        name: "color.parse.mixed.tokenizer", value: Double(strings.count) / wall, unit: "ops/s",
        note: note),
      BenchmarkResult(
        name: "color.parse.mixed.tokenizer.cpu", value: Double(strings.count) / cpu,
        unit: "ops/s", note: note + ", per CPU second"),
    ]
  }

  /// Prints the parsed strings with `appendCSSString`, each in every color space in turn.
  static func printCSS(_ strings: [String], rounds: Int) -> [BenchmarkResult] {
    let spaces = ColorSpace.allCases
    let colors = strings.enumerated().compactMap { index, line in
      (try? Color(css: line))?.converted(to: spaces[index % spaces.count])
    }
    var line: [UInt8] = []
    line.reserveCapacity(96)
    var total = 0
    let (wall, cpu) = best(rounds) {
      for color in colors {
        line.removeAll(keepingCapacity: true)
        color.appendCSSString(to: &line)
        total &+= line.count
      }
    }
    blackHole(Double(total))
    let note = "\(colors.count) colors printed as CSS, every space"
    return [
      BenchmarkResult(
        name: "color.print", value: Double(colors.count) / wall, unit: "ops/s", note: note),
      BenchmarkResult(
        name: "color.print.cpu", value: Double(colors.count) / cpu, unit: "ops/s",
        note: note + ", per CPU second"),
    ]
  }

  /// CSS Color 5 strings (color-mix(), relative colors, math, light-dark()), which take the
  /// tokenizer and the full grammar instead of the byte parser.
  static func parseCSS5(count: Int, rounds: Int) -> [BenchmarkResult] {
    let forms = [
      "color-mix(in oklch, #3478f6 30%, white)", "oklch(from #3478f6 calc(l + 0.1) c h)",
      "rgb(calc(255 * 0.5) 10 min(20, 30))", "light-dark(#fff, #111)",
      "color-mix(in srgb, red, lime, blue)", "hsl(from rebeccapurple h s calc(l * 1.2))",
      "rgb(/* brand */ 52 120 246)", "contrast-color(#3478f6)",
    ]
    let strings = (0..<count).map { forms[$0 % forms.count] }
    var failures = 0
    var checksum = 0.0
    let (wall, cpu) = best(rounds) {
      failures = 0
      for line in strings {
        do {
          checksum += try Color(css: line).channels.c0 ?? 0
        } catch {
          failures += 1
        }
      }
    }
    blackHole(checksum)
    let note = "\(strings.count) CSS Color 5 strings, \(failures) rejected"
    return [
      BenchmarkResult(
        name: "color.parse.css5", value: Double(strings.count) / wall, unit: "ops/s", note: note),
      BenchmarkResult(
        name: "color.parse.css5.cpu", value: Double(strings.count) / cpu, unit: "ops/s",
        note: note + ", per CPU second"),
    ]
  }

  /// Converts sRGB triples to Oklch with the buffer API and as `Color` values.
  static func convert(_ values: [Double], label: String, name: String, rounds: Int)
    -> [BenchmarkResult]
  {
    let count = values.count / 3
    var output = [Double](repeating: 0, count: values.count)
    let (bufferWall, bufferCPU) = best(rounds) {
      values.withUnsafeBufferPointer { input in
        output.withUnsafeMutableBufferPointer { result in
          Color.convert(components: input, from: .srgb, to: .oklch, into: result)
        }
      }
    }
    blackHole(output)
    // The same API fed 32,768 colors a call, below the size it splits across processors: the
    // rate of one core.
    let slice = 3 * 32_768
    let (singleWall, singleCPU) = best(rounds) {
      values.withUnsafeBufferPointer { input in
        output.withUnsafeMutableBufferPointer { result in
          var start = 0
          while start < input.count {
            let end = min(input.count, start + slice)
            Color.convert(
              components: UnsafeBufferPointer(rebasing: input[start..<end]), from: .srgb,
              to: .oklch, into: UnsafeMutableBufferPointer(rebasing: result[start..<end]))
            start = end
          }
        }
      }
    }
    blackHole(output)
    var colors: [Color] = []
    colors.reserveCapacity(count)
    for index in 0..<count {
      colors.append(Color(.srgb, values[3 * index], values[3 * index + 1], values[3 * index + 2]))
    }
    var converted = colors
    let (valuesWall, valuesCPU) = best(rounds) {
      converted.withUnsafeMutableBufferPointer { result in
        for index in 0..<count { result[index] = colors[index].converted(to: .oklch) }
      }
    }
    blackHole(converted)
    let note = "\(count) sRGB colors (\(label)) to Oklch"
    let base = "color.convert.srgb-oklch\(name)"
    return [
      BenchmarkResult(
        name: "\(base).buffer", value: Double(count) / bufferWall, unit: "ops/s", note: note),
      BenchmarkResult(
        name: "\(base).buffer.cpu", value: Double(count) / bufferCPU, unit: "ops/s",
        note: note + ", per CPU second"),
      BenchmarkResult(
        name: "\(base).buffer.1thread", value: Double(count) / singleWall, unit: "ops/s",
        note: note + ", one thread"),
      BenchmarkResult(
        name: "\(base).buffer.1thread.cpu", value: Double(count) / singleCPU, unit: "ops/s",
        note: note + ", one thread, per CPU second"),
      BenchmarkResult(
        name: "\(base).values", value: Double(count) / valuesWall, unit: "ops/s",
        note: note + ", as Color values"),
      BenchmarkResult(
        name: "\(base).values.cpu", value: Double(count) / valuesCPU, unit: "ops/s",
        note: note + ", as Color values, per CPU second"),
    ]
  }

  /// The best wall-clock and best thread-CPU seconds of `rounds` runs after a warm-up.
  static func best(_ rounds: Int, _ body: () -> Void) -> (wall: Double, cpu: Double) {
    body()
    var wall = Double.infinity
    var cpu = Double.infinity
    for _ in 0..<max(1, rounds) {
      let start = monotonicSeconds()
      let startCPU = cpuSeconds()
      body()
      cpu = min(cpu, cpuSeconds() - startCPU)
      wall = min(wall, monotonicSeconds() - start)
    }
    return (wall, cpu)
  }

  /// CPU time of this process (all threads).
  static func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
  }

  // MARK: - Inputs

  /// A small deterministic generator (SplitMix64), so runs are repeatable.
  struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  static func generatedStrings(count: Int) -> [String] {
    var random = SplitMix(state: 4)
    func n(_ low: Double, _ high: Double) -> String {
      let value = Double.random(in: low...high, using: &random)
      return String(Double(Int(value * 100)) / 100)
    }
    func byte() -> Int { Int.random(in: 0...255, using: &random) }
    func hex(_ digits: Int) -> String {
      let value = UInt64.random(in: 0..<(1 << (4 * UInt64(digits))), using: &random)
      let text = String(value, radix: 16)
      return "#" + String(repeating: "0", count: digits - text.count) + text
    }
    let names = ["red", "rebeccapurple", "lightgoldenrodyellow", "teal", "AliceBlue", "navy"]
    let forms: [() -> String] = [
      { hex(3) }, { hex(6) }, { hex(8) },
      { names[Int.random(in: 0..<names.count, using: &random)] },
      { "rgb(\(byte()), \(byte()), \(byte()))" },
      { "rgba(\(byte()), \(byte()), \(byte()), \(n(0, 1)))" },
      { "rgb(\(n(0, 255)) \(n(0, 255)) \(n(0, 255)) / \(n(0, 100))%)" },
      { "hsl(\(n(0, 360)) \(n(0, 100))% \(n(0, 100))%)" },
      { "hsl(\(n(0, 360))deg, \(n(0, 100))%, \(n(0, 100))%)" },
      { "hwb(\(n(0, 360)) \(n(0, 50))% \(n(0, 50))%)" },
      { "lab(\(n(0, 100)) \(n(-100, 100)) \(n(-100, 100)))" },
      { "lch(\(n(0, 100))% \(n(0, 130)) \(n(0, 360)))" },
      { "oklab(\(n(0, 1)) \(n(-0.3, 0.3)) \(n(-0.3, 0.3)))" },
      { "oklch(\(n(0, 100))% \(n(0, 0.35)) \(n(0, 360)) / \(n(0, 1)))" },
      { "color(display-p3 \(n(0, 1)) \(n(0, 1)) \(n(0, 1)))" },
    ]
    return (0..<count).map { forms[$0 % forms.count]() }
  }

  static func generatedTriples(count: Int, eightBit: Bool) -> [Double] {
    var random = SplitMix(state: eightBit ? 88 : 8)
    return (0..<(3 * count)).map { _ in
      eightBit
        ? Double(Int.random(in: 0...255, using: &random)) / 255
        : Double.random(in: 0..<1, using: &random)
    }
  }

  static func readLines(_ path: String) -> [String]? {
    guard let bytes = readFile(path) else { return nil }
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  static func readDoubles(_ path: String) -> [Double]? {
    guard let bytes = readFile(path) else { return nil }
    return bytes.withUnsafeBytes { Array($0.bindMemory(to: Double.self)) }
  }

  static func readFile(_ path: String) -> [UInt8]? {
    try? Pickers.readFile(path, maximumSize: .max)
  }
}
