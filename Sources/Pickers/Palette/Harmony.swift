/// A color harmony: colors at fixed rotations of OKLCH hue from a base color.
///
/// Lightness is kept (``monochrome`` varies lightness instead), and chroma where sRGB can hold
/// it: only chroma is lowered to fit, so the rotated hues are exact.
///
///     let triad = Harmony.triadic.colors(for: Color.system(.blue))
public enum Harmony: String, CaseIterable, Sendable, Codable, Hashable {
  /// The base and the hue opposite it (180 degrees).
  case complementary
  /// The base and its neighbours 30 degrees either side.
  case analogous
  /// Three hues 120 degrees apart.
  case triadic
  /// Two complementary pairs 60 degrees apart (a rectangle on the hue wheel).
  case tetradic
  /// Four hues 90 degrees apart.
  case square
  /// The base and the two hues 30 degrees either side of its complement.
  case splitComplementary = "split-complementary"
  /// One hue at five lightness levels.
  case monochrome

  /// The hue rotations in degrees, the base first.
  public var rotations: [Double] {
    switch self {
    case .complementary: [0, 180]
    case .analogous: [0, -30, 30]
    case .triadic: [0, 120, 240]
    case .tetradic: [0, 60, 180, 240]
    case .square: [0, 90, 180, 270]
    case .splitComplementary: [0, 150, 210]
    case .monochrome: [0]
    }
  }

  /// The harmony's colors for `base`, the base first (for ``monochrome``, light to dark).
  public func colors(for base: Color) -> [PaletteEntry] {
    let lch = base.converted(to: .oklch).channels
    let l = lch.c0 ?? 0.5
    let c = lch.c1 ?? 0
    if self == .monochrome {
      let offsets = [0.24, 0.12, 0, -0.12, -0.24]
      return offsets.map { offset in
        let target = min(max(l + offset, 0.05), 0.98)
        let name = offset == 0 ? "base" : (offset > 0 ? "+" : "") + String(Int(offset * 100))
        return PaletteEntry(
          name: name, color: ChromaFit.srgb(.oklch, lightness: target, chroma: c, hue: lch.c2))
      }
    }
    return rotations.map { rotation in
      let hue = lch.c2.map { value -> Double in
        let h = (value + rotation).truncatingRemainder(dividingBy: 360)
        return h < 0 ? h + 360 : h
      }
      let name = rotation == 0 ? "base" : (rotation > 0 ? "+" : "") + String(Int(rotation))
      return PaletteEntry(
        name: name,
        color: ChromaFit.srgb(.oklch, lightness: l, chroma: c, hue: hue, alpha: base.alpha))
    }
  }
}
