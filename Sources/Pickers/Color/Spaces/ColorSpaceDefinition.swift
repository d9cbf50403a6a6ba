/// One color space's conversion to and from its parent space (``ColorSpace/base``).
///
/// Inside a conversion the components are plain numbers: a missing component was read as 0
/// before the walk began, and a hue with no meaning comes out as NaN, which the walk turns
/// into `nil` at the end.
protocol ColorSpaceDefinition {
  /// The space this type defines.
  static var space: ColorSpace { get }
  /// Converts components of ``space`` to its base space.
  static func toBase(_ value: Vector3) -> Vector3
  /// Converts components of the base space to ``space``.
  static func fromBase(_ value: Vector3) -> Vector3
}

/// Standard white points as CSS Color 4 defines them, from 4-figure CIE xy chromaticities.
///
/// Source: CSS Color 4, "Sample code for color conversions" (conversions.js), `D50` and `D65`.
enum WhitePoint {
  static let d50 = Vector3(0.3457 / 0.3585, 1.0, (1.0 - 0.3457 - 0.3585) / 0.3585)
  static let d65 = Vector3(0.3127 / 0.3290, 1.0, (1.0 - 0.3127 - 0.3290) / 0.3290)
}

/// Applies `transfer` to each component of `value`.
@inline(__always)
func map3(_ value: Vector3, _ transfer: (Double) -> Double) -> Vector3 {
  Vector3(transfer(value.x), transfer(value.y), transfer(value.z))
}
