import Testing

@testable import Pickers

@Suite("Gamma-aware compositing")
struct CanvasTests {
  @Test("every 8-bit sRGB value survives the trip to linear light and back")
  func roundTrip() {
    for value in 0...255 {
      #expect(Gamma.encode(Gamma.toLinear[value]) == UInt8(value))
    }
  }

  @Test("half coverage of white over black is linear-light half gray (sRGB 187.5)")
  func halfCoverage() throws {
    // IEC 61966-2-1: linear 0.5 encodes to 1.055 * 0.5^(1/2.4) - 0.055 = 0.7354 -> 187.5.
    var canvas = try Canvas(width: 1, height: 1, fill: .black)
    canvas.blend(x: 0, y: 0, color: .white, coverage: 0.5)
    let pixel = canvas[0, 0]
    #expect((187...188).contains(pixel.red))
    #expect(pixel.red == pixel.green && pixel.green == pixel.blue)
    #expect(pixel.alpha == 255)
  }

  @Test("a translucent color over a transparent pixel keeps its channels and alpha exactly")
  func overClear() throws {
    var canvas = try Canvas(width: 2, height: 1)
    let color = RGBA8(red: 12, green: 200, blue: 99, alpha: 77)
    canvas.fillRect(x: 0, y: 0, width: 2, height: 1, color: color)
    #expect(canvas[0, 0] == color)
    #expect(canvas[1, 0] == color)
  }

  @Test("translucent over translucent follows source-over in linear light")
  func translucentOverTranslucent() throws {
    var canvas = try Canvas(
      width: 1, height: 1, fill: RGBA8(red: 0, green: 0, blue: 255, alpha: 128))
    canvas.blend(x: 0, y: 0, color: RGBA8(red: 255, green: 0, blue: 0, alpha: 128), coverage: 1)
    let pixel = canvas[0, 0]
    // Porter-Duff: alpha = a + b(1 - a) = 0.502 + 0.502 * 0.498 = 0.752 -> 192.
    #expect((191...193).contains(pixel.alpha))
    // Red weight a / out = 0.667 in linear light -> sRGB 0.838 -> 214; blue 0.333 -> 156.
    #expect((212...216).contains(pixel.red))
    #expect((154...158).contains(pixel.blue))
  }

  @Test("canvases over the pixel limit are refused before allocation")
  func limit() {
    #expect(throws: ImageError.tooLarge(width: 100_000, height: 100_000, limit: 100_000_000)) {
      try Canvas(width: 100_000, height: 100_000)
    }
    #expect(throws: ImageError.self) { try Canvas(width: 0, height: 5) }
    #expect(throws: ImageError.self) { try Canvas(width: Int.max, height: 2) }
  }
}
