import Glibc

/// ProPhoto RGB (ROMM RGB): gamma 1.8 with a short linear toe, D50 white.
enum ProPhotoRGB: ColorSpaceDefinition {
  static let space = ColorSpace.prophotoRGB
  static let base: ColorSpace? = .xyzD50
  static let row = ColorSpaceRow(
    channels: ColorChannel.rgb, gamut: .prophotoRGB, colorFunction: .predefined("prophoto-rgb"))

  /// Linear ProPhoto RGB to XYZ D50, at 64-bit precision (not expressible as rationals).
  ///
  /// Source: CSS Color 4 conversions.js, `lin_ProPhoto_to_XYZ` (csswg-drafts issue 7675).
  static let toXYZ = Matrix3(
    (0.797_766_644_900_642_30, 0.135_181_297_400_533_08, 0.031_347_734_128_392_20),
    (0.288_074_828_819_401_30, 0.711_835_234_241_873_00, 0.000_089_936_938_725_64),
    (0.0, 0.0, 0.825_104_602_510_460_20))

  /// XYZ D50 to linear ProPhoto RGB.
  ///
  /// Source: CSS Color 4 conversions.js, `XYZ_to_lin_ProPhoto`.
  static let fromXYZ = Matrix3(
    (1.345_786_881_647_158_30, -0.255_572_087_379_794_64, -0.051_101_864_975_545_26),
    (-0.544_630_705_124_901_90, 1.508_247_742_845_146_80, 0.020_527_447_436_421_39),
    (0.0, 0.0, 1.211_967_545_638_945_20))

  /// Source: CSS Color 4 conversions.js, `lin_ProPhoto` (linear below 16/512).
  static func linearize(_ value: Double) -> Double {
    let magnitude = abs(value)
    if magnitude <= 16.0 / 512.0 { return value / 16 }
    let result = pow(magnitude, 1.8)
    return value < 0 ? -result : result
  }

  /// Source: CSS Color 4 conversions.js, `gam_ProPhoto` (linear below 1/512).
  static func encode(_ value: Double) -> Double {
    let magnitude = abs(value)
    if magnitude >= 1.0 / 512.0 {
      let result = pow(magnitude, 1 / 1.8)
      return value < 0 ? -result : result
    }
    return 16 * value
  }

  static func toBase(_ value: Vector3) -> Vector3 { toXYZ(map3(value, linearize)) }
  static func fromBase(_ value: Vector3) -> Vector3 { map3(fromXYZ(value), encode) }
}
