/// CIE XYZ relative to D50, reached from XYZ D65 by Bradford chromatic adaptation.
enum XYZD50: ColorSpaceDefinition {
  static let space = ColorSpace.xyzD50
  static let base: ColorSpace? = .xyzD65
  static let row = ColorSpaceRow(
    channels: ColorChannel.xyz, gamut: nil, colorFunction: .predefined("xyz-d50"))

  /// Bradford adaptation D65 to D50.
  ///
  /// Source: CSS Color 4 conversions.js, `D65_to_D50` (color.js pull request 354).
  static let fromD65 = Matrix3(
    (1.047_929_792_544_996_9, 0.022_946_870_601_609_652, -0.050_192_266_289_205_24),
    (0.029_627_808_770_055_99, 0.990_434_426_753_879_9, -0.017_073_799_063_418_826),
    (-0.009_243_040_646_204_504, 0.015_055_191_490_298_152, 0.751_874_281_428_137_1))

  /// Bradford adaptation D50 to D65.
  ///
  /// Source: CSS Color 4 conversions.js, `D50_to_D65` (color.js pull request 360).
  static let toD65 = Matrix3(
    (0.955_473_421_488_075, -0.023_098_454_948_764_71, 0.063_259_243_200_570_72),
    (-0.028_369_709_333_863_7, 1.009_995_398_081_304_1, 0.021_041_441_191_917_323),
    (0.012_314_014_864_481_998, -0.020_507_649_298_898_964, 1.330_365_926_242_124))

  static func toBase(_ value: Vector3) -> Vector3 { toD65(value) }
  static func fromBase(_ value: Vector3) -> Vector3 { fromD65(value) }
}
