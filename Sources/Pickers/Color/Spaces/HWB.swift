/// HWB over sRGB: hue in degrees, whiteness and blackness 0...100.
enum HWB: ColorSpaceDefinition {
  static let space = ColorSpace.hwb
  static let base: ColorSpace? = .srgb
  static let row = ColorSpaceRow(
    channels: (
      ColorChannel.hue(decimals: 4),
      ColorChannel("w", .other, 0...100, decimals: 4, percentSign: true),
      ColorChannel("b", .other, 0...100, decimals: 4, percentSign: true)
    ),
    gamut: .srgb,
    function: CSSForm(
      name: "hwb", labels: ("hue", "whiteness", "blackness"), isLegacy: true))

  /// Source: CSS Color 4 section 8.1 (hwbToRgb.js): whiteness + blackness >= 100% is a gray.
  static func toBase(_ hwb: Vector3) -> Vector3 {
    let white = hwb.y / 100
    let black = hwb.z / 100
    if white + black >= 1 {
      let gray = white / (white + black)
      return Vector3(gray, gray, gray)
    }
    let pure = HSL.toBase(Vector3(hwb.x, 100, 50))
    let scale = 1 - white - black
    return Vector3(pure.x * scale + white, pure.y * scale + white, pure.z * scale + white)
  }

  /// Source: CSS Color 4 section 8.1 (rgbToHwb.js).
  static func fromBase(_ rgb: Vector3) -> Vector3 { fromBase(rgb, Hue.Parts(rgb)) }

  /// ``fromBase(_:)`` with the parts HSL, HSV and HWB share computed beforehand.
  @inline(__always)
  static func fromBase(_ rgb: Vector3, _ parts: Hue.Parts) -> Vector3 {
    let delta = parts.delta
    let white = parts.low
    let black = 1 - parts.high
    let hue = delta == 0 || white + black >= 1 ? .nan : parts.hue
    return Vector3(hue, white * 100, black * 100)
  }
}
