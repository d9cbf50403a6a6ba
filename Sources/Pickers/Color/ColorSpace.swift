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

  /// The registry: each space's definition (channels, CSS syntax, conversion), one row each.
  ///
  /// The parser, relative colors, both serializers, the metadata below and the CLI's space
  /// choices read these rows; adding a space is a case above, a file in `Color/Spaces` and a
  /// row here. The rows are plain values in static storage, so nothing is built at start-up.
  /// `visitor` is generic over the definition, so every use is specialized to a direct read
  /// of the row or call of the conversion (no dynamic dispatch, no copy of the whole row).
  @inline(__always)
  func visit<Visitor: ColorSpaceVisitor>(_ visitor: Visitor) -> Visitor.Result {
    switch self {
    case .srgb: visitor.visit(SRGB.self)
    case .srgbLinear: visitor.visit(SRGBLinear.self)
    case .displayP3: visitor.visit(DisplayP3.self)
    case .displayP3Linear: visitor.visit(DisplayP3Linear.self)
    case .a98RGB: visitor.visit(A98RGB.self)
    case .prophotoRGB: visitor.visit(ProPhotoRGB.self)
    case .rec2020: visitor.visit(Rec2020.self)
    case .xyzD65: visitor.visit(XYZD65.self)
    case .xyzD50: visitor.visit(XYZD50.self)
    case .lab: visitor.visit(Lab.self)
    case .lch: visitor.visit(LCH.self)
    case .oklab: visitor.visit(OKLab.self)
    case .oklch: visitor.visit(OKLCH.self)
    case .hsl: visitor.visit(HSL.self)
    case .hsv: visitor.visit(HSV.self)
    case .hwb: visitor.visit(HWB.self)
    }
  }

  /// This space's definition in the registry.
  var definition: any ColorSpaceDefinition.Type { visit(DefinitionReader()) }

  /// This space's registry row.
  @inline(__always)
  var row: ColorSpaceRow { visit(RowReader()) }

  /// The space this one is defined from; `nil` only for the hub, XYZ D65.
  @inline(__always)
  var base: ColorSpace? { visit(BaseReader()) }

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
    let channels = row.channels
    if channels.0.isHue { return 0 }
    if channels.1.isHue { return 1 }
    return channels.2.isHue ? 2 : nil
  }

  /// The RGB space whose gamut bounds this space, or `nil` when it has no gamut limits.
  ///
  /// HSL, HSV and HWB are other coordinates for sRGB, so their gamut is sRGB's.
  public var gamut: ColorSpace? { row.gamut }

  /// Short names of the three components, as CSS and the CLI's JSON use them.
  public var channelNames: (String, String, String) {
    let channels = row.channels
    return (
      channels.0.name.description, channels.1.name.description, channels.2.name.description
    )
  }

  /// The names a user may give for this space, in listing order: its alias, if it has one
  /// (`xyz` for `xyz-d65`), then its raw value.
  ///
  ///     ColorSpace.xyzD65.names   // ["xyz", "xyz-d65"]
  public var names: [String] {
    guard let alias = row.alias else { return [rawValue] }
    return [alias.description, rawValue]
  }

  /// The space a user's name stands for: a raw value or an alias (``names``).
  ///
  ///     ColorSpace(name: "xyz")   // .xyzD65
  public init?(name: String) {
    if let space = ColorSpace(rawValue: name) {
      self = space
      return
    }
    guard let space = Self.allCases.first(where: { $0.row.alias?.description == name }) else {
      return nil
    }
    self = space
  }

  /// What each component means, so components can be carried across spaces when mixing.
  ///
  /// CSS Color 4 section 12.2 ("analogous components"): a missing component stays missing
  /// after a conversion when the other space has a component of the same kind.
  enum ComponentKind: Equatable {
    case red, green, blue, lightness, colorfulness, hue, opponentA, opponentB, other
  }

  func componentKind(_ index: Int) -> ComponentKind { row.channel(index).kind }
}

/// Something done with one space's definition, generic over it so that each use is
/// specialized (see ``ColorSpace/visit(_:)``).
protocol ColorSpaceVisitor {
  associatedtype Result
  func visit<Definition: ColorSpaceDefinition>(_ definition: Definition.Type) -> Result
}

private struct DefinitionReader: ColorSpaceVisitor {
  func visit<Definition: ColorSpaceDefinition>(_ definition: Definition.Type)
    -> any ColorSpaceDefinition.Type
  { definition }
}

private struct RowReader: ColorSpaceVisitor {
  @inline(__always)
  func visit<Definition: ColorSpaceDefinition>(_ definition: Definition.Type) -> ColorSpaceRow {
    definition.row
  }
}

private struct BaseReader: ColorSpaceVisitor {
  @inline(__always)
  func visit<Definition: ColorSpaceDefinition>(_ definition: Definition.Type) -> ColorSpace? {
    definition.base
  }
}
