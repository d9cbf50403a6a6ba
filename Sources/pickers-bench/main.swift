// pickers-bench: in-process micro-benchmarks. Usage: pickers-bench NAME [ARGS...]
// Each area adds one line to `benchmarks` (its function lives in its own file).
let benchmarks: [String: ([String]) -> Void] = [
  "color-parse": ColorBenchmarks.parse,
  "color-convert": ColorBenchmarks.convert,
]

let arguments = Array(CommandLine.arguments.dropFirst())
if let name = arguments.first, let benchmark = benchmarks[name] {
  benchmark(Array(arguments.dropFirst()))
} else {
  print(
    "usage: pickers-bench NAME [ARGS...]; names: \(benchmarks.keys.sorted().joined(separator: ", "))"
  )
}
