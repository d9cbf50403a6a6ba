import Testing

@testable import Pickers

@Suite("Image quantizer")
struct ImageQuantizerTests {
  @Test("an image of known blocks gives those colors, most common first, with their shares")
  func blocks() throws {
    var image = try RGBAImage(
      width: 100, height: 100, filledWith: RGBA8(red: 0, green: 90, blue: 200))
    image.fill(x: 0, y: 0, width: 100, height: 30, with: RGBA8(red: 250, green: 200, blue: 20))
    image.fill(x: 0, y: 30, width: 10, height: 70, with: RGBA8(red: 200, green: 30, blue: 40))
    let colors = ImageQuantizer(count: 3).dominantColors(in: image)
    #expect(colors.map(\.color.hex) == ["#005ac8", "#fac814", "#c81e28"])
    #expect(colors.map(\.population) == [6300, 3000, 700])
    #expect(abs(colors[0].fraction - 0.63) < 1e-12)
  }

  @Test("transparent pixels are ignored; an all-transparent image has no colors")
  func transparency() throws {
    var image = try RGBAImage(width: 10, height: 10, filledWith: .clear)
    #expect(ImageQuantizer(count: 4).dominantColors(in: image).isEmpty)
    image.fill(x: 0, y: 0, width: 5, height: 10, with: RGBA8(red: 10, green: 200, blue: 10))
    let colors = ImageQuantizer(count: 4).dominantColors(in: image)
    #expect(colors.count == 1)
    #expect(colors[0].population == 50 && colors[0].fraction == 1)
    #expect(colors[0].color.hex == "#0ac80a")
  }

  @Test("a gradient's clusters cover all pixels and come back ordered by population")
  func gradient() throws {
    var bytes: [UInt8] = []
    for y in 0..<64 {
      for x in 0..<256 { bytes += [UInt8(x), UInt8(y * 4), UInt8(255 - x), 255] }
    }
    let image = try RGBAImage(width: 256, height: 64, bytes: bytes)
    let colors = ImageQuantizer(count: 6).dominantColors(in: image)
    #expect(colors.count == 6)
    #expect(colors.reduce(0) { $0 + $1.population } == 256 * 64)
    #expect(zip(colors, colors.dropFirst()).allSatisfy { $0.population >= $1.population })
  }

  @Test("the image's accent is the most colorful common color, not the largest gray")
  func accent() throws {
    var image = try RGBAImage(
      width: 50, height: 50, filledWith: RGBA8(red: 30, green: 30, blue: 32))
    image.fill(x: 0, y: 0, width: 50, height: 10, with: RGBA8(red: 0, green: 160, blue: 120))
    let colors = ImageQuantizer(count: 4).dominantColors(in: image)
    let accent = try #require(Theme.accent(from: colors))
    #expect(accent.hex == "#00a078")
  }
}

@Suite("Color-vision deficiency on colors")
struct SimulatedColorTests {
  @Test("simulation keeps black, white and grays (the matrices' rows sum to one)")
  func neutrals() {
    for deficiency in ColorVisionDeficiency.allCases {
      for gray in [Color.black, .white, .gray] {
        #expect(gray.simulating(deficiency).hex == gray.hex, "\(deficiency) \(gray.hex)")
      }
    }
  }

  @Test("red and green become hard to tell apart for deuteranopes, not for tritanopes")
  func confusion() throws {
    // A red and a green of equal lightness (OKLCH L 0.6): a textbook deuteranopic confusion pair.
    let red = Color(.oklch, 0.6, 0.12, 30)
    let green = Color(.oklch, 0.6, 0.12, 135)
    let blue = Color(.oklch, 0.6, 0.12, 260)
    let palette = [red, green, blue]
    let deutan = ColorVisionDeficiency.deuteranopia.confusablePairs(in: palette)
    #expect(deutan.map { [$0.first, $0.second] } == [[0, 1]])
    #expect(try #require(deutan.first).normalDifference > 0.15)
    #expect(ColorVisionDeficiency.tritanopia.confusablePairs(in: palette).isEmpty)
  }
}
