#if canImport(Glibc)
  import Glibc
#endif

/// Conversions between the picker's three spaces, through sRGB (channels 0...1, unclamped).
///
/// A stand-in until the library's `Color` conversions are wired in; OKLab matrices are Björn
/// Ottosson's published ones (https://bottosson.github.io/posts/oklab/).
enum PickerColorMath {
  static func toSRGB(_ values: [Double], in space: PickerSpace) -> [Double] {
    switch space {
    case .rgb: return values.map { $0 / 255 }
    case .hsl:
      return hslToSRGB(hue: values[0], saturation: values[1] / 100, lightness: values[2] / 100)
    case .oklch:
      let (l, c, h) = (values[0] / 100, values[1], values[2] * .pi / 180)
      return oklabToSRGB(l, c * cos(h), c * sin(h))
    }
  }

  static func fromSRGB(_ rgb: [Double], to space: PickerSpace) -> [Double] {
    switch space {
    case .rgb: return rgb.map { $0 * 255 }
    case .hsl:
      let (h, s, l) = srgbToHSL(rgb)
      return [h, s * 100, l * 100]
    case .oklch:
      let lab = srgbToOKLab(rgb)
      let chroma = (lab[1] * lab[1] + lab[2] * lab[2]).squareRoot()
      var hue = atan2(lab[2], lab[1]) * 180 / .pi
      if hue < 0 { hue += 360 }
      return [lab[0] * 100, chroma, chroma < 0.000_1 ? 0 : hue]
    }
  }

  static func hslToSRGB(hue: Double, saturation: Double, lightness: Double) -> [Double] {
    func channel(_ n: Double) -> Double {
      let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
      let a = saturation * min(lightness, 1 - lightness)
      return lightness - a * max(-1, min(k - 3, 9 - k, 1))
    }
    return [channel(0), channel(8), channel(4)]
  }

  static func srgbToHSL(_ rgb: [Double]) -> (Double, Double, Double) {
    let (r, g, b) = (rgb[0], rgb[1], rgb[2])
    let high = max(r, g, b)
    let low = min(r, g, b)
    let lightness = (high + low) / 2
    let delta = high - low
    guard delta > 1e-9 else { return (0, 0, lightness) }
    let saturation =
      lightness == 0 || lightness == 1 ? 0 : (high - lightness) / min(lightness, 1 - lightness)
    var hue: Double
    switch high {
    case r: hue = (g - b) / delta + (g < b ? 6 : 0)
    case g: hue = (b - r) / delta + 2
    default: hue = (r - g) / delta + 4
    }
    hue *= 60
    return (hue, saturation, lightness)
  }

  static func linear(_ value: Double) -> Double {
    let magnitude = abs(value)
    let result = magnitude <= 0.040_45 ? magnitude / 12.92 : pow((magnitude + 0.055) / 1.055, 2.4)
    return value < 0 ? -result : result
  }

  static func gamma(_ value: Double) -> Double {
    let magnitude = abs(value)
    let result =
      magnitude <= 0.003_130_8 ? magnitude * 12.92 : 1.055 * pow(magnitude, 1 / 2.4) - 0.055
    return value < 0 ? -result : result
  }

  static func srgbToOKLab(_ rgb: [Double]) -> [Double] {
    let (r, g, b) = (linear(rgb[0]), linear(rgb[1]), linear(rgb[2]))
    let l = cbrt(0.412_221_470_8 * r + 0.536_332_536_3 * g + 0.051_445_992_9 * b)
    let m = cbrt(0.211_903_498_2 * r + 0.680_699_545_1 * g + 0.107_396_956_6 * b)
    let s = cbrt(0.088_302_461_9 * r + 0.281_718_837_6 * g + 0.629_978_700_5 * b)
    return [
      0.210_454_255_3 * l + 0.793_617_785_0 * m - 0.004_072_046_8 * s,
      1.977_998_495_1 * l - 2.428_592_205_0 * m + 0.450_593_709_9 * s,
      0.025_904_037_1 * l + 0.782_771_766_2 * m - 0.808_675_766_0 * s,
    ]
  }

  static func oklabToSRGB(_ lightness: Double, _ a: Double, _ b: Double) -> [Double] {
    let l = pow(lightness + 0.396_337_777_4 * a + 0.215_803_757_3 * b, 3)
    let m = pow(lightness - 0.105_561_345_8 * a - 0.063_854_172_8 * b, 3)
    let s = pow(lightness - 0.089_484_177_5 * a - 1.291_485_548_0 * b, 3)
    return [
      gamma(4.076_741_662_1 * l - 3.307_711_591_3 * m + 0.230_969_929_2 * s),
      gamma(-1.268_438_004_6 * l + 2.609_757_401_1 * m - 0.341_319_396_5 * s),
      gamma(-0.004_196_086_3 * l - 0.703_418_614_7 * m + 1.707_614_701_0 * s),
    ]
  }

  /// WCAG 2 relative luminance of an sRGB color (channels clamped to 0...1).
  static func luminance(_ rgb: [Double]) -> Double {
    let channels = rgb.map { linear(min(max($0, 0), 1)) }
    return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
  }

  /// The WCAG 2 contrast ratio between two luminances, 1...21.
  static func contrast(_ first: Double, _ second: Double) -> Double {
    (max(first, second) + 0.05) / (min(first, second) + 0.05)
  }
}
