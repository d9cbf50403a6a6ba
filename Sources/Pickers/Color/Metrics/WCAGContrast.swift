/// The WCAG 2 contrast of a text color on a background, with its success criteria.
///
/// WCAG 2.2, success criteria 1.4.3 (AA: 4.5:1, large text 3:1) and 1.4.6 (AAA: 7:1, large
/// text 4.5:1). The ratio is compared unrounded, as WCAG requires.
public struct WCAGContrast: Hashable, Sendable, Codable {
  /// The contrast ratio, from 1 (none) to 21 (black on white).
  public var ratio: Double
  /// Meets AA for normal text (ratio >= 4.5).
  public var aa: Bool { ratio >= 4.5 }
  /// Meets AAA for normal text (ratio >= 7).
  public var aaa: Bool { ratio >= 7 }
  /// Meets AA for large text (ratio >= 3).
  public var aaLarge: Bool { ratio >= 3 }
  /// Meets AAA for large text (ratio >= 4.5).
  public var aaaLarge: Bool { ratio >= 4.5 }

  /// Creates a verdict from a ratio.
  public init(ratio: Double) {
    self.ratio = ratio
  }
}

extension Color {
  /// The WCAG 2 relative luminance of the gamut-mapped sRGB color, 0 (black) to 1 (white).
  ///
  /// Opacity is ignored. WCAG 2 prints the curve's threshold as 0.03928; the sRGB standard's
  /// 0.04045 is used here, which gives the same result for every 8-bit value.
  ///
  ///     Color.white.relativeLuminance   // 1
  public var relativeLuminance: Double {
    let rgb = gamutMapped(to: .srgb).channels.resolved
    return 0.2126 * SRGB.linearize(rgb.x) + 0.7152 * SRGB.linearize(rgb.y) + 0.0722
      * SRGB.linearize(rgb.z)
  }

  /// The WCAG 2 contrast ratio between two colors; the order does not matter.
  ///
  /// The ratio is `(L1 + 0.05) / (L2 + 0.05)` with L1 the lighter. Opacity is ignored.
  ///
  ///     Color.black.contrastRatio(with: .white)   // 21
  public func contrastRatio(with other: Color) -> Double {
    let a = relativeLuminance
    let b = other.relativeLuminance
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }

  /// The WCAG 2 contrast of this color used as text on `background`, with AA/AAA verdicts.
  ///
  /// A translucent text color is first composited over the background, and a translucent
  /// background over white, so the ratio is the one seen on a white page.
  ///
  ///     let verdict = Color.gray.wcagContrast(on: .white)   // ratio 3.95, aaLarge only
  public func wcagContrast(on background: Color) -> WCAGContrast {
    let (text, ground) = Self.opaquePair(self, background)
    return WCAGContrast(ratio: text.contrastRatio(with: ground))
  }

  /// The text and background as they are seen: background over white, text over that.
  static func opaquePair(_ text: Color, _ background: Color) -> (Color, Color) {
    let ground = background.alpha < 1 ? background.composited(over: .white) : background
    let seen = text.alpha < 1 ? text.composited(over: ground) : text
    return (seen, ground)
  }
}
