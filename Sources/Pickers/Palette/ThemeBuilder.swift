/// Lays out one scheme of a ``Theme`` in OKLCH and solves it for contrast.
///
/// Neutrals (backgrounds, text, borders) carry a faint tint of the accent's hue; status and
/// terminal hues are the usual ones rotated a little toward the accent (at most
/// ``harmonyLimit`` degrees), so the whole theme reads as one family.
struct ThemeBuilder {
  let scheme: ColorScheme
  /// The accent's OKLCH lightness, chroma and hue (`nil` for a gray accent).
  let lightness: Double
  let chroma: Double
  let hue: Double?

  /// Below this OKLCH chroma an accent counts as gray, and its hue is not used.
  static let achromaticChroma = 0.02
  /// The furthest a status or terminal hue is rotated toward the accent, in degrees.
  static let harmonyLimit = 12.0

  init(accent: Color, scheme: ColorScheme) {
    self.scheme = scheme
    let lch = accent.converted(to: .oklch).channels
    lightness = lch.c0 ?? 0.5
    let c = lch.c1 ?? 0
    if c < Self.achromaticChroma || lch.c2 == nil {
      chroma = 0
      hue = nil
    } else {
      chroma = c
      hue = lch.c2
    }
  }

  private var dark: Bool { scheme == .dark }

  /// The chroma of the accent's tint in neutrals, scaled by `amount`.
  private func tint(_ amount: Double) -> Double { min(chroma, 0.12) * amount }

  /// A neutral at lightness `l` with a `amount` of tint.
  private func neutral(_ l: Double, _ amount: Double) -> Color {
    ContrastSolver.srgb8(l, tint(amount), hue)
  }

  /// `base` rotated toward the accent's hue by half the difference, at most the limit.
  func harmonized(_ base: Double) -> Double {
    guard let hue else { return base }
    var difference = (hue - base).truncatingRemainder(dividingBy: 360)
    if difference > 180 { difference -= 360 }
    if difference < -180 { difference += 360 }
    let rotation = max(min(difference / 2, Self.harmonyLimit), -Self.harmonyLimit)
    let result = (base + rotation).truncatingRemainder(dividingBy: 360)
    return result < 0 ? result + 360 : result
  }

  private func solve(
    _ l: Double, _ c: Double, _ h: Double?, on backgrounds: [Color], target: Double
  ) -> Color {
    ContrastSolver.solve(lightness: l, chroma: c, hue: h, on: backgrounds, target: target)
  }

  func build() -> ThemeColors {
    var roles: [ThemeRole: Color] = [:]
    let background = neutral(dark ? 0.18 : 0.985, dark ? 0.15 : 0.08)
    let surface = neutral(dark ? 0.22 : 0.96, dark ? 0.15 : 0.1)
    let surfaceVariant = neutral(dark ? 0.27 : 0.93, dark ? 0.18 : 0.12)
    let selection = ContrastSolver.srgb8(dark ? 0.34 : 0.88, min(chroma, 0.12) * 0.5, hue)
    roles[.background] = background
    roles[.surface] = surface
    roles[.surfaceVariant] = surfaceVariant
    roles[.selection] = selection
    roles[.border] = neutral(dark ? 0.38 : 0.84, 0.25)

    let surfaces = [background, surface, surfaceVariant, selection]
    roles[.foreground] = solve(dark ? 0.93 : 0.22, tint(0.1), hue, on: surfaces, target: 4.5)
    roles[.muted] = solve(
      dark ? 0.72 : 0.50, tint(0.2), hue, on: [background, surface], target: 3.0)

    // The accent: its own lightness when that already reads on the background, else the
    // nearest lightness that does.
    let accent = solve(lightness, chroma, hue, on: [background, surface], target: 4.5)
    roles[.accent] = accent
    roles[.onAccent] = onColor(for: accent)
    let container = ContrastSolver.srgb8(dark ? 0.32 : 0.91, min(chroma, 0.09), hue)
    roles[.accentContainer] = container
    roles[.onAccentContainer] = solve(
      dark ? 0.90 : 0.28, min(chroma, 0.08), hue, on: [container], target: 4.5)

    let text: [(ThemeRole, hue: Double, chroma: Double, darkL: Double, lightL: Double)] = [
      (.success, 145, 0.14, 0.76, 0.50),
      (.warning, 65, 0.15, 0.78, 0.52),
      (.error, 25, 0.17, 0.68, 0.52),
      (.info, 240, 0.12, 0.74, 0.50),
      (.brown, 55, 0.07, 0.66, 0.45),
    ]
    for entry in text {
      roles[entry.0] = solve(
        dark ? entry.darkL : entry.lightL, entry.chroma, harmonized(entry.hue),
        on: [background, surface], target: 4.5)
    }

    return ThemeColors(
      scheme: scheme, roles: roles, terminal: terminal(on: background),
      ramp: ramp(roles))
  }

  /// Near-white or near-black text for a control filled with `fill`, whichever contrasts more,
  /// pushed further when needed so that it reaches 4.5.
  private func onColor(for fill: Color) -> Color {
    let light = ContrastSolver.srgb8(0.99, tint(0.1), hue)
    let darkText = ContrastSolver.srgb8(0.16, tint(0.2), hue)
    let useLight = light.contrastRatio(with: fill) >= darkText.contrastRatio(with: fill)
    return solve(useLight ? 0.99 : 0.16, tint(0.1), hue, on: [fill], target: 4.5)
  }

  /// The 16 terminal colors, each with contrast of at least 3 on `background`.
  private func terminal(on background: Color) -> [Color] {
    // Red, green, yellow, blue, magenta, cyan: hue, chroma, and lightness for dark and light
    // schemes (yellow and cyan are lighter by nature, so they sit higher).
    let hues: [(hue: Double, chroma: Double, darkL: Double, lightL: Double)] = [
      (25, 0.16, 0.68, 0.52), (145, 0.15, 0.74, 0.55), (95, 0.15, 0.84, 0.60),
      (258, 0.14, 0.68, 0.50), (330, 0.15, 0.70, 0.52), (200, 0.11, 0.78, 0.55),
    ]
    var normal: [Color] = []
    var bright: [Color] = []
    let blackL = dark ? (0.50, 0.60) : (0.25, 0.42)
    let whiteL = dark ? (0.84, 0.97) : (0.52, 0.46)
    normal.append(solve(blackL.0, tint(0.2), hue, on: [background], target: 3))
    bright.append(solve(blackL.1, tint(0.2), hue, on: [background], target: 3))
    for entry in hues {
      let h = harmonized(entry.hue)
      let l = dark ? entry.darkL : entry.lightL
      normal.append(solve(l, entry.chroma, h, on: [background], target: 3))
      bright.append(solve(l + 0.08, entry.chroma * 1.05, h, on: [background], target: 3))
    }
    normal.append(solve(whiteL.0, tint(0.1), hue, on: [background], target: 3))
    bright.append(solve(whiteL.1, tint(0.05), hue, on: [background], target: 3))
    return normal + bright
  }

  /// base00-base07, base10 and base11 for base16 and base24.
  private func ramp(_ roles: [ThemeRole: Color]) -> [Color] {
    func l(_ role: ThemeRole) -> Double {
      roles[role]?.converted(to: .oklch).channels.c0 ?? 0.5
    }
    let muted = l(.muted)
    let foreground = l(.foreground)
    let background = l(.background)
    let step = dark ? 1.0 : -1.0
    return [
      roles[.background] ?? .black,
      roles[.surface] ?? .black,
      roles[.selection] ?? .black,
      roles[.muted] ?? .black,
      neutral((muted + foreground) / 2, 0.15),
      roles[.foreground] ?? .white,
      neutral(foreground + 0.04 * step, 0.08),
      neutral(dark ? 0.98 : 0.12, 0.05),
      neutral(background - 0.03 * step, 0.15),
      neutral(background - 0.06 * step, 0.15),
    ]
  }
}
