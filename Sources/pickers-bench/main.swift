import Glibc
import Pickers

// In-process micro-benchmarks of the Pickers library. Build with `swift build -c release`.
// Usage: pickers-bench [--quick] [--json] [SUITE...]   (no suite: all of them)
//        pickers-bench chart RESULTS.json OUTPUT.png
// Each area adds one line to `suites`, pointing at a function in its own file.
let suites: [(name: String, run: @Sendable (_ quick: Bool) throws -> [BenchmarkResult])] = [
  ("color", ColorBenchmarks.run),
  ("png", PNGBenchmarks.run),
  ("palette", PaletteBenchmarks.run),
  ("text", TextBenchmarks.run),
]

let arguments = Array(CommandLine.arguments.dropFirst())
// `pickers-bench chart RESULTS.json OUTPUT.png`: the bar chart of bench/run's ratios.
if arguments.first == "chart" {
  do {
    try ResultsChart.run(Array(arguments.dropFirst()))
    exit(0)
  } catch {
    try? FileDescriptor.standardError.writeAll("pickers-bench: chart: \(error)\n")
    exit(1)
  }
}
let quick = arguments.contains("--quick")
let asJSON = arguments.contains("--json")
let wanted = arguments.filter { !$0.hasPrefix("--") }
var results: [BenchmarkResult] = []
for suite in suites where wanted.isEmpty || wanted.contains(suite.name) {
  do {
    results += try suite.run(quick)
  } catch {
    try? FileDescriptor.standardError.writeAll("pickers-bench: \(suite.name): \(error)\n")
    exit(1)
  }
}
if asJSON {
  print("[\n" + results.map { "  " + $0.json }.joined(separator: ",\n") + "\n]")
} else {
  for result in results {
    print("\(result.name.padding(40)) \(result.value) \(result.unit)  \(result.note)")
  }
}

extension String {
  fileprivate func padding(_ length: Int) -> String {
    count >= length ? self : self + String(repeating: " ", count: length - count)
  }
}
