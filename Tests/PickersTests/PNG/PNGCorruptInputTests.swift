import Testing

@testable import Pickers

@Suite("PNG decoding of corrupt input")
struct PNGCorruptInputTests {
  typealias Support = PNGTestSupport
  typealias Chunks = [(kind: String, data: [UInt8])]

  /// A valid 13 x 9 RGBA PNG written by Pillow.
  static let valid: [UInt8] = (try? readFile(PNGTestSupport.fixtures + "/rgba8.png")) ?? []

  /// The valid PNG's chunks, changed by `edit` and reassembled with correct CRCs.
  static func edited(_ edit: (inout Chunks) -> Void) -> [UInt8] {
    var chunks = PNGTestSupport.chunks(of: valid)
    edit(&chunks)
    return PNGTestSupport.assemble(chunks)
  }

  static func header(width: UInt32, height: UInt32, depth: UInt8 = 8, colorType: UInt8 = 6)
    -> [UInt8]
  {
    PNGTestSupport.bigEndian(width) + PNGTestSupport.bigEndian(height)
      + [depth, colorType, 0, 0, 0]
  }

  /// Each case: a name and bytes that no decoder should accept as a full, valid image.
  static let cases: [(String, [UInt8])] = [
    ("empty file", []),
    ("not a PNG", Array("GIF89a, not a PNG at all, long enough to fill a header".utf8)),
    ("signature only", Array(valid.prefix(8))),
    ("truncated inside IHDR", Array(valid.prefix(20))),
    ("truncated inside IDAT", Array(valid.prefix(valid.count / 2 + 20))),
    (
      "bad CRC on IHDR",
      {
        var bytes = valid
        bytes[29] ^= 0xFF  // the last byte of IHDR's CRC
        return bytes
      }()
    ),
    (
      "bad CRC on IDAT",
      {
        var bytes = valid
        bytes[bytes.count - 13] ^= 0x55  // the last byte of IDAT's CRC, before IEND
        return bytes
      }()
    ),
    (
      "bad zlib data in IDAT",
      edited { chunks in
        for index in chunks.indices where chunks[index].kind == "IDAT" {
          chunks[index].data = [0x78, 0x9C] + (0..<200).map { UInt8(($0 * 89 + 7) & 0xff) }
        }
      }
    ),
    (
      "zlib stream that ends early",
      edited { chunks in
        for index in chunks.indices where chunks[index].kind == "IDAT" {
          chunks[index].data = Array(chunks[index].data.prefix(chunks[index].data.count / 3))
        }
      }
    ),
    (
      "zero width",
      edited { $0[0].data = header(width: 0, height: 9) }
    ),
    (
      "width over 2^31",
      edited { $0[0].data = header(width: 0x8000_0000, height: 9) }
    ),
    (
      "invalid bit depth",
      edited { $0[0].data = header(width: 13, height: 9, depth: 7) }
    ),
    (
      "invalid color type",
      edited { $0[0].data = header(width: 13, height: 9, colorType: 5) }
    ),
    (
      "chunk length over 2^31",
      Array(valid.prefix(33)) + [0xFF, 0xFF, 0xFF, 0xF0] + Array("tEXt".utf8) + [1, 2, 3]
    ),
    (
      "ancillary chunk declaring 100 MB that is not there",
      Array(valid.prefix(33)) + [0x05, 0xF5, 0xE1, 0x00] + Array("zzXz".utf8)
        + Array(valid.dropFirst(33))
    ),
    (
      "palette index out of range",
      {
        // A 4-entry palette, 8-bit indices up to 200.
        let rows = (0..<4).flatMap { row in [UInt8(0)] + (0..<4).map { UInt8($0 * 50 + row) } }
        return PNGTestSupport.assemble([
          ("IHDR", header(width: 4, height: 4, colorType: 3)),
          ("PLTE", [UInt8](repeating: 200, count: 12)),
          ("IDAT", storedZlib(rows)),
          ("IEND", []),
        ])
      }()
    ),
    (
      "palette image without PLTE",
      PNGTestSupport.assemble([
        ("IHDR", header(width: 2, height: 1, colorType: 3)),
        ("IDAT", storedZlib([0, 0, 0])),
        ("IEND", []),
      ])
    ),
  ]

  /// A zlib stream holding `data` in one stored (uncompressed) block, with its Adler-32.
  static func storedZlib(_ data: [UInt8]) -> [UInt8] {
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in data {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    let length = UInt16(data.count)
    return [
      0x78, 0x01, 0x01, UInt8(length & 0xff), UInt8(length >> 8), UInt8(~length & 0xff),
      UInt8(~length >> 8),
    ] + data + PNGTestSupport.bigEndian(b << 16 | a)
  }

  @Test("each corrupt input is a PNGError carrying libpng's message", arguments: cases.indices)
  func corrupt(index: Int) {
    let (name, bytes) = Self.cases[index]
    #expect(Self.valid.count > 100, "fixture present")
    do {
      let image = try RGBAImage(pngData: bytes)
      Issue.record("\(name): decoded a \(image.width)x\(image.height) image")
    } catch {
      guard case .cannotDecode(nil, let message) = error else {
        Issue.record("\(name): unexpected \(error)")
        return
      }
      #expect(!message.isEmpty, "\(name)")
      #expect(error.description.hasPrefix("cannot decode PNG data: "), "\(name)")
    }
  }

  @Test("absurd dimensions are refused from the header, before any pixel memory")
  func absurdDimensions() {
    let bytes = Self.edited { $0[0].data = Self.header(width: 100_000, height: 100_000) }
    #expect(
      throws: PNGError.imageTooLarge(
        source: nil, .tooLarge(width: 100_000, height: 100_000, limit: 100_000_000))
    ) {
      try RGBAImage(pngData: bytes)
    }
  }

  @Test("a PNG whose IEND chunk is missing decodes to its complete pixels")
  func missingEnd() throws {
    let image = try RGBAImage(pngData: Array(Self.valid.dropLast(12)))
    #expect(image == (try RGBAImage(pngFile: PNGTestSupport.fixtures + "/rgba8.png")))
  }

  @Test("a 9 MB text chunk, over libpng's 8 MB chunk limit, is skipped and the image decodes")
  func hugeTextChunk() throws {
    let text = Array("Comment".utf8) + [0] + [UInt8](repeating: 0x61, count: 9_000_000)
    let bytes = Self.edited { $0.insert(("tEXt", text), at: 1) }
    let image = try RGBAImage(pngData: bytes)
    #expect(image == (try RGBAImage(pngFile: PNGTestSupport.fixtures + "/rgba8.png")))
  }

  @Test("a compressed text chunk that inflates to 10 MB does not stop a valid image")
  func textBomb() throws {
    // zTXt: keyword, NUL, method 0, then a deflate bomb of 10 MB of zeros (over libpng's
    // 8 MB limit for one chunk). The bomb was checked once against Python's zlib.
    let bomb = Self.deflateBombOfZeros(copies: 40_000)
    let bytes = Self.edited { chunks in
      chunks.insert(("zTXt", Array("Comment".utf8) + [0, 0] + bomb), at: 1)
    }
    #expect(bytes.count < 70_000)
    let image = try RGBAImage(pngData: bytes)
    #expect(image == (try RGBAImage(pngFile: PNGTestSupport.fixtures + "/rgba8.png")))
  }

  /// A zlib stream of one fixed-Huffman block: literal 0, then `copies` copies of
  /// (length 258, distance 1), then end of block: 1 + 258 * copies zero bytes.
  static func deflateBombOfZeros(copies: Int) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var accumulator: UInt32 = 0
    var count = 0
    func bits(_ value: UInt32, _ length: Int) {  // LSB first
      accumulator |= value << count
      count += length
      while count >= 8 {
        out.append(UInt8(accumulator & 0xff))
        accumulator >>= 8
        count -= 8
      }
    }
    func huffman(_ code: UInt32, _ length: Int) {  // Huffman codes go MSB first
      var reversed: UInt32 = 0
      for bit in 0..<length where code & (1 << bit) != 0 { reversed |= 1 << (length - 1 - bit) }
      bits(reversed, length)
    }
    bits(1, 1)  // final block
    bits(1, 2)  // fixed Huffman
    huffman(0x30, 8)  // literal 0
    for _ in 0..<copies {
      huffman(0xC5, 8)  // length code 285 = 258: codes 280...287 are 11000000 + (n - 280)
      huffman(0, 5)  // distance code 0 = 1
    }
    huffman(0, 7)  // end of block, code 256
    if count > 0 { out.append(UInt8(accumulator & 0xff)) }
    var a: UInt32 = 1
    var b: UInt32 = 0
    // Adler-32 of 1 + 258 * copies zero bytes: a stays 1, b grows by 1 per byte.
    let total = UInt32(1 + 258 * copies)
    b = total % 65_521
    a = 1
    return out + PNGTestSupport.bigEndian(b << 16 | a)
  }
}
