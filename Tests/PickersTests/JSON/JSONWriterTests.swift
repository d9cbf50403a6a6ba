import Foundation
import Pickers
import Testing

/// Foundation's encoder with the options `pickers --json` used before ``JSONWriter``: the
/// independent reference for the text.
private func referenceText(_ value: some Encodable) throws -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
  return String(decoding: try encoder.encode(value), as: UTF8.self)
}

private func ourText(_ value: some Encodable) throws -> String {
  String(decoding: try JSONWriter().encode(value), as: UTF8.self)
}

private struct Inner: Codable, Equatable {
  var name: String
  var weight: Double?
  var tags: [String]
}

private struct Sample: Codable, Equatable {
  var int: Int
  var negative: Int64
  var unsigned: UInt64
  var small: Int8
  var flag: Bool
  var double: Double
  var float: Float
  var text: String
  var optionalText: String?
  var nested: Inner?
  var nestedOptionals: [Int?]
  var coordinates: [String: Double]
  var matrix: [[Double]]
  var empty: [Inner]
  var emptyDictionary: [String: Int]
}

private let samples: [Sample] = [
  Sample(
    int: 42, negative: .min, unsigned: .max, small: -128, flag: true, double: 0.1, float: 1.5,
    text: "plain", optionalText: nil, nested: Inner(name: "Inter", weight: 400, tags: ["a", "b"]),
    nestedOptionals: [1, nil, 3], coordinates: ["wght": 700, "wdth": 87.5, "opsz": 14],
    matrix: [[1, 2], [], [3.25]], empty: [], emptyDictionary: [:]),
  Sample(
    int: -1, negative: -9_007_199_254_740_992, unsigned: 0, small: 127, flag: false,
    double: 1e300, float: -0.000_001, text: "quote \" backslash \\ slash / tab \t newline \n",
    optionalText: "\u{0}\u{1}\u{7}\u{8}\u{b}\u{c}\u{d}\u{1f}\u{7f}", nested: nil,
    nestedOptionals: [], coordinates: [:], matrix: [],
    empty: [Inner(name: "", weight: nil, tags: [])],
    emptyDictionary: ["x": 1]),
  Sample(
    int: 0, negative: 0, unsigned: 1, small: 0, flag: true, double: -2.5e-308, float: 3.4e38,
    text: "Grüße — 中文 — 😀 — e\u{301} — \u{2028}\u{2029}", optionalText: "",
    nested: Inner(name: "Noto Sans CJK JP", weight: -0.0, tags: ["日本語"]),
    nestedOptionals: [nil], coordinates: ["a10": 1, "a9": 2, "B": 3, "a": 4, "_": 5, "Z": 6],
    matrix: [[123_456_789.123, Double.leastNonzeroMagnitude, 1.7976931348623157e308]], empty: [],
    emptyDictionary: [:]),
]

@Suite("JSONWriter")
struct JSONWriterTests {
  @Test("the text decodes with Foundation's JSONDecoder to the values encoded")
  func roundTrip() throws {
    for sample in samples {
      let bytes = try JSONWriter().encode(sample)
      #expect(try JSONDecoder().decode(Sample.self, from: Data(bytes)) == sample)
    }
  }

  @Test("the text is byte for byte what JSONEncoder writes with sorted keys, pretty printed")
  func matchesJSONEncoder() throws {
    for sample in samples {
      #expect(try ourText(sample) == referenceText(sample))
    }
    #expect(try ourText(samples) == referenceText(samples))
  }

  @Test("top-level scalars, arrays and dictionaries match JSONEncoder")
  func topLevelValues() throws {
    #expect(try ourText("a/b") == referenceText("a/b"))
    #expect(try ourText(1.0) == referenceText(1.0))
    #expect(try ourText(-17) == referenceText(-17))
    #expect(try ourText(true) == referenceText(true))
    #expect(try ourText([String]()) == referenceText([String]()))
    #expect(try ourText([String: Int]()) == referenceText([String: Int]()))
    #expect(
      try ourText([1: "one", 10: "ten", 2: "two"])
        == referenceText([1: "one", 10: "ten", 2: "two"]))
    let optionals: [String?] = ["x", nil]
    #expect(try ourText(optionals) == referenceText(optionals))
  }

  @Test("doubles print in the same shortest form as JSONEncoder")
  func doubles() throws {
    let values: [Double] = [
      0, -0.0, 1, -1, 0.1, 0.2 + 0.1, 1.0 / 3, 100, 1e15, 1e16, 1e17, 1e21, 1e22, 123e-7, 1e-7,
      .pi, -.pi, .ulpOfOne, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
      9_007_199_254_740_992, 4.35, 0.000_1, 255.0 / 3,
    ]
    for value in values {
      #expect(try ourText([value]) == referenceText([value]), "\(value)")
      let back = try JSONDecoder().decode([Double].self, from: Data(JSONWriter().encode([value])))
      #expect(back == [value])
    }
  }

  @Test("keys sort as JSONEncoder's .sortedKeys sorts them")
  func keyOrder() throws {
    let keys = [
      "e\u{301}x", "ez", "e\u{301}", "a", "A", "b", "B", "_", "-", "a1", "a01", "a2", "a10", "a9b",
      "a09c", "Zeta", "zeta", "éclair",
      "Eclair", "z", "1", "10", "2", "", " ", "aa", "aB", "Ab", "x_y", "xY", "ß", "Ä", "ä", "~",
    ]
    let dictionary = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
    #expect(try ourText(dictionary) == referenceText(dictionary))
  }

  @Test("nested containers, super encoders and keys set twice write what JSONEncoder writes")
  func containers() throws {
    #expect(try ourText(Custom()) == referenceText(Custom()))
    #expect(try ourText([Custom(), Custom()]) == referenceText([Custom(), Custom()]))
  }

  @Test("real library values (fonts from the fixture set, colors, contrast) match JSONEncoder")
  func libraryValues() throws {
    let conf = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/fonts.conf").path
    let catalog = try FontCatalog(configFile: conf, cache: .disabled)
    let faces = try catalog.faces()
    #expect(faces.count > 10)
    #expect(try ourText(faces) == referenceText(faces))
    let infos = try catalog.info("Inter")
    #expect(try ourText(infos) == referenceText(infos))
    let colors = [
      Color(red8: 255, green8: 0, blue8: 128), Color(.oklch, 0.7, 0.1, nil, alpha: 0.5),
    ]
    #expect(try ourText(colors) == referenceText(colors))
  }

  @Test("a non-finite double is an EncodingError, as with JSONEncoder")
  func nonFinite() {
    for value in [Double.nan, .infinity, -.infinity] {
      #expect(throws: EncodingError.self) { try JSONWriter().encode(["x": value]) }
      #expect(throws: EncodingError.self) { try JSONWriter().encode([value]) }
      #expect(throws: EncodingError.self) { try JSONWriter().encode(value) }
    }
    #expect(throws: EncodingError.self) { try JSONWriter().encode(Float.nan) }
  }

  @Test("a value that encodes nothing at the top level is an EncodingError")
  func nothingEncoded() {
    #expect(throws: EncodingError.self) { try JSONWriter().encode(Nothing()) }
  }
}

private struct Nothing: Encodable {
  func encode(to encoder: any Encoder) throws {}
}

/// Uses every kind of container, including super encoders.
private struct Custom: Encodable {
  enum Keys: String, CodingKey { case name, list, inner, parent }
  enum InnerKeys: String, CodingKey { case depth }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode("custom", forKey: .name)
    var list = container.nestedUnkeyedContainer(forKey: .list)
    try list.encode(1)
    try list.encodeNil()
    var listInner = list.nestedContainer(keyedBy: InnerKeys.self)
    try listInner.encode(2, forKey: .depth)
    var listList = list.nestedUnkeyedContainer()
    try listList.encode("deep")
    try [3, 4].encode(to: list.superEncoder())
    var inner = container.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner)
    try inner.encode(1.5, forKey: .depth)
    try "parent".encode(to: container.superEncoder(forKey: .parent))
    try Inner(name: "super", weight: 1, tags: []).encode(to: container.superEncoder())
    try container.encode("set twice: the last value is kept", forKey: .name)
  }
}
