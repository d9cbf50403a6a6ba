import Glibc
import Testing

@testable import Pickers

@Suite("PNG image data compressed in pieces")
struct PNGDeflateStreamTests {
  typealias Support = PNGTestSupport

  /// White with black bars (flat rows, written unfiltered) above random noise (written with
  /// the Up filter): both row filters and several compressed pieces in one image.
  static func mixedImage(width: Int, height: Int) throws -> RGBAImage {
    let noise = try Support.randomImage(width: width, height: height, seed: 11)
    var bytes = noise.bytes
    for y in 0..<height / 2 {
      for x in 0..<width {
        let ink: UInt8 = (x / 7 + y / 5) % 4 == 0 ? 0 : 255
        bytes.replaceSubrange(
          (y * width + x) * 4..<(y * width + x + 1) * 4, with: [ink, ink, ink, 255])
      }
    }
    return try RGBAImage(width: width, height: height, bytes: bytes)
  }

  /// Compresses `rowCount` rows of 1 KiB (flat runs for the first 300, then random bytes) in
  /// `parts` (first row, end row, Up filter) and checks that Python's zlib inflates the result
  /// to exactly the PNG scanlines computed from the specification.
  ///
  /// With `framed` the rows are given as scanlines already (a 0 in front of each row), as a
  /// gray canvas holds them.
  @discardableResult
  private func inflatesToScanlines(
    level: Int32, rowCount: Int, parts: [(Int, Int, Bool)], minimumPiece: Int = 128 << 10,
    allowsLibdeflate: Bool = true, framed: Bool = false
  ) throws -> Bool {
    var generator = SplitMix64(seed: 5)
    let rowBytes = 1024
    var input: [UInt8] = []
    for index in 0..<rowCount * rowBytes {
      let flat = UInt8(index / 4096 % 3)
      input.append(index < 300 * rowBytes ? flat : UInt8.random(in: 0...255, using: &generator))
    }
    // Pieces of 128 KiB, so that 650 rows of 1 KiB are compressed in five at once.
    let stream = try PNGDeflateStream(
      level: level, memoryLevel: 8, concurrency: 5, minimumPiece: minimumPiece,
      allowsLibdeflate: allowsLibdeflate)
    var compressed: [UInt8] = []
    var expected: [UInt8] = []
    for (first, end, up) in parts {
      var rows = Array(input[first * rowBytes..<end * rowBytes])
      if framed {
        rows = (first..<end).flatMap { [0] + input[$0 * rowBytes..<($0 + 1) * rowBytes] }
      }
      let above = first == 0 ? [] : Array(input[(first - 1) * rowBytes..<first * rowBytes])
      compressed += try rows.withUnsafeBytes { rows in
        try above.withUnsafeBytes { above in
          try Result { () throws(PNGError) in
            try stream.compress(
              rows: rows, rowBytes: rowBytes, rowCount: end - first,
              above: above.isEmpty ? nil : above, up: up, last: end == rowCount, framed: framed)
          }.get()
        }
      }
      // The scanlines by the PNG specification: filter type, then the bytes (Up: minus above).
      for row in first..<end {
        expected.append(up ? 2 : 0)
        for column in 0..<rowBytes {
          let value = input[row * rowBytes + column]
          let prior = row == 0 ? 0 : input[(row - 1) * rowBytes + column]
          expected.append(up ? value &- prior : value)
        }
      }
    }
    #expect(stream.finished)
    let folder = Support.temporaryFolder()
    defer { Support.remove(folder) }
    Support.write(compressed, to: folder + "/data.z")
    // zlib.decompress checks the header and the Adler-32 trailer.
    let script =
      "import sys, zlib; sys.stdout.write(zlib.decompress(open(sys.argv[1], 'rb').read()).hex())"
    let result = Support.run(["/usr/bin/python3", "-c", script, folder + "/data.z"])
    #expect(result.status == 0)
    let hex = expected.map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }
    #expect(result.output == hex.joined())
    return stream.compressedWhole
  }

  @Test("libdeflate takes a whole image of up to 16 MiB of scanlines; a larger one stays with zlib")
  func libdeflateBound() throws {
    let installed = access("/usr/lib/x86_64-linux-gnu/libdeflate.so.0", R_OK) == 0
    let rowBytes = 4_095  // 4 KiB scanlines with the filter byte
    for (rowCount, whole) in [(4_096, installed), (4_097, false)] {
      let rows = [UInt8](repeating: 7, count: rowBytes * rowCount)
      let stream = try PNGDeflateStream(level: 1, memoryLevel: 8, concurrency: 1)
      let data = try rows.withUnsafeBytes { rows in
        try Result { () throws(PNGError) in
          try stream.compress(
            rows: rows, rowBytes: rowBytes, rowCount: rowCount, above: nil, up: false,
            last: true)
        }.get()
      }
      #expect(stream.finished)
      #expect(stream.compressedWhole == whole, "\(rowCount) rows")
      #expect(data.count > 6 && data[0] == 0x78, "a zlib stream")
    }
  }

  @Test(
    "a whole image in one piece, by libdeflate or by zlib, is one zlib stream Python inflates",
    .enabled(if: access("/usr/bin/python3", X_OK) == 0, "needs /usr/bin/python3"),
    arguments: [(Int32(6), false), (6, true), (1, false), (1, true)])
  func wholeImageInflates(level: Int32, up: Bool) throws {
    let installed = access("/usr/lib/x86_64-linux-gnu/libdeflate.so.0", R_OK) == 0
    // 700 rows of 1 KiB in one call: one piece at the default 1 MiB.
    let byLibdeflate = try inflatesToScanlines(
      level: level, rowCount: 700, parts: [(0, 700, up)], minimumPiece: 1 << 20)
    #expect(byLibdeflate == installed)
    let byZlib = try inflatesToScanlines(
      level: level, rowCount: 700, parts: [(0, 700, up)], minimumPiece: 1 << 20,
      allowsLibdeflate: false)
    #expect(!byZlib)
  }

  @Test(
    "rows given as scanlines (a 0 in front of each) inflate to the same scanlines, compressed in place or filtered",
    .enabled(if: access("/usr/bin/python3", X_OK) == 0, "needs /usr/bin/python3"),
    arguments: [(Int32(6), false), (6, true), (1, false)])
  func framedRowsInflate(level: Int32, up: Bool) throws {
    let installed = access("/usr/lib/x86_64-linux-gnu/libdeflate.so.0", R_OK) == 0
    let whole = try inflatesToScanlines(
      level: level, rowCount: 700, parts: [(0, 700, up)], minimumPiece: 1 << 20, framed: true)
    #expect(whole == installed)
    let byZlib = try inflatesToScanlines(
      level: level, rowCount: 700, parts: [(0, 700, up)], minimumPiece: 1 << 20,
      allowsLibdeflate: false, framed: true)
    #expect(!byZlib)
    // Several parts and five pieces at once, each piece starting in the middle of the rows.
    try inflatesToScanlines(
      level: level, rowCount: 700, parts: [(0, 1, false), (1, 650, up), (650, 700, false)],
      framed: true)
  }

  @Test("scanlines whose first byte is not 0 are refused, not compressed as they are")
  func framedRowsNeedZeroFrames() throws {
    let rowBytes = 16
    var scanlines = [UInt8](repeating: 9, count: (rowBytes + 1) * 4)
    for row in 0..<4 { scanlines[row * (rowBytes + 1)] = 0 }
    scanlines[2 * (rowBytes + 1)] = 2
    let stream = try PNGDeflateStream(level: 6, memoryLevel: 8, concurrency: 1)
    #expect(throws: PNGError.self) {
      try scanlines.withUnsafeBytes { rows in
        try Result { () throws(PNGError) in
          try stream.compress(
            rows: rows, rowBytes: rowBytes, rowCount: 4, above: nil, up: false, last: true,
            framed: true)
        }.get()
      }
    }
  }

  @Test(
    "rows compressed in three parts, five pieces at once, are one zlib stream Python inflates",
    .enabled(if: access("/usr/bin/python3", X_OK) == 0, "needs /usr/bin/python3"))
  func piecesInflate() throws {
    try inflatesToScanlines(
      level: 6, rowCount: 700, parts: [(0, 1, false), (1, 650, true), (650, 700, false)])
  }

  @Test(
    "at level 1 a large unfiltered batch (smaller hash table) and filtered batches inflate too",
    .enabled(if: access("/usr/bin/python3", X_OK) == 0, "needs /usr/bin/python3"))
  func smallHashInflates() throws {
    try inflatesToScanlines(
      level: 1, rowCount: 1_400,
      parts: [(0, 10, true), (10, 1_100, false), (1_100, 1_400, true)])
  }

  @Test(
    "a streamed image of flat and noisy bands, large enough for several pieces, reads back the same in Pillow",
    .enabled(if: PNGTestSupport.pythonWithPillow != nil, "needs python3 with Pillow"))
  func pillowReadsStreamedBands() throws {
    let python = try #require(Support.pythonWithPillow)
    let folder = Support.temporaryFolder()
    defer { Support.remove(folder) }
    let (width, height) = (300, 600)
    let image = try Self.mixedImage(width: width, height: height)
    for compression in [PNGEncodingOptions.Compression.fast, .default] {
      let path = folder + "/\(compression).png"
      let writer = try PNGStreamWriter(
        path: path, width: width, height: height, options: .init(compression: compression))
      var row = 0
      for count in [1, 299, 50, 250] {
        let stride = width * 4
        try writer.append(
          rows: try RGBAImage(
            width: width, height: count,
            bytes: Array(image.bytes[row * stride..<(row + count) * stride])))
        row += count
      }
      try writer.finish()
      let script = """
        import sys
        from PIL import Image
        sys.stdout.write(Image.open(sys.argv[1]).convert("RGBA").tobytes().hex())
        """
      let result = Support.run([python, "-c", script, path])
      #expect(result.status == 0)
      let hex = image.bytes.map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }
      #expect(result.output == hex.joined(), "\(compression)")
      #expect(try RGBAImage(pngFile: path) == image, "\(compression)")
    }
  }

  @Test("the whole-image encoder gives back the same pixels at every compression")
  func wholeImage() throws {
    let image = try Self.mixedImage(width: 257, height: 300)
    for compression in PNGEncodingOptions.Compression.allCases {
      let png = try image.pngData(options: .init(compression: compression))
      #expect(try RGBAImage(pngData: png) == image, "\(compression)")
    }
  }
}
