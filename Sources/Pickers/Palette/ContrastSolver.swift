/// Finds colors that reach a WCAG contrast target by moving OKLCH lightness only.
///
/// Every candidate is judged exactly as it will be written: gamut-mapped into sRGB with the
/// CSS Color 4 algorithm (which keeps lightness and hue) and rounded to 8 bits per channel.
/// So a contrast the solver reports is the contrast of the hex value in the theme file.
enum ContrastSolver {
  /// A little more than the target, so that a reader rounding differently still agrees.
  static let margin = 0.005

  /// The 8-bit sRGB color for OKLCH (`lightness`, `chroma`, `hue`), its chroma lowered as far
  /// as sRGB needs (see ``ChromaFit``), so the hue stays exact up to the rounding to 8 bits.
  static func srgb8(_ lightness: Double, _ chroma: Double, _ hue: Double?) -> Color {
    Color(ChromaFit.srgb(.oklch, lightness: lightness, chroma: chroma, hue: hue).rgba8)
  }

  /// The lowest contrast of `color` against any of `backgrounds`.
  static func contrast(_ color: Color, on backgrounds: [Color]) -> Double {
    backgrounds.map { color.contrastRatio(with: $0) }.min() ?? 21
  }

  /// The color of the given chroma and hue whose lightness is closest to `lightness` while
  /// its contrast on every one of `backgrounds` is at least `target`.
  ///
  /// The search moves toward white when white contrasts more with the backgrounds, toward
  /// black otherwise. Contrast grows with the distance moved (luminance rises with OKLCH
  /// lightness at a fixed hue), so a bisection finds the smallest move; a final scan and the
  /// pure extreme guard against the few places where gamut mapping breaks monotonicity.
  static func solve(
    lightness: Double, chroma: Double, hue: Double?, on backgrounds: [Color], target: Double
  ) -> Color {
    let goal = target + margin
    let start = srgb8(lightness, chroma, hue)
    if contrast(start, on: backgrounds) >= goal { return start }
    let towardWhite =
      contrast(.white, on: backgrounds) >= contrast(.black, on: backgrounds)
    let extreme = towardWhite ? 1.0 : 0.0
    var near = min(max(lightness, 0), 1)  // fails
    var far = extreme  // the extreme is tried last
    for _ in 0..<24 {
      let middle = (near + far) / 2
      if contrast(srgb8(middle, chroma, hue), on: backgrounds) >= goal {
        far = middle
      } else {
        near = middle
      }
    }
    let found = srgb8(far, chroma, hue)
    if contrast(found, on: backgrounds) >= goal { return found }
    // Walk on toward the extreme, dropping chroma, until the target is met.
    var l = far
    while towardWhite ? l < 1 : l > 0 {
      l += towardWhite ? 0.005 : -0.005
      for fraction in [1.0, 0.5, 0] {
        let candidate = srgb8(l, chroma * fraction, hue)
        if contrast(candidate, on: backgrounds) >= goal { return candidate }
      }
    }
    return towardWhite ? .white : .black
  }
}
