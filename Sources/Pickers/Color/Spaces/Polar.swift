import Glibc

/// Shared steps of the LCH-style polar spaces and of hue arithmetic.
enum Polar {
  /// 180 / pi, so that turning radians into degrees is one multiplication.
  static let degreesPerRadian = 180 / Double.pi

  /// (L, C, h in degrees) to (L, a, b).
  @inline(__always)
  static func toRectangular(_ lch: Vector3) -> Vector3 {
    let radians = lch.z * .pi / 180
    return Vector3(lch.x, lch.y * cos(radians), lch.y * sin(radians))
  }

  /// (L, a, b) to (L, C, h); the hue is NaN (missing) when chroma is at most the threshold.
  @inline(__always)
  static func fromRectangular(_ lab: Vector3, achromaticChroma: Double) -> Vector3 {
    let chroma = (lab.y * lab.y + lab.z * lab.z).squareRoot()
    if chroma <= achromaticChroma { return Vector3(lab.x, chroma, .nan) }
    return Vector3(lab.x, chroma, FastMath.hueDegrees(lab.z, lab.y))
  }

  /// `degrees` brought into `0..<360`.
  @inline(__always)
  static func normalizedHue(_ degrees: Double) -> Double {
    if degrees >= 0 && degrees < 360 { return degrees }
    let value = fmod(degrees, 360)
    let wrapped = value < 0 ? value + 360 : value
    return wrapped >= 360 ? 0 : wrapped
  }
}
