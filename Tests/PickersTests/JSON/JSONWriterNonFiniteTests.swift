import FoundationEssentials
import Pickers
import Testing

/// ``JSONWriter/NonFiniteNumbers/clampedAsCSS``: NaN and infinities written as CSS
/// serializes them, wherever they sit in the value.
@Suite("JSONWriter with non-finite numbers clamped as CSS")
struct JSONWriterNonFiniteTests {
  static let writer = JSONWriter(nonFiniteNumbers: .clampedAsCSS)

  static func text(_ value: some Encodable) throws -> String {
    String(decoding: try writer.encode(value), as: UTF8.self)
  }

  struct Holder: Encodable {
    var single: Double
    var list: [Double]
    var optional: Double?
    var float: Float
    var nested: [String: [Double]]
  }

  @Test("NaN is 0, an infinity is 1e308 or -1e308, in keyed, unkeyed and single values")
  func clamped() throws {
    #expect(try Self.text(Double.nan) == "0")
    #expect(try Self.text(Double.infinity) == "1e308")
    #expect(try Self.text(-Double.infinity) == "-1e308")
    #expect(
      try Self.text([Double.nan, .infinity, -.infinity, 1.5])
        == "[\n  0,\n  1e308,\n  -1e308,\n  1.5\n]")
    let holder = Holder(
      single: .infinity, list: [-.infinity], optional: .nan, float: .infinity,
      nested: ["a": [.nan]])
    let text = try Self.text(holder)
    #expect(
      text
        == """
        {
          "float" : 1e308,
          "list" : [
            -1e308
          ],
          "nested" : {
            "a" : [
              0
            ]
          },
          "optional" : 0,
          "single" : 1e308
        }
        """)
    // What it writes is JSON, and reads back as the largest finite values.
    let back = try JSONDecoder().decode(
      [Double].self, from: Data(Self.writer.encode([Double.infinity, -.infinity])))
    #expect(back == [1e308, -1e308])
  }

  @Test("finite numbers are written exactly as by the default writer")
  func finiteUnchanged() throws {
    let values: [Double] = [
      0, -0.0, 1, 0.1, 1e308, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e-300,
    ]
    #expect(try Self.writer.encode(values) == JSONWriter().encode(values))
  }

  @Test("the default writer still refuses them")
  func refusedByDefault() {
    #expect(throws: EncodingError.self) { try JSONWriter().encode([Double.infinity]) }
    #expect(throws: EncodingError.self) {
      try JSONWriter(nonFiniteNumbers: .refused).encode(["x": Double.nan])
    }
  }
}
