import Testing

@testable import Pickers

/// The hue and opacity strips' math against CSS: the strip's colors are the CSS colors
/// `hsl(H 100% 50%)` and `oklch(75% 0.15 H)` (whose conversions the color tests check against
/// the specification's sample code and coloraide), positions against the linear scale.
@Suite("Color strip")
struct ColorStripTests {
  @Test(
    "the HSV hue strip at a position is CSS hsl(H 100% 50%), H = position x 360",
    arguments: [0.0, 0.1, 1.0 / 6, 0.25, 1.0 / 3, 0.5, 2.0 / 3, 0.8, 0.95, 1])
  func hsvHue(position: Double) throws {
    let strip = ColorStrip(space: .rgb)
    #expect(strip == ColorStrip(space: .hsl))
    let hue = position * 360
    #expect(abs(strip.value(at: position) - hue) < 1e-9)
    #expect(abs(strip.position(of: hue) - position) < 1e-12)
    let css = try Color(css: "hsl(\(hue)deg 100% 50%)")
    #expect(strip.color(at: position).hex == css.hex)
  }

  @Test(
    "the OKLCH hue strip is CSS oklch(75% 0.15 H) where sRGB holds it, else the gamut's edge",
    arguments: stride(from: 0.0, through: 360, by: 15).map { $0 })
  func oklchHue(hue: Double) throws {
    let strip = ColorStrip(space: .oklch)
    let position = hue / 360
    #expect(abs(strip.value(at: position) - hue) < 1e-9)
    let color = strip.color(at: position)
    // Always a color the screen can show.
    let rgb = color.converted(to: .srgb).channels.values.map { $0 ?? 0 }
    #expect(rgb.allSatisfy { $0 > -1e-6 && $0 < 1 + 1e-6 }, "\(rgb)")
    let oklch = color.converted(to: .oklch).channels.values.map { $0 ?? 0 }
    #expect(abs(oklch[0] - 0.75) < 1e-9)
    let css = try Color(css: "oklch(75% 0.15 \(hue))")
    let cssRGB = css.converted(to: .srgb).channels.values.map { $0 ?? 0 }
    if cssRGB.allSatisfy({ $0 >= 0 && $0 <= 1 }) {
      #expect(color.hex == css.hex)
    } else {
      // Outside sRGB at 0.15: the strip takes the largest chroma inside, just under 0.15.
      #expect(oklch[1] < 0.15 && oklch[1] > 0.05, "\(oklch)")
      #expect(abs(oklch[2] - hue) < 1e-6 || abs(abs(oklch[2] - hue) - 360) < 1e-6)
    }
  }

  @Test("the opacity strip runs from opaque at the top to clear at the bottom, in the color")
  func opacity() throws {
    let base = try Color(css: "rgb(51 102 204 / 0.3)")
    let strip = ColorStrip(opacityOf: base)
    #expect(strip.range == 0...1)
    #expect(strip.value(at: 0) == 1)
    #expect(strip.value(at: 1) == 0)
    #expect(abs(strip.value(at: 0.25) - 0.75) < 1e-12)
    #expect(abs(strip.position(of: 0.4) - 0.6) < 1e-12)
    let color = strip.color(at: 0.25)
    // 0.75 x 255 = 191.25: alpha byte 0xbf.
    #expect(color.hex == "#3366ccbf")
    #expect(abs(color.alpha - 0.75) < 1e-12)
  }

  @Test("arrow steps: 1 degree or 0.01 opacity, ten with Shift, clamped at the ends")
  func steps() throws {
    let hue = ColorStrip(space: .oklch)
    #expect(hue.stepped(100, by: 1) == 101)
    #expect(hue.stepped(100, by: -1, large: true) == 90)
    #expect(hue.stepped(355, by: 1, large: true) == 360)
    #expect(hue.stepped(3, by: -1, large: true) == 0)
    let opacity = ColorStrip(opacityOf: .white)
    #expect(abs(opacity.stepped(0.5, by: 1) - 0.51) < 1e-12)
    #expect(abs(opacity.stepped(0.5, by: -1, large: true) - 0.4) < 1e-12)
    #expect(opacity.stepped(0.95, by: 1, large: true) == 1)
    // Positions outside the strip clamp to its ends.
    #expect(hue.value(at: -1) == 0 && hue.value(at: 2) == 360)
    #expect(hue.position(of: 400) == 1)
  }
}
