import Testing

@testable import Pickers

@Suite("PNG stream writer")
struct PNGStreamWriterTests {
  typealias Support = PNGTestSupport

  /// Rows `start..<start + count` of `image` as a band.
  private func band(_ image: RGBAImage, from start: Int, count: Int) throws -> RGBAImage {
    let stride = image.width * 4
    return try RGBAImage(
      width: image.width, height: count,
      bytes: Array(image.bytes[start * stride..<(start + count) * stride]))
  }

  @Test("bands of different heights make the same pixels as the whole image")
  func bands() throws {
    let folder = Support.temporaryFolder()
    defer { Support.remove(folder) }
    let image = try Support.randomImage(width: 37, height: 50, seed: 3)
    let path = folder + "/sheet.png"
    let writer = try PNGStreamWriter(
      path: path, width: 37, height: 50, options: .init(compression: .fast))
    var row = 0
    for height in [1, 7, 13, 29] {
      #expect(!Support.exists(path), "the path appears only on finish")
      try writer.append(rows: try band(image, from: row, count: height))
      row += height
    }
    #expect(writer.rowsWritten == 50)
    try writer.finish()
    #expect(try RGBAImage(pngFile: path) == image)
    #expect(Support.entries(folder) == ["sheet.png"])
  }

  @Test("an opaque writer writes RGB that decodes to the same pixels and refuses translucent rows")
  func opaqueRGB() throws {
    let folder = Support.temporaryFolder()
    defer { Support.remove(folder) }
    var bytes = try Support.randomImage(width: 21, height: 10, seed: 9).bytes
    for alpha in stride(from: 3, to: bytes.count, by: 4) { bytes[alpha] = 255 }
    let image = try RGBAImage(width: 21, height: 10, bytes: bytes)
    let path = folder + "/rgb.png"
    let writer = try PNGStreamWriter(path: path, width: 21, height: 10, opaque: true)
    try writer.append(rows: try band(image, from: 0, count: 4))
    try writer.append(rows: try band(image, from: 4, count: 6))
    try writer.finish()
    let png = try readFile(path)
    // IHDR color type 2 (RGB), PNG specification section 11.2.2.
    #expect(png[25] == 2)
    #expect(try RGBAImage(pngFile: path) == image)

    let refused = try PNGStreamWriter(path: folder + "/no.png", width: 21, height: 10, opaque: true)
    try refused.append(rows: try band(image, from: 0, count: 4))
    var translucent = try band(image, from: 4, count: 6)
    translucent[5, 2] = RGBA8(red: 1, green: 2, blue: 3, alpha: 200)
    #expect(throws: PNGError.translucentRow(row: 6)) { try refused.append(rows: translucent) }
    #expect(Support.entries(folder) == ["rgb.png"])
  }

  @Test("while rows are written the old file stays whole and no other name appears")
  func noNameWhileWriting() throws {
    let folder = Support.temporaryFolder()
    defer { Support.remove(folder) }
    let path = folder + "/a.png"
    let old = try Support.randomImage(width: 3, height: 3, seed: 4)
    try old.writePNG(to: path)
    let writer = try PNGStreamWriter(path: path, width: 4, height: 4)
    try writer.append(rows: try RGBAImage(width: 4, height: 2, filledWith: .black))
    // A process killed now (even by SIGKILL) leaves exactly this folder behind.
    #expect(Support.entries(folder) == ["a.png"])
    #expect(try RGBAImage(pngFile: path) == old)
    try writer.append(rows: try RGBAImage(width: 4, height: 2, filledWith: .white))
    try writer.finish()
    #expect(try RGBAImage(pngFile: path)[3, 3] == .white)
    #expect(Support.entries(folder) == ["a.png"])
  }

  @Test("a writer dropped before finish leaves no file")
  func droppedWriter() throws {
    let folder = Support.temporaryFolder()
    defer { Support.remove(folder) }
    do {
      let writer = try PNGStreamWriter(path: folder + "/a.png", width: 4, height: 4)
      try writer.append(rows: try RGBAImage(width: 4, height: 2, filledWith: .black))
    }
    #expect(Support.entries(folder) == [])
  }

  @Test("wrong widths, extra rows and early finish are errors that remove the temporary file")
  func misuse() throws {
    let folder = Support.temporaryFolder()
    defer { Support.remove(folder) }
    let path = folder + "/b.png"
    let writer = try PNGStreamWriter(path: path, width: 4, height: 3)
    #expect(throws: PNGError.bandWidthMismatch(expected: 4, found: 5)) {
      try writer.append(rows: try RGBAImage(width: 5, height: 1))
    }
    #expect(throws: PNGError.tooManyRows(height: 3, appended: 4)) {
      try writer.append(rows: try RGBAImage(width: 4, height: 4))
    }
    try writer.append(rows: try RGBAImage(width: 4, height: 2))
    #expect(throws: PNGError.missingRows(height: 3, appended: 2)) { try writer.finish() }
    #expect(Support.entries(folder) == [])
    #expect(throws: PNGError.writerClosed(path: path)) {
      try writer.append(rows: try RGBAImage(width: 4, height: 1))
    }
  }

  @Test("a missing folder and an absurd size are reported before anything is written")
  func creationErrors() throws {
    #expect(
      throws: PNGError.unwritable(
        .folderMissing(path: "/nonexistent-pickers/x.png", folder: "/nonexistent-pickers"))
    ) {
      try PNGStreamWriter(path: "/nonexistent-pickers/x.png", width: 1, height: 1)
    }
    let folder = Support.temporaryFolder()
    defer { Support.remove(folder) }
    #expect(throws: PNGError.self) {
      try PNGStreamWriter(path: folder + "/big.png", width: 100_000, height: 100_000)
    }
    #expect(Support.entries(folder) == [])
  }
}
