/// HSL over sRGB: hue in degrees, saturation and lightness 0...100.
enum HSL: ColorSpaceDefinition {
  static let space = ColorSpace.hsl
  static let base: ColorSpace? = .srgb
  static let row = ColorSpaceRow(
    channels: (
      ColorChannel.hue(decimals: 4),
      ColorChannel("s", .colorfulness, 0...100, decimals: 4, percentSign: true),
      ColorChannel("l", .lightness, 0...100, decimals: 4, percentSign: true)
    ),
    gamut: .srgb,
    // CSS Color 4 §7: only a negative saturation is clamped.
    function: CSSForm(
      name: "hsl", alias: "hsla", labels: ("hue", "saturation", "lightness"),
      clamps: (nil, 0...Double.infinity, nil), commas: .percentagesAfterHue, isLegacy: true))

  /// Source: CSS Color 4 section 7.1 (hslToRgb.js), with s and l as 0...100.
  static func toBase(_ hsl: Vector3) -> Vector3 {
    let hue = Polar.normalizedHue(hsl.x)
    let saturation = hsl.y / 100
    let lightness = hsl.z / 100
    func f(_ n: Double) -> Double {
      let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
      let a = saturation * min(lightness, 1 - lightness)
      return lightness - a * max(-1, min(k - 3, 9 - k, 1))
    }
    return Vector3(f(0), f(8), f(4))
  }

  /// Source: CSS Color 4 section 7.1 (better-rgbToHsl.js): a negative saturation, possible
  /// for out-of-gamut input, is made positive by turning the hue around.
  static func fromBase(_ rgb: Vector3) -> Vector3 { fromBase(rgb, Hue.Parts(rgb)) }

  /// ``fromBase(_:)`` with the parts HSL, HSV and HWB share computed beforehand.
  @inline(__always)
  static func fromBase(_ rgb: Vector3, _ parts: Hue.Parts) -> Vector3 {
    let high = parts.high
    let low = parts.low
    var hue = Double.nan
    var saturation = 0.0
    let lightness = (low + high) / 2
    let delta = parts.delta
    if delta != 0 {
      saturation =
        (lightness == 0 || lightness == 1) ? 0 : (high - lightness) / min(lightness, 1 - lightness)
      hue = parts.hue
    }
    if saturation < 0 {
      hue = hue.isNaN ? hue : Polar.normalizedHue(hue + 180)
      saturation = -saturation
    }
    if saturation < 1e-12 { hue = .nan }
    return Vector3(hue, saturation * 100, lightness * 100)
  }
}

/// The hue shared by HSL, HSV and HWB.
enum Hue {
  /// What the three read from an sRGB value: its largest and smallest components, their
  /// difference, and the hue when the difference is not 0 (NaN when it is).
  struct Parts {
    var high: Double
    var low: Double
    var delta: Double
    var hue: Double

    @inline(__always)
    init(_ rgb: Vector3) {
      high = max(rgb.x, rgb.y, rgb.z)
      low = min(rgb.x, rgb.y, rgb.z)
      delta = high - low
      hue = delta != 0 ? Hue.fromRGB(rgb, high: high, delta: delta) : .nan
    }
  }

  /// Source: CSS Color 4 rgbToHue.js: the hue of an RGB triple whose max - min is `delta`.
  @inline(__always)
  static func fromRGB(_ rgb: Vector3, high: Double, delta: Double) -> Double {
    var hue: Double
    if high == rgb.x {
      hue = (rgb.y - rgb.z) / delta + (rgb.y < rgb.z ? 6 : 0)
    } else if high == rgb.y {
      hue = (rgb.z - rgb.x) / delta + 2
    } else {
      hue = (rgb.x - rgb.y) / delta + 4
    }
    hue *= 60
    return Polar.normalizedHue(hue)
  }
}
