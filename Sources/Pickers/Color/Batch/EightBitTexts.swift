/// The JSON text of each k / 255 (k = 0 to 255), made once: an 8-bit channel or alpha (a hex
/// color, `rgb(46, 34, 10)`, a name) is one of these values in a report's sRGB array, alpha,
/// HSV value and HWB whiteness, and its text is copied instead of written digit by digit.
struct EightBitTexts: Sendable {
  /// One value's bits and text.
  struct Entry: Sendable {
    /// The bits of `Double(k) / 255`.
    var bits: UInt64
    /// Its text (``NumberText/writeJSONNumber(_:to:)``'s), zeros after it, 24 bytes.
    var text: (UInt64, UInt64, UInt64)
    /// How many bytes of ``text`` are the text (at most 19).
    var count: Int
  }

  /// The entry of each k.
  let entries: [Entry]

  init() {
    let scratch = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 8)
    defer { scratch.deallocate() }
    entries = (0...255).map { k in
      let value = Double(k) / 255
      scratch.initializeMemory(as: UInt8.self, repeating: 0, count: 64)
      let start = scratch.assumingMemoryBound(to: UInt8.self)
      var cursor = ByteCursor(pointer: start)
      NumberText.writeJSONNumber(value, to: &cursor)
      let count = start.distance(to: cursor.pointer)
      precondition(count <= 24, "an 8-bit value's text is at most 24 bytes")
      // Only the text: the bytes a write stores past its end are cleared.
      (start + count).initialize(repeating: 0, count: 64 - count)
      return Entry(
        bits: value.bitPattern,
        text: (
          scratch.load(as: UInt64.self), scratch.load(fromByteOffset: 8, as: UInt64.self),
          scratch.load(fromByteOffset: 16, as: UInt64.self)
        ), count: count)
    }
  }

  /// The texts, made at their first use.
  static let shared = EightBitTexts()

  /// The entry of `value` among `entries` (256 of them) when `value` is some k / 255 to the
  /// bit, else `nil`.
  @inline(__always)
  static func entry(_ value: Double, in entries: UnsafePointer<Entry>) -> UnsafePointer<Entry>? {
    let scaled = value * 255
    // False for NaN; k / 255 times 255 is within a unit in the last place of k.
    guard scaled >= 0 && scaled < 255.5 else { return nil }
    let entry = entries + Int(scaled + 0.5)
    return entry.pointee.bits == value.bitPattern ? entry : nil
  }
}

extension ByteCursor {
  /// Copies an 8-bit value's text (three 8-byte stores, which reach 24 bytes on).
  @inline(__always)
  mutating func put(_ entry: UnsafePointer<EightBitTexts.Entry>) {
    let target = UnsafeMutableRawPointer(pointer)
    let text = entry.pointee.text
    target.storeBytes(of: text.0, as: UInt64.self)
    target.storeBytes(of: text.1, toByteOffset: 8, as: UInt64.self)
    target.storeBytes(of: text.2, toByteOffset: 16, as: UInt64.self)
    pointer += entry.pointee.count
  }
}
