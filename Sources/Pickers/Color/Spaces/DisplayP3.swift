/// Display P3: DCI-P3 primaries with D65 white and the sRGB transfer curve.
enum DisplayP3: ColorSpaceDefinition {
  static let space = ColorSpace.displayP3
  static let base: ColorSpace? = .xyzD65
  static let row = ColorSpaceRow(
    channels: ColorChannel.rgb, gamut: .displayP3, colorFunction: .predefined("display-p3"))

  /// Linear Display P3 to XYZ D65, exact rationals.
  ///
  /// Source: CSS Color 4 conversions.js, `lin_P3_to_XYZ`.
  static let toXYZ = Matrix3(
    (608_311.0 / 1_250_200.0, 189_793.0 / 714_400.0, 198_249.0 / 1_000_160.0),
    (35_783.0 / 156_275.0, 247_089.0 / 357_200.0, 198_249.0 / 2_500_400.0),
    (0.0, 32_229.0 / 714_400.0, 5_220_557.0 / 5_000_800.0))

  /// XYZ D65 to linear Display P3, exact rationals.
  ///
  /// Source: CSS Color 4 conversions.js, `XYZ_to_lin_P3`.
  static let fromXYZ = Matrix3(
    (446_124.0 / 178_915.0, -333_277.0 / 357_830.0, -72_051.0 / 178_915.0),
    (-14_852.0 / 17_905.0, 63_121.0 / 35_810.0, 423.0 / 17_905.0),
    (11_844.0 / 330_415.0, -50_337.0 / 660_830.0, 316_169.0 / 330_415.0))

  static func toBase(_ value: Vector3) -> Vector3 { toXYZ(map3(value, SRGB.linearize)) }
  static func fromBase(_ value: Vector3) -> Vector3 { map3(fromXYZ(value), SRGB.encode) }
}
