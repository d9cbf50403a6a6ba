/// The color spaces of CSS Color 4, plus HSV.
///
/// The raw value is the name CSS uses (in `color()` or as the function name), so
/// `ColorSpace(rawValue: "display-p3")` reads what a user types.
///
///     let p3 = Color.red.converted(to: .displayP3)
public enum ColorSpace: String, CaseIterable, Sendable, Codable, Hashable {
  /// sRGB with its transfer curve; channels 0...1 in gamut.
  case srgb
  /// sRGB without the transfer curve (linear light); channels 0...1 in gamut.
  case srgbLinear = "srgb-linear"
  /// Display P3 (DCI-P3 primaries, D65 white, the sRGB curve); channels 0...1.
  case displayP3 = "display-p3"
  /// Display P3 without the transfer curve (linear light), CSS Color 4's
  /// `display-p3-linear`; channels 0...1 in gamut.
  case displayP3Linear = "display-p3-linear"
  /// Adobe RGB (1998) compatible; channels 0...1.
  case a98RGB = "a98-rgb"
  /// ProPhoto RGB (ROMM RGB, D50 white); channels 0...1.
  case prophotoRGB = "prophoto-rgb"
  /// ITU-R BT.2020; channels 0...1.
  case rec2020
  /// CIE XYZ relative to D65, Y of white = 1.
  case xyzD65 = "xyz-d65"
  /// CIE XYZ relative to D50, Y of white = 1.
  case xyzD50 = "xyz-d50"
  /// CIE Lab (D50): L 0...100, a and b around -125...125.
  case lab
  /// CIE LCH (D50): L 0...100, chroma 0...150, hue in degrees.
  case lch
  /// Oklab: L 0...1, a and b around -0.4...0.4.
  case oklab
  /// Oklch: L 0...1, chroma 0...0.4, hue in degrees.
  case oklch
  /// HSL over sRGB: hue in degrees, saturation and lightness 0...100.
  case hsl
  /// HSV (HSB) over sRGB: hue in degrees, saturation and value 0...100.
  case hsv
  /// HWB over sRGB: hue in degrees, whiteness and blackness 0...100.
  case hwb

  /// The space this one is defined from; `nil` only for the hub, XYZ D65.
  var base: ColorSpace? {
    switch self {
    case .xyzD65: nil
    case .srgb: .srgbLinear
    case .srgbLinear, .displayP3, .displayP3Linear, .a98RGB, .rec2020, .xyzD50, .oklab: .xyzD65
    case .prophotoRGB, .lab: .xyzD50
    case .lch: .lab
    case .oklch: .oklab
    case .hsl, .hsv, .hwb: .srgb
    }
  }

  /// How many steps separate this space from XYZ D65.
  var depth: Int {
    var count = 0
    var space = self
    while let parent = space.base {
      count += 1
      space = parent
    }
    return count
  }

  /// The index of the hue component in a polar space, or `nil` for rectangular spaces.
  public var hueIndex: Int? {
    switch self {
    case .hsl, .hsv, .hwb: 0
    case .lch, .oklch: 2
    default: nil
    }
  }

  /// The RGB space whose gamut bounds this space, or `nil` when it has no gamut limits.
  ///
  /// HSL, HSV and HWB are other coordinates for sRGB, so their gamut is sRGB's.
  public var gamut: ColorSpace? {
    switch self {
    case .srgb, .hsl, .hsv, .hwb: .srgb
    case .srgbLinear, .displayP3, .displayP3Linear, .a98RGB, .prophotoRGB, .rec2020: self
    case .xyzD65, .xyzD50, .lab, .lch, .oklab, .oklch: nil
    }
  }

  /// Short names of the three components, as CSS and the CLI's JSON use them.
  public var channelNames: (String, String, String) {
    switch self {
    case .srgb, .srgbLinear, .displayP3, .displayP3Linear, .a98RGB, .prophotoRGB, .rec2020:
      ("r", "g", "b")
    case .xyzD65, .xyzD50: ("x", "y", "z")
    case .lab, .oklab: ("l", "a", "b")
    case .lch, .oklch: ("l", "c", "h")
    case .hsl: ("h", "s", "l")
    case .hsv: ("h", "s", "v")
    case .hwb: ("h", "w", "b")
    }
  }

  /// What each component means, so components can be carried across spaces when mixing.
  ///
  /// CSS Color 4 section 12.2 ("analogous components"): a missing component stays missing
  /// after a conversion when the other space has a component of the same kind.
  enum ComponentKind: Equatable {
    case red, green, blue, lightness, colorfulness, hue, opponentA, opponentB, other
  }

  func componentKind(_ index: Int) -> ComponentKind {
    switch (self, index) {
    case (.srgb, 0), (.srgbLinear, 0), (.displayP3, 0), (.displayP3Linear, 0), (.a98RGB, 0),
      (.prophotoRGB, 0),
      (.rec2020, 0), (.xyzD65, 0), (.xyzD50, 0):
      .red
    case (.srgb, 1), (.srgbLinear, 1), (.displayP3, 1), (.displayP3Linear, 1), (.a98RGB, 1),
      (.prophotoRGB, 1),
      (.rec2020, 1), (.xyzD65, 1), (.xyzD50, 1):
      .green
    case (.srgb, 2), (.srgbLinear, 2), (.displayP3, 2), (.displayP3Linear, 2), (.a98RGB, 2),
      (.prophotoRGB, 2),
      (.rec2020, 2), (.xyzD65, 2), (.xyzD50, 2):
      .blue
    case (.lab, 0), (.lch, 0), (.oklab, 0), (.oklch, 0), (.hsl, 2): .lightness
    case (.lch, 1), (.oklch, 1), (.hsl, 1): .colorfulness
    case (.lch, 2), (.oklch, 2), (.hsl, 0), (.hsv, 0), (.hwb, 0): .hue
    case (.lab, 1), (.oklab, 1): .opponentA
    case (.lab, 2), (.oklab, 2): .opponentB
    default: .other
    }
  }
}
