import Testing

@testable import Pickers

@Suite("Contrast, difference, mixing, gamut mapping")
struct ColorMetricsTests {
  /// Sharma, Wu & Dalal (2005), Table 1: L1 a1 b1 L2 a2 b2 and deltaE00 for all 34 pairs.
  /// Source: https://hajim.rochester.edu/ece/sites/gsharma/ciede2000/dataNprograms/ciede2000testdata.txt
  static let sharma: [[Double]] = [
    [50.0000, 2.6772, -79.7751, 50.0000, 0.0000, -82.7485, 2.0425],
    [50.0000, 3.1571, -77.2803, 50.0000, 0.0000, -82.7485, 2.8615],
    [50.0000, 2.8361, -74.0200, 50.0000, 0.0000, -82.7485, 3.4412],
    [50.0000, -1.3802, -84.2814, 50.0000, 0.0000, -82.7485, 1.0000],
    [50.0000, -1.1848, -84.8006, 50.0000, 0.0000, -82.7485, 1.0000],
    [50.0000, -0.9009, -85.5211, 50.0000, 0.0000, -82.7485, 1.0000],
    [50.0000, 0.0000, 0.0000, 50.0000, -1.0000, 2.0000, 2.3669],
    [50.0000, -1.0000, 2.0000, 50.0000, 0.0000, 0.0000, 2.3669],
    [50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0009, 7.1792],
    [50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0010, 7.1792],
    [50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0011, 7.2195],
    [50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0012, 7.2195],
    [50.0000, -0.0010, 2.4900, 50.0000, 0.0009, -2.4900, 4.8045],
    [50.0000, -0.0010, 2.4900, 50.0000, 0.0010, -2.4900, 4.8045],
    [50.0000, -0.0010, 2.4900, 50.0000, 0.0011, -2.4900, 4.7461],
    [50.0000, 2.5000, 0.0000, 50.0000, 0.0000, -2.5000, 4.3065],
    [50.0000, 2.5000, 0.0000, 73.0000, 25.0000, -18.0000, 27.1492],
    [50.0000, 2.5000, 0.0000, 61.0000, -5.0000, 29.0000, 22.8977],
    [50.0000, 2.5000, 0.0000, 56.0000, -27.0000, -3.0000, 31.9030],
    [50.0000, 2.5000, 0.0000, 58.0000, 24.0000, 15.0000, 19.4535],
    [50.0000, 2.5000, 0.0000, 50.0000, 3.1736, 0.5854, 1.0000],
    [50.0000, 2.5000, 0.0000, 50.0000, 3.2972, 0.0000, 1.0000],
    [50.0000, 2.5000, 0.0000, 50.0000, 1.8634, 0.5757, 1.0000],
    [50.0000, 2.5000, 0.0000, 50.0000, 3.2592, 0.3350, 1.0000],
    [60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644],
    [63.0109, -31.0961, -5.8663, 62.8187, -29.7946, -4.0864, 1.2630],
    [61.2901, 3.7196, -5.3901, 61.4292, 2.2480, -4.9620, 1.8731],
    [35.0831, -44.1164, 3.7933, 35.0232, -40.0716, 1.5901, 1.8645],
    [22.7233, 20.0904, -46.6940, 23.0331, 14.9730, -42.5619, 2.0373],
    [36.4612, 47.8580, 18.3852, 36.2715, 50.5065, 21.2231, 1.4146],
    [90.8027, -2.0831, 1.4410, 91.1528, -1.6435, 0.0447, 1.4441],
    [90.9257, -0.5406, -0.9208, 88.6381, -0.8985, -0.7239, 1.5381],
    [6.7747, -0.2908, -2.4247, 5.8714, -0.0985, -2.2286, 0.6377],
    [2.0776, 0.0795, -1.1350, 0.9033, -0.0636, -0.5514, 0.9082],
  ]

  @Test("CIEDE2000 matches all 34 pairs of Sharma, Wu & Dalal to 4 decimals, both ways")
  func ciede2000() {
    #expect(Self.sharma.count == 34)
    for row in Self.sharma {
      let first = Vector3(row[0], row[1], row[2])
      let second = Vector3(row[3], row[4], row[5])
      #expect(abs(DeltaE.ciede2000(first, second) - row[6]) < 5e-5, "\(row)")
      #expect(abs(DeltaE.ciede2000(second, first) - row[6]) < 5e-5, "\(row)")
    }
  }

  @Test("deltaE through Color: 76 is Lab distance, OK is Oklab distance, identical is 0")
  func deltaEMethods() throws {
    let a = Color(.lab, 50, 10, 10)
    let b = Color(.lab, 53, 14, 10)
    #expect(abs(a.deltaE(to: b, method: .cie76) - 5) < 1e-9)
    #expect(abs(Color.black.deltaE(to: .white, method: .ok) - 1) < 1e-6)
    #expect(Color.teal.deltaE(to: .teal) == 0)
    let pair = Self.sharma[16]
    let deltaE = Color(.lab, pair[0], pair[1], pair[2])
      .deltaE(to: Color(.lab, pair[3], pair[4], pair[5]), method: .ciede2000)
    #expect(abs(deltaE - pair[6]) < 5e-5)
  }

  @Test("WCAG 2: black on white is 21:1, and the AA boundary is not rounded")
  func wcag() throws {
    #expect(abs(Color.black.contrastRatio(with: .white) - 21) < 1e-12)
    #expect(Color.white.contrastRatio(with: .white) == 1)
    // #777 on white is 4.48:1 (fails AA); #767676 is 4.54:1 (passes): WebAIM's classic pair.
    let light = try Color(css: "#777").wcagContrast(on: .white)
    #expect(abs(light.ratio - 4.478) < 1e-3)
    #expect(!light.aa && light.aaLarge && !light.aaa && !light.aaaLarge)
    let dark = try Color(css: "#767676").wcagContrast(on: .white)
    #expect(dark.ratio >= 4.5 && dark.aa && dark.aaaLarge && !dark.aaa)
    #expect(WCAGContrast(ratio: 7).aaa && !WCAGContrast(ratio: 6.99).aaa)
    #expect(WCAGContrast(ratio: 3).aaLarge && !WCAGContrast(ratio: 2.99).aaLarge)
    // WCAG's relative luminance of mid gray #808080 is 0.2158605.
    #expect(abs(Color.gray.relativeLuminance - 0.215_860_5) < 1e-7)
    // coloraide takes luminance from its XYZ matrix (0.2126729, 0.7151522, 0.0721750) where
    // WCAG writes 0.2126, 0.7152, 0.0722, so ratios agree to about 1e-3.
    for entry in ColoraideReference.shared.contrast {
      let ratio = try Color(css: entry.fg).wcagContrast(on: Color(css: entry.bg)).ratio
      #expect(abs(ratio - entry.wcag) < 1e-3, "\(entry.fg) on \(entry.bg)")
    }
  }

  @Test("a translucent text color is composited before its contrast is measured")
  func wcagTranslucent() {
    let ratio = Color.black.opacity(0.5).wcagContrast(on: .white).ratio
    let expected = Color(.srgb, 0.5, 0.5, 0.5).contrastRatio(with: .white)
    #expect(abs(ratio - expected) < 1e-12)
  }

  @Test("APCA Lc matches the keystone values published with 0.0.98G-4g")
  func apca() throws {
    // SAPC-APCA README, "Testing your implementation" (text first, then background).
    let cases: [(String, String, Double)] = [
      ("#888", "#fff", 63.056_469_930_209_424), ("#fff", "#888", -68.541_464_366_449_62),
      ("#000", "#aaa", 58.146_262_578_561_334), ("#aaa", "#000", -56.241_133_368_397_42),
      ("#123", "#def", 91.668_308_114_816_31), ("#def", "#123", -93.067_700_494_842_75),
    ]
    for (text, background, expected) in cases {
      let lc = try Color(css: text).apcaContrast(on: Color(css: background))
      #expect(abs(lc - expected) < 1e-9, "\(text) on \(background): \(lc)")
    }
    #expect(Color.gray.apcaContrast(on: .gray) == 0)
  }

  @Test("color-mix agrees with coloraide in every space and hue method (204 mixes)")
  func mixAgreesWithColoraide() throws {
    for entry in ColoraideReference.shared.mixes {
      let space = try #require(ColorSpace(rawValue: entry.space))
      let hue = try #require(HueInterpolation(rawValue: entry.hue))
      let mixed = try Color(css: entry.a).mixed(
        with: Color(css: entry.b), by: entry.amount, in: space, hue: hue)
      #expect(abs(mixed.alpha - entry.alpha) < 1e-9)
      let scale = [.lab, .lch, .hsl].contains(space) ? 100.0 : 1
      for index in 0..<3 {
        let label =
          "\(entry.a) + \(entry.b) in \(entry.space) \(entry.hue) \(entry.amount) [\(index)]"
        if index == space.hueIndex, let a = mixed.channels[index], let b = entry.channels[index] {
          let difference = abs(a - b)
          #expect(min(difference, 360 - difference) < 1e-4, "\(label): \(a) vs \(b)")
        } else if index != space.hueIndex {
          #expect(close(mixed.channels[index], entry.channels[index], 2e-7 * scale), "\(label)")
        }
      }
    }
  }

  @Test("mixing follows CSS Color 4 for missing and powerless components")
  func mixMissing() throws {
    // A missing hue takes the other color's (CSS Color 4 section 12.3).
    let a = try Color(css: "oklch(0.5 0.1 none)")
    let b = try Color(css: "oklch(0.7 0.2 120)")
    #expect(close(a.mixed(with: b, in: .oklch).channels.c2, 120, 1e-12))
    // White has a powerless hue in Oklch, so the mix keeps blue's hue.
    let blueHue = Color.blue.converted(to: .oklch).channels.c2
    #expect(close(Color.white.mixed(with: .blue, in: .oklch).channels.c2, blueHue, 1e-9))
    // Missing in both stays missing.
    let c = try Color(css: "oklch(0.6 0.1 none)")
    #expect(a.mixed(with: c, in: .oklch).channels.c2 == nil)
    // Carried forward: sRGB red is missing, so the red of the mix in linear sRGB is the
    // other color's.
    let d = try Color(css: "rgb(none 0 0)")
    #expect(close(d.mixed(with: .white, in: .srgbLinear).channels.c0, 1, 1e-12))
    // Hue interpolation methods on a 30 -> 300 pair.
    let h1 = Color(.oklch, 0.6, 0.1, 30)
    let h2 = Color(.oklch, 0.6, 0.1, 300)
    let expected: [(HueInterpolation, Double)] = [
      (.shorter, 345), (.longer, 165), (.increasing, 165), (.decreasing, 345),
    ]
    for (method, hue) in expected {
      #expect(close(h1.mixed(with: h2, in: .oklch, hue: method).channels.c2, hue, 1e-9))
    }
    // Premultiplied: a transparent color does not tint the mix.
    let clear = Color.red.opacity(0)
    let mix = clear.mixed(with: .blue, by: 0.5, in: .srgb)
    #expect(close(mix.channels.c0, 0, 1e-12) && close(mix.channels.c2, 1, 1e-12))
    #expect(abs(mix.alpha - 0.5) < 1e-12)
  }

  @Test("compositing over an opaque color gives the exact source-over result")
  func compositing() {
    let half = Color.black.opacity(0.5).composited(over: .white)
    #expect(half.alpha == 1)
    #expect(close(half.channels.c0, 0.5, 1e-15))
    // Agrees with the 8-bit compositor of RGBAImage within rounding, over a grid.
    for red in stride(from: 0, through: 255, by: 51) {
      for alpha in stride(from: 0, through: 255, by: 17) {
        let source = RGBA8(red: UInt8(red), green: 200, blue: 10, alpha: UInt8(alpha))
        let destination = RGBA8(red: 30, green: 60, blue: 250, alpha: 255)
        let exact = Color(source).composited(over: Color(destination)).rgba8
        let eightBit = source.composited(over: destination)
        #expect(abs(Int(exact.red) - Int(eightBit.red)) <= 1)
        #expect(abs(Int(exact.blue) - Int(eightBit.blue)) <= 1)
        #expect(exact.alpha == 255)
      }
    }
    let translucent = Color.red.opacity(0.5).composited(over: Color.blue.opacity(0.5))
    #expect(abs(translucent.alpha - 0.75) < 1e-15)
  }

  @Test("gamut mapping gives in-gamut sRGB that matches coloraide's CSS algorithm")
  func gamutMapping() throws {
    var outOfGamut = 0
    for entry in ColoraideReference.shared.conversions {
      let color = try Color(css: entry.input)
      #expect(color.isInGamut() == entry.inSRGBGamut, "\(entry.input)")
      if !entry.inSRGBGamut { outOfGamut += 1 }
      let mapped = color.gamutMapped(to: .srgb)
      #expect(mapped.isInGamut())
      // Hex from the mapped value: each channel within one 8-bit step of coloraide's.
      let ours = color.rgba8
      let theirs = try Color(css: entry.hex).rgba8
      #expect(
        abs(Int(ours.red) - Int(theirs.red)) <= 1 && abs(Int(ours.green) - Int(theirs.green)) <= 1
          && abs(Int(ours.blue) - Int(theirs.blue)) <= 1,
        "\(entry.input): \(color.hex) vs \(entry.hex)")
    }
    #expect(outOfGamut >= 10)
    // Lightness at or past 100% maps to white, at or below 0% to black (section 13.2 steps 3, 4).
    #expect(try Color(css: "oklch(1 0.3 30)").hex == "#ffffff")
    #expect(try Color(css: "lab(0 100 100)").hex == "#000000")
    #expect(try Color(css: "color(display-p3 1 0 0)").isInGamut(of: .displayP3))
    #expect(try !Color(css: "color(display-p3 1 0 0)").isInGamut())
    #expect(try Color(css: "oklch(0.7 0.1 200)").isInGamut(of: .lab))
  }

  @Test("nearest CSS name: exact for every named color, and close ones snap to it")
  func nearestName() throws {
    for entry in NamedColors.table {
      let color = Color(rgb: entry.rgb)
      #expect(NamedColors.names(for: entry.rgb).contains(color.nearestCSSName))
      #expect(NamedColors.names(for: entry.rgb).first == color.cssName)
    }
    #expect(try Color(css: "#fe0102").nearestCSSName == "red")
    #expect(try Color(css: "#123456").cssName == nil)
    #expect(Color.clear.cssName == "transparent")
  }
}
