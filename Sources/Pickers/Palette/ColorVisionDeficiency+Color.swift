extension Color {
  /// How this color looks with `deficiency` at `severity` (0-1), as an sRGB color.
  ///
  /// The simulation runs in linear sRGB (see ``ColorVisionDeficiency``); the color is first
  /// gamut-mapped into sRGB and the result is clipped to it.
  ///
  ///     let seen = Color.red.simulating(.protanopia)
  public func simulating(_ deficiency: ColorVisionDeficiency, severity: Double = 1) -> Color {
    let linear = gamutMapped(to: .srgb).converted(to: .srgbLinear).channels
    let (r, g, b) = deficiency.simulate(
      linearRGB: (linear.c0 ?? 0, linear.c1 ?? 0, linear.c2 ?? 0), severity: severity)
    func clip(_ value: Double) -> Double { min(max(value, 0), 1) }
    return Color(.srgbLinear, clip(r), clip(g), clip(b), alpha: alpha).converted(to: .srgb)
  }
}

/// Two palette colors that a color-vision deficiency makes hard to tell apart.
public struct ConfusablePair: Hashable, Sendable {
  /// The index of the first color in the palette.
  public var first: Int
  /// The index of the second color.
  public var second: Int
  /// Their deltaE OK with normal vision.
  public var normalDifference: Double
  /// Their deltaE OK as simulated.
  public var simulatedDifference: Double
}

extension ColorVisionDeficiency {
  /// The deltaE OK below which two colors count as hard to tell apart: 0.05 (about two and a
  /// half just noticeable differences of 0.02).
  public static let confusionThreshold = 0.05

  /// The pairs of `colors` that this deficiency makes hard to tell apart: closer than
  /// `threshold` (deltaE OK) as simulated, and at most half as far apart as with normal vision
  /// (so pairs that were already close are not reported as a change).
  public func confusablePairs(
    in colors: [Color], severity: Double = 1, threshold: Double = confusionThreshold
  ) -> [ConfusablePair] {
    let simulated = colors.map { $0.simulating(self, severity: severity) }
    var pairs: [ConfusablePair] = []
    for i in colors.indices {
      for j in colors.indices where j > i {
        let normal = colors[i].deltaE(to: colors[j], method: .ok)
        let seen = simulated[i].deltaE(to: simulated[j], method: .ok)
        if seen < threshold && seen * 2 <= normal {
          pairs.append(
            ConfusablePair(first: i, second: j, normalDifference: normal, simulatedDifference: seen)
          )
        }
      }
    }
    return pairs
  }
}
