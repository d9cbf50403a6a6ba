import Foundation
import Pickers
import Testing

private struct Document: Codable, Equatable {
  var text: String
  var count: Int
  var ratio: Double
  var flags: [Bool]
  var missing: String?
  var nested: [String: [Int]]
}

@Suite("JSONValue")
struct JSONValueTests {
  @Test("parses what JSONEncoder writes, compact and pretty, with escaped slashes and unicode")
  func parsesJSONEncoderOutput() throws {
    let document = Document(
      text: "a/b \"q\" \\ \n\t\u{0}\u{1f} é 中 😀 \u{2028}", count: -42, ratio: 0.1,
      flags: [true, false], missing: nil, nested: ["x": [1, 2], "": []])
    for formatting in [JSONEncoder.OutputFormatting(), [.prettyPrinted, .sortedKeys]] {
      let encoder = JSONEncoder()
      encoder.outputFormatting = formatting
      let value = try JSONValue(parsing: Array(try encoder.encode(document)))
      #expect(value["text"]?.stringValue == document.text)
      #expect(value["count"]?.intValue == -42)
      #expect(value["ratio"]?.doubleValue == 0.1)
      #expect(value["flags"] == .array([.bool(true), .bool(false)]))
      #expect(value["missing"] == nil)
      #expect(
        value["nested"] == .object(["x": .array([.number("1"), .number("2")]), "": .array([])]))
    }
  }

  @Test("decodes every escape, including surrogate pairs, as JSONDecoder does")
  func escapes() throws {
    let texts = [
      #""\"\\\/\b\f\n\r\t""#, #""\u0041\u00e9\u4e2d\uD83D\uDE00\ud83d\ude00""#, #""\u0000x""#,
      #""plain é 😀""#,
    ]
    for text in texts {
      let expected = try JSONDecoder().decode(String.self, from: Data(text.utf8))
      #expect(try JSONValue(parsing: Array(text.utf8)) == .string(expected), "\(text)")
    }
  }

  @Test("numbers keep their text; integers read back exactly")
  func numbers() throws {
    let value = try JSONValue(
      parsing: Array("[0, -0, 9223372036854775807, 1.5e-3, -2E+2, 5.0]".utf8))
    guard case .array(let numbers) = value else {
      Issue.record("not an array: \(value)")
      return
    }
    #expect(numbers.map(\.intValue) == [0, 0, Int.max, nil, nil, nil])
    #expect(numbers.map(\.doubleValue) == [0, -0.0, Double(Int.max), 0.0015, -200, 5])
  }

  @Test("a repeated key keeps its last value; white space around the value is allowed")
  func objects() throws {
    #expect(
      try JSONValue(parsing: Array(" \n{\"a\":1,\"a\":2}\t\r\n".utf8))
        == .object(["a": .number("2")]))
    #expect(try JSONValue(parsing: Array("null".utf8)) == .null)
  }

  @Test("malformed input is an error, never a crash")
  func rejectsMalformed() {
    let bad: [(String, JSONParseError)] = [
      ("", .unexpectedEnd(expected: "a value")),
      ("   ", .unexpectedEnd(expected: "a value")),
      ("{", .unexpectedEnd(expected: "a member name")),
      ("{\"a\"", .unexpectedEnd(expected: "':'")),
      ("{\"a\":", .unexpectedEnd(expected: "a value")),
      ("{\"a\":1", .unexpectedEnd(expected: "',' or '}'")),
      ("[1,", .unexpectedEnd(expected: "a value")),
      ("[1 2]", .unexpectedByte(UInt8(ascii: "2"), offset: 3, expected: "',' or ']'")),
      ("[1,]", .unexpectedByte(UInt8(ascii: "]"), offset: 3, expected: "a value")),
      ("{\"a\":1,}", .unexpectedByte(UInt8(ascii: "}"), offset: 7, expected: "a member name")),
      ("{a:1}", .unexpectedByte(UInt8(ascii: "a"), offset: 1, expected: "a member name")),
      ("\"abc", .unexpectedEnd(expected: "the end of a string")),
      ("{} x", .trailingData(offset: 3)),
      ("1 2", .trailingData(offset: 2)),
      ("tru", .unexpectedEnd(expected: "'true'")),
      ("nul!", .unexpectedByte(UInt8(ascii: "!"), offset: 3, expected: "'null'")),
      ("01", .trailingData(offset: 1)),
      ("-", .unexpectedEnd(expected: "a digit")),
      ("1.", .unexpectedEnd(expected: "a digit")),
      ("1.e5", .unexpectedByte(UInt8(ascii: "e"), offset: 2, expected: "a digit")),
      ("1e", .unexpectedEnd(expected: "a digit")),
      ("+1", .unexpectedByte(UInt8(ascii: "+"), offset: 0, expected: "a value")),
      ("NaN", .unexpectedByte(UInt8(ascii: "N"), offset: 0, expected: "a value")),
      ("\"\\x\"", .invalidEscape(offset: 1)),
      ("\"\\u12\"", .invalidEscape(offset: 1)),
      ("\"\\u12g4\"", .invalidEscape(offset: 1)),
      ("\"\\", .unexpectedEnd(expected: "an escape")),
      ("\"\\uD83D\"", .loneSurrogate(offset: 1)),
      ("\"\\uD83Dx\"", .loneSurrogate(offset: 1)),
      ("\"\\uD83D\\u0041\"", .loneSurrogate(offset: 1)),
      ("\"\\uDE00\"", .loneSurrogate(offset: 1)),
      ("\"a\nb\"", .unexpectedByte(0x0A, offset: 2, expected: "an escaped control character")),
      (String(repeating: "[", count: 600), .tooDeep(limit: 512)),
      (String(repeating: "{\"a\":", count: 600), .tooDeep(limit: 512)),
    ]
    for (text, error) in bad {
      #expect(throws: error, "\(text.prefix(20))") { try JSONValue(parsing: Array(text.utf8)) }
    }
    #expect(throws: JSONParseError.invalidUTF8(offset: 0)) {
      try JSONValue(parsing: [0x22, 0xFF, 0xFE, 0x22])
    }
    #expect(throws: JSONParseError.invalidUTF8(offset: 0)) {
      try JSONValue(parsing: [0x22, 0xED, 0xA0, 0x80, 0x22])  // an encoded surrogate
    }
  }

  @Test("nesting up to the limit is accepted")
  func deepButAllowed() throws {
    let depth = JSONValue.maximumDepth
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    var value = try JSONValue(parsing: Array(text.utf8))
    var levels = 0
    while case .array(let elements) = value {
      levels += 1
      guard let first = elements.first else { break }
      value = first
    }
    #expect(levels == depth)
  }

  @Test("errors say where and what was expected")
  func messages() {
    #expect(
      JSONParseError.unexpectedByte(UInt8(ascii: "x"), offset: 3, expected: "a value").description
        == "unexpected 'x' at byte 3 of the JSON text; expected a value")
    #expect(
      JSONParseError.unexpectedByte(0x0A, offset: 0, expected: "a value").description
        == "unexpected byte 0x0A at byte 0 of the JSON text; expected a value")
  }
}
