/// A `TextOutputStream` over a byte array, which receives a `Double`'s shortest digits without
/// a `String` in between.
///
/// `Double.write(to:)` formats its digits (the same shortest round-tripping text as
/// `description`) into a stack buffer and hands them to the stream's `_writeASCII(_:)`, the
/// hook `TextOutputStream` has for ASCII text; a `String` is made only by streams that do
/// not implement it. Implementing it here lets a batch write millions of numbers without
/// allocating one string each.
struct ByteSink: TextOutputStream {
  var bytes: [UInt8]

  mutating func write(_ string: String) {
    bytes.append(contentsOf: string.utf8)
  }

  mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
    bytes.append(contentsOf: buffer)
  }
}

extension Color {
  /// Appends `value` as `JSONWriter` writes it with non-finite numbers clamped: its shortest
  /// round-tripping form (`description`) without a trailing `.0`, NaN as `0` and an infinity
  /// as `1e308` or `-1e308`.
  static func appendJSONNumber(_ value: Double, to output: inout [UInt8]) {
    guard value.isFinite else {
      return output.append(contentsOf: (value.isNaN ? "0" : value > 0 ? "1e308" : "-1e308").utf8)
    }
    // A whole number below 1e15 is its digits and `.0` in `description`: written without the
    // shortest-digits search (zero keeps that path for its sign).
    if abs(value) < 1e15, case let whole = Int64(value), whole != 0, Double(whole) == value {
      return appendNumber(value, decimals: 0, to: &output)
    }
    var sink = ByteSink(bytes: [])
    swap(&sink.bytes, &output)
    let start = sink.bytes.count
    value.write(to: &sink)
    swap(&sink.bytes, &output)
    let count = output.count
    if count - start >= 2 && output[count - 1] == UInt8(ascii: "0")
      && output[count - 2] == UInt8(ascii: ".")
    {
      output.removeLast(2)
    }
  }

  /// Appends `value` rounded to `decimals` places as `description` writes the rounded value,
  /// without a trailing `.0` or `-0` (the `alpha` row of ``ColorReport``).
  static func appendRoundedDescription(_ value: Double, decimals: Int, to output: inout [UInt8]) {
    guard value.isFinite else {
      return output.append(contentsOf: (value.isNaN ? "0" : value > 0 ? "1e308" : "-1e308").utf8)
    }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    if rounded == 0 { return output.append(UInt8(ascii: "0")) }
    appendJSONNumber(rounded, to: &output)
  }
}
