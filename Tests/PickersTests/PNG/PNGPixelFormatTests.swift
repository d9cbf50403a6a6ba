import Testing

@testable import Pickers

@Suite("PNG pixel format reduction")
struct PNGPixelFormatTests {
  /// The IHDR's bit depth and color type (PNG specification, section 11.2.2: bytes 24 and 25
  /// of the file; color types 0 gray, 2 RGB, 3 palette, 6 RGBA).
  static func header(_ png: [UInt8]) -> (depth: UInt8, colorType: UInt8) {
    (png[24], png[25])
  }

  static func image(width: Int, height: Int, _ pixel: (Int, Int) -> RGBA8) throws -> RGBAImage {
    var bytes: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width {
        let color = pixel(x, y)
        bytes += [color.red, color.green, color.blue, color.alpha]
      }
    }
    return try RGBAImage(width: width, height: height, bytes: bytes)
  }

  @Test(
    "each image is written in the smallest format and decodes to exactly the same RGBA bytes",
    arguments: [
      ("one color", 1 as UInt8, 3 as UInt8),
      ("three colors, one translucent", 2, 3),
      ("sixteen colors", 4, 3),
      ("opaque gray ramp", 8, 0),
      ("200 translucent colors", 8, 3),
      ("opaque color gradient", 8, 2),
      ("translucent gradient", 8, 6),
    ])
  func reduction(name: String, depth: UInt8, colorType: UInt8) throws {
    let image: RGBAImage
    switch name {
    case "one color":
      image = try Self.image(width: 256, height: 256) { _, _ in
        RGBA8(red: 52, green: 120, blue: 246)
      }
    case "three colors, one translucent":
      let colors = [RGBA8.white, RGBA8(red: 9, green: 8, blue: 7, alpha: 100), .black]
      image = try Self.image(width: 33, height: 7) { x, y in colors[(x + y) % 3] }
    case "sixteen colors":
      image = try Self.image(width: 19, height: 5) { x, y in
        RGBA8(red: UInt8((x * 5 + y) % 16 * 16), green: 1, blue: 2)
      }
    case "opaque gray ramp":
      image = try Self.image(width: 300, height: 3) { x, _ in
        RGBA8(red: UInt8(x % 256), green: UInt8(x % 256), blue: UInt8(x % 256))
      }
    case "200 translucent colors":
      image = try Self.image(width: 200, height: 2) { x, _ in
        RGBA8(red: UInt8(x), green: 3, blue: 4, alpha: UInt8(255 - x))
      }
    case "opaque color gradient":
      image = try Self.image(width: 300, height: 40) { x, y in
        RGBA8(red: UInt8(x % 256), green: UInt8(y * 6), blue: 9)
      }
    default:
      image = try Self.image(width: 300, height: 40) { x, y in
        RGBA8(red: UInt8(x % 256), green: UInt8(y * 6), blue: 9, alpha: UInt8(x % 200))
      }
    }
    for compression in PNGEncodingOptions.Compression.allCases {
      let png = try image.pngData(options: .init(compression: compression))
      let header = Self.header(png)
      #expect(header.depth == depth && header.colorType == colorType, "\(name) \(compression)")
      #expect(try RGBAImage(pngData: png) == image, "\(name) \(compression)")
    }
  }

  @Test("a row that does not fill its last byte decodes without stray pixels")
  func partialBytes() throws {
    let colors = [RGBA8.black, .white]
    for width in [1, 2, 7, 9, 15, 17] {
      let image = try Self.image(width: width, height: 3) { x, y in colors[(x * 3 + y) % 2] }
      let png = try image.pngData()
      #expect(Self.header(png).depth == 1 && Self.header(png).colorType == 3)
      #expect(try RGBAImage(pngData: png) == image, "width \(width)")
    }
  }

  @Test(
    "gray scanlines get the format and packed rows the RGBA reduction gives the same picture",
    arguments: [2, 16, 17, 200])
  func grayScanlines(levels: Int) throws {
    let (width, height) = (37, 30)
    var canvas = try GrayCanvas(width: width, height: height, level: 255)
    // Rows 0-9 and 25-29 stay blank (rows repeating the one above); between them, `levels`
    // levels with the background.
    let mask = (0..<width * 15).map { UInt8($0 % levels == 0 ? 0 : $0 % levels * 255 / levels) }
    canvas.drawMask(mask, maskWidth: width, maskHeight: 15, x: 0, y: 10, level: 0)
    let (format, packed) = PNGPixelFormat.reduce(grayScanlines: canvas.scanlines, width: width)
    let (expectedFormat, expectedRows) = PNGPixelFormat.reduce(canvas.image)
    #expect(format == expectedFormat)
    if case .gray = expectedFormat.kind {
      #expect(packed == nil, "the scanlines are the image data")
    } else {
      #expect(packed == expectedRows)
    }
  }
}
