import Testing

@testable import Pickers

@Suite("RGBAImage")
struct RGBAImageTests {
  /// Porter-Duff source-over in Double, the reference the integer code must round to.
  private func reference(_ s: RGBA8, over d: RGBA8) -> (Double, Double, Double, Double) {
    let sa = Double(s.alpha) / 255
    let da = Double(d.alpha) / 255
    let oa = sa + da * (1 - sa)
    func channel(_ sc: UInt8, _ dc: UInt8) -> Double {
      oa == 0 ? 0 : (Double(sc) * sa + Double(dc) * da * (1 - sa)) / oa
    }
    return (
      channel(s.red, d.red), channel(s.green, d.green), channel(s.blue, d.blue), oa * 255
    )
  }

  @Test("source-over matches the Porter-Duff formula within rounding, over a grid of pixels")
  func sourceOverMatchesFormula() {
    let levels: [UInt8] = [0, 1, 17, 64, 127, 128, 200, 254, 255]
    for sa in levels {
      for da in levels {
        for (sc, dc) in [(UInt8(255), UInt8(0)), (10, 250), (128, 128), (0, 77)] {
          let s = RGBA8(red: sc, green: dc, blue: sc / 2, alpha: sa)
          let d = RGBA8(red: dc, green: sc, blue: dc / 3, alpha: da)
          let out = s.composited(over: d)
          let r = reference(s, over: d)
          #expect(abs(Double(out.alpha) - r.3) <= 0.5 + 1e-9, "alpha \(s) over \(d)")
          if out.alpha > 0 {
            #expect(abs(Double(out.red) - r.0) <= 1.0, "red \(s) over \(d)")
            #expect(abs(Double(out.green) - r.1) <= 1.0, "green \(s) over \(d)")
          }
        }
      }
    }
  }

  @Test("an opaque source replaces the destination and a transparent one leaves it")
  func extremes() {
    let d = RGBA8(red: 1, green: 2, blue: 3, alpha: 4)
    let s = RGBA8(red: 9, green: 8, blue: 7, alpha: 255)
    #expect(s.composited(over: d) == s)
    #expect(RGBA8(red: 9, green: 8, blue: 7, alpha: 0).composited(over: d) == d)
  }

  @Test("sizes are checked before allocation")
  func bounds() {
    #expect(throws: ImageError.emptyImage(width: 0, height: 5)) {
      try RGBAImage(width: 0, height: 5)
    }
    #expect(throws: ImageError.tooLarge(width: 20_000, height: 20_000, limit: 100_000_000)) {
      try RGBAImage(width: 20_000, height: 20_000)
    }
    #expect(throws: ImageError.self) { try RGBAImage(width: Int.max, height: 2) }
  }

  @Test("fill sets every pixel")
  func fill() throws {
    let color = RGBA8(red: 12, green: 34, blue: 56, alpha: 78)
    let image = try RGBAImage(width: 7, height: 3, filledWith: color)
    for y in 0..<3 { for x in 0..<7 { #expect(image[x, y] == color) } }
  }

  @Test("isUniform is true only when every pixel equals the first, whatever byte differs")
  func uniform() throws {
    let color = RGBA8(red: 12, green: 34, blue: 56, alpha: 78)
    #expect(try RGBAImage(width: 5, height: 4, filledWith: color).isUniform)
    #expect(try RGBAImage(width: 1, height: 1, filledWith: color).isUniform)
    for index in [0, 1, 2, 3, 4 * 7, 4 * 19 + 3] {
      var bytes = try RGBAImage(width: 5, height: 4, filledWith: color).bytes
      bytes[index] &+= 1
      #expect(try !RGBAImage(width: 5, height: 4, bytes: bytes).isUniform, "byte \(index)")
    }
  }
}
