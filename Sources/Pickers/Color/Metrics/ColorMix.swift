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
  /// The hues as given, without wrapping them into one turn first (CSS Color 5 `specified
  /// hue`): `10` to `370` goes all the way round.
  case specified
}

/// One color of a `color-mix()`, with its share.
public struct MixStop: Sendable, Hashable {
  /// The color, with whether its alpha is `none`.
  public var color: CSSColor
  /// Its share in percent (0...100), or `nil` when omitted.
  public var percentage: Double?

  /// A color and its share.
  ///
  ///     let stop = MixStop(CSSColor(.red), percentage: 30)
  public init(_ color: CSSColor, percentage: Double? = nil) {
    self.color = color
    self.percentage = percentage
  }

  /// A color and its share.
  public init(_ color: Color, percentage: Double? = nil) {
    self.init(CSSColor(color), percentage: percentage)
  }

  /// Parses one color of a `color-mix()`: a CSS color with an optional percentage before or
  /// after it.
  ///
  ///     let stop = try MixStop(css: "rebeccapurple 30%")
  ///
  /// - Throws: ``ColorParseError``, also for a percentage outside 0%...100%.
  public init(css text: String, context: CSSColorContext = CSSColorContext())
    throws(ColorParseError)
  {
    self = try CSSValueParser.parseMixStop(text, context: context)
  }
}

extension Color {
  /// Mixes this color with `other` as CSS `color-mix()` does.
  ///
  /// `amount` is the share of `other` (0 gives this color, 1 gives `other`). Both colors are
  /// converted to `space`; a missing component takes the other color's value (a component
  /// missing in both stays missing), and missing components of the inputs carry over to
  /// analogous components of `space` (CSS Color 4 section 12.2); a hue that is powerless after
  /// conversion (a gray) is missing too. Components are interpolated premultiplied by alpha;
  /// hues follow `hue`. The result is in `space`; nothing is gamut mapped, so colors outside
  /// sRGB keep their values through HSL and HWB.
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
    let first = Mixing.Item(carried(to: space), alpha: alpha)
    let second = Mixing.Item(other.carried(to: space), alpha: other.alpha)
    let mixed = Mixing.interpolate(first, second, t: t, hueIndex: space.hueIndex, hue: hue)
    return Color(space: space, channels: mixed.channels, alpha: mixed.alpha ?? 0)
  }

  /// Mixes any number of colors as CSS Color 5 `color-mix()` does.
  ///
  /// Shares are percentages: omitted ones split what the given ones leave of 100% (never
  /// below 0); a total above 100% is scaled down, and a total below 100% scales the result's
  /// alpha by it (a total of 0% gives alpha 0). Colors are combined one after another, each time
  /// with its share of the running total, which for two colors is `color-mix()` exactly; where
  /// that total is 0 (every share 0%) the next color takes half, so the result is no longer the
  /// transparent black CSS Color 5 had before w3c/csswg-drafts#14014. An alpha of `none` takes the other color's alpha. An empty list
  /// gives transparent black.
  ///
  ///     let mix = Color.mix([MixStop(.red, percentage: 20), MixStop(.blue)], in: .oklch)
  ///     print(mix.cssText)
  ///
  /// - Parameters:
  ///   - stops: The colors and their shares.
  ///   - space: The interpolation space.
  ///   - hue: The hue interpolation method for polar spaces.
  /// - Returns: The mixture in `space`, serialized as a browser does.
  public static func mix(
    _ stops: [MixStop], in space: ColorSpace = .oklab, hue: HueInterpolation = .shorter
  ) -> CSSColor {
    guard !stops.isEmpty else { return CSSColor(.clear) }
    let given = stops.compactMap(\.percentage).map { $0.isNaN ? 0 : min(max($0, 0), 100) }
    let omitted = stops.count - given.count
    let leftover = max(0, 100 - given.reduce(0, +)) / Double(max(omitted, 1))
    let weights = stops.map { stop in
      stop.percentage.map { $0.isNaN ? 0 : min(max($0, 0), 100) } ?? leftover
    }
    let total = weights.reduce(0, +)
    let multiplier = total < 100 ? total / 100 : 1
    var running = Mixing.Item(
      stops[0].color.color.carried(to: space), alpha: stops[0].color.alphaOrNil)
    var runningWeight = weights[0]
    for index in stops.indices.dropFirst() {
      let next = Mixing.Item(
        stops[index].color.color.carried(to: space), alpha: stops[index].color.alphaOrNil)
      let sum = runningWeight + weights[index]
      let t = sum > 0 ? weights[index] / sum : 0.5
      running = Mixing.interpolate(running, next, t: t, hueIndex: space.hueIndex, hue: hue)
      runningWeight = sum
    }
    guard let alpha = running.alpha else {
      return CSSColor(Color(space: space, channels: running.channels), alphaIsMissing: true)
    }
    return CSSColor(Color(space: space, channels: running.channels, alpha: alpha * multiplier))
  }

  /// This color in `space`, with missing components carried to analogous components.
  ///
  /// Across spaces, a powerless hue is missing (CSS Color 4 sections 4.4 and 12.2): a color
  /// whose saturation or chroma is under the space's epsilon counts as a gray, both as the
  /// input (its hue carries over as missing) and as the result (its saturation or chroma is
  /// 0 and its hue missing). Within one space nothing changes.
  func carried(to space: ColorSpace) -> Channels {
    guard space != self.space else { return self.converted(to: space).channels }
    let source = achromaticIfPowerless()
    var converted = source.converted(to: space).channels
    Self.makePowerlessMissing(&converted, in: space)
    for index in 0..<3 where source.channels[index] == nil {
      let kind = self.space.componentKind(index)
      guard kind != .other else { continue }
      for target in 0..<3 where space.componentKind(target) == kind {
        converted[target] = nil
      }
    }
    return converted
  }

  /// Whether the hue of these channels is powerless in `space`: saturation at most 0.001%
  /// (HSL), whiteness and blackness together at least 99.999% (HWB), chroma at most 0.0015
  /// (LCH) or 0.000004 (OKLCH), each with a relative 1e-11 of room for rounding: enough for `hwb(180 49.999% 50%)`
  /// (100 - 99.999 is 0.0010000000000048 in doubles), not for a display-p3 gray whose OKLCH
  /// chroma is 0.0000040000000016, which keeps its hue as the web-platform-tests expect.
  static func hueIsPowerless(_ channels: Channels, in space: ColorSpace) -> Bool {
    let slack = 1 + 1e-11
    switch space {
    case .hsl:
      guard let saturation = channels.c1 else { return false }
      return abs(saturation) <= 0.001 * slack
    case .hwb:
      guard let whiteness = channels.c1, let blackness = channels.c2 else { return false }
      return 100 - (whiteness + blackness) <= 0.001 * slack
    case .lch:
      guard let chroma = channels.c1 else { return false }
      return abs(chroma) <= 0.0015 * slack
    case .oklch:
      guard let chroma = channels.c1 else { return false }
      return abs(chroma) <= 0.000004 * slack
    default:
      return false
    }
  }

  /// Makes a powerless hue missing and the color a gray (saturation or chroma 0).
  static func makePowerlessMissing(_ channels: inout Channels, in space: ColorSpace) {
    guard hueIsPowerless(channels, in: space), let hueIndex = space.hueIndex else { return }
    channels[hueIndex] = nil
    if space != .hwb { channels.c1 = 0 }
  }

  /// This color as the gray it counts as when its hue is powerless (see
  /// ``hueIsPowerless(_:in:)``); otherwise itself.
  func achromaticIfPowerless() -> Color {
    guard Self.hueIsPowerless(channels, in: space), let hueIndex = space.hueIndex else {
      return self
    }
    var gray = channels
    gray[hueIndex] = nil
    if space == .hwb, let whiteness = gray.c1, let blackness = gray.c2,
      whiteness + blackness > 0
    {
      let total = whiteness + blackness
      gray.c1 = whiteness / total * 100
      gray.c2 = blackness / total * 100
    } else if space != .hwb {
      gray.c1 = 0
    }
    return Color(space: space, channels: gray, alpha: alpha)
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

/// The interpolation step of `color-mix()` (CSS Color 4 section 12, CSS Color 5 section 3).
enum Mixing {
  /// Channels in the interpolation space and an alpha (`nil` is `none`).
  struct Item {
    var channels: Channels
    var alpha: Double?

    init(_ channels: Channels, alpha: Double?) {
      self.channels = channels
      self.alpha = alpha
    }
  }

  /// `first` and `second` mixed with `t` the share of `second`.
  static func interpolate(
    _ first: Item, _ second: Item, t: Double, hueIndex: Int?, hue: HueInterpolation
  ) -> Item {
    // An alpha of none takes the other color's alpha; none in both stays none.
    let alphaA = first.alpha ?? second.alpha
    let alphaB = second.alpha ?? first.alpha
    let weightA = alphaA ?? 1
    let weightB = alphaB ?? 1
    let alpha = weightA + (weightB - weightA) * t
    var result = Channels(nil, nil, nil)
    for index in 0..<3 where index != hueIndex {
      guard let a = first.channels[index] ?? second.channels[index],
        let b = second.channels[index] ?? first.channels[index]
      else { continue }
      let mixed = a * weightA + (b * weightB - a * weightA) * t
      result[index] = alpha == 0 ? mixed : mixed / alpha
    }
    if let hueIndex, var a = first.channels[hueIndex] ?? second.channels[hueIndex],
      var b = second.channels[hueIndex] ?? first.channels[hueIndex]
    {
      if hue != .specified {
        a = Polar.normalizedHue(a)
        b = Polar.normalizedHue(b)
      }
      switch hue {
      case .specified:
        break
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
    return Item(result, alpha: first.alpha == nil && second.alpha == nil ? nil : alpha)
  }
}
