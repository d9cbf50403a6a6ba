import Testing

@testable import Pickers

/// The 2-D color field's math against published values: HSV from the formula's textbook
/// points, the OKLCH gamut edge from the sRGB primaries' OKLCH coordinates (CSS Color 4,
/// culori and colorjs.io agree on them to four digits).
@Suite("Color field")
struct ColorFieldTests {
  @Test(
    "saturation x value points give the HSV colors of the textbook table",
    arguments: [
      (0.0, 1.0, 1.0, "#ff0000"), (120, 1, 1, "#00ff00"), (240, 1, 1, "#0000ff"),
      (60, 1, 1, "#ffff00"), (0, 0, 1, "#ffffff"), (0, 0, 0, "#000000"),
      (120, 0.5, 0.5, "#408040"), (300, 0.5, 1, "#ff80ff"),
    ])
  func hsv(hue: Double, saturation: Double, value: Double, hex: String) {
    let field = ColorField(space: .rgb, hue: hue)
    #expect(field.color(x: saturation, y: 1 - value).hex == hex)
    // And back: the point of that color is where it was taken from (hue aside).
    let point = field.point(of: field.color(x: saturation, y: 1 - value))
    #expect(abs(point.x - (value == 0 ? 0 : saturation)) < 1e-9)
    #expect(abs(point.y - (1 - value)) < 1e-9)
  }

  @Test(
    "the lightness x chroma field's gamut edge passes through the sRGB primaries",
    arguments: [
      // oklch of #ff0000 and #00ff00 (L, C, h). Not #0000ff: at its lightness and hue the
      // plane grazes the cube, red dips below 0 (by 0.0007) between chroma 0.266 and 0.313, so
      // the first edge from gray is at 0.266, not at the primary.
      (0.627_955, 0.257_683, 29.2339), (0.866_440, 0.294_827, 142.4953),
    ])
  func gamutEdge(lightness: Double, chroma: Double, hue: Double) {
    let edge = ColorField.maximumChroma(lightness: lightness, hue: hue)
    #expect(abs(edge - chroma) < 0.001, "\(edge)")
    let field = ColorField(space: .oklch, hue: hue)
    let x = chroma / ColorField.maximumFieldChroma
    #expect(field.isInSRGB(x: x * 0.99, y: 1 - lightness))
    #expect(!field.isInSRGB(x: min(x * 1.02, 1), y: 1 - lightness))
  }

  @Test("OKLCH points and colors round-trip; white and black have no chroma room")
  func oklchRoundTrip() {
    let field = ColorField(space: .oklch, hue: 200)
    let color = field.color(x: 0.25, y: 0.3)
    let channels = color.converted(to: .oklch).channels.values
    #expect(abs((channels[0] ?? 0) - 0.7) < 1e-12)
    #expect(abs((channels[1] ?? 0) - 0.1) < 1e-12)
    let point = field.point(of: color)
    #expect(abs(point.x - 0.25) < 1e-9 && abs(point.y - 0.3) < 1e-9)
    #expect(ColorField.maximumChroma(lightness: 1, hue: 200) == 0)
    #expect(ColorField.maximumChroma(lightness: 0, hue: 200) == 0)
    // Every HSV point is inside sRGB.
    #expect(ColorField(space: .hsl, hue: 10).isInSRGB(x: 1, y: 0))
  }
}
