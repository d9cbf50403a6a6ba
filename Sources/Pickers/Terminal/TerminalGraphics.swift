/// The ways a terminal can show pixels.
public enum ImageProtocol: String, Hashable, Sendable, CaseIterable {
  /// The kitty graphics protocol (kitty, WezTerm, Ghostty, Konsole).
  case kitty
  /// DEC sixel graphics (xterm -ti vt340, foot, mlterm, WezTerm, recent tmux builds).
  case sixel
}

/// What the font picker's `--preview` asks for.
public enum PreviewMode: String, Hashable, Sendable, CaseIterable {
  /// Ask the terminal what it supports.
  case auto
  /// Use the kitty graphics protocol without asking.
  case kitty
  /// Use sixel without asking.
  case sixel
  /// Show a text-only preview.
  case none
}

/// Detection and encoding of terminal images.
///
///     let escape = TerminalGraphics.kitty(image, columns: 60, rows: 4, id: 7)
///     terminal.write(ANSI.moveTo(row: 20, column: 1) + escape)
public enum TerminalGraphics {
  /// A kitty graphics query (a 1x1 image that is not stored) followed by Primary Device
  /// Attributes: every terminal answers the latter, so its answer ends the wait; a kitty
  /// answer before it means kitty graphics work, and attribute 4 in it means sixel.
  public static let detectionQuery = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c"

  /// What the answer to ``detectionQuery`` says.
  public struct Detection: Hashable, Sendable {
    /// The protocols the terminal claims, kitty preferred.
    public var supported: [ImageProtocol]
    /// Whether the Device Attributes answer (which ends the answer) has arrived.
    public var isComplete: Bool
    /// Bytes that were not part of an answer (keys typed meanwhile), in order.
    public var otherBytes: [UInt8]
  }

  /// Reads the terminal's answers to ``detectionQuery`` out of `bytes`.
  ///
  /// - Parameter bytes: What the terminal sent since the query.
  /// - Returns: The protocols seen, whether the answer is complete, and the other bytes.
  public static func parseDetection(_ bytes: [UInt8]) -> Detection {
    var supported: [ImageProtocol] = []
    var complete = false
    var other: [UInt8] = []
    var index = 0
    while index < bytes.count {
      // ESC _ G ... ESC \   (kitty graphics answer)
      if bytes[index] == 0x1B, index + 2 < bytes.count, bytes[index + 1] == 0x5F,
        bytes[index + 2] == 0x47
      {
        var end = index + 3
        while end + 1 < bytes.count, !(bytes[end] == 0x1B && bytes[end + 1] == 0x5C) { end += 1 }
        let body = String(decoding: bytes[(index + 3)..<min(end, bytes.count)], as: UTF8.self)
        if body.hasSuffix(";OK") || body.contains(";OK") { supported.append(.kitty) }
        index = end + 2
        continue
      }
      // ESC [ ? params c   (Primary Device Attributes)
      if bytes[index] == 0x1B, index + 2 < bytes.count, bytes[index + 1] == 0x5B,
        bytes[index + 2] == 0x3F
      {
        var end = index + 3
        while end < bytes.count, (0x30...0x3B).contains(bytes[end]) { end += 1 }
        if end < bytes.count, bytes[end] == 0x63 {
          let parameters = String(decoding: bytes[(index + 3)..<end], as: UTF8.self)
            .split(separator: ";")
          if parameters.contains("4") { supported.append(.sixel) }
          complete = true
          index = end + 1
          continue
        }
      }
      other.append(bytes[index])
      index += 1
    }
    return Detection(supported: supported, isComplete: complete, otherBytes: other)
  }

  /// A guess from the environment, used when the terminal did not answer in time.
  public static func guess(environment: [String: String]) -> ImageProtocol? {
    let term = environment["TERM"] ?? ""
    let program = environment["TERM_PROGRAM"] ?? ""
    if environment["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty" || term == "xterm-ghostty"
      || program == "WezTerm" || program == "ghostty"
    {
      return .kitty
    }
    if term.hasPrefix("foot") || term.hasPrefix("mlterm") { return .sixel }
    return nil
  }

  /// The kitty graphics escape that shows `image` scaled to `columns` x `rows` cells at the
  /// cursor, replacing the image with the same `id`; the cursor does not move.
  ///
  /// Pixels go as raw RGBA (`f=32`), base64 in chunks of 4096 bytes (`m=1` until the last).
  public static func kitty(_ image: RGBAImage, columns: Int, rows: Int, id: Int) -> String {
    let payload = base64(image.bytes)
    var output = ""
    var start = payload.startIndex
    var first = true
    while start < payload.endIndex {
      let end =
        payload.index(start, offsetBy: 4096, limitedBy: payload.endIndex) ?? payload.endIndex
      let more = end < payload.endIndex ? 1 : 0
      let control =
        first
        ? "a=T,f=32,s=\(image.width),v=\(image.height),c=\(columns),r=\(rows),i=\(id),C=1,q=2,m=\(more)"
        : "m=\(more)"
      output += "\u{1B}_G\(control);\(payload[start..<end])\u{1B}\\"
      start = end
      first = false
    }
    return output
  }

  /// The kitty graphics escape that deletes the image with `id`.
  public static func kittyDelete(id: Int) -> String {
    "\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\"
  }

  /// A sixel image of `image`, drawn over `background`, in a 6x6x6 color cube plus 24 grays.
  ///
  /// Each pixel takes the nearest of the 240 palette entries (no dithering: previews are text on
  /// a flat background, where dithering only adds noise). Rows of identical sixels are
  /// run-length encoded (`!n`).
  public static func sixel(_ image: RGBAImage, background: RGBA8 = .white) -> String {
    let levels = [0, 51, 102, 153, 204, 255]
    func level(_ value: UInt8) -> Int { (Int(value) + 25) / 51 }
    var indices = [UInt8](repeating: 0, count: image.width * image.height)
    for y in 0..<image.height {
      for x in 0..<image.width {
        let pixel = image[x, y].composited(over: background)
        let (r, g, b) = (Int(pixel.red), Int(pixel.green), Int(pixel.blue))
        let cube = 36 * level(pixel.red) + 6 * level(pixel.green) + level(pixel.blue)
        let average = (r + g + b) / 3
        let grayIndex = min(max((average - 3) / 10, 0), 23)
        let grayLevel = 8 + grayIndex * 10
        let cubeColor = [
          levels[level(pixel.red)], levels[level(pixel.green)], levels[level(pixel.blue)],
        ]
        let cubeError = zip([r, g, b], cubeColor).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
        let grayError = [r, g, b].reduce(0) { $0 + ($1 - grayLevel) * ($1 - grayLevel) }
        indices[y * image.width + x] = grayError < cubeError ? UInt8(216 + grayIndex) : UInt8(cube)
      }
    }
    var output = "\u{1B}P0;1;0q\"1;1;\(image.width);\(image.height)"
    var used = [Bool](repeating: false, count: 240)
    for index in indices { used[Int(index)] = true }
    for entry in 0..<240 where used[entry] {
      let rgb: [Int] =
        entry < 216
        ? [levels[entry / 36], levels[entry / 6 % 6], levels[entry % 6]]
        : Array(repeating: 8 + (entry - 216) * 10, count: 3)
      let percent = rgb.map { String(($0 * 100 + 127) / 255) }
      output += "#\(entry);2;" + percent.joined(separator: ";")
    }
    var band = 0
    while band < image.height {
      var colorsInBand: [Int] = []
      var seen = [Bool](repeating: false, count: 240)
      for y in band..<min(band + 6, image.height) {
        for x in 0..<image.width {
          let entry = Int(indices[y * image.width + x])
          if !seen[entry] {
            seen[entry] = true
            colorsInBand.append(entry)
          }
        }
      }
      for (position, entry) in colorsInBand.enumerated() {
        output += "#\(entry)"
        var run: UInt8 = 0
        var runLength = 0
        func emit() {
          guard runLength > 0 else { return }
          let character = Character(Unicode.Scalar(63 + run))
          output +=
            runLength > 3
            ? "!\(runLength)\(character)" : String(repeating: character, count: runLength)
        }
        for x in 0..<image.width {
          var bits: UInt8 = 0
          for bit in 0..<6 where band + bit < image.height {
            if Int(indices[(band + bit) * image.width + x]) == entry { bits |= 1 << UInt8(bit) }
          }
          if bits == run, runLength > 0 {
            runLength += 1
          } else {
            emit()
            run = bits
            runLength = 1
          }
        }
        emit()
        output += position == colorsInBand.count - 1 ? "-" : "$"
      }
      band += 6
    }
    return output + "\u{1B}\\"
  }

  /// Standard base64 (RFC 4648) with padding.
  static func base64(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index + 2 < bytes.count {
      let value =
        UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
      for shift in [18, 12, 6, 0] { output.append(alphabet[Int(value >> UInt32(shift) & 63)]) }
      index += 3
    }
    let remaining = bytes.count - index
    if remaining > 0 {
      var value = UInt32(bytes[index]) << 16
      if remaining == 2 { value |= UInt32(bytes[index + 1]) << 8 }
      output.append(alphabet[Int(value >> 18 & 63)])
      output.append(alphabet[Int(value >> 12 & 63)])
      output.append(remaining == 2 ? alphabet[Int(value >> 6 & 63)] : UInt8(ascii: "="))
      output.append(UInt8(ascii: "="))
    }
    return String(decoding: output, as: UTF8.self)
  }
}
