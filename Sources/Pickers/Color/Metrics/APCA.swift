import Glibc

extension Color {
  /// The APCA lightness contrast Lc of this color as text on `background`.
  ///
  /// APCA 0.0.98G-4g (the version licensed to the W3C for WCAG 3 drafts). Positive for dark
  /// text on a light background, negative for light text on dark; about -108 ... 106.
  /// Translucent colors are composited first, as for ``wcagContrast(on:)``.
  ///
  ///     try Color(css: "#888").apcaContrast(on: .white)   // 63.06
  public func apcaContrast(on background: Color) -> Double {
    let (text, ground) = Self.opaquePair(self, background)
    return APCA.contrast(text: APCA.luminance(text), background: APCA.luminance(ground))
  }
}

/// APCA 0.0.98G-4g constants and formula.
///
/// Source: Myndex/apca-w3, `src/apca-w3.js` (0.1.9, "0.98G-4g-W3 constants"), and the
/// SAPC-APCA documentation "APCA-W3 LaTeX".
enum APCA {
  static let mainTRC = 2.4
  static let sRco = 0.212_672_9
  static let sGco = 0.715_152_2
  static let sBco = 0.072_175_0
  static let normBG = 0.56
  static let normTXT = 0.57
  static let revTXT = 0.62
  static let revBG = 0.65
  static let blkThrs = 0.022
  static let blkClmp = 1.414
  static let scaleBoW = 1.14
  static let scaleWoB = 1.14
  static let loBoWoffset = 0.027
  static let loWoBoffset = 0.027
  static let deltaYmin = 0.0005
  static let loClip = 0.1

  /// Screen luminance Y of the gamut-mapped sRGB color (a simple 2.4 power curve).
  static func luminance(_ color: Color) -> Double {
    let rgb = color.gamutMapped(to: .srgb).channels.resolved
    func curve(_ value: Double) -> Double { pow(min(max(value, 0), 1), mainTRC) }
    return sRco * curve(rgb.x) + sGco * curve(rgb.y) + sBco * curve(rgb.z)
  }

  static func contrast(text: Double, background: Double) -> Double {
    func soften(_ y: Double) -> Double { y > blkThrs ? y : y + pow(blkThrs - y, blkClmp) }
    let textY = soften(text)
    let backgroundY = soften(background)
    if abs(backgroundY - textY) < deltaYmin { return 0 }
    let output: Double
    if backgroundY > textY {
      let sapc = (pow(backgroundY, normBG) - pow(textY, normTXT)) * scaleBoW
      output = sapc < loClip ? 0 : sapc - loBoWoffset
    } else {
      let sapc = (pow(backgroundY, revBG) - pow(textY, revTXT)) * scaleWoB
      output = sapc > -loClip ? 0 : sapc + loWoBoffset
    }
    return output * 100
  }
}
