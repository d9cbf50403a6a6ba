/// Encodes `Encodable` values as pretty-printed JSON with sorted keys, without Foundation.
///
/// The output matches `JSONEncoder` with `[.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]`:
/// two-space indentation, `"key" : value`, keys in the order of their UTF-8 bytes (as
/// `.sortedKeys` orders them on Linux), `/` and non-ASCII text written as is, and doubles in
/// their shortest round-tripping form with a trailing `.0` dropped.
///
///     let bytes = try JSONWriter().encode(["b": 2.5, "a": 1])
///     // {
///     //   "a" : 1,
///     //   "b" : 2.5
///     // }
public struct JSONWriter: Sendable {
  /// What the writer does with a NaN or an infinity, which JSON cannot spell.
  public enum NonFiniteNumbers: Sendable, Hashable {
    /// Throws `EncodingError.invalidValue`, as `JSONEncoder` does.
    case refused
    /// Writes them as CSS serializes a color's numbers (css-values-4, "Range Checking": NaN is
    /// censored to 0, an infinity clamped to the largest value): NaN is `0`, an infinity is
    /// `1e308` or `-1e308`, the same text `Color`'s CSS forms print, so `--json` and the text
    /// output agree.
    case clampedAsCSS
  }

  /// What happens to NaN and infinities.
  public var nonFiniteNumbers: NonFiniteNumbers

  /// Creates a writer; by default a non-finite number is refused.
  public init(nonFiniteNumbers: NonFiniteNumbers = .refused) {
    self.nonFiniteNumbers = nonFiniteNumbers
  }

  /// The JSON text of `value`, without a final newline.
  ///
  /// - Throws: `EncodingError.invalidValue` for a non-finite number (unless
  ///   ``nonFiniteNumbers`` is ``NonFiniteNumbers/clampedAsCSS``) or a value that encodes
  ///   nothing, or whatever `value`'s own `encode(to:)` throws.
  public func encode(_ value: some Encodable) throws -> [UInt8] {
    let encoder = JSONTreeEncoder(
      codingPath: [], clampsNonFinite: nonFiniteNumbers == .clampedAsCSS)
    try value.encode(to: encoder)
    guard let node = encoder.node else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: [],
          debugDescription: "Top-level \(type(of: value)) did not encode any values."))
    }
    var output: [UInt8] = []
    output.reserveCapacity(1024)
    node.write(into: &output, indent: 0)
    return output
  }

  /// Whether `lhs` comes before `rhs` in `.sortedKeys` order: the order of their UTF-8 bytes,
  /// as written (`"B"` before `"a"`, `"a10"` before `"a2"`, a decomposed `"e\u{301}"` after `"ez"`).
  static func keyPrecedes(_ lhs: String, _ rhs: String) -> Bool {
    let contiguous = lhs.utf8.withContiguousStorageIfAvailable { a in
      rhs.utf8.withContiguousStorageIfAvailable { b in a.lexicographicallyPrecedes(b) }
    }
    return (contiguous ?? nil) ?? lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
  }
}

/// A value built by the encoder.
///
/// Objects and arrays are shared boxes, so a nested container
/// keeps writing into its parent after it was handed out.
enum JSONNode {
  /// A finished scalar: a number, `true`, `false` or `null`.
  case literal(String)
  /// A string, escaped when written.
  case string(String)
  case object(JSONObjectBox)
  case array(JSONArrayBox)

  static var null: JSONNode { .literal("null") }

  func write(into output: inout [UInt8], indent: Int) {
    switch self {
    case .literal(let text):
      output.append(contentsOf: text.utf8)
    case .string(let text):
      Self.writeQuoted(text, into: &output)
    case .array(let box):
      if box.elements.isEmpty {
        output.append(contentsOf: "[\n\n".utf8)
        Self.writeIndent(indent, into: &output)
        output.append(UInt8(ascii: "]"))
        return
      }
      output.append(contentsOf: "[\n".utf8)
      for (index, element) in box.elements.enumerated() {
        if index > 0 { output.append(contentsOf: ",\n".utf8) }
        Self.writeIndent(indent + 1, into: &output)
        element.write(into: &output, indent: indent + 1)
      }
      output.append(UInt8(ascii: "\n"))
      Self.writeIndent(indent, into: &output)
      output.append(UInt8(ascii: "]"))
    case .object(let box):
      if box.members.isEmpty {
        output.append(contentsOf: "{\n\n".utf8)
        Self.writeIndent(indent, into: &output)
        output.append(UInt8(ascii: "}"))
        return
      }
      output.append(contentsOf: "{\n".utf8)
      // Sorted by key, then by when each was set; of members set twice the last one wins.
      let members = box.members
      let order = members.indices.sorted { a, b in
        if JSONWriter.keyPrecedes(members[a].key, members[b].key) { return true }
        return a < b && members[a].key == members[b].key
      }
      var first = true
      for (position, index) in order.enumerated() {
        let member = members[index]
        if position + 1 < order.count, members[order[position + 1]].key == member.key { continue }
        if !first { output.append(contentsOf: ",\n".utf8) }
        first = false
        Self.writeIndent(indent + 1, into: &output)
        Self.writeQuoted(member.key, into: &output)
        output.append(contentsOf: " : ".utf8)
        member.value.write(into: &output, indent: indent + 1)
      }
      output.append(UInt8(ascii: "\n"))
      Self.writeIndent(indent, into: &output)
      output.append(UInt8(ascii: "}"))
    }
  }

  private static func writeIndent(_ level: Int, into output: inout [UInt8]) {
    output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * 2))
  }

  /// Writes `text` as a JSON string (RFC 8259): quote, backslash and control characters escaped.
  static func writeQuoted(_ text: String, into output: inout [UInt8]) {
    let utf8 = text.utf8
    output.append(0x22)
    guard utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
      output.append(contentsOf: utf8)
      output.append(0x22)
      return
    }
    let hex = Array("0123456789abcdef".utf8)
    for byte in utf8 {
      switch byte {
      case 0x22, 0x5C: output += [0x5C, byte]
      case 0x0A: output += [0x5C, UInt8(ascii: "n")]
      case 0x0D: output += [0x5C, UInt8(ascii: "r")]
      case 0x09: output += [0x5C, UInt8(ascii: "t")]
      case 0x08: output += [0x5C, UInt8(ascii: "b")]
      case 0x0C: output += [0x5C, UInt8(ascii: "f")]
      case 0x00..<0x20:
        output += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      default: output.append(byte)
      }
    }
    output.append(0x22)
  }

  /// `value` in its shortest round-tripping form, `1.0` written `1`; a non-finite value is
  /// written as CSS writes it when `clamped` (see ``JSONWriter/NonFiniteNumbers``), else refused.
  static func number<F: BinaryFloatingPoint & LosslessStringConvertible>(
    _ value: F, codingPath: [any CodingKey], clamped: Bool
  ) throws -> JSONNode {
    guard value.isFinite else {
      if clamped { return .literal(value.isNaN ? "0" : value > 0 ? "1e308" : "-1e308") }
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: codingPath,
          debugDescription: "Unable to encode \(F.self).\(value) directly in JSON."))
    }
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return .literal(text)
  }
}

/// An object's members in the order they were set; written sorted by key.
final class JSONObjectBox {
  var members: [(key: String, value: JSONNode)] = []
}

/// An array's elements in order.
final class JSONArrayBox {
  var elements: [JSONNode] = []
}

/// The `Encoder` behind ``JSONWriter``: it records one ``JSONNode``.
final class JSONTreeEncoder: Encoder {
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  /// What was encoded, if anything.
  private(set) var node: JSONNode?
  /// Called with each node set, for super encoders that write into a parent's slot.
  private let store: ((JSONNode) -> Void)?
  /// Whether non-finite numbers are written as CSS writes them rather than refused.
  let clamps: Bool

  init(codingPath: [any CodingKey], clampsNonFinite: Bool, store: ((JSONNode) -> Void)? = nil) {
    self.codingPath = codingPath
    self.clamps = clampsNonFinite
    self.store = store
  }

  func set(_ node: JSONNode) {
    self.node = node
    store?(node)
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let box: JSONObjectBox
    if case .object(let existing) = node {
      box = existing
    } else {
      box = JSONObjectBox()
      set(.object(box))
    }
    return KeyedEncodingContainer(
      JSONKeyedContainer<Key>(box: box, codingPath: codingPath, clamps: clamps))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    let box: JSONArrayBox
    if case .array(let existing) = node {
      box = existing
    } else {
      box = JSONArrayBox()
      set(.array(box))
    }
    return JSONUnkeyedContainer(box: box, codingPath: codingPath, clamps: clamps)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    JSONSingleValueContainer(encoder: self)
  }

  /// The node of a nested value; a value that encodes nothing is an empty object.
  static func node(
    for value: some Encodable, codingPath: @autoclosure () -> [any CodingKey], clamps: Bool
  ) throws -> JSONNode {
    switch value {
    case let string as String: return .string(string)
    case let double as Double:
      return try JSONNode.number(double, codingPath: codingPath(), clamped: clamps)
    case let int as Int: return .literal(String(int))
    case let bool as Bool: return .literal(bool ? "true" : "false")
    default:
      let encoder = JSONTreeEncoder(codingPath: codingPath(), clampsNonFinite: clamps)
      try value.encode(to: encoder)
      return encoder.node ?? .object(JSONObjectBox())
    }
  }
}

/// A string key made at run time (array indices in coding paths, `super`).
struct JSONPathKey: CodingKey {
  private let name: String?
  let intValue: Int?

  /// `Index 3` for array elements, as `JSONEncoder` names them.
  var stringValue: String { name ?? "Index \(intValue ?? 0)" }

  init(stringValue: String) {
    self.name = stringValue
    self.intValue = nil
  }

  init(intValue: Int) {
    self.name = nil
    self.intValue = intValue
  }
}

struct JSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let box: JSONObjectBox
  let codingPath: [any CodingKey]
  let clamps: Bool

  private func put(_ node: JSONNode, _ key: Key) { box.members.append((key.stringValue, node)) }

  mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
  mutating func encode(_ value: Bool, forKey key: Key) throws {
    put(.literal(value ? "true" : "false"), key)
  }
  mutating func encode(_ value: String, forKey key: Key) throws {
    put(.string(value), key)
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    put(try JSONNode.number(value, codingPath: codingPath + [key], clamped: clamps), key)
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    put(try JSONNode.number(value, codingPath: codingPath + [key], clamped: clamps), key)
  }
  mutating func encode(_ value: Int, forKey key: Key) throws { put(.literal(String(value)), key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { put(.literal(String(value)), key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { put(.literal(String(value)), key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { put(.literal(String(value)), key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { put(.literal(String(value)), key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { put(.literal(String(value)), key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { put(.literal(String(value)), key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws {
    put(.literal(String(value)), key)
  }
  mutating func encode(_ value: UInt32, forKey key: Key) throws {
    put(.literal(String(value)), key)
  }
  mutating func encode(_ value: UInt64, forKey key: Key) throws {
    put(.literal(String(value)), key)
  }
  mutating func encode(_ value: some Encodable, forKey key: Key) throws {
    put(try JSONTreeEncoder.node(for: value, codingPath: codingPath + [key], clamps: clamps), key)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let nested = JSONObjectBox()
    put(.object(nested), key)
    return KeyedEncodingContainer(
      JSONKeyedContainer<NestedKey>(box: nested, codingPath: codingPath + [key], clamps: clamps))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let nested = JSONArrayBox()
    put(.array(nested), key)
    return JSONUnkeyedContainer(box: nested, codingPath: codingPath + [key], clamps: clamps)
  }

  mutating func superEncoder() -> any Encoder {
    superEncoder(named: JSONPathKey(stringValue: "super"))
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    superEncoder(named: key)
  }

  private func superEncoder(named key: any CodingKey) -> any Encoder {
    let box = self.box
    let name = key.stringValue
    let index = box.members.count
    box.members.append((name, .object(JSONObjectBox())))
    return JSONTreeEncoder(codingPath: codingPath + [key], clampsNonFinite: clamps) {
      box.members[index].value = $0
    }
  }
}

struct JSONUnkeyedContainer: UnkeyedEncodingContainer {
  let box: JSONArrayBox
  let codingPath: [any CodingKey]
  let clamps: Bool
  var count: Int { box.elements.count }

  private var nextPath: [any CodingKey] { codingPath + [JSONPathKey(intValue: count)] }

  mutating func encodeNil() throws { box.elements.append(.null) }
  mutating func encode(_ value: Bool) throws {
    box.elements.append(.literal(value ? "true" : "false"))
  }
  mutating func encode(_ value: String) throws {
    box.elements.append(.string(value))
  }
  mutating func encode(_ value: Double) throws {
    box.elements.append(try JSONNode.number(value, codingPath: nextPath, clamped: clamps))
  }
  mutating func encode(_ value: Float) throws {
    box.elements.append(try JSONNode.number(value, codingPath: nextPath, clamped: clamps))
  }
  mutating func encode(_ value: Int) throws { box.elements.append(.literal(String(value))) }
  mutating func encode(_ value: Int8) throws { box.elements.append(.literal(String(value))) }
  mutating func encode(_ value: Int16) throws { box.elements.append(.literal(String(value))) }
  mutating func encode(_ value: Int32) throws { box.elements.append(.literal(String(value))) }
  mutating func encode(_ value: Int64) throws { box.elements.append(.literal(String(value))) }
  mutating func encode(_ value: UInt) throws { box.elements.append(.literal(String(value))) }
  mutating func encode(_ value: UInt8) throws { box.elements.append(.literal(String(value))) }
  mutating func encode(_ value: UInt16) throws { box.elements.append(.literal(String(value))) }
  mutating func encode(_ value: UInt32) throws { box.elements.append(.literal(String(value))) }
  mutating func encode(_ value: UInt64) throws { box.elements.append(.literal(String(value))) }
  mutating func encode(_ value: some Encodable) throws {
    box.elements.append(try JSONTreeEncoder.node(for: value, codingPath: nextPath, clamps: clamps))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let path = nextPath
    let nested = JSONObjectBox()
    box.elements.append(.object(nested))
    return KeyedEncodingContainer(
      JSONKeyedContainer<NestedKey>(box: nested, codingPath: path, clamps: clamps))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let path = nextPath
    let nested = JSONArrayBox()
    box.elements.append(.array(nested))
    return JSONUnkeyedContainer(box: nested, codingPath: path, clamps: clamps)
  }

  mutating func superEncoder() -> any Encoder {
    let path = nextPath
    let box = self.box
    let index = box.elements.count
    box.elements.append(.object(JSONObjectBox()))
    return JSONTreeEncoder(codingPath: path, clampsNonFinite: clamps) { box.elements[index] = $0 }
  }
}

struct JSONSingleValueContainer: SingleValueEncodingContainer {
  let encoder: JSONTreeEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  mutating func encodeNil() throws { encoder.set(.null) }
  mutating func encode(_ value: Bool) throws { encoder.set(.literal(value ? "true" : "false")) }
  mutating func encode(_ value: String) throws { encoder.set(.string(value)) }
  mutating func encode(_ value: Double) throws {
    encoder.set(try JSONNode.number(value, codingPath: codingPath, clamped: encoder.clamps))
  }
  mutating func encode(_ value: Float) throws {
    encoder.set(try JSONNode.number(value, codingPath: codingPath, clamped: encoder.clamps))
  }
  mutating func encode(_ value: Int) throws { encoder.set(.literal(String(value))) }
  mutating func encode(_ value: Int8) throws { encoder.set(.literal(String(value))) }
  mutating func encode(_ value: Int16) throws { encoder.set(.literal(String(value))) }
  mutating func encode(_ value: Int32) throws { encoder.set(.literal(String(value))) }
  mutating func encode(_ value: Int64) throws { encoder.set(.literal(String(value))) }
  mutating func encode(_ value: UInt) throws { encoder.set(.literal(String(value))) }
  mutating func encode(_ value: UInt8) throws { encoder.set(.literal(String(value))) }
  mutating func encode(_ value: UInt16) throws { encoder.set(.literal(String(value))) }
  mutating func encode(_ value: UInt32) throws { encoder.set(.literal(String(value))) }
  mutating func encode(_ value: UInt64) throws { encoder.set(.literal(String(value))) }
  mutating func encode(_ value: some Encodable) throws {
    encoder.set(
      try JSONTreeEncoder.node(for: value, codingPath: codingPath, clamps: encoder.clamps))
  }
}
