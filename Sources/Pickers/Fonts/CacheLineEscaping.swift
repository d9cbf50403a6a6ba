/// Percent-escapes the characters the cache format uses as separators.
func escape(_ text: String) -> String {
  let plain =
    text.utf8.withContiguousStorageIfAvailable { !$0.contains(where: isEscaped) }
    ?? !text.utf8.contains(where: isEscaped)
  if plain { return text }
  var bytes: [UInt8] = []
  bytes.reserveCapacity(text.utf8.count + 16)
  let digits = Array("0123456789ABCDEF".utf8)
  for byte in text.utf8 {
    if isEscaped(byte) {
      bytes.append(UInt8(ascii: "%"))
      bytes.append(digits[Int(byte >> 4)])
      bytes.append(digits[Int(byte & 15)])
    } else {
      bytes.append(byte)
    }
  }
  return String(decoding: bytes, as: UTF8.self)
}

/// Whether ``escape(_:)`` escapes `byte`: one of `%`, tab, newline, return, `;`, `,`, `=`, `|`.
private func isEscaped(_ byte: UInt8) -> Bool {
  switch byte {
  case 0x25, 0x09, 0x0A, 0x0D, 0x3B, 0x2C, 0x3D, 0x7C: true
  default: false
  }
}

/// Undoes ``escape(_:)``.
func unescape(_ text: some StringProtocol) -> String {
  unescape(bytes: text.utf8)
}

/// Undoes ``escape(_:)`` on UTF-8 bytes.
func unescape(bytes text: some Collection<UInt8>) -> String {
  guard text.contains(UInt8(ascii: "%")) else { return String(decoding: text, as: UTF8.self) }
  var bytes: [UInt8] = []
  bytes.reserveCapacity(text.count)
  var iterator = text.makeIterator()
  while let byte = iterator.next() {
    if byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next(),
      let high = hexValue(high), let low = hexValue(low)
    {
      bytes.append(high << 4 | low)
    } else {
      bytes.append(byte)
    }
  }
  return String(decoding: bytes, as: UTF8.self)
}

/// Undoes ``escape(_:)`` on bytes in memory: a field without `%` becomes a string at once.
func unescape(buffer text: UnsafeBufferPointer<UInt8>) -> String {
  for byte in text where byte == UInt8(ascii: "%") { return unescape(bytes: text) }
  return String(decoding: text, as: UTF8.self)
}

/// The value of one hexadecimal digit (either case), or `nil`.
private func hexValue(_ digit: UInt8) -> UInt8? {
  switch digit {
  case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
  case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
  case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
  default: nil
  }
}

/// `text` split at every `separator`, empty fields kept.
///
/// Splits the UTF-8 bytes: an ASCII separator never occurs inside a multi-byte character, and
/// this skips the grapheme breaking of `String.split`, which cost 80 K instructions a cache
/// line (a tenth of a font preview's work).
func asciiSplit(_ text: Substring, _ separator: Unicode.Scalar) -> [Substring] {
  precondition(separator.isASCII, "asciiSplit needs an ASCII separator")
  return text.utf8.split(separator: UInt8(separator.value), omittingEmptySubsequences: false)
    .map { Substring($0) }
}
