#if canImport(Glibc)
  import Glibc
#endif

/// The color window's 2-D field at one hue: OKLCH lightness by chroma, or HSV saturation by
/// value, as points in the unit square (x to the right, y downwards) and back.
///
/// The surfaces draw the field from ``color(x:y:)`` and ``isInSRGB(x:y:)``, turn a click or an
/// arrow key into a color with it, and place the marker with ``point(of:)``; the math is here
/// once, with its tests.
///
///     let field = ColorField(space: .oklch, hue: 264)
///     field.color(x: 0.5, y: 0.5)   // oklch(50% 0.2 264)
///     ColorField.maximumChroma(lightness: 0.628, hue: 29.23)   // about 0.2577: sRGB red
public struct ColorField: Hashable, Sendable {
  /// What the two axes mean.
  public enum Kind: Hashable, Sendable {
    /// x: OKLCH chroma from 0 to ``ColorField/maximumFieldChroma``, y: lightness from 100 % at
    /// the top to 0 at the bottom.
    case lightnessChroma
    /// x: HSV saturation from 0 to 1, y: value from 1 at the top to 0 at the bottom.
    case saturationValue
  }

  /// The axes.
  public var kind: Kind
  /// The hue in degrees (OKLCH hue, or HSV/HSL hue).
  public var hue: Double

  /// The chroma at the field's right edge (the OKLCH slider's end).
  public static let maximumFieldChroma = 0.4

  /// The field for the picker's `space`: lightness by chroma for OKLCH, else saturation by
  /// value.
  public init(space: PickerSpace, hue: Double) {
    self.kind = space == .oklch ? .lightnessChroma : .saturationValue
    self.hue = hue
  }

  /// The color at a point of the unit square (clamped into it).
  public func color(x: Double, y: Double) -> Color {
    let x = min(max(x, 0), 1)
    let y = min(max(y, 0), 1)
    switch kind {
    case .lightnessChroma:
      return Color(.oklch, 1 - y, x * Self.maximumFieldChroma, hue)
    case .saturationValue:
      let rgb = Self.srgb(hue: hue, saturation: x, value: 1 - y)
      return Color(.srgb, rgb[0], rgb[1], rgb[2])
    }
  }

  /// Where `color` lies in the field, as a point of the unit square (clamped into it).
  ///
  /// The point is its chroma and lightness, or its HSV saturation and value; the hue is the
  /// field's own.
  public func point(of color: Color) -> (x: Double, y: Double) {
    switch kind {
    case .lightnessChroma:
      let channels = color.converted(to: .oklch).channels.values
      let lightness = channels[0] ?? 0
      let chroma = channels[1] ?? 0
      return (min(max(chroma / Self.maximumFieldChroma, 0), 1), min(max(1 - lightness, 0), 1))
    case .saturationValue:
      let rgb = color.gamutMapped(to: .srgb).converted(to: .srgb).channels.values.map {
        min(max($0 ?? 0, 0), 1)
      }
      let value = rgb.max() ?? 0
      let saturation = value == 0 ? 0 : (value - (rgb.min() ?? 0)) / value
      return (saturation, 1 - value)
    }
  }

  /// Whether the point's color is inside the sRGB gamut (every HSV point is).
  public func isInSRGB(x: Double, y: Double) -> Bool {
    switch kind {
    case .saturationValue: return true
    case .lightnessChroma:
      let chroma = min(max(x, 0), 1) * Self.maximumFieldChroma
      return chroma <= Self.maximumChroma(lightness: 1 - min(max(y, 0), 1), hue: hue) + 1e-9
    }
  }

  /// The largest OKLCH chroma inside sRGB at `lightness` (0...1) and `hue`: the gamut's edge
  /// in the lightness by chroma field, found by bisection to 1e-6.
  public static func maximumChroma(lightness: Double, hue: Double) -> Double {
    guard lightness > 0, lightness < 1 else { return 0 }
    var low = 0.0
    var high = maximumFieldChroma
    let margin = 1e-7
    func inside(_ chroma: Double) -> Bool {
      let rgb = Color(.oklch, lightness, chroma, hue).converted(to: .srgb).channels.values
      return rgb.allSatisfy { ($0 ?? 0) >= -margin && ($0 ?? 0) <= 1 + margin }
    }
    if inside(high) { return high }
    while high - low > 1e-6 {
      let middle = (low + high) / 2
      if inside(middle) { low = middle } else { high = middle }
    }
    return low
  }

  /// sRGB channels (0...1) of an HSV color; hue in degrees.
  static func srgb(hue: Double, saturation: Double, value: Double) -> [Double] {
    let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
    func channel(_ n: Double) -> Double {
      let k = (n + h / 60).truncatingRemainder(dividingBy: 6)
      return value - value * saturation * max(0, min(k, 4 - k, 1))
    }
    return [channel(5), channel(3), channel(1)]
  }
}
