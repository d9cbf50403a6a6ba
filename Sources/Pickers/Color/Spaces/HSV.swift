/// HSV (also called HSB) over sRGB: hue in degrees, saturation and value 0...100.
///
/// Not a CSS space; printed as `color(--hsv h s v)`, the form coloraide uses.
enum HSV: ColorSpaceDefinition {
  static let space = ColorSpace.hsv
  static let base: ColorSpace? = .srgb
  static let row = ColorSpaceRow(
    channels: (
      ColorChannel.hue(decimals: 4), ColorChannel("s", .other, 0...100, decimals: 4),
      ColorChannel("v", .other, 0...100, decimals: 4)
    ),
    gamut: .srgb,
    colorFunction: CSSForm(name: "--hsv", labels: ("hue", "saturation", "value")),
    isCSSColorSpace: false)

  static func toBase(_ hsv: Vector3) -> Vector3 {
    let hue = Polar.normalizedHue(hsv.x)
    let saturation = hsv.y / 100
    let value = hsv.z / 100
    func f(_ n: Double) -> Double {
      let k = (n + hue / 60).truncatingRemainder(dividingBy: 6)
      return value - value * saturation * max(0, min(k, 4 - k, 1))
    }
    return Vector3(f(5), f(3), f(1))
  }

  static func fromBase(_ rgb: Vector3) -> Vector3 { fromBase(rgb, Hue.Parts(rgb)) }

  /// ``fromBase(_:)`` with the parts HSL, HSV and HWB share computed beforehand.
  @inline(__always)
  static func fromBase(_ rgb: Vector3, _ parts: Hue.Parts) -> Vector3 {
    let high = parts.high
    let delta = parts.delta
    let saturation = high == 0 ? 0 : delta / high
    let hue = delta == 0 || saturation < 1e-12 ? .nan : parts.hue
    return Vector3(hue, saturation * 100, high * 100)
  }
}
