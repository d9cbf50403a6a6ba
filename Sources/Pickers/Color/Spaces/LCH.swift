/// CIE LCH: the polar form of CIE Lab (D50).
enum LCH: ColorSpaceDefinition {
  static let space = ColorSpace.lch
  static let base: ColorSpace? = .lab
  static let row = ColorSpaceRow(
    channels: (
      ColorChannel("l", .lightness, 0...100, decimals: 4),
      ColorChannel("c", .colorfulness, 0...150, decimals: 4), ColorChannel.hue(decimals: 4)
    ),
    gamut: nil,
    // CSS Color 4 §9.2: lightness clamped to 0...100, a negative chroma to 0.
    function: CSSForm(
      name: "lch", labels: ("lightness", "chroma", "hue"),
      clamps: (0...100, 0...Double.infinity, nil)))
  /// At or below this chroma the hue is powerless (missing).
  ///
  /// Source: CSS Color 4 conversions.js, `Lab_to_LCH` (`epsilon = 0.0015`).
  static let achromaticChroma = 0.0015

  static func toBase(_ lch: Vector3) -> Vector3 { Polar.toRectangular(lch) }
  static func fromBase(_ lab: Vector3) -> Vector3 {
    Polar.fromRectangular(lab, achromaticChroma: achromaticChroma)
  }
}
