/// How hues are interpolated when mixing in a polar space (CSS Color 4 section 12.4).
public enum HueInterpolation: String, CaseIterable, Sendable, Codable {
  /// The shorter arc (at most 180 degrees); the CSS default.
  case shorter
  /// The longer arc.
  case longer
  /// Hue only increases from the first color to the second.
  case increasing
  /// Hue only decreases from the first color to the second.
  case decreasing
}

extension Color {
  /// Mixes this color with `other` as CSS `color-mix()` does.
  ///
  /// `amount` is the share of `other` (0 gives this color, 1 gives `other`). Both colors are
  /// converted to `space`; a missing component takes the other color's value (a component
  /// missing in both stays missing), and missing components of the inputs carry over to
  /// analogous components of `space` (CSS Color 4 section 12.2). Components are interpolated
  /// premultiplied by alpha; hues follow `hue`. The result is in `space`.
  ///
  ///     let purple = Color.red.mixed(with: .blue, by: 0.5, in: .oklch, hue: .longer)
  ///
  /// - Parameters:
  ///   - other: The second color.
  ///   - amount: The share of `other`, clamped to `0...1`.
  ///   - space: The interpolation space (Oklab by default, as in CSS).
  ///   - hue: The hue interpolation method for polar spaces.
  /// - Returns: The mixture, in `space`.
  public func mixed(
    with other: Color, by amount: Double = 0.5, in space: ColorSpace = .oklab,
    hue: HueInterpolation = .shorter
  ) -> Color {
    let t = amount.isNaN ? 0.5 : min(max(amount, 0), 1)
    let first = carried(to: space)
    let second = other.carried(to: space)
    let hueIndex = space.hueIndex
    let alpha = alpha + (other.alpha - alpha) * t
    var result = Channels(nil, nil, nil)
    var hues: (Double?, Double?) = (nil, nil)
    for index in 0..<3 {
      guard var a = first[index] ?? second[index], var b = second[index] ?? first[index] else {
        continue
      }
      if index == hueIndex {
        hues = (a, b)
        continue
      }
      a *= self.alpha
      b *= other.alpha
      let mixed = a + (b - a) * t
      result[index] = alpha == 0 ? mixed : mixed / alpha
    }
    if let hueIndex, var a = hues.0, var b = hues.1 {
      a = Polar.normalizedHue(a)
      b = Polar.normalizedHue(b)
      switch hue {
      case .shorter:
        if b - a > 180 {
          a += 360
        } else if b - a < -180 {
          b += 360
        }
      case .longer:
        if b - a > 0 && b - a < 180 {
          a += 360
        } else if b - a > -180 && b - a <= 0 {
          b += 360
        }
      case .increasing:
        if b < a { b += 360 }
      case .decreasing:
        if a < b { a += 360 }
      }
      result[hueIndex] = Polar.normalizedHue(a + (b - a) * t)
    }
    return Color(space: space, channels: result, alpha: alpha)
  }

  /// This color in `space`, with missing components carried to analogous components.
  func carried(to space: ColorSpace) -> Channels {
    var converted = self.converted(to: space).channels
    guard space != self.space else { return converted }
    for index in 0..<3 where channels[index] == nil {
      let kind = self.space.componentKind(index)
      guard kind != .other else { continue }
      for target in 0..<3 where space.componentKind(target) == kind {
        converted[target] = nil
      }
    }
    return converted
  }

  /// This color drawn over `background` with source-over compositing, in sRGB.
  ///
  /// Both colors are gamut mapped to sRGB and combined with premultiplied alpha. Over an
  /// opaque background the result is opaque and exact (no 8-bit rounding).
  ///
  ///     Color.black.opacity(0.5).composited(over: .white)   // rgb(127.5 127.5 127.5)
  public func composited(over background: Color) -> Color {
    let source = gamutMapped(to: .srgb).channels.resolved
    let destination = background.gamutMapped(to: .srgb).channels.resolved
    let sourceAlpha = alpha
    let destinationAlpha = background.alpha * (1 - sourceAlpha)
    // Over an opaque background the result is opaque, without rounding noise.
    let outAlpha = background.alpha == 1 ? 1 : sourceAlpha + destinationAlpha
    guard outAlpha > 0 else { return Color(.srgb, 0, 0, 0, alpha: 0) }
    func channel(_ s: Double, _ d: Double) -> Double {
      (s * sourceAlpha + d * destinationAlpha) / outAlpha
    }
    return Color(
      .srgb, channel(source.x, destination.x), channel(source.y, destination.y),
      channel(source.z, destination.z), alpha: outAlpha)
  }
}
