import Glibc
import Testing

@testable import Pickers

/// A temporary folder for files a test writes, removed with its contents afterwards.
struct TemporaryFolder: ~Copyable {
  let path: String

  init() throws {
    var template = Array("/tmp/pickers-render-XXXXXX".utf8CString)
    guard mkdtemp(&template) != nil else { throw ExternalTool.Failure(description: "mkdtemp") }
    path = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  deinit {
    if let folder = opendir(path) {
      while let entry = readdir(folder) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name != "." && name != ".." { unlink(path + "/" + name) }
      }
      closedir(folder)
    }
    rmdir(path)
  }

  /// The names of the files in the folder.
  func files() -> [String] {
    var names: [String] = []
    guard let folder = opendir(path) else { return [] }
    defer { closedir(folder) }
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }
}

@Suite("Swatches")
struct SwatchTests {
  static let colors = [
    RGBA8(red: 255, green: 136, blue: 0), RGBA8(red: 18, green: 52, blue: 86, alpha: 128),
    RGBA8(red: 0, green: 0, blue: 0, alpha: 0), RGBA8(red: 1, green: 254, blue: 7, alpha: 1),
  ]

  @Test("every swatch pixel of the decoded PNG equals its color exactly, alpha kept")
  func exactPixels() throws {
    var sheet = SwatchSheet(colors: Self.colors)
    sheet.swatchWidth = 20
    sheet.swatchHeight = 10
    sheet.columns = 3
    sheet.gap = 2
    let folder = try TemporaryFolder()
    let path = folder.path + "/swatch.png"
    try sheet.render().writePNG(to: path)
    let decoded = try RGBAImage(pngFile: path)
    #expect(decoded.width == 3 * 20 + 2 * 2)
    #expect(decoded.height == 2 * 10 + 2)
    for y in 0..<decoded.height {
      for x in 0..<decoded.width {
        let column = x / 22
        let row = y / 12
        let inGap = x % 22 >= 20 || y % 12 >= 10
        let index = row * 3 + column
        let expected = inGap || index >= Self.colors.count ? RGBA8.clear : Self.colors[index]
        #expect(decoded[x, y] == expected, "pixel \(x),\(y)")
      }
    }
  }

  @Test("rounded corners are transparent outside, anti-aliased on the edge, exact inside")
  func roundedCorners() throws {
    var sheet = SwatchSheet(colors: [RGBA8(red: 10, green: 20, blue: 30)])
    sheet.swatchWidth = 64
    sheet.swatchHeight = 64
    sheet.cornerRadius = 16
    let image = try sheet.render()
    #expect(image[0, 0] == .clear)
    #expect(image[63, 63] == .clear)
    #expect(image[32, 32] == RGBA8(red: 10, green: 20, blue: 30))
    #expect(image[32, 0] == RGBA8(red: 10, green: 20, blue: 30))
    // On the arc (45 degrees from the corner's center) coverage is partial.
    let edge = (0..<16).map { image[$0, $0].alpha }
    #expect(edge.contains { $0 > 0 && $0 < 255 })
    #expect(edge.first == 0)
    #expect(edge.last == 255)
  }

  @Test("labels are black on light colors and white on dark ones")
  func labelContrast() throws {
    var sheet = SwatchSheet(colors: [
      RGBA8(red: 255, green: 240, blue: 100), RGBA8(red: 10, green: 20, blue: 90),
    ])
    sheet.showsLabels = true
    sheet.labelFont = TestFonts.dejaVuSans
    let image = try sheet.render()
    func inkiest(_ x0: Int) -> RGBA8 {
      var best = image[x0, 0]
      var bestDistance = -1
      let background = image[x0 + 64, 5]
      for y in 64..<128 {
        for x in x0..<(x0 + 128) {
          let pixel = image[x, y]
          let distance =
            abs(Int(pixel.red) - Int(background.red))
            + abs(Int(pixel.green) - Int(background.green))
          if distance > bestDistance {
            bestDistance = distance
            best = pixel
          }
        }
      }
      return best
    }
    let onYellow = inkiest(0)
    let onNavy = inkiest(128)
    #expect(onYellow.red < 60 && onYellow.green < 60)
    #expect(onNavy.red > 200 && onNavy.green > 200)
    #expect(SwatchSheet.labelColor(on: RGBA8(red: 255, green: 255, blue: 0)) == .black)
    #expect(SwatchSheet.labelColor(on: RGBA8(red: 0, green: 0, blue: 128)) == .white)
  }

  @Test("a checkerboard shows through translucent swatches")
  func checkerboard() throws {
    var sheet = SwatchSheet(colors: [RGBA8(red: 255, green: 0, blue: 0, alpha: 128)])
    sheet.swatchWidth = 32
    sheet.swatchHeight = 32
    sheet.checkerboard = true
    let image = try sheet.render()
    #expect(image[2, 2].alpha == 255)
    #expect(image[2, 2] != image[10, 2])
    #expect(image[2, 2] == image[18, 2])
  }

  @Test("bad sizes, counts and limits are refused before drawing")
  func badInput() {
    #expect(throws: RenderError.noColors) { try SwatchSheet(colors: []).render() }
    var sheet = SwatchSheet(colors: [.black])
    sheet.swatchWidth = 0
    #expect(throws: RenderError.self) { try sheet.render() }
    sheet.swatchWidth = 16_384
    sheet.swatchHeight = 16_384
    sheet.columns = 1
    #expect(throws: RenderError.image(.tooLarge(width: 16_384, height: 16_384, limit: 100_000_000)))
    {
      try sheet.render()
    }
    var many = SwatchSheet(colors: Array(repeating: .white, count: 10_001))
    many.swatchWidth = 1
    #expect(throws: RenderError.tooManySwatches(count: 10_001, limit: 10_000)) {
      try many.render()
    }
    var negative = SwatchSheet(colors: [.black])
    negative.gap = -1
    #expect(throws: RenderError.self) { try negative.render() }
  }
}
