/// A streaming decoder from terminal input bytes to ``Key`` values.
///
/// One `read()` can return several keys, or half of one: `feed(_:)` decodes every complete key
/// and keeps an incomplete tail (an escape sequence cut short, a partial UTF-8 character) for the
/// next call. A lone Escape cannot be told from the start of a sequence by its bytes alone, so
/// the driver calls `flush()` when no further byte arrived within a short timeout.
///
///     var decoder = KeyDecoder()
///     decoder.feed([0x1B, 0x5B])   // []  (waiting for the rest)
///     decoder.feed([0x42, 0x0D])   // [.down, .enter]
///     decoder.feed([0x1B])         // []  (maybe a sequence)
///     decoder.flush()              // [.escape]
public struct KeyDecoder: Sendable {
  /// Bytes of an incomplete key carried over to the next `feed(_:)`.
  public private(set) var pending: [UInt8] = []

  /// The longest escape sequence kept while waiting for its end; longer ones are dropped.
  static let maximumSequenceLength = 64

  /// Creates a decoder with nothing pending.
  public init() {}

  /// Whether an incomplete key waits for more bytes (the driver then polls with a timeout).
  public var hasPending: Bool { !pending.isEmpty }

  /// Decodes every complete key in `pending + bytes` and keeps the incomplete rest.
  ///
  /// - Parameter bytes: The bytes just read from the terminal.
  /// - Returns: The keys, in order.
  @discardableResult
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    var keys: [Key] = []
    var index = 0
    while index < pending.count {
      switch Self.decodeOne(pending, at: index) {
      case .key(let key, let length):
        if let key { keys.append(key) }
        index += length
      case .incomplete:
        if pending.count - index > Self.maximumSequenceLength {
          index = pending.count  // garbage that never ends: drop it
        } else {
          pending.removeFirst(index)
          return keys
        }
      }
    }
    pending.removeAll()
    return keys
  }

  /// Decodes what is pending as if no more bytes will come: a lone Escape becomes `.escape`.
  ///
  /// - Returns: The keys; an unfinished sequence other than a lone Escape yields `.escape`
  ///   followed by the keys its remaining bytes spell.
  public mutating func flush() -> [Key] {
    guard !pending.isEmpty else { return [] }
    var bytes = pending
    pending.removeAll()
    var keys: [Key] = []
    if bytes.first == 0x1B {
      keys.append(.escape)
      bytes.removeFirst()
    }
    keys += feed(bytes)
    pending.removeAll()  // a truncated UTF-8 character cannot be finished any more
    return keys
  }

  private enum Step {
    case key(Key?, length: Int)
    case incomplete
  }

  private static func decodeOne(_ bytes: [UInt8], at start: Int) -> Step {
    let byte = bytes[start]
    switch byte {
    case 0x1B:
      return decodeEscape(bytes, at: start)
    case 0x0D, 0x0A:
      return .key(.enter, length: 1)
    case 0x09:
      return .key(.tab, length: 1)
    case 0x7F, 0x08:
      return .key(.backspace, length: 1)
    case 0x00:
      return .key(nil, length: 1)
    case 0x01...0x1A:
      let letter = Character(Unicode.Scalar(byte + 0x60))
      return .key(.control(letter), length: 1)
    case 0x1C...0x1F:
      return .key(.unknown([byte]), length: 1)
    case 0x20...0x7E:
      return .key(.character(Character(Unicode.Scalar(byte))), length: 1)
    default:
      return decodeUTF8(bytes, at: start)
    }
  }

  private static func decodeUTF8(_ bytes: [UInt8], at start: Int) -> Step {
    let lead = bytes[start]
    let length: Int
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return .key(.unknown([lead]), length: 1)
    }
    guard bytes.count - start >= length else {
      // Only continuation bytes may follow; anything else makes the lead byte invalid now.
      for index in (start + 1)..<bytes.count where bytes[index] & 0xC0 != 0x80 {
        return .key(.unknown([lead]), length: 1)
      }
      return .incomplete
    }
    let slice = bytes[start..<(start + length)]
    guard
      let string = String(validating: slice, as: UTF8.self),
      let character = string.first, string.count == 1
    else { return .key(.unknown([lead]), length: 1) }
    return .key(.character(character), length: length)
  }

  private static func decodeEscape(_ bytes: [UInt8], at start: Int) -> Step {
    guard start + 1 < bytes.count else { return .incomplete }
    let second = bytes[start + 1]
    switch second {
    case 0x5B:  // '[': CSI
      return decodeCSI(bytes, at: start)
    case 0x4F:  // 'O': SS3, sent for arrows in application cursor mode
      guard start + 2 < bytes.count else { return .incomplete }
      let key: Key? =
        switch bytes[start + 2] {
        case 0x41: .up
        case 0x42: .down
        case 0x43: .right
        case 0x44: .left
        case 0x48: .home
        case 0x46: .end
        case 0x4D: .enter  // keypad Enter
        default: .unknown(Array(bytes[start...(start + 2)]))
        }
      return .key(key, length: 3)
    case 0x1B:
      // Escape pressed twice: the first one is alone.
      return .key(.escape, length: 1)
    default:
      // Alt and a key: not used by the pickers, reported so the key is not misread.
      return .key(.unknown([0x1B, second]), length: 2)
    }
  }

  private static func decodeCSI(_ bytes: [UInt8], at start: Int) -> Step {
    // ESC [ parameters (0x30-0x3F)* intermediates (0x20-0x2F)* final (0x40-0x7E)
    var index = start + 2
    while index < bytes.count, (0x20...0x3F).contains(bytes[index]) { index += 1 }
    guard index < bytes.count else { return .incomplete }
    let final = bytes[index]
    let length = index - start + 1
    guard (0x40...0x7E).contains(final) else {
      return .key(.unknown(Array(bytes[start..<index])), length: length - 1)
    }
    let parameterBytes = bytes[(start + 2)..<index]
    let sequence = Array(bytes[start...index])
    if parameterBytes.first == 0x3C {  // '<': SGR mouse report
      return .key(mouseKey(parameterBytes.dropFirst(), final: final), length: length)
    }
    let parameters = String(decoding: parameterBytes, as: UTF8.self)
      .split(separator: ";", omittingEmptySubsequences: false)
      .map { Int($0) }
    let first = parameters.first ?? nil
    let modifier = parameters.count > 1 ? (parameters[1] ?? 1) : 1
    let shifted = (modifier - 1) & 1 == 1
    let key: Key =
      switch final {
      case 0x41: shifted ? .shiftUp : .up
      case 0x42: shifted ? .shiftDown : .down
      case 0x43: shifted ? .shiftRight : .right
      case 0x44: shifted ? .shiftLeft : .left
      case 0x48: .home
      case 0x46: .end
      case 0x5A: .backTab
      case 0x7E:
        switch first {
        case 1, 7: .home
        case 4, 8: .end
        case 3: .delete
        case 5: .pageUp
        case 6: .pageDown
        default: .unknown(sequence)
        }
      default: .unknown(sequence)
      }
    return .key(key, length: length)
  }

  /// `ESC [ < button ; column ; row M|m`: buttons 64 and 65 are the wheel, plus modifier bits.
  private static func mouseKey(_ parameters: ArraySlice<UInt8>, final: UInt8) -> Key? {
    let fields = String(decoding: parameters, as: UTF8.self).split(separator: ";")
    guard let field = fields.first, let button = Int(field) else { return nil }
    switch button & ~0b1_1100 {  // drop Shift (4), Meta (8) and Ctrl (16)
    case 64: return .wheelUp
    case 65: return .wheelDown
    default: return nil  // clicks and motion: ignored
    }
  }
}
