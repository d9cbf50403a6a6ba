import Testing

@testable import Pickers

@Suite("PNG encode and decode")
struct PNGRoundTripTests {
  typealias Support = PNGTestSupport

  @Test(
    "random pixels survive encode then decode exactly, alpha included, at edge sizes",
    arguments: [(1, 1), (1, 17), (17, 1), (3, 5), (7, 7), (33, 9), (255, 3), (257, 31)])
  func randomRoundTrip(width: Int, height: Int) throws {
    for compression in PNGEncodingOptions.Compression.allCases {
      let image = try Support.randomImage(
        width: width, height: height, seed: UInt64(width * 1000 + height))
      let png = try image.pngData(options: .init(compression: compression))
      #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
      let decoded = try RGBAImage(pngData: png)
      #expect(decoded.width == width && decoded.height == height)
      #expect(decoded.bytes == image.bytes, "\(width)x\(height) \(compression)")
    }
  }

  @Test("every compression level gives a valid PNG, and .smallest is not larger than .fast")
  func compressionLevels() throws {
    let image = try Support.gradient(width: 512, height: 384)
    var sizes: [PNGEncodingOptions.Compression: Int] = [:]
    for compression in PNGEncodingOptions.Compression.allCases {
      let png = try image.pngData(options: .init(compression: compression))
      #expect(try RGBAImage(pngData: png) == image)
      sizes[compression] = png.count
    }
    let fast = try #require(sizes[.fast])
    let smallest = try #require(sizes[.smallest])
    let standard = try #require(sizes[.default])
    #expect(smallest <= fast)
    #expect(standard <= fast)
  }

  @Test("writePNG writes a file that decodes to the same pixels, and replaces an old one")
  func fileRoundTrip() throws {
    let folder = Support.temporaryFolder()
    defer { Support.remove(folder) }
    let path = folder + "/image.png"
    try Support.randomImage(width: 9, height: 4, seed: 1).writePNG(to: path)
    let image = try Support.randomImage(width: 31, height: 12, seed: 2)
    try image.writePNG(to: path)
    #expect(try RGBAImage(pngFile: path) == image)
    #expect(Support.entries(folder) == ["image.png"])
  }

  @Test("text chunks are stored as tEXt for ASCII and iTXt for other UTF-8")
  func textChunkKinds() throws {
    let image = try RGBAImage(width: 2, height: 2, filledWith: .white)
    let options = PNGEncodingOptions(title: "Swatch", description: "Überblick – 概要")
    let chunks = Support.chunks(of: try image.pngData(options: options))
    let texts = chunks.filter { $0.kind == "tEXt" }.map { String(decoding: $0.data, as: UTF8.self) }
    #expect(texts == ["Software\0pickers \(PickersLibrary.version)", "Title\0Swatch"])
    let international = chunks.filter { $0.kind == "iTXt" }
    #expect(international.count == 1)
    // iTXt: keyword, NUL, compression flag 0, method 0, empty language, NUL, empty key, NUL.
    let expected = Array("Description".utf8) + [0, 0, 0, 0, 0] + Array("Überblick – 概要".utf8)
    #expect(international.first?.data == expected)
    #expect(chunks.map(\.kind).first == "IHDR" && chunks.map(\.kind).last == "IEND")
  }

  @Test("a text with a NUL character is refused, and software nil writes no text at all")
  func textEdgeCases() throws {
    let image = try RGBAImage(width: 1, height: 1)
    #expect(throws: PNGError.invalidText(keyword: "Title")) {
      try image.pngData(options: .init(title: "a\0b"))
    }
    let bare = try image.pngData(options: .init(software: nil))
    #expect(!Support.chunks(of: bare).contains { $0.kind == "tEXt" || $0.kind == "iTXt" })
  }

  @Test(
    "Pillow reads the text chunks and the pixels written",
    .enabled(if: PNGTestSupport.pythonWithPillow != nil, "needs python3 with Pillow"))
  func pillowReadsTextAndPixels() throws {
    let python = try #require(Support.pythonWithPillow)
    let folder = Support.temporaryFolder()
    defer { Support.remove(folder) }
    let path = folder + "/text.png"
    let image = try Support.randomImage(width: 5, height: 3, seed: 7)
    try image.writePNG(
      to: path, options: .init(title: "Palette – Ocean", description: "Five colors"))
    let script = """
      import sys, json
      from PIL import Image
      im = Image.open(sys.argv[1])
      print(json.dumps({"info": {k: v for k, v in im.info.items() if isinstance(v, str)},
                        "rgba": im.convert("RGBA").tobytes().hex()}, sort_keys=True))
      """
    let result = Support.run([python, "-c", script, path])
    #expect(result.status == 0)
    let hex = image.bytes.map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }
    let expected = """
      {"info": {"Description": "Five colors", "Software": "pickers \(PickersLibrary.version)", \
      "Title": "Palette \\u2013 Ocean"}, "rgba": "\(hex.joined())"}

      """
    #expect(result.output == expected)
  }
}
