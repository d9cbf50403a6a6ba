import Testing

@testable import Pickers

@Suite("One-color rounded rectangle fill")
struct CanvasFillTests {
  /// A canvas with a pattern of opaque, translucent and clear pixels to paint over.
  static func background(width: Int, height: Int, random: inout SplitMix64) throws -> Canvas {
    var canvas = try Canvas(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width where (x / 5 + y / 3) % 3 != 0 {
        let alpha: UInt8 = (x + y) % 2 == 0 ? 255 : UInt8.random(in: 1...254, using: &random)
        canvas.blend(
          x: x, y: y,
          color: RGBA8(
            red: .random(in: 0...255, using: &random), green: .random(in: 0...255, using: &random),
            blue: .random(in: 0...255, using: &random), alpha: alpha),
          coverage: 1)
      }
    }
    return canvas
  }

  @Test("gives the same bytes as the general paint fill, over any background and clipping")
  func sameAsPaintFill() throws {
    var random = SplitMix64(seed: 42)
    for _ in 0..<300 {
      let width = Int.random(in: 1...40, using: &random)
      let height = Int.random(in: 1...40, using: &random)
      let alphas: [UInt8] = [0, 1, 77, 128, 254, 255]
      let color = RGBA8(
        red: .random(in: 0...255, using: &random), green: .random(in: 0...255, using: &random),
        blue: .random(in: 0...255, using: &random),
        alpha: alphas[Int.random(in: 0..<alphas.count, using: &random)])
      let x = Int.random(in: -10...30, using: &random)
      let y = Int.random(in: -10...30, using: &random)
      let w = Int.random(in: 0...45, using: &random)
      let h = Int.random(in: 0...45, using: &random)
      let radius = [0, 0.5, 3, 7.25, 100][Int.random(in: 0..<5, using: &random)]
      var general = try Self.background(width: width, height: height, random: &random)
      var fast = general
      general.fillRoundedRect(x: x, y: y, width: w, height: h, radius: radius) { _, _ in color }
      fast.fillRoundedRect(x: x, y: y, width: w, height: h, radius: radius, color: color)
      #expect(fast.bytes == general.bytes, "\(color) at \(x),\(y) \(w)x\(h) r\(radius)")
    }
  }

  @Test("an opaque fill of a clear canvas is exactly the color inside and clear outside")
  func exactInside() throws {
    var canvas = try Canvas(width: 20, height: 10)
    let color = RGBA8(red: 30, green: 144, blue: 255)
    canvas.fillRoundedRect(x: 2, y: 1, width: 16, height: 8, radius: 0, color: color)
    for y in 0..<10 {
      for x in 0..<20 {
        let inside = (2..<18).contains(x) && (1..<9).contains(y)
        #expect(canvas[x, y] == (inside ? color : .clear))
      }
    }
  }
}
