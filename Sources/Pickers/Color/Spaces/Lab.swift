import Glibc

/// CIE Lab relative to D50, as CSS `lab()` defines it.
enum Lab: ColorSpaceDefinition {
  static let space = ColorSpace.lab
  static let base: ColorSpace? = .xyzD50
  static let row = ColorSpaceRow(
    channels: (
      ColorChannel("l", .lightness, 0...100, decimals: 4),
      ColorChannel("a", .opponentA, -125...125, decimals: 4),
      ColorChannel("b", .opponentB, -125...125, decimals: 4)
    ),
    gamut: nil,
    // CSS Color 4 §9.1: the lightness is clamped to 0...100 at parse time.
    function: CSSForm(name: "lab", labels: ("lightness", "a", "b"), clamps: (0...100, nil, nil)))

  /// The CIE's rational constants: epsilon = 6^3/29^3, kappa = 29^3/3^3.
  ///
  /// Source: CSS Color 4 conversions.js, `XYZ_to_Lab`.
  static let epsilon = 216.0 / 24_389.0
  static let kappa = 24_389.0 / 27.0

  static func fromBase(_ xyz: Vector3) -> Vector3 {
    let white = WhitePoint.d50
    func f(_ value: Double) -> Double {
      value > epsilon ? cbrt(value) : (kappa * value + 16) / 116
    }
    let fx = f(xyz.x / white.x)
    let fy = f(xyz.y / white.y)
    let fz = f(xyz.z / white.z)
    return Vector3(116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
  }

  static func toBase(_ lab: Vector3) -> Vector3 {
    let white = WhitePoint.d50
    let fy = (lab.x + 16) / 116
    let fx = lab.y / 500 + fy
    let fz = fy - lab.z / 200
    let fx3 = fx * fx * fx
    let fz3 = fz * fz * fz
    let x = fx3 > epsilon ? fx3 : (116 * fx - 16) / kappa
    let y = lab.x > kappa * epsilon ? fy * fy * fy : lab.x / kappa
    let z = fz3 > epsilon ? fz3 : (116 * fz - 16) / kappa
    return Vector3(x * white.x, y * white.y, z * white.z)
  }
}
