/// sRGB (IEC 61966-2-1): linear sRGB with the sRGB transfer curve.
enum SRGB: ColorSpaceDefinition {
  static let space = ColorSpace.srgb
  static let base: ColorSpace? = .srgbLinear
  static let row = ColorSpaceRow(
    channels: (
      ColorChannel("r", .red, 0...1, decimals: 3), ColorChannel("g", .green, 0...1, decimals: 3),
      ColorChannel("b", .blue, 0...1, decimals: 3)
    ),
    gamut: .srgb,
    // CSS Color 4 §5.1: channels 0-255 or percentages, clamped at parse time.
    function: CSSForm(
      name: "rgb", alias: "rgba", labels: ("red", "green", "blue"), scale: 255,
      clamps: (0...255, 0...255, 0...255), clampsRelative: false, commas: .oneKind,
      isLegacy: true),
    colorFunction: .predefined("srgb"))

  /// Decodes one sRGB component to linear light, mirrored for negative values.
  ///
  /// Source: CSS Color 4 conversions.js, `lin_sRGB` (extended transfer function). The toe
  /// multiplies by 1 / 12.92 (one unit in the last place from dividing, as the batch kernel
  /// does) and the power comes from ``FastMath/srgbDecodeCurve(_:)``.
  @inline(__always)
  static func linearize(_ value: Double) -> Double {
    let magnitude = abs(value)
    if magnitude <= 0.040_45 { return value * (1 / 12.92) }
    if magnitude == 1 { return value }  // exact, as pow(1, 2.4) is
    let result = FastMath.srgbDecodeCurve(magnitude)
    return value < 0 ? -result : result
  }

  /// Encodes one linear-light component with the sRGB curve, mirrored for negative values.
  ///
  /// Source: CSS Color 4 conversions.js, `gam_sRGB`; the power comes from
  /// ``FastMath/srgbEncodePower(_:)``.
  @inline(__always)
  static func encode(_ value: Double) -> Double {
    let magnitude = abs(value)
    if magnitude > 0.003_130_8 {
      let result = 1.055 * FastMath.srgbEncodePower(magnitude) - 0.055
      return value < 0 ? -result : result
    }
    return 12.92 * value
  }

  static func toBase(_ value: Vector3) -> Vector3 { map3(value, linearize) }
  static func fromBase(_ value: Vector3) -> Vector3 { map3(value, encode) }
}
