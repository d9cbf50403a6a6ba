/// One token of CSS Syntax Level 3, as far as color values need them.
///
/// Comments are dropped (they separate tokens like whitespace does, without being
/// whitespace), escapes in names are decoded, and names are kept as written and lowercased.
struct CSSToken: Equatable, Sendable {
  enum Kind: Equatable, Sendable {
    /// An identifier; `lowered` is its ASCII-lowercased form.
    case ident(String, lowered: String)
    /// A function name followed by `(`; the name is ASCII-lowercased.
    case function(String)
    /// `#` followed by name characters.
    case hash(String)
    case number(Double)
    case percentage(Double)
    /// A number with a unit; the unit is ASCII-lowercased.
    case dimension(Double, unit: String)
    case whitespace
    case comma
    case leftParenthesis
    case rightParenthesis
    /// Any other single code point: `/`, `+`, `-`, `*`, ...
    case delimiter(Character)
    /// Something CSS marks as a parse error: an unclosed string, a bad URL or escape.
    case bad(String)
  }

  var kind: Kind
  /// The byte offset in the input where the token starts.
  var offset: Int
}

/// Splits a CSS value into ``CSSToken``s.
///
/// Follows the consume-a-token steps of CSS Syntax 3 section 4.3 for the tokens a color can
/// contain. Strings, URLs and at-keywords come out as `.bad`, since no color holds one.
struct CSSTokenizer {
  /// The most tokens one value may hold (a guard for absurd input).
  static let maximumTokens = 100_000

  let bytes: [UInt8]
  var index = 0

  init(_ text: String) {
    bytes = Array(text.utf8)
  }

  /// Every token of the input, or `nil` when it holds more than ``maximumTokens``.
  static func tokens(_ text: String) -> [CSSToken]? {
    var tokenizer = CSSTokenizer(text)
    var tokens: [CSSToken] = []
    while let token = tokenizer.next() {
      // Adjacent whitespace (and comments between it) collapses to one token.
      if token.kind == .whitespace, tokens.last?.kind == .whitespace { continue }
      tokens.append(token)
      if tokens.count > maximumTokens { return nil }
    }
    return tokens
  }

  // MARK: - Code points

  func byte(at position: Int) -> UInt8? { position < bytes.count ? bytes[position] : nil }

  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
  }

  static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

  static func isHexDigit(_ byte: UInt8) -> Bool {
    isDigit(byte) || (byte | 0x20) &- 0x61 < 6
  }

  static func isNameStart(_ byte: UInt8) -> Bool {
    (byte | 0x20) &- 0x61 < 26 || byte == 0x5F || byte >= 0x80
  }

  static func isName(_ byte: UInt8) -> Bool {
    isNameStart(byte) || isDigit(byte) || byte == 0x2D
  }

  /// Whether the two bytes at `position` start a valid escape (`\` not followed by a newline).
  func isValidEscape(at position: Int) -> Bool {
    guard byte(at: position) == 0x5C, let next = byte(at: position + 1) else { return false }
    return next != 0x0A && next != 0x0D && next != 0x0C
  }

  /// CSS Syntax 4.3.9: whether the input at `position` starts an identifier.
  func startsIdentifier(at position: Int) -> Bool {
    guard let first = byte(at: position) else { return false }
    if first == 0x2D {
      guard let second = byte(at: position + 1) else { return false }
      return Self.isNameStart(second) || second == 0x2D || isValidEscape(at: position + 1)
    }
    return Self.isNameStart(first) || isValidEscape(at: position)
  }

  /// CSS Syntax 4.3.10: whether the input at `position` starts a number.
  func startsNumber(at position: Int) -> Bool {
    guard let first = byte(at: position) else { return false }
    if first == 0x2B || first == 0x2D {
      guard let second = byte(at: position + 1) else { return false }
      if Self.isDigit(second) { return true }
      return second == 0x2E && byte(at: position + 2).map(Self.isDigit) == true
    }
    if first == 0x2E { return byte(at: position + 1).map(Self.isDigit) == true }
    return Self.isDigit(first)
  }

  // MARK: - Tokens

  mutating func next() -> CSSToken? {
    while true {
      guard index < bytes.count else { return nil }
      // Comments produce no token.
      if bytes[index] == 0x2F && byte(at: index + 1) == 0x2A {
        var position = index + 2
        while position < bytes.count
          && !(bytes[position] == 0x2A && byte(at: position + 1) == 0x2F)
        {
          position += 1
        }
        index = min(position + 2, bytes.count)
        continue
      }
      break
    }
    let start = index
    let first = bytes[index]
    func token(_ kind: CSSToken.Kind) -> CSSToken { CSSToken(kind: kind, offset: start) }
    if Self.isWhitespace(first) {
      while index < bytes.count && Self.isWhitespace(bytes[index]) { index += 1 }
      return token(.whitespace)
    }
    if startsNumber(at: index) { return token(consumeNumeric()) }
    if startsIdentifier(at: index) { return token(consumeIdentLike()) }
    switch first {
    case 0x23:  // #
      if let next = byte(at: index + 1), Self.isName(next) || isValidEscape(at: index + 1) {
        index += 1
        return token(.hash(consumeName()))
      }
    case 0x2C:
      index += 1
      return token(.comma)
    case 0x28:
      index += 1
      return token(.leftParenthesis)
    case 0x29:
      index += 1
      return token(.rightParenthesis)
    case 0x22, 0x27:  // a string: colors hold none
      index = bytes.count
      return token(.bad("string"))
    case 0x40:
      index += 1
      return token(.bad("@"))
    case 0x5C:
      index += 1
      return token(.bad("\\"))
    default: break
    }
    // One code point as a delimiter.
    var end = index + 1
    while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
    let text = String(decoding: bytes[index..<end], as: UTF8.self)
    index = end
    return token(.delimiter(text.first ?? "?"))
  }

  /// CSS Syntax 4.3.12: a name, with escapes decoded.
  mutating func consumeName() -> String {
    let start = index
    while index < bytes.count && Self.isName(bytes[index]) { index += 1 }
    // Without escapes (the usual case) the name is one run of bytes.
    guard isValidEscape(at: index) else {
      return String(decoding: bytes[start..<index], as: UTF8.self)
    }
    var scalars = String.UnicodeScalarView()
    var run = start
    func flush(_ upTo: Int) {
      if upTo > run {
        scalars.append(
          contentsOf: String(decoding: bytes[run..<upTo], as: UTF8.self).unicodeScalars)
      }
    }
    while index < bytes.count {
      let byte = bytes[index]
      if Self.isName(byte) {
        index += 1
      } else if isValidEscape(at: index) {
        flush(index)
        index += 1
        scalars.append(consumeEscape())
        run = index
      } else {
        break
      }
    }
    flush(index)
    return String(scalars)
  }

  /// CSS Syntax 4.3.7: the code point of an escape, after its backslash.
  mutating func consumeEscape() -> Unicode.Scalar {
    guard index < bytes.count else { return "\u{FFFD}" }
    if Self.isHexDigit(bytes[index]) {
      var value: UInt32 = 0
      var count = 0
      while index < bytes.count && count < 6 && Self.isHexDigit(bytes[index]) {
        let byte = bytes[index]
        let digit = Self.isDigit(byte) ? byte - 0x30 : (byte | 0x20) - 0x61 + 10
        value = value << 4 | UInt32(digit)
        index += 1
        count += 1
      }
      if index < bytes.count && Self.isWhitespace(bytes[index]) {
        // \r\n counts as one whitespace.
        if bytes[index] == 0x0D && byte(at: index + 1) == 0x0A { index += 1 }
        index += 1
      }
      guard value != 0, value <= 0x10_FFFF, !(0xD800...0xDFFF).contains(value),
        let scalar = Unicode.Scalar(value)
      else { return "\u{FFFD}" }
      return scalar
    }
    // Any other code point stands for itself.
    var end = index + 1
    while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
    let scalar = String(decoding: bytes[index..<end], as: UTF8.self).unicodeScalars.first
    index = end
    return scalar ?? "\u{FFFD}"
  }

  /// CSS Syntax 4.3.4: an identifier, a function name, or (for `url(`) a bad token.
  mutating func consumeIdentLike() -> CSSToken.Kind {
    let name = consumeName()
    let lowered = Self.asciiLowercased(name)
    if byte(at: index) == 0x28 {
      index += 1
      if lowered == "url" { return .bad("url(") }
      return .function(lowered)
    }
    return .ident(name, lowered: lowered)
  }

  /// CSS Syntax 4.3.3: a number, percentage or dimension.
  mutating func consumeNumeric() -> CSSToken.Kind {
    let value = consumeNumber()
    if startsIdentifier(at: index) {
      return .dimension(value, unit: Self.asciiLowercased(consumeName()))
    }
    if byte(at: index) == 0x25 {
      index += 1
      return .percentage(value)
    }
    return .number(value)
  }

  /// CSS Syntax 4.3.13: the number at `index` (which `startsNumber` accepted).
  mutating func consumeNumber() -> Double {
    let start = index
    if let sign = byte(at: index), sign == 0x2B || sign == 0x2D { index += 1 }
    while let digit = byte(at: index), Self.isDigit(digit) { index += 1 }
    if byte(at: index) == 0x2E, let digit = byte(at: index + 1), Self.isDigit(digit) {
      index += 1
      while let digit = byte(at: index), Self.isDigit(digit) { index += 1 }
    }
    if let e = byte(at: index), e | 0x20 == 0x65 {
      var look = index + 1
      if let sign = byte(at: look), sign == 0x2B || sign == 0x2D { look += 1 }
      if let digit = byte(at: look), Self.isDigit(digit) {
        index = look
        while let digit = byte(at: index), Self.isDigit(digit) { index += 1 }
      }
    }
    var text = String(decoding: bytes[start..<index], as: UTF8.self)
    if text.first == "+" { text.removeFirst() }
    // A leading "." is fine for Double(_:) only after a digit.
    if text.hasPrefix(".") {
      text = "0" + text
    } else if text.hasPrefix("-.") {
      text = "-0" + text.dropFirst()
    }
    return Double(text) ?? 0
  }

  static func asciiLowercased(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return text }
    return String(
      decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
  }
}
