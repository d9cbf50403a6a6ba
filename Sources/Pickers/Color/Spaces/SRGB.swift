import Glibc

/// sRGB (IEC 61966-2-1): linear sRGB with the sRGB transfer curve.
enum SRGB: ColorSpaceDefinition {
  static let space = ColorSpace.srgb

  /// Decodes one sRGB component to linear light, mirrored for negative values.
  ///
  /// Source: CSS Color 4 conversions.js, `lin_sRGB` (extended transfer function).
  @inline(__always)
  static func linearize(_ value: Double) -> Double {
    let magnitude = abs(value)
    if magnitude <= 0.040_45 { return value / 12.92 }
    let result = pow((magnitude + 0.055) / 1.055, 2.4)
    return value < 0 ? -result : result
  }

  /// Encodes one linear-light component with the sRGB curve, mirrored for negative values.
  ///
  /// Source: CSS Color 4 conversions.js, `gam_sRGB`.
  @inline(__always)
  static func encode(_ value: Double) -> Double {
    let magnitude = abs(value)
    if magnitude > 0.003_130_8 {
      let result = 1.055 * pow(magnitude, 1 / 2.4) - 0.055
      return value < 0 ? -result : result
    }
    return 12.92 * value
  }

  /// `linearize(k / 255)` for k = 0...255, so 8-bit colors skip the power function.
  static let linearTable: [Double] = (0...255).map { linearize(Double($0) / 255) }
  /// `k / 255` for k = 0...255, to recognise 8-bit values exactly.
  static let eightBitValues: [Double] = (0...255).map { Double($0) / 255 }

  /// `linearize`, looking exact 8-bit values up in `table` (same results, no `pow`).
  @inline(__always)
  static func linearize(
    _ value: Double, table: UnsafeBufferPointer<Double>, steps: UnsafeBufferPointer<Double>
  ) -> Double {
    let scaled = value * 255
    if scaled >= 0 && scaled <= 255 {
      let index = Int(scaled + 0.5)
      if steps[index] == value { return table[index] }
    }
    return linearize(value)
  }

  static func toBase(_ value: Vector3) -> Vector3 {
    linearTable.withUnsafeBufferPointer { table in
      eightBitValues.withUnsafeBufferPointer { steps in
        Vector3(
          linearize(value.x, table: table, steps: steps),
          linearize(value.y, table: table, steps: steps),
          linearize(value.z, table: table, steps: steps))
      }
    }
  }
  static func fromBase(_ value: Vector3) -> Vector3 { map3(value, encode) }
}
