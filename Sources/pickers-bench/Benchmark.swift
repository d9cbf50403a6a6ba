import Glibc

/// One measured quantity of a micro-benchmark.
struct BenchmarkResult: Sendable {
  /// What was measured (`color.parse.mixed`).
  var name: String
  /// The measured value.
  var value: Double
  /// Its unit (`ops/s`, `ms`, `MB/s`, `bytes`).
  var unit: String
  /// Anything the reader needs to interpret it (input size, repetitions).
  var note: String = ""

  /// The result as one JSON object.
  var json: String {
    let escapedNote = note.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
    return "{\"name\": \"\(name)\", \"value\": \(value), \"unit\": \"\(unit)\", "
      + "\"note\": \"\(escapedNote)\"}"
  }
}

/// Seconds on the monotonic clock.
func monotonicSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Runs `body` `repetitions` times after one warm-up run and returns the median seconds.
func medianSeconds(repetitions: Int, _ body: () throws -> Void) rethrows -> Double {
  try body()
  var times: [Double] = []
  for _ in 0..<max(1, repetitions) {
    let start = monotonicSeconds()
    try body()
    times.append(monotonicSeconds() - start)
  }
  times.sort()
  return times[times.count / 2]
}

/// Keeps the optimizer from deleting work whose result is otherwise unused.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
