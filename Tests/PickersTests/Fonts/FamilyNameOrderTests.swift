import Testing

@testable import Pickers

/// The catalog's family order, against its definition: sorted by the lowercased name, then as
/// written, each name once.
@Suite("FamilyNameOrder")
struct FamilyNameOrderTests {
  /// The definition, on Swift strings.
  private func expected(_ names: [String]) -> [String] {
    var result: [String] = []
    for (_, name) in names.map({ ($0.lowercased(), $0) }).sorted(by: <) where result.last != name {
      result.append(name)
    }
    return result
  }

  private func ordered(_ names: [String]) -> [String] {
    var order = FamilyNameOrder(capacity: names.count)
    for name in names { order.append(name) }
    return order.sorted()
  }

  @Test("ASCII names: case folded, ties as written, prefixes first, duplicates once")
  func ascii() {
    let names = [
      "Noto Sans", "noto sans", "Noto Sans Mono", "NOTO SANS", "DejaVu Sans", "Noto Sans", "",
      "dejavu sans mono", "DejaVu Sans", "Z", "a", "A", "_x", "[y", "`z", "Noto Sans", "",
    ]
    #expect(ordered(names) == expected(names))
    #expect(ordered(names).first == "")
    #expect(ordered(names).filter { $0 == "Noto Sans" }.count == 1)
  }

  @Test("random ASCII names in the order of the definition")
  func randomASCII() {
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("aAbBzZ _-[]`{}019")
    for _ in 0..<200 {
      let names = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
        String(
          (0..<Int.random(in: 0...6, using: &generator)).map { _ in
            alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
          })
      }
      #expect(ordered(names) == expected(names), "\(names)")
    }
  }

  @Test("names beyond ASCII are ordered as Swift strings are")
  func unicode() {
    let names = ["Émile", "emile", "Zapf", "文泉驿微米黑", "Ärial", "arial", "Émile", "ÉMILE"]
    #expect(ordered(names) == expected(names))
  }

  @Test("fontconfig's bytes: invalid UTF-8 is repaired, and names that repair alike count once")
  func bytes() {
    var order = FamilyNameOrder()
    let sources: [[UInt8]] = [[0x41, 0xFF, 0], [0x41, 0xFE, 0], [0x42, 0], [0x61, 0]]
    for var source in sources {
      source.withUnsafeMutableBufferPointer { buffer in
        if let base = buffer.baseAddress { order.append(UnsafePointer(base)) }
      }
    }
    #expect(order.sorted() == ["a", "A\u{FFFD}", "B"])
  }
}
