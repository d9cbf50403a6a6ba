// `ColorScheme` (light or dark) is defined with the system accents, in Palette/SystemAccent.swift.

/// What a CSS color may depend on besides its own text: the color scheme and the current
/// color.
///
///     let dark = CSSColorContext(scheme: .dark)
///     let text = try Color(css: "light-dark(black, white)", context: dark)   // white
public struct CSSColorContext: Sendable, Hashable {
  /// The scheme that `light-dark()` and the system colors follow.
  public var scheme: ColorScheme
  /// The value of `currentcolor`; `nil` means the scheme's `CanvasText`.
  public var currentColor: CSSColor?
  /// The system color table; `nil` means the built-in one (``SystemColors/builtIn``).
  public var systemColors: SystemColors?
  /// The custom properties `var()` reads, by name with its dashes (`"--accent"`), each a CSS
  /// value as written; empty by default, when `var()` is refused.
  ///
  ///     let context = CSSColorContext(customProperties: ["--accent": "lightseagreen"])
  ///     try CSSColor(css: "hsl(from var(--accent) calc(h + 180) s l)", context: context)
  public var customProperties: [String: String]

  /// Creates a context; the defaults are the light scheme, `CanvasText` as the current color,
  /// the built-in system colors and no custom properties.
  public init(
    scheme: ColorScheme = .light, currentColor: CSSColor? = nil,
    systemColors: SystemColors? = nil, customProperties: [String: String] = [:]
  ) {
    self.scheme = scheme
    self.currentColor = currentColor
    self.systemColors = systemColors
    self.customProperties = customProperties
  }

  /// The system colors in use.
  var table: SystemColors { systemColors ?? .builtIn }

  /// `currentcolor`: the given color, else the scheme's text color.
  var resolvedCurrentColor: CSSColor {
    currentColor ?? CSSColor(table.color(.canvasText, scheme: scheme), style: .legacy)
  }
}

/// A CSS color as a browser computes it: the color, whether its alpha is `none`, and how its
/// computed value is serialized.
///
/// `Color` keeps only numbers; `CSSColor` also keeps what CSS Color 4 and 5 need to write the
/// computed value back (`rgb(…)` for the legacy syntaxes, `color(srgb …)` for relative and
/// mixed sRGB colors, `none` in the alpha).
///
///     let mix = try CSSColor(css: "color-mix(in srgb, red, blue)")
///     print(mix.cssText)                 // color(srgb 0.5 0 0.5)
///     print(try CSSColor(css: "hsl(120 100% 25%)").cssText)   // rgb(0, 128, 0)
public struct CSSColor: Sendable, Hashable {
  /// How the computed value is written.
  public enum Style: Sendable, Hashable {
    /// A legacy sRGB color (hex, names, `rgb()`, `hsl()`, `hwb()`, system colors):
    /// `rgb(R, G, B)` or `rgba(R, G, B, A)` with 8-bit integers.
    case legacy
    /// The function of the color's space: `lab()`, `oklch()`, `color(srgb …)`, ...; an HSL or
    /// HWB result is written as `color(srgb …)` unless a component or the alpha is missing.
    case modern
  }

  /// The color, in the space its computed value is expressed in.
  public var color: Color
  /// Whether the alpha is `none` (``Color/alpha`` then holds 0, as CSS resolves it).
  public var alphaIsMissing: Bool
  /// How the computed value is serialized.
  public var style: Style

  /// Wraps a color; `style` chooses its serialization.
  ///
  ///     let value = CSSColor(Color.red.converted(to: .oklch))   // oklch(0.627955 0.257683 29.2339)
  public init(_ color: Color, alphaIsMissing: Bool = false, style: Style = .modern) {
    self.color = color
    self.alphaIsMissing = alphaIsMissing
    self.style = style
    if alphaIsMissing { self.color.alpha = 0 }
  }

  /// Parses any CSS Color 5 color: everything `Color(css:)` reads, plus `color-mix()`,
  /// relative colors (`oklch(from … l c h)`), math functions, `light-dark()`,
  /// `contrast-color()`, `currentcolor`, the system colors, comments and escapes.
  ///
  /// - Parameters:
  ///   - text: The CSS text.
  ///   - context: The color scheme and current color.
  /// - Throws: ``ColorParseError``.
  public init(css text: String, context: CSSColorContext = CSSColorContext())
    throws(ColorParseError)
  {
    self = try CSSValueParser.parse(text, context: context)
  }

  /// The specified value of a CSS color as a browser serializes it (the declared value that
  /// `element.style.color` reads back), where it differs from the computed value
  /// (``cssText``).
  ///
  /// A `color-mix()` stays unresolved (CSS Color 5 section 7): `color-mix(in <space>[ <method>
  /// hue], <color>[ <share>], …)`, with the interpolation method as written (`shorter hue`,
  /// the default, left out; `xyz` written `xyz-d65`), each share as a percentage after its
  /// color and each color as its own specified value. `currentcolor` stays `currentcolor`.
  /// Every other color is written as its computed value: absolute colors serialize the same
  /// either way (`hsl(120 10% 20%)` is `rgb(46, 56, 46)`).
  ///
  ///     try CSSColor.specifiedText(css: "color-mix(in hsl, 25% hsl(120 10% 20%), blue)")
  ///     // color-mix(in hsl, rgb(46, 56, 46) 25%, rgb(0, 0, 255))
  ///
  /// - Parameters:
  ///   - text: The CSS text, anything ``init(css:context:)`` reads.
  ///   - context: The color scheme, current color and custom properties.
  /// - Returns: The serialization of the specified value.
  /// - Throws: ``ColorParseError``, as ``init(css:context:)`` does.
  public static func specifiedText(css text: String, context: CSSColorContext = CSSColorContext())
    throws(ColorParseError) -> String
  {
    try CSSValueParser.specified(text, context: context)
  }

  /// The opacity `color-mix()` and relative colors see: `nil` when it is `none`.
  var alphaOrNil: Double? { alphaIsMissing ? nil : color.alpha }

  /// The computed value as a browser serializes it (CSS Color 4 section 15, CSS Color 5
  /// section 7).
  ///
  /// Legacy colors give `rgb(R, G, B)`/`rgba(R, G, B, A)` with channels rounded to integers
  /// and the alpha with two decimals (three when two do not keep its 8-bit value). Other
  /// colors give their space's function with numbers (no `%`) and `none` kept.
  public var cssText: String {
    let alphaText: String
    if alphaIsMissing {
      alphaText = " / none"
    } else if color.alpha < 1 {
      alphaText = " / " + Color.formatNumber(color.alpha, decimals: 6)
    } else {
      alphaText = ""
    }
    func number(_ value: Double?) -> String {
      guard let value else { return "none" }
      // A math function's infinity, clamped to the largest double (CSS Values 4 section
      // 10.9), is written back as the infinity it was.
      if abs(value) >= .greatestFiniteMagnitude {
        return value > 0 ? "calc(infinity)" : "calc(-infinity)"
      }
      return Color.formatNumber(value, decimals: 6)
    }
    /// A hue with six significant digits, as browsers write angles (`73.3386`).
    func hue(_ value: Double?) -> String {
      guard let value, value.isFinite, abs(value) >= 1 else { return number(value) }
      return Color.formatNumber(value, decimals: Self.hueDecimals(value))
    }
    let channels = color.channels
    let third = color.space.hueIndex == 2 ? hue(channels.c2) : number(channels.c2)
    let body = "\(number(channels.c0)) \(number(channels.c1)) \(third)"
    switch (style, color.space) {
    case (.legacy, _):
      let rgb = color.converted(to: .srgb).channels.resolved
      // A channel a conversion left a hair under .5 (hwb(120 30% 50%): 127.49999999) rounds as
      // the .5 it is: the scaled value is snapped to a millionth first.
      func byte(_ value: Double) -> String {
        guard !value.isNaN else { return "0" }
        let scaled = min(max(value * 255, 0), 255)
        return String(Int(((scaled * 1e6).rounded() / 1e6).rounded()))
      }
      let channels = "\(byte(rgb.x)), \(byte(rgb.y)), \(byte(rgb.z))"
      let alpha = alphaIsMissing ? 0 : color.alpha
      if alpha >= 1 { return "rgb(\(channels))" }
      return "rgba(\(channels), \(Self.legacyAlpha(alpha)))"
    case (.modern, let space):
      // From the space's registry row: color(<identifier> …) where it has one, else its own
      // function; HSL and HWB (legacy functions without an identifier) become sRGB.
      let row = space.row
      if let form = row.colorFunction {
        return "color(\(form.name) \(body)\(alphaText))"
      }
      guard let function = row.function else {
        return "color(\(space.rawValue) \(body)\(alphaText))"
      }
      if function.isLegacy && channels.c0 != nil && channels.c1 != nil && channels.c2 != nil
        && !alphaIsMissing
      {
        var srgb = CSSColor(color.converted(to: .srgb), alphaIsMissing: alphaIsMissing)
        srgb.color.alpha = color.alpha
        return srgb.cssText
      }
      return "\(function.name)(\(body)\(alphaText))"
    }
  }

  /// A legacy alpha: the shortest of two or three decimals that keeps its 8-bit value (CSS
  /// Color 4 section 15.2).
  static func legacyAlpha(_ alpha: Double) -> String {
    let eightBit = (alpha * 255).rounded()
    let two = (eightBit / 255 * 100).rounded() / 100
    if (two * 255).rounded() == eightBit { return Color.formatNumber(two, decimals: 2) }
    return Color.formatNumber((eightBit / 255 * 1000).rounded() / 1000, decimals: 3)
  }
}

extension Color {
  /// Reads any CSS Color 5 color in `context`, as ``CSSColor/init(css:context:)`` does, and
  /// returns its value.
  ///
  /// Plain CSS Color 4 colors take the fast path of ``init(css:)``; only text that needs the
  /// full grammar (math, relative colors, `color-mix()`, ...) goes through the tokenizer.
  ///
  ///     let accent = try Color(css: "oklch(from #3478f6 calc(l + 0.1) c h)", context: .init())
  ///
  /// - Throws: ``ColorParseError``.
  public init(css text: String, context: CSSColorContext) throws(ColorParseError) {
    if let fast = try? Color(fastCSS: text) {
      self = fast
      return
    }
    self = try CSSColor(css: text, context: context).color
  }
}

extension CSSColor {
  /// The decimals that give a hue of at least 1 in magnitude six significant digits, as
  /// browsers write angles (`73.3386`, `180.000`, no decimals from 100,000 up).
  @inline(__always)
  static func hueDecimals(_ value: Double) -> Int {
    var wholeDigits = 1
    var bound = 10.0
    while abs(value) >= bound && wholeDigits < 6 {
      wholeDigits += 1
      bound *= 10
    }
    return max(0, 6 - wholeDigits)
  }
}
