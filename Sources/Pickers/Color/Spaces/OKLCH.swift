/// OKLCH: the polar form of Oklab (lightness, chroma, hue in degrees).
enum OKLCH: ColorSpaceDefinition {
  static let space = ColorSpace.oklch
  static let base: ColorSpace? = .oklab
  static let row = ColorSpaceRow(
    channels: (
      ColorChannel("l", .lightness, 0...1, decimals: 6),
      ColorChannel("c", .colorfulness, 0...0.4, decimals: 6), ColorChannel.hue(decimals: 4)
    ),
    gamut: nil,
    // CSS Color 4 §9.4: lightness clamped to 0...1, a negative chroma to 0.
    function: CSSForm(
      name: "oklch", labels: ("lightness", "chroma", "hue"),
      clamps: (0...1, 0...Double.infinity, nil)))
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
