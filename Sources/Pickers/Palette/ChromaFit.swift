/// Brings a polar color (OKLCH or CIE LCH) inside sRGB by lowering its chroma alone.
///
/// Unlike CSS gamut mapping, whose last step clips and may turn the hue or shift the lightness
/// slightly, this keeps lightness and hue exactly: palettes promise "same hue, this lightness".
/// The search is a bisection on chroma using ``Color/isInGamut(of:)``.
enum ChromaFit {
  /// The color (`lightness`, `chroma`, `hue`) in `space` (`.oklch` or `.lch`) with the largest
  /// chroma up to `chroma` that sRGB holds, converted to sRGB.
  static func srgb(
    _ space: ColorSpace, lightness: Double, chroma: Double, hue: Double?, alpha: Double = 1
  ) -> Color {
    let top = space == .lch ? 100.0 : 1.0
    let l = min(max(lightness, 0), top)
    guard let hue, chroma > 0 else {
      return Color(space, l, 0, nil, alpha: alpha).gamutMapped(to: .srgb)
    }
    var color = Color(space, l, chroma, hue, alpha: alpha)
    if !color.isInGamut(of: .srgb) {
      var low = 0.0
      var high = chroma
      for _ in 0..<24 {
        let middle = (low + high) / 2
        if Color(space, l, middle, hue).isInGamut(of: .srgb) { low = middle } else { high = middle }
      }
      color = Color(space, l, low, hue, alpha: alpha)
    }
    // Inside the gamut up to rounding: gamut mapping now only clamps the last bits.
    return color.gamutMapped(to: .srgb)
  }
}
