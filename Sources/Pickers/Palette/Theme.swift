/// One scheme of a ``Theme``: every role's color, the 16 terminal colors and the neutral ramp.
///
/// Every color here is an sRGB color with 8-bit channels: exactly what the theme files hold.
///
///     let dark = try #require(theme[.dark])
///     print(dark[.accent].hex, dark.terminal[1].hex)
public struct ThemeColors: Hashable, Sendable {
  /// Light or dark.
  public var scheme: ColorScheme
  /// The color of every ``ThemeRole``.
  public var roles: [ThemeRole: Color]
  /// The terminal colors 0-15.
  ///
  /// Black, red, green, yellow, blue, magenta, cyan, white, then the bright ones. Each has WCAG
  /// contrast of at least 3 on ``ThemeRole/background-swift.enum.case``.
  public var terminal: [Color]
  /// The neutral ramp base16 and base24 read: base00-base07 from the background to the strongest
  /// foreground, then base10 and base11 (two steps past the background).
  public var ramp: [Color]

  /// The color of `role`.
  public subscript(role: ThemeRole) -> Color { roles[role] ?? .black }
}

/// A complete color theme made from one accent: roles for UI and text, terminal colors, fonts.
///
/// ``init(accent:darkAccent:schemes:name:source:)`` builds the roles in OKLCH around the accent's hue,
/// then moves each text role's lightness until its WCAG 2 contrast on its background meets
/// ``ThemeRole/contrastTarget`` (4.5, muted text 3.0), and each terminal color until it reaches
/// 3.0 on the background. The accent keeps its hue; only its lightness (and, where sRGB cannot
/// hold it, its chroma) changes.
///
///     let theme = Theme(accent: Color.system(.blue, scheme: .dark), schemes: [.dark])
///     let kitty = try theme.exported(as: .kitty)
public struct Theme: Hashable, Sendable {
  /// The theme's name, written into formats that record one.
  public var name: String
  /// The author recorded in base16, base24 and wezterm files.
  public var author: String
  /// What the theme was made from, for file headers: the accent as typed, or an image path.
  public var source: String
  /// The wallpaper pywal's `colors.json` names; empty unless the theme came from an image.
  public var wallpaper: String
  /// The accent the theme was made from, before any lightness change.
  public var accent: Color
  /// The UI font family, when one was chosen.
  public var uiFont: String?
  /// The monospace font family, when one was chosen.
  public var monoFont: String?
  /// The schemes, light before dark.
  public var schemes: [ThemeColors]

  /// Builds a theme around `accent` for each of `schemes`.
  ///
  /// - Parameters:
  ///   - accent: The accent color; its OKLCH hue is kept.
  ///   - darkAccent: The accent for the dark scheme when it differs, such as a system color's
  ///     dark variant; `accent` when `nil`.
  ///   - schemes: Which schemes to build (light is always listed before dark).
  ///   - name: The theme's name; `pickers <source>` when `nil`.
  ///   - source: What the accent was made from; its hex when `nil`.
  public init(
    accent: Color, darkAccent: Color? = nil, schemes: [ColorScheme] = [.light, .dark],
    name: String? = nil, source: String? = nil
  ) {
    let source = source ?? accent.hex
    self.name = name ?? "pickers \(source)"
    self.author = "pickers"
    self.source = source
    self.wallpaper = ""
    self.accent = accent
    let wanted = ColorScheme.allCases.filter { schemes.contains($0) }
    self.schemes = wanted.map { scheme in
      let seed = scheme == .dark ? darkAccent ?? accent : accent
      return ThemeBuilder(accent: seed, scheme: scheme).build()
    }
  }

  /// The colors of `scheme`, when the theme has it.
  public subscript(scheme: ColorScheme) -> ThemeColors? {
    schemes.first { $0.scheme == scheme }
  }

  /// The theme written in `format`.
  ///
  /// - Throws: ``ThemeError/formatHoldsOneScheme(_:)`` when the theme has two schemes and the
  ///   format can hold only one.
  ///
  /// A format that holds one scheme names it after the theme and the scheme (`pickers
  /// system-blue dark`), so that the light and the dark file never share a name or a slug
  /// (wezterm keys schemes by name; base16 builders reject two schemes with one slug).
  ///
  /// - Parameters:
  ///   - format: The file format.
  ///   - options: The client release to write for, and whether fonts are written.
  /// - Returns: The file's text.
  public func exported(as format: ThemeFormat, options: ThemeExportOptions = ThemeExportOptions())
    throws(ThemeError) -> String
  {
    if schemes.count > 1 && !format.holdsBothSchemes {
      throw .formatHoldsOneScheme(format.rawValue)
    }
    var document = self.document
    if !options.includeFonts {
      document.uiFont = nil
      document.monoFont = nil
    }
    document.fontSize = options.fontSize
    document.clientVersion = options.clientVersion
    if !format.holdsBothSchemes, let only = schemes.first {
      document.name = "\(name) \(only.scheme.rawValue)"
    }
    return document.rendered(as: format)
  }

  /// The theme as hex strings, what the exporters read.
  var document: ThemeDocument {
    ThemeDocument(
      name: name, author: author, source: source, wallpaper: wallpaper, uiFont: uiFont,
      monoFont: monoFont,
      schemes: schemes.map { colors in
        var readableOn: [ThemeRole: String] = [:]
        for role in ThemeRole.allCases {
          let fill = colors[role]
          let white = Color.white.wcagContrast(on: fill).ratio
          let black = Color.black.wcagContrast(on: fill).ratio
          readableOn[role] = white >= black ? Color.white.hex : Color.black.hex
        }
        return SchemeColors(
          scheme: colors.scheme,
          roles: Dictionary(uniqueKeysWithValues: ThemeRole.allCases.map { ($0, colors[$0].hex) }),
          terminal: colors.terminal.map(\.hex), ramp: colors.ramp.map(\.hex),
          readableOn: readableOn)
      })
  }
}

/// Why a theme could not be made or written.
public enum ThemeError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A format that holds one scheme was asked for a light and a dark one.
  case formatHoldsOneScheme(String)
  /// An image with no opaque pixel has no colors to build from.
  case noOpaquePixels(String)

  public var description: String {
    switch self {
    case .formatHoldsOneScheme(let format):
      "format '\(format)' holds one scheme: choose --scheme light or --scheme dark"
    case .noOpaquePixels(let path):
      "image '\(path)' has no opaque pixels to take colors from"
    }
  }
}

extension Theme {
  /// Builds a theme from an image: its most colorful common color becomes the accent, and
  /// the image's path is recorded as pywal's wallpaper.
  ///
  /// - Parameters:
  ///   - image: The picture, for example a wallpaper.
  ///   - path: Where the image lives, for the theme's name and pywal's `wallpaper`.
  ///   - schemes: Which schemes to build.
  /// - Throws: ``ThemeError/noOpaquePixels(_:)`` when every pixel is transparent.
  public init(image: RGBAImage, path: String, schemes: [ColorScheme] = [.light, .dark])
    throws(ThemeError)
  {
    let colors = ImageQuantizer(count: 8).dominantColors(in: image)
    guard let accent = Self.accent(from: colors) else { throw .noOpaquePixels(path) }
    let file = path.split(separator: "/").last.map(String.init) ?? path
    self.init(accent: accent, schemes: schemes, name: "pickers \(file)", source: path)
    wallpaper = path
  }

  /// The accent for a set of dominant colors: the one with the most chroma weighted by the
  /// square root of its share of the image; the most common one when all are nearly gray.
  static func accent(from colors: [DominantColor]) -> Color? {
    var best: (score: Double, color: Color)?
    for candidate in colors {
      let chroma = candidate.color.converted(to: .oklch).channels.c1 ?? 0
      guard chroma >= 0.04 else { continue }
      let score = chroma * candidate.fraction.squareRoot()
      if score > (best?.score ?? 0) { best = (score, candidate.color) }
    }
    return best?.color ?? colors.first?.color
  }
}
