/// CIE LCH: the polar form of CIE Lab (D50).
enum LCH: ColorSpaceDefinition {
  static let space = ColorSpace.lch
  /// At or below this chroma the hue is powerless (missing).
  ///
  /// Source: CSS Color 4 conversions.js, `Lab_to_LCH` (`epsilon = 0.0015`).
  static let achromaticChroma = 0.0015

  static func toBase(_ lch: Vector3) -> Vector3 { Polar.toRectangular(lch) }
  static func fromBase(_ lab: Vector3) -> Vector3 {
    Polar.fromRectangular(lab, achromaticChroma: achromaticChroma)
  }
}
