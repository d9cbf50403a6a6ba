import Glibc

// In-process micro-benchmarks of the Pickers library. Build with `swift build -c release`.
// Usage: pickers-bench [--quick] [--json] [SUITE...]   (no suite: all of them)
// Each area adds one line to `suites`, pointing at a function in its own file.
let suites: [(name: String, run: @Sendable (_ quick: Bool) throws -> [BenchmarkResult])] = [
  ("color", ColorBenchmarks.run),
  ("png", PNGBenchmarks.run),
  ("palette", PaletteBenchmarks.run),
]

let arguments = Array(CommandLine.arguments.dropFirst())
let quick = arguments.contains("--quick")
let asJSON = arguments.contains("--json")
let wanted = arguments.filter { !$0.hasPrefix("--") }
var results: [BenchmarkResult] = []
for suite in suites where wanted.isEmpty || wanted.contains(suite.name) {
  do {
    results += try suite.run(quick)
  } catch {
    let message = Array("pickers-bench: \(suite.name): \(error)\n".utf8)
    _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
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
