import Glibc

/// Adobe RGB (1998) compatible, `a98-rgb` in CSS: a pure 563/256 power curve, D65 white.
enum A98RGB: ColorSpaceDefinition {
  static let space = ColorSpace.a98RGB
  static let base: ColorSpace? = .xyzD65
  static let row = ColorSpaceRow(
    channels: ColorChannel.rgb, gamut: .a98RGB, colorFunction: .predefined("a98-rgb"))

  /// Linear a98-rgb to XYZ D65, exact rationals.
  ///
  /// Source: CSS Color 4 conversions.js, `lin_a98rgb_to_XYZ`.
  static let toXYZ = Matrix3(
    (573_536.0 / 994_567.0, 263_643.0 / 1_420_810.0, 187_206.0 / 994_567.0),
    (591_459.0 / 1_989_134.0, 6_239_551.0 / 9_945_670.0, 374_412.0 / 4_972_835.0),
    (53_769.0 / 1_989_134.0, 351_524.0 / 4_972_835.0, 4_929_758.0 / 4_972_835.0))

  /// XYZ D65 to linear a98-rgb, exact rationals.
  ///
  /// Source: CSS Color 4 conversions.js, `XYZ_to_lin_a98rgb`.
  static let fromXYZ = Matrix3(
    (1_829_569.0 / 896_150.0, -506_331.0 / 896_150.0, -308_931.0 / 896_150.0),
    (-851_781.0 / 878_810.0, 1_648_619.0 / 878_810.0, 36_519.0 / 878_810.0),
    (16_779.0 / 1_248_040.0, -147_721.0 / 1_248_040.0, 1_266_979.0 / 1_248_040.0))

  /// Source: CSS Color 4 conversions.js, `lin_a98rgb` (sign-mirrored power 563/256).
  static func linearize(_ value: Double) -> Double {
    let result = pow(abs(value), 563.0 / 256.0)
    return value < 0 ? -result : result
  }

  /// Source: CSS Color 4 conversions.js, `gam_a98rgb`.
  static func encode(_ value: Double) -> Double {
    let result = pow(abs(value), 256.0 / 563.0)
    return value < 0 ? -result : result
  }

  static func toBase(_ value: Vector3) -> Vector3 { toXYZ(map3(value, linearize)) }
  static func fromBase(_ value: Vector3) -> Vector3 { map3(fromXYZ(value), encode) }
}
