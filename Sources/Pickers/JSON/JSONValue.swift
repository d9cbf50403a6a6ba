/// A parsed JSON document (RFC 8259), read without Foundation.
///
///     let value = try JSONValue(parsing: Array(#"{"version": 1, "ratings": {"Inter": 5}}"#.utf8))
///     value["ratings"]?["Inter"]?.intValue   // 5
///
/// Numbers keep their text, so integers read back exactly; a repeated object key keeps its last
/// value.
public enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  /// A number as written (already checked against the JSON number grammar).
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// The deepest nesting of arrays and objects accepted.
  public static let maximumDepth = 512
  /// The largest document accepted, in bytes.
  public static let maximumSize = 64 * 1024 * 1024

  /// Parses one JSON value, optionally surrounded by white space, from UTF-8 `bytes`.
  ///
  /// - Throws: ``JSONParseError`` for malformed text, nesting over ``maximumDepth`` or a
  ///   document over ``maximumSize``.
  public init(parsing bytes: [UInt8]) throws(JSONParseError) {
    guard bytes.count <= Self.maximumSize else { throw .tooLarge(limit: Self.maximumSize) }
    var parser = JSONParser(bytes: bytes)
    self = try parser.parseDocument()
  }

  /// The member named `key` of an object.
  public subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { members[key] } else { nil }
  }

  /// The value of an integer number that fits in `Int` (`5`, `-3`; not `5.0` or `1e2`).
  public var intValue: Int? {
    if case .number(let text) = self { Int(text) } else { nil }
  }

  /// The value of a number as a `Double`.
  public var doubleValue: Double? {
    if case .number(let text) = self { Double(text) } else { nil }
  }

  /// The text of a string.
  public var stringValue: String? {
    if case .string(let text) = self { text } else { nil }
  }
}

/// Why a JSON text could not be parsed.
///
/// Offsets count bytes from 0.
public enum JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The text ended inside a value.
  case unexpectedEnd(expected: String)
  /// A byte that cannot start or continue what was being read.
  case unexpectedByte(UInt8, offset: Int, expected: String)
  /// A backslash escape that JSON does not define, or a malformed `\u` escape.
  case invalidEscape(offset: Int)
  /// A `\u` escape of a lone UTF-16 surrogate.
  case loneSurrogate(offset: Int)
  /// A string whose bytes are not UTF-8.
  case invalidUTF8(offset: Int)
  /// More text after the value.
  case trailingData(offset: Int)
  /// Arrays and objects nested deeper than the limit.
  case tooDeep(limit: Int)
  /// A document larger than the limit.
  case tooLarge(limit: Int)

  public var description: String {
    switch self {
    case .unexpectedEnd(let expected): "the JSON text ends where \(expected) was expected"
    case .unexpectedByte(let byte, let offset, let expected):
      "unexpected \(Self.show(byte)) at byte \(offset) of the JSON text; expected \(expected)"
    case .invalidEscape(let offset): "invalid escape sequence at byte \(offset) of the JSON text"
    case .loneSurrogate(let offset):
      "the \\u escape at byte \(offset) of the JSON text is half of a surrogate pair"
    case .invalidUTF8(let offset): "the JSON string at byte \(offset) is not valid UTF-8"
    case .trailingData(let offset):
      "unexpected text at byte \(offset) after the JSON value; expected the end"
    case .tooDeep(let limit): "the JSON text nests arrays and objects deeper than \(limit) levels"
    case .tooLarge(let limit): "the JSON text is over \(limit / 1024 / 1024) MiB"
    }
  }

  private static func show(_ byte: UInt8) -> String {
    if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    let hex = String(byte, radix: 16, uppercase: true)
    return "byte 0x" + (hex.count < 2 ? "0" : "") + hex
  }
}

/// A recursive-descent parser over UTF-8 bytes.
struct JSONParser {
  let bytes: [UInt8]
  var offset = 0
  var depth = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  mutating func parseDocument() throws(JSONParseError) -> JSONValue {
    // A UTF-8 byte order mark is not part of JSON; refuse it like any other stray byte.
    let value = try parseValue()
    skipWhitespace()
    guard offset == bytes.count else { throw .trailingData(offset: offset) }
    return value
  }

  private mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x09, 0x0A, 0x0D: offset += 1
      default: return
      }
    }
  }

  private mutating func parseValue() throws(JSONParseError) -> JSONValue {
    skipWhitespace()
    guard offset < bytes.count else { throw .unexpectedEnd(expected: "a value") }
    switch bytes[offset] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expectWord("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectWord("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectWord("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    case let byte: throw .unexpectedByte(byte, offset: offset, expected: "a value")
    }
  }

  private mutating func expectWord(_ word: StaticString) throws(JSONParseError) {
    let text = word.utf8Start
    for index in 0..<word.utf8CodeUnitCount {
      guard offset < bytes.count else { throw .unexpectedEnd(expected: "'\(word)'") }
      guard bytes[offset] == text[index] else {
        throw .unexpectedByte(bytes[offset], offset: offset, expected: "'\(word)'")
      }
      offset += 1
    }
  }

  private mutating func enter() throws(JSONParseError) {
    depth += 1
    guard depth <= JSONValue.maximumDepth else { throw .tooDeep(limit: JSONValue.maximumDepth) }
  }

  private mutating func parseObject() throws(JSONParseError) -> JSONValue {
    try enter()
    offset += 1  // {
    var members: [String: JSONValue] = [:]
    skipWhitespace()
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
      offset += 1
      depth -= 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard offset < bytes.count else { throw .unexpectedEnd(expected: "a member name") }
      guard bytes[offset] == UInt8(ascii: "\"") else {
        throw .unexpectedByte(bytes[offset], offset: offset, expected: "a member name")
      }
      let key = try parseString()
      skipWhitespace()
      try expect(UInt8(ascii: ":"), "':'")
      members[key] = try parseValue()
      skipWhitespace()
      guard offset < bytes.count else { throw .unexpectedEnd(expected: "',' or '}'") }
      switch bytes[offset] {
      case UInt8(ascii: ","): offset += 1
      case UInt8(ascii: "}"):
        offset += 1
        depth -= 1
        return .object(members)
      case let byte: throw .unexpectedByte(byte, offset: offset, expected: "',' or '}'")
      }
    }
  }

  private mutating func parseArray() throws(JSONParseError) -> JSONValue {
    try enter()
    offset += 1  // [
    var elements: [JSONValue] = []
    skipWhitespace()
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
      offset += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      elements.append(try parseValue())
      skipWhitespace()
      guard offset < bytes.count else { throw .unexpectedEnd(expected: "',' or ']'") }
      switch bytes[offset] {
      case UInt8(ascii: ","): offset += 1
      case UInt8(ascii: "]"):
        offset += 1
        depth -= 1
        return .array(elements)
      case let byte: throw .unexpectedByte(byte, offset: offset, expected: "',' or ']'")
      }
    }
  }

  private mutating func expect(_ byte: UInt8, _ name: String) throws(JSONParseError) {
    guard offset < bytes.count else { throw .unexpectedEnd(expected: name) }
    guard bytes[offset] == byte else {
      throw .unexpectedByte(bytes[offset], offset: offset, expected: name)
    }
    offset += 1
  }

  private mutating func parseString() throws(JSONParseError) -> String {
    let start = offset
    offset += 1  // "
    var utf8: [UInt8] = []
    while true {
      guard offset < bytes.count else { throw .unexpectedEnd(expected: "the end of a string") }
      let byte = bytes[offset]
      switch byte {
      case UInt8(ascii: "\""):
        offset += 1
        guard let text = String(validating: utf8, as: UTF8.self) else {
          throw .invalidUTF8(offset: start)
        }
        return text
      case UInt8(ascii: "\\"):
        try parseEscape(into: &utf8)
      case 0x00..<0x20:
        throw .unexpectedByte(byte, offset: offset, expected: "an escaped control character")
      default:
        utf8.append(byte)
        offset += 1
      }
    }
  }

  private mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONParseError) {
    let start = offset
    offset += 1  // backslash
    guard offset < bytes.count else { throw .unexpectedEnd(expected: "an escape") }
    let letter = bytes[offset]
    offset += 1
    switch letter {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(letter)
    case UInt8(ascii: "b"): utf8.append(0x08)
    case UInt8(ascii: "f"): utf8.append(0x0C)
    case UInt8(ascii: "n"): utf8.append(0x0A)
    case UInt8(ascii: "r"): utf8.append(0x0D)
    case UInt8(ascii: "t"): utf8.append(0x09)
    case UInt8(ascii: "u"):
      let unit = try parseHex4(escapeStart: start)
      var scalarValue = UInt32(unit)
      if (0xD800...0xDBFF).contains(unit) {
        guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
          bytes[offset + 1] == UInt8(ascii: "u")
        else { throw .loneSurrogate(offset: start) }
        let second = offset
        offset += 2
        let low = try parseHex4(escapeStart: second)
        guard (0xDC00...0xDFFF).contains(low) else { throw .loneSurrogate(offset: start) }
        scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
      } else if (0xDC00...0xDFFF).contains(unit) {
        throw .loneSurrogate(offset: start)
      }
      guard let scalar = Unicode.Scalar(scalarValue) else { throw .invalidEscape(offset: start) }
      utf8.append(contentsOf: String(Character(scalar)).utf8)
    default:
      throw .invalidEscape(offset: start)
    }
  }

  private mutating func parseHex4(escapeStart: Int) throws(JSONParseError) -> UInt16 {
    guard offset + 4 <= bytes.count else { throw .invalidEscape(offset: escapeStart) }
    var value: UInt16 = 0
    for _ in 0..<4 {
      let byte = bytes[offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw .invalidEscape(offset: escapeStart)
      }
      value = value << 4 | UInt16(digit)
      offset += 1
    }
    return value
  }

  private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
    let start = offset
    if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
    guard offset < bytes.count else { throw .unexpectedEnd(expected: "a digit") }
    if bytes[offset] == UInt8(ascii: "0") {
      offset += 1
    } else {
      try digits()
    }
    if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
      offset += 1
      try digits()
    }
    if offset < bytes.count,
      bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E")
    {
      offset += 1
      if offset < bytes.count,
        bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-")
      {
        offset += 1
      }
      try digits()
    }
    let text = String(decoding: bytes[start..<offset], as: UTF8.self)
    return .number(text)
  }

  /// One or more ASCII digits.
  private mutating func digits() throws(JSONParseError) {
    guard offset < bytes.count else { throw .unexpectedEnd(expected: "a digit") }
    guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) else {
      throw .unexpectedByte(bytes[offset], offset: offset, expected: "a digit")
    }
    while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) {
      offset += 1
    }
  }
}
