/// Linear-light Display P3: the Display P3 primaries and D65 white without a transfer curve.
enum DisplayP3Linear: ColorSpaceDefinition {
  static let space = ColorSpace.displayP3Linear
  static let base: ColorSpace? = .xyzD65
  static let row = ColorSpaceRow(
    channels: ColorChannel.rgb, gamut: .displayP3Linear,
    colorFunction: .predefined("display-p3-linear"))

  /// Uses Display P3's matrices (CSS Color 4 conversions.js, `lin_P3_to_XYZ`), without the
  /// sRGB curve that `display-p3` adds.
  static func toBase(_ value: Vector3) -> Vector3 { DisplayP3.toXYZ(value) }
  static func fromBase(_ value: Vector3) -> Vector3 { DisplayP3.fromXYZ(value) }
}
