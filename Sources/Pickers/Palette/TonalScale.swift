/// Tints and shades of one color at evenly spaced perceptual lightness.
///
/// ``steps(of:steps:)`` gives Tailwind-style steps (50 lightest ... 950 darkest) in OKLCH:
/// the input sits at the step whose lightness is nearest to its own and is kept exactly; the
/// lighter steps are spaced evenly between it and ``lightest``, the darker ones between it and
/// ``darkest``. Hue is kept, and chroma too where sRGB can hold it (only chroma is lowered to fit, so
/// lightness and hue stay exact). ``tones(of:tones:)`` gives Material-style tones
/// 0 (black) ... 100 (white): CIE lightness L* equal to the tone, hue and chroma kept in CIE LCH.
///
///     let blues = TonalScale.steps(of: Color.system(.blue))
///     let tones = TonalScale.tones(of: Color.system(.blue), tones: [10, 40, 90])
public enum TonalScale {
  /// The usual steps: 50, 100, 200, ..., 900, 950.
  public static let defaultSteps = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950]
  /// The usual Material tones: 0, 10, 20, ..., 90, 95, 99, 100.
  public static let defaultTones = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99, 100]
  /// OKLCH lightness of step 0.
  public static let lightest = 0.985
  /// OKLCH lightness of step 1000.
  public static let darkest = 0.17

  /// The step (1-999) whose evenly spaced lightness is nearest to `lightness`.
  public static func naturalStep(forLightness lightness: Double) -> Double {
    let fraction = (lightest - lightness) / (lightest - darkest)
    return min(max(fraction * 1000, 1), 999)
  }

  /// The scale of `color` at `steps` (each 1-999), sorted from light to dark.
  ///
  /// The step nearest the color's natural step (see ``naturalStep(forLightness:)``) is the input
  /// itself, gamut-mapped.
  public static func steps(of color: Color, steps: [Int] = defaultSteps) -> [PaletteEntry] {
    let sorted = Array(Set(steps)).sorted()
    guard !sorted.isEmpty else { return [] }
    let lch = color.converted(to: .oklch).channels
    let l = lch.c0 ?? 0.5
    let c = lch.c1 ?? 0
    let h = lch.c2
    let natural = naturalStep(forLightness: l)
    let anchor = sorted.min { abs(Double($0) - natural) < abs(Double($1) - natural) } ?? sorted[0]
    return sorted.map { step in
      let value: Color
      if step == anchor {
        value = color.gamutMapped(to: .srgb)
      } else if step < anchor {
        let t = Double(step) / Double(anchor)
        value = ChromaFit.srgb(.oklch, lightness: lightest + (l - lightest) * t, chroma: c, hue: h)
      } else {
        let t = Double(step - anchor) / Double(1000 - anchor)
        value = ChromaFit.srgb(.oklch, lightness: l + (darkest - l) * t, chroma: c, hue: h)
      }
      return PaletteEntry(name: String(step), color: value.withOpacity(color.alpha))
    }
  }

  /// Material-style tones of `color` (each 0-100): CIE L* = tone, chroma and hue kept.
  public static func tones(of color: Color, tones: [Int] = defaultTones) -> [PaletteEntry] {
    let lch = color.converted(to: .lch).channels
    return Array(Set(tones)).sorted().map { tone in
      let t = Double(min(max(tone, 0), 100))
      let value: Color
      switch tone {
      case ...0: value = .black
      case 100...: value = .white
      default: value = ChromaFit.srgb(.lch, lightness: t, chroma: lch.c1 ?? 0, hue: lch.c2)
      }
      return PaletteEntry(name: String(tone), color: value)
    }
  }
}
