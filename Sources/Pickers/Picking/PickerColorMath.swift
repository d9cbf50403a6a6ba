/// The color picker's bridge to ``Color``: slider values in a ``PickerSpace`` to and from colors.
///
/// Slider units are the ones people type: R, G, B 0...255; H in degrees, S and L in percent;
/// OKLCH lightness in percent. A missing (powerless) hue becomes 0 on the slider.
enum PickerColorMath {
  /// The color the slider `values` describe.
  static func color(_ values: [Double], in space: PickerSpace, alpha: Double = 1) -> Color {
    switch space {
    case .rgb: Color(.srgb, values[0] / 255, values[1] / 255, values[2] / 255, alpha: alpha)
    case .hsl: Color(.hsl, values[0], values[1], values[2], alpha: alpha)
    case .oklch: Color(.oklch, values[0] / 100, values[1], values[2], alpha: alpha)
    }
  }

  /// The slider values of `color` in `space`.
  static func values(of color: Color, in space: PickerSpace) -> [Double] {
    let target: ColorSpace =
      switch space {
      case .rgb: .srgb
      case .hsl: .hsl
      case .oklch: .oklch
      }
    let channels = color.converted(to: target).channels.values.map { value -> Double in
      guard let value, value.isFinite else { return 0 }
      return value
    }
    switch space {
    case .rgb: return channels.map { $0 * 255 }
    case .hsl: return channels
    case .oklch: return [channels[0] * 100, channels[1], channels[2]]
    }
  }

  /// `color` gamut-mapped to sRGB as `pickers color convert` maps it (CSS Color 4), when the
  /// sliders of `space` cannot show it as it is: outside sRGB for RGB and HSL, past the
  /// lightness or chroma sliders' ends for OKLCH; `nil` when they can.
  static func fitted(_ color: Color, for space: PickerSpace) -> Color? {
    switch space {
    case .rgb, .hsl:
      return color.isInGamut(of: .srgb) ? nil : color.gamutMapped(to: .srgb)
    case .oklch:
      let channels = color.converted(to: .oklch).channels.values
      let lightness = (channels[0] ?? 0) * 100
      let chroma = channels[1] ?? 0
      let components = space.components
      guard components[0].range.contains(lightness), components[1].range.contains(chroma) else {
        return color.gamutMapped(to: .srgb)
      }
      return nil
    }
  }

  /// sRGB channels 0...1 (unclamped) of the slider values.
  static func toSRGB(_ values: [Double], in space: PickerSpace) -> [Double] {
    color(values, in: space).converted(to: .srgb).channels.values.map { value in
      guard let value, value.isFinite else { return 0 }
      return value
    }
  }

  /// The slider values in `space` of sRGB channels 0...1.
  static func fromSRGB(_ rgb: [Double], to space: PickerSpace) -> [Double] {
    values(of: Color(.srgb, rgb[0], rgb[1], rgb[2]), in: space)
  }

  /// WCAG 2 relative luminance of sRGB channels (clamped to 0...1).
  static func luminance(_ rgb: [Double]) -> Double {
    Color(.srgb, min(max(rgb[0], 0), 1), min(max(rgb[1], 0), 1), min(max(rgb[2], 0), 1))
      .relativeLuminance
  }
}
