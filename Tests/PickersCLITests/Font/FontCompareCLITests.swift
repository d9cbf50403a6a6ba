import Glibc
import Pickers
import Testing

@Suite("pickers font compare")
struct FontCompareCLITests {
  /// The runs of scanlines with dark ink (the samples; labels are gray and lighter).
  static func inkBands(_ image: RGBAImage) -> [Range<Int>] {
    var bands: [Range<Int>] = []
    var start: Int?
    for y in 0..<image.height {
      let inked = (0..<image.width).contains { x in
        let pixel = image[x, y]
        return max(pixel.red, pixel.green, pixel.blue) < 90
      }
      if inked, start == nil { start = y }
      if !inked, let first = start {
        bands.append(first..<y)
        start = nil
      }
    }
    if let first = start { bands.append(first..<image.height) }
    return bands
  }

  @Test("three families make three ink bands, one inside each row")
  func threeBands() throws {
    let folder = try RenderOutputFolder()
    let path = folder.path + "/compare.png"
    let result = try runPickers([
      "font", "compare", "DejaVu Sans", "DejaVu Serif", "Noto Sans", "--text", "Hamburgefonstiv",
      "--size", "32", "-o", path,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let image = try RGBAImage(pngFile: path)
    let catalog = try FontCatalog(configFile: testFontsConf, cache: .disabled)
    let rowHeight = Specimen.rowHeight(
      sampleSize: 32, options: SpecimenOptions(labelFont: try catalog.labelFont()))
    #expect(image.height == 3 * rowHeight)
    let bands = Self.inkBands(image)
    #expect(bands.count == 3)
    for (row, band) in bands.enumerated() {
      #expect(band.lowerBound >= row * rowHeight && band.upperBound <= (row + 1) * rowHeight)
      // A 32 px sample with ascenders and a descender is at least half the size tall.
      #expect(band.count >= 16)
    }
  }

  @Test("a waterfall of two families has a row per size and family")
  func waterfall() throws {
    let folder = try RenderOutputFolder()
    let path = folder.path + "/w.png"
    let result = try runPickers([
      "font", "compare", "DejaVu Sans", "DejaVu Serif", "--text", "Hxg", "--waterfall", "-o", path,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Self.inkBands(try RGBAImage(pngFile: path)).count == 24)
  }
}
