/// Linear-light sRGB: the sRGB primaries and D65 white without a transfer curve.
enum SRGBLinear: ColorSpaceDefinition {
  static let space = ColorSpace.srgbLinear
  static let base: ColorSpace? = .xyzD65
  static let row = ColorSpaceRow(
    channels: ColorChannel.rgb, gamut: .srgbLinear, colorFunction: .predefined("srgb-linear"))

  /// Linear sRGB to XYZ D65, exact rationals.
  ///
  /// Source: CSS Color 4 conversions.js, `lin_sRGB_to_XYZ`.
  static let toXYZ = Matrix3(
    (506_752.0 / 1_228_815.0, 87_881.0 / 245_763.0, 12_673.0 / 70_218.0),
    (87_098.0 / 409_605.0, 175_762.0 / 245_763.0, 12_673.0 / 175_545.0),
    (7_918.0 / 409_605.0, 87_881.0 / 737_289.0, 1_001_167.0 / 1_053_270.0))

  /// XYZ D65 to linear sRGB, exact rationals.
  ///
  /// Source: CSS Color 4 conversions.js, `XYZ_to_lin_sRGB`.
  static let fromXYZ = Matrix3(
    (12_831.0 / 3_959.0, -329.0 / 214.0, -1_974.0 / 3_959.0),
    (-851_781.0 / 878_810.0, 1_648_619.0 / 878_810.0, 36_519.0 / 878_810.0),
    (705.0 / 12_673.0, -2_585.0 / 12_673.0, 705.0 / 667.0))

  static func toBase(_ value: Vector3) -> Vector3 { toXYZ(value) }
  static func fromBase(_ value: Vector3) -> Vector3 { fromXYZ(value) }
}
