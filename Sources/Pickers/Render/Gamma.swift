import Glibc

/// sRGB transfer tables for compositing in linear light.
///
/// Blending coverage in gamma-encoded values makes anti-aliased edges too dark and colored
/// fringes muddy; converting to linear light, mixing, and converting back is the correct
/// way (the sRGB curve of IEC 61966-2-1).
enum Gamma {
  /// Linear light (0...1) of each 8-bit sRGB value.
  static let toLinear: [Float] = (0..<256).map { value in
    let c = Double(value) / 255
    return Float(c <= 0.040_45 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4))
  }

  /// Table size for encoding linear light back to sRGB.
  static let encodeSteps = 16_384

  /// The nearest 8-bit sRGB value of each linear step `i / (encodeSteps - 1)`.
  static let toSRGB: [UInt8] = (0..<encodeSteps).map { step in
    let l = Double(step) / Double(encodeSteps - 1)
    let c = l <= 0.003_130_8 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
    return UInt8(min(max((c * 255).rounded(), 0), 255))
  }

  /// Encodes linear light (clamped to 0...1) as 8-bit sRGB.
  @inline(__always)
  static func encode(_ linear: Float) -> UInt8 {
    let index = Int(min(max(linear, 0), 1) * Float(encodeSteps - 1) + 0.5)
    return toSRGB[index]
  }
}
