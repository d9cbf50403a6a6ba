import Testing

@testable import Pickers

@Suite("Terminal graphics")
struct TerminalGraphicsTests {
  @Test("base64 matches the RFC 4648 test vectors")
  func base64Vectors() {
    let vectors = [
      ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
      ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
    ]
    for (input, output) in vectors {
      #expect(TerminalGraphics.base64(Array(input.utf8)) == output)
    }
  }

  @Test("a kitty answer and Device Attributes with 4 mean kitty and sixel")
  func detectBoth() {
    let answer = Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;4;22c".utf8)
    let detection = TerminalGraphics.parseDetection(answer)
    #expect(detection.supported == [.kitty, .sixel])
    #expect(detection.isComplete)
    #expect(detection.otherBytes.isEmpty)
  }

  @Test("Device Attributes alone (as tmux answers) mean no image protocol")
  func detectNone() {
    let detection = TerminalGraphics.parseDetection(Array("x\u{1B}[?1;2cy".utf8))
    #expect(detection.supported.isEmpty)
    #expect(detection.isComplete)
    #expect(detection.otherBytes == Array("xy".utf8))
    #expect(!TerminalGraphics.parseDetection(Array("\u{1B}[?62;".utf8)).isComplete)
  }

  @Test("a kitty error answer is not support")
  func detectKittyError() {
    let answer = Array("\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\\u{1B}[?62c".utf8)
    #expect(TerminalGraphics.parseDetection(answer).supported.isEmpty)
  }

  static func sampleImage(width: Int, height: Int) throws -> RGBAImage {
    var image = try RGBAImage(width: width, height: height, filledWith: .white)
    let palette = [
      RGBA8(red: 255, green: 0, blue: 0), RGBA8(red: 0, green: 51, blue: 204),
      RGBA8(red: 102, green: 255, blue: 153), RGBA8(red: 0, green: 0, blue: 0),
    ]
    for y in 0..<height {
      for x in 0..<width where (x * 7 + y * 3) % 5 != 0 {
        image.fill(x: x, y: y, width: 1, height: 1, with: palette[(x / 3 + y) % palette.count])
      }
    }
    return image
  }

  @Test("kitty chunks carry the RGBA bytes in base64, 4096 at a time, m=1 until the last")
  func kittyChunks() throws {
    let image = try Self.sampleImage(width: 40, height: 30)
    let escape = TerminalGraphics.kitty(image, columns: 4, rows: 2, id: 9)
    let chunks = escape.split(separator: "\u{1B}\\").map(String.init)
    #expect(chunks.count == (40 * 30 * 4 * 4 / 3 + 4095) / 4096)
    var payload = ""
    for (index, chunk) in chunks.enumerated() {
      #expect(chunk.hasPrefix("\u{1B}_G"))
      let parts = chunk.dropFirst(3).split(separator: ";", maxSplits: 1)
      let control = parts[0]
      #expect(control.hasSuffix(index == chunks.count - 1 ? "m=0" : "m=1"))
      if index == 0 { #expect(control.hasPrefix("a=T,f=32,s=40,v=30,c=4,r=2,i=9")) }
      #expect(parts[1].count <= 4096)
      payload += parts[1]
    }
    #expect(payload == TerminalGraphics.base64(image.bytes))
  }

  @Test("a sixel image, decoded by a reader written from the DEC spec, gives back the pixels")
  func sixelRoundTrip() throws {
    // Colors on the 6-level cube (0, 51, ..., 255) survive quantization exactly.
    let image = try Self.sampleImage(width: 23, height: 13)
    let decoded = try #require(SixelReader.decode(TerminalGraphics.sixel(image)))
    #expect(decoded.width == 23 && decoded.height == 13)
    for y in 0..<13 {
      for x in 0..<23 {
        let pixel = image[x, y]
        #expect(decoded.pixels[y * 23 + x] == [pixel.red, pixel.green, pixel.blue], "\(x),\(y)")
      }
    }
  }
}

/// Reads the subset of DEC sixel the encoder writes: raster attributes, RGB color definitions
/// in percent, color selection, sixel characters, repeats, `$` and `-`.
enum SixelReader {
  static func decode(_ text: String) -> (width: Int, height: Int, pixels: [[UInt8]])? {
    guard let start = text.firstRange(of: "q\""), text.hasSuffix("\u{1B}\\") else { return nil }
    var characters = Array(text[start.upperBound...].dropLast(2))[...]
    func number() -> Int {
      var value = 0
      while let next = characters.first, let digit = next.wholeNumberValue {
        value = value * 10 + digit
        characters = characters.dropFirst()
      }
      return value
    }
    func skip(_ character: Character) {
      if characters.first == character { characters = characters.dropFirst() }
    }
    _ = number()
    skip(";")
    _ = number()
    skip(";")
    let width = number()
    skip(";")
    let height = number()
    var palette: [Int: [UInt8]] = [:]
    var pixels = Array(repeating: [UInt8](repeating: 255, count: 3), count: width * height)
    var color: [UInt8] = [0, 0, 0]
    var x = 0
    var band = 0
    while let next = characters.first {
      characters = characters.dropFirst()
      switch next {
      case "#":
        let index = number()
        if characters.first == ";" {
          skip(";")
          _ = number()
          var rgb: [UInt8] = []
          for _ in 0..<3 {
            skip(";")
            rgb.append(UInt8((number() * 255 + 50) / 100))
          }
          palette[index] = rgb
        } else {
          color = palette[index] ?? [0, 0, 0]
        }
      case "$": x = 0
      case "-":
        x = 0
        band += 6
      case "!":
        let count = number()
        guard let sixel = characters.first else { return nil }
        characters = characters.dropFirst()
        for _ in 0..<count { paint(sixel) }
      default: paint(next)
      }
    }
    func paint(_ sixel: Character) {
      let bits = Int(sixel.asciiValue ?? 63) - 63
      for bit in 0..<6 where bits & (1 << bit) != 0 && band + bit < height && x < width {
        pixels[(band + bit) * width + x] = color
      }
      x += 1
    }
    return (width, height, pixels)
  }
}
