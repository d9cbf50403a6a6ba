/// The CSS system colors (CSS Color 4 section 6.2), resolved from a light and a dark table.
///
/// A browser takes these from the platform; pickers has a documented built-in table
/// (``builtIn``, modelled on the defaults of the major browser engines) and can be given
/// another, for example one read from a desktop theme. The deprecated system colors of
/// section 6.3 resolve to the modern color the specification maps each to.
///
///     let colors = SystemColors.builtIn
///     colors.color(.canvas, scheme: .dark)   // #121212
public struct SystemColors: Sendable, Hashable {
  /// The nineteen system colors of CSS Color 4.
  public enum Name: String, CaseIterable, Sendable, Codable, Hashable {
    case accentColor = "AccentColor"
    case accentColorText = "AccentColorText"
    case activeText = "ActiveText"
    case buttonBorder = "ButtonBorder"
    case buttonFace = "ButtonFace"
    case buttonText = "ButtonText"
    case canvas = "Canvas"
    case canvasText = "CanvasText"
    case field = "Field"
    case fieldText = "FieldText"
    case grayText = "GrayText"
    case highlight = "Highlight"
    case highlightText = "HighlightText"
    case linkText = "LinkText"
    case mark = "Mark"
    case markText = "MarkText"
    case selectedItem = "SelectedItem"
    case selectedItemText = "SelectedItemText"
    case visitedText = "VisitedText"

    /// The deprecated system colors (CSS Color 4 section 6.3) and the color each maps to.
    public static let deprecated: [String: Name] = [
      "ActiveBorder": .buttonBorder, "ActiveCaption": .canvas, "AppWorkspace": .canvas,
      "Background": .canvas, "ButtonHighlight": .buttonFace, "ButtonShadow": .buttonFace,
      "CaptionText": .canvasText, "InactiveBorder": .buttonBorder, "InactiveCaption": .canvas,
      "InactiveCaptionText": .grayText, "InfoBackground": .canvas, "InfoText": .canvasText,
      "Menu": .canvas, "MenuText": .canvasText, "Scrollbar": .canvas,
      "ThreeDDarkShadow": .buttonBorder, "ThreeDFace": .buttonFace,
      "ThreeDHighlight": .buttonBorder, "ThreeDLightShadow": .buttonBorder,
      "ThreeDShadow": .buttonBorder, "Window": .canvas, "WindowFrame": .buttonBorder,
      "WindowText": .canvasText,
    ]

    static let byLowercasedName: [String: Name] = {
      var names: [String: Name] = [:]
      for name in Name.allCases { names[name.rawValue.lowercased()] = name }
      for (deprecated, name) in deprecated { names[deprecated.lowercased()] = name }
      return names
    }()

    /// The system color a CSS keyword names, in any case, deprecated names included.
    init?(css keyword: String) {
      guard let name = Self.byLowercasedName[CSSTokenizer.asciiLowercased(keyword)] else {
        return nil
      }
      self = name
    }
  }

  /// The light table.
  public var light: [Name: Color]
  /// The dark table.
  public var dark: [Name: Color]

  /// Creates a table; a name missing from one is taken from ``builtIn``.
  public init(light: [Name: Color], dark: [Name: Color]) {
    self.light = light
    self.dark = dark
  }

  /// The value of `name` in `scheme`.
  public func color(_ name: Name, scheme: ColorScheme) -> Color {
    let table = scheme == .light ? light : dark
    if let color = table[name] { return color }
    let fallback = scheme == .light ? Self.builtIn.light : Self.builtIn.dark
    return fallback[name] ?? (scheme == .light ? .black : .white)
  }

  /// The built-in table, listed in docs/color.md.
  ///
  /// The light values are those the major browser engines use when the platform gives none;
  /// the dark values are their dark-scheme counterparts.
  public static let builtIn = SystemColors(
    light: [
      .accentColor: hex(0x0075FF), .accentColorText: hex(0xFFFFFF),
      .activeText: hex(0xEE0000), .buttonBorder: hex(0x767676), .buttonFace: hex(0xEFEFEF),
      .buttonText: hex(0x000000), .canvas: hex(0xFFFFFF), .canvasText: hex(0x000000),
      .field: hex(0xFFFFFF), .fieldText: hex(0x000000), .grayText: hex(0x6D6D6D),
      .highlight: hex(0xB5D5FF), .highlightText: hex(0x000000), .linkText: hex(0x0000EE),
      .mark: hex(0xFFFF00), .markText: hex(0x000000), .selectedItem: hex(0x0075FF),
      .selectedItemText: hex(0xFFFFFF), .visitedText: hex(0x551A8B),
    ],
    dark: [
      .accentColor: hex(0x99C8FF), .accentColorText: hex(0x000000),
      .activeText: hex(0xFF9E9E), .buttonBorder: hex(0x6B6B6B), .buttonFace: hex(0x6B6B6B),
      .buttonText: hex(0xFFFFFF), .canvas: hex(0x121212), .canvasText: hex(0xFFFFFF),
      .field: hex(0x3B3B3B), .fieldText: hex(0xFFFFFF), .grayText: hex(0x8E8E8E),
      .highlight: hex(0x3F638B), .highlightText: hex(0xFFFFFF), .linkText: hex(0x9E9EFF),
      .mark: hex(0x664D00), .markText: hex(0xFFFFFF), .selectedItem: hex(0x99C8FF),
      .selectedItemText: hex(0x000000), .visitedText: hex(0xD0ADF0),
    ])

  private static func hex(_ rgb: UInt32) -> Color {
    Color(
      red8: UInt8(truncatingIfNeeded: rgb >> 16), green8: UInt8(truncatingIfNeeded: rgb >> 8),
      blue8: UInt8(truncatingIfNeeded: rgb))
  }
}
