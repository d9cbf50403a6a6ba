import Glibc
import Testing

@testable import Pickers

/// The fuzzer's PNG seeds (`Fuzz/Corpus/png`, written by `make-seeds.py` from the PNG
/// specification), each named after its one defect.
enum CorruptPNG {
  static let folder: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(4)  // ReliabilityCorruptPNGTests.swift, Reliability, PickersTests, Tests
    return parts.joined(separator: "/") + "/Fuzz/Corpus/png"
  }()

  static func bytes(_ name: String) throws -> [UInt8] { try readFile(folder + "/" + name) }

  /// Every corrupt seed and a piece of the message libpng or the decoder gives for it.
  static let expectations: [(file: String, message: String)] = [
    ("truncated-half.png", "the data ends too early"),
    ("truncated-signature.png", "not a PNG file"),
    ("empty.png", "the data is empty"),
    ("not-a-png.png", "not a PNG file"),
    ("bad-crc-ihdr.png", "IHDR: CRC error"),
    ("bad-crc-idat.png", "IDAT: CRC error"),
    ("bad-zlib.png", "IDAT"),
    ("zlib-too-short.png", "not enough image data"),
    ("zero-width.png", "IHDR"),
    ("absurd-dimensions.png", "1000000x1000000 is over the limit of 100 megapixels"),
    ("over-pixel-limit.png", "20000x10000 is over the limit of 100 megapixels"),
    ("huge-chunk-length.png", "the data ends too early"),
    ("palette-index-out-of-range.png", "palette index 255 is out of range"),
    ("palette-missing.png", "Missing PLTE"),
    ("bad-bit-depth.png", "IHDR"),
    ("no-idat.png", "IEND"),
  ]
}

@Suite("Corrupt PNG input", .tags(.reliability))
struct ReliabilityCorruptPNGTests {
  @Test("each corrupt PNG is an error naming its defect", arguments: CorruptPNG.expectations)
  func corrupt(_ file: String, _ message: String) throws {
    let data = try CorruptPNG.bytes(file)
    #expect {
      _ = try RGBAImage(pngData: data)
    } throws: { error in
      "\(error)".contains(message)
    }
  }

  @Test("valid seeds decode to the pixels written into them")
  func valid() throws {
    let rgba = try RGBAImage(pngData: try CorruptPNG.bytes("valid-rgba-2x2.png"))
    #expect(rgba.width == 2 && rgba.height == 2)
    #expect(rgba.bytes == [UInt8](repeating: 0x80, count: 16))
    let palette = try RGBAImage(pngData: try CorruptPNG.bytes("valid-palette-2x2.png"))
    #expect(palette[0, 0] == RGBA8(red: 255, green: 0, blue: 0))
    #expect(palette[1, 0] == RGBA8(red: 0, green: 255, blue: 0))
  }

  @Test("ancillary chunks that are huge or malformed are skipped; the image decodes")
  func ancillary() throws {
    for file in ["huge-text-chunk.png", "malformed-text-chunk.png"] {
      let image = try RGBAImage(pngData: try CorruptPNG.bytes(file))
      #expect(image.bytes == [UInt8](repeating: 0x80, count: 16))
    }
  }

  // Regression (fuzz-png): a 44-byte file whose tEXt chunk declares 2 GiB made libpng malloc
  // 2 GiB before reading it. Lengths past the end of the data are now refused up front.
  @Test("a chunk length past the end of the data is refused before libpng allocates it")
  func declaredLengthPastEnd() throws {
    let data = try CorruptPNG.bytes("huge-chunk-length.png")
    #expect(data.count == 44)
    #expect(throws: PNGError.cannotDecode(source: nil, message: "the data ends too early")) {
      _ = try RGBAImage(pngData: data)
    }
  }

  @Test("bytes after IEND are not read: a PNG with trailing garbage still decodes")
  func trailingData() throws {
    let data = try CorruptPNG.bytes("valid-rgba-2x2.png") + [0xFF, 0xFF, 0xFF, 0xFF, 0x41, 0x42]
    let image = try RGBAImage(pngData: data)
    #expect(image.bytes == [UInt8](repeating: 0x80, count: 16))
  }

  @Test("every prefix of a valid PNG is an error, or the whole image once all of IDAT is in")
  func everyPrefix() throws {
    let data = try CorruptPNG.bytes("valid-palette-2x2.png")
    let whole = try RGBAImage(pngData: data)
    let iend = 12  // length, "IEND", CRC: libpng does not need it to return the pixels
    for length in 0..<data.count {
      let prefix = Array(data.prefix(length))
      if length >= data.count - iend {
        #expect(try RGBAImage(pngData: prefix) == whole, "prefix of \(length) bytes")
      } else {
        #expect(throws: PNGError.self, "prefix of \(length) bytes") {
          _ = try RGBAImage(pngData: prefix)
        }
      }
    }
  }
}
