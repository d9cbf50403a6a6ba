/// OKLCH: the polar form of Oklab (lightness, chroma, hue in degrees).
enum OKLCH: ColorSpaceDefinition {
  static let space = ColorSpace.oklch
  /// At or below this chroma the hue is powerless (missing).
  ///
  /// Source: CSS Color 4 conversions.js, `OKLab_to_OKLCH` (`epsilon = 0.000004`).
  static let achromaticChroma = 0.000_004

  @inline(__always)
  static func toBase(_ lch: Vector3) -> Vector3 { Polar.toRectangular(lch) }
  @inline(__always)
  static func fromBase(_ lab: Vector3) -> Vector3 {
    Polar.fromRectangular(lab, achromaticChroma: achromaticChroma)
  }
}
