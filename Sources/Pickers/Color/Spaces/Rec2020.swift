import Glibc

/// ITU-R BT.2020 primaries and D65 white, with the BT.1886 display curve (gamma 2.4).
enum Rec2020: ColorSpaceDefinition {
  static let space = ColorSpace.rec2020
  static let base: ColorSpace? = .xyzD65
  static let row = ColorSpaceRow(
    channels: ColorChannel.rgb, gamut: .rec2020, colorFunction: .predefined("rec2020"))

  /// Linear Rec.2020 to XYZ D65, exact rationals.
  ///
  /// Source: CSS Color 4 conversions.js, `lin_2020_to_XYZ`.
  static let toXYZ = Matrix3(
    (63_426_534.0 / 99_577_255.0, 20_160_776.0 / 139_408_157.0, 47_086_771.0 / 278_816_314.0),
    (26_158_966.0 / 99_577_255.0, 472_592_308.0 / 697_040_785.0, 8_267_143.0 / 139_408_157.0),
    (0.0, 19_567_812.0 / 697_040_785.0, 295_819_943.0 / 278_816_314.0))

  /// XYZ D65 to linear Rec.2020, exact rationals.
  ///
  /// Source: CSS Color 4 conversions.js, `XYZ_to_lin_2020`.
  static let fromXYZ = Matrix3(
    (30_757_411.0 / 17_917_100.0, -6_372_589.0 / 17_917_100.0, -4_539_589.0 / 17_917_100.0),
    (-19_765_991.0 / 29_648_200.0, 47_925_759.0 / 29_648_200.0, 467_509.0 / 29_648_200.0),
    (792_561.0 / 44_930_125.0, -1_921_689.0 / 44_930_125.0, 42_328_811.0 / 44_930_125.0))

  /// Decodes with the BT.1886 reference EOTF (black lift 0, gain 1): a pure 2.4 power,
  /// mirrored for negative values.
  ///
  /// Source: CSS Color 4 as resolved in csswg-drafts issue 12574 (2025), which replaced the
  /// BT.2020 camera OETF (alpha 1.0993, beta 0.0181) by the display-referred curve; coloraide
  /// 8.13 and color.js follow the same definition.
  static func linearize(_ value: Double) -> Double {
    let result = pow(abs(value), 2.4)
    return value < 0 ? -result : result
  }

  /// Encodes linear light with the inverse of ``linearize(_:)``.
  static func encode(_ value: Double) -> Double {
    let result = pow(abs(value), 1 / 2.4)
    return value < 0 ? -result : result
  }

  static func toBase(_ value: Vector3) -> Vector3 { toXYZ(map3(value, linearize)) }
  static func fromBase(_ value: Vector3) -> Vector3 { map3(fromXYZ(value), encode) }
}
