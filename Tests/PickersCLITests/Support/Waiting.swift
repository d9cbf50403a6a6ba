import Glibc

/// Polls `probe` every `interval` seconds until it gives a value, and returns that value; after
/// `timeout` seconds it throws, naming `what` was awaited (and `last`, what the probe saw).
///
/// The desktop tests wait with this for the state they read next (a window's test hook file, a
/// picture on screen, a process gone) instead of sleeping a fixed time: a loaded CI machine
/// can take many times longer than a quiet one, and a quiet one need not wait at all. The
/// deadline is a hang guard, not a speed limit.
@discardableResult
func waitFor<Value>(
  _ what: @autoclosure () -> String, timeout: Double = 20, every interval: Double = 0.05,
  last: () -> String = { "" }, _ probe: () throws -> Value?
) throws -> Value {
  let deadline = monotonicNow() + timeout
  while true {
    if let value = try probe() { return value }
    guard monotonicNow() < deadline else {
      let seen = last()
      throw HarnessError(
        description: "waited \(timeout) s for \(what())" + (seen.isEmpty ? "" : "; last: \(seen)"))
    }
    usleep(UInt32(interval * 1_000_000))
  }
}

/// Polls `condition` until it holds (see ``waitFor(_:timeout:every:last:_:)``).
func waitUntil(
  _ what: @autoclosure () -> String, timeout: Double = 20, every interval: Double = 0.05,
  last: () -> String = { "" }, _ condition: () throws -> Bool
) throws {
  try waitFor(what(), timeout: timeout, every: interval, last: last) {
    try condition() ? true : nil
  }
}
