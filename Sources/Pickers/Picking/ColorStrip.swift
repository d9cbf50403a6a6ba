/// A 1-D strip beside the color window's ``ColorField``: the hue (OKLCH's in the OKLCH space,
/// HSV's otherwise) or the opacity of the current color, as a position from 0 at the top to 1
/// at the bottom, and back.
///
/// The surfaces draw the strip from ``color(at:)``, turn a click or an arrow key into a value
/// with ``value(at:)`` and ``stepped(_:by:large:)``, and place the marker with
/// ``position(of:)``; the math is here once, with its tests.
///
///     let hue = ColorStrip(space: .rgb)
///     hue.value(at: 0.5)          // 180: HSV hue
///     hue.color(at: 1.0 / 3)      // #00ff00
///     ColorStrip(opacityOf: .white).value(at: 0.25)   // 0.75: opaque at the top
public struct ColorStrip: Hashable, Sendable {
  /// What the strip sets.
  public enum Kind: Hashable, Sendable {
    /// OKLCH hue, 0° at the top to 360° at the bottom, drawn at lightness
    /// ``ColorStrip/oklchLightness`` with chroma ``ColorStrip/oklchChroma`` where sRGB holds
    /// it (less where it does not).
    case oklchHue
    /// HSV (and HSL) hue, 0° at the top to 360° at the bottom, drawn at full saturation and
    /// value.
    case hsvHue
    /// Opacity of `color`, 1 at the top to 0 at the bottom.
    case opacity(Color)
  }

  /// The strip's kind.
  public var kind: Kind

  /// The lightness the OKLCH hue strip is drawn at.
  public static let oklchLightness = 0.75
  /// The largest chroma the OKLCH hue strip is drawn with.
  public static let oklchChroma = 0.15

  /// The hue strip of the picker's `space`: OKLCH hue for OKLCH, else HSV hue.
  public init(space: PickerSpace) {
    kind = space == .oklch ? .oklchHue : .hsvHue
  }

  /// The opacity strip of `color` (its own opacity is ignored: the strip runs 1 to 0).
  public init(opacityOf color: Color) {
    var opaque = color
    opaque.alpha = 1
    kind = .opacity(opaque)
  }

  /// The value's range: 0...360 degrees for hue, 0...1 for opacity.
  public var range: ClosedRange<Double> {
    switch kind {
    case .oklchHue, .hsvHue: return 0...360
    case .opacity: return 0...1
    }
  }

  /// The step of one arrow key press (1°, or 0.01 of opacity); Shift takes ten.
  public var step: Double {
    switch kind {
    case .oklchHue, .hsvHue: return 1
    case .opacity: return 0.01
    }
  }

  /// The value at `position` (0 top, 1 bottom; clamped).
  public func value(at position: Double) -> Double {
    let position = min(max(position, 0), 1)
    switch kind {
    case .oklchHue, .hsvHue: return position * 360
    case .opacity: return 1 - position
    }
  }

  /// Where `value` lies on the strip (clamped into 0...1).
  public func position(of value: Double) -> Double {
    let position: Double
    switch kind {
    case .oklchHue, .hsvHue: position = value / 360
    case .opacity: position = 1 - value
    }
    return min(max(position, 0), 1)
  }

  /// `value` moved by `direction` steps (``step``, or ten of them when `large`), clamped into
  /// ``range``.
  public func stepped(_ value: Double, by direction: Int, large: Bool = false) -> Double {
    let moved = value + Double(direction) * step * (large ? 10 : 1)
    return min(max(moved, range.lowerBound), range.upperBound)
  }

  /// The color drawn at `position`, always inside sRGB.
  ///
  /// For the opacity strip it carries the opacity, to be composited over a checkerboard.
  public func color(at position: Double) -> Color {
    let value = value(at: position)
    switch kind {
    case .oklchHue:
      let chroma = min(
        Self.oklchChroma, ColorField.maximumChroma(lightness: Self.oklchLightness, hue: value))
      return Color(.oklch, Self.oklchLightness, chroma, value)
    case .hsvHue:
      let rgb = ColorField.srgb(hue: value, saturation: 1, value: 1)
      return Color(.srgb, rgb[0], rgb[1], rgb[2])
    case .opacity(let color):
      var translucent = color.gamutMapped(to: .srgb)
      translucent.alpha = value
      return translucent
    }
  }
}
