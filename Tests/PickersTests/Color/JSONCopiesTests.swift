import Testing

@testable import Pickers

/// The JSON report's copied texts (``EightBitTexts`` and a first value repeated from the
/// array before) against writing each number (``NumberText/writeJSONNumber(_:to:)``).
@Suite("Copied JSON numbers") struct JSONCopiesTests {
  /// The bytes `body` writes through a cursor.
  static func written(_ body: (inout ByteCursor) -> Void) -> [UInt8] {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 512) { buffer in
      guard let base = buffer.baseAddress else { return [] }
      base.initialize(repeating: 0, count: 512)
      var cursor = ByteCursor(pointer: base)
      body(&cursor)
      return Array(UnsafeBufferPointer(start: base, count: base.distance(to: cursor.pointer)))
    }
  }

  /// The three values as ``ColorReport/writeJSONValues(_:separator:first:to:)`` writes them
  /// with nothing to copy.
  static func plain(_ channels: Channels, _ separator: FixedText) -> [UInt8] {
    written { cursor in
      var first = ColorReport.FirstNumber()
      ColorReport.writeJSONValues(channels, separator: separator, first: &first, to: &cursor)
    }
  }

  /// Values near and at k / 255, and others.
  static var values: [Double?] {
    var generator = SplitMix64(seed: 255)
    var values: [Double?] = [
      nil, 0, -0.0, 1, -1, 0.5, 1.5, 255, .nan, .infinity, -.infinity, 5e-324, 1e308,
      1.0000000000000002, 0.9999999999999999, 0.5 / 255, 255.5 / 255, -0.5 / 255,
    ]
    for k in 0...256 {
      let value = Double(k) / 255
      values += [value, value.nextUp, value.nextDown, -value, Double(k) * (1 / 255)]
    }
    for _ in 0..<20_000 {
      values.append(Double(generator.next() >> 11) * 0x1p-53)
      values.append(Double(generator.next() % 256) / 255)
    }
    return values
  }

  @Test("sRGB's array from the 8-bit texts is the array written number by number")
  func eightBit() {
    let separator = FixedText(Array(",\n      ".utf8))
    let values = Self.values
    var mismatches: [String] = []
    EightBitTexts.shared.entries.withUnsafeBufferPointer { entries in
      guard let eightBit = entries.baseAddress else { return }
      for (index, value) in values.enumerated() {
        let channels = Channels(value, values[(index + 7) % values.count], value)
        let copied = Self.written { cursor in
          ColorReport.writeEightBitJSONValues(
            channels, separator: separator, eightBit: eightBit, to: &cursor)
        }
        if copied != Self.plain(channels, separator) { mismatches.append("\(channels)") }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test("an array starting with the value the one before started with copies its text")
  func firstValue() {
    let separator = FixedText(Array(",\n    ".utf8))
    let values = Self.values
    var mismatches: [String] = []
    for (index, value) in values.enumerated() {
      let next = index % 3 == 0 ? values[(index + 1) % values.count] : value
      let before = Channels(value, 0.25, nil)
      let after = Channels(next, nil, 1 / 3)
      // Both arrays in one buffer, the second copying from the first when it can.
      let copied = Self.written { cursor in
        var first = ColorReport.FirstNumber()
        ColorReport.writeJSONValues(before, separator: separator, first: &first, to: &cursor)
        cursor.put(separator)
        ColorReport.writeJSONValues(after, separator: separator, first: &first, to: &cursor)
      }
      let expected =
        Self.plain(before, separator) + Array(",\n    ".utf8)
        + Self.plain(after, separator)
      if copied != expected { mismatches.append("\(value) \(next)") }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test("each 8-bit text is k / 255's JSON number")
  func table() {
    let entries = EightBitTexts.shared.entries
    #expect(entries.count == 256)
    for k in 0...255 {
      let value = Double(k) / 255
      let text = Self.written { NumberText.writeJSONNumber(value, to: &$0) }
      let entry = entries[k]
      let stored = Self.written { cursor in
        withUnsafePointer(to: entry) { cursor.put($0) }
      }
      #expect(entry.bits == value.bitPattern && stored == text, "\(k)")
    }
  }
}
