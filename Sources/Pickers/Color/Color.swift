/// A color in one of the CSS Color 4 spaces, with an opacity.
///
/// A `Color` keeps the space and the numbers it was given: `converted(to:)` gives the same
/// color in another space, and the printing, contrast and difference functions convert as
/// they need. Missing components (CSS `none`, or a hue with no meaning) are `nil`.
///
///     let accent = try Color(css: "oklch(70% 0.15 250)")
///     let veil = Color.black.opacity(0.4)          // rgb(0 0 0 / 0.4)
///     print(accent.hex, accent.converted(to: .hsl).cssString)
public struct Color: Hashable, Sendable, Codable {
  /// The space the channels are expressed in.
  public var space: ColorSpace
  /// Channel values in the units CSS uses for `space`; `nil` is CSS `none`.
  public var channels: Channels
  /// Opacity from 0 (transparent) to 1 (opaque).
  public var alpha: Double

  /// Creates a color from its space, channels and opacity (clamped to `0...1`).
  ///
  ///     let teal = Color(space: .oklch, channels: Channels(0.6, 0.1, 185))
  public init(space: ColorSpace, channels: Channels, alpha: Double = 1) {
    self.space = space
    self.channels = channels
    self.alpha = alpha.isNaN ? 0 : min(max(alpha, 0), 1)
  }

  /// Creates a color from three components in `space`.
  ///
  ///     let orange = Color(.srgb, 1, 0.5, 0)
  public init(_ space: ColorSpace, _ c0: Double?, _ c1: Double?, _ c2: Double?, alpha: Double = 1) {
    self.init(space: space, channels: Channels(c0, c1, c2), alpha: alpha)
  }

  /// Creates an sRGB color from 8-bit channels, as hex notation gives them.
  ///
  ///     let red = Color(red8: 255, green8: 0, blue8: 0)
  public init(red8: UInt8, green8: UInt8, blue8: UInt8, alpha8: UInt8 = 255) {
    self.init(
      .srgb, Double(red8) / 255, Double(green8) / 255, Double(blue8) / 255,
      alpha: Double(alpha8) / 255)
  }

  /// Creates an sRGB color from an 8-bit pixel.
  public init(_ pixel: RGBA8) {
    self.init(red8: pixel.red, green8: pixel.green, blue8: pixel.blue, alpha8: pixel.alpha)
  }

  /// A CSS named color (case-insensitive), or `nil` when there is no such name.
  ///
  /// Accepts the 148 CSS Color 4 names and `transparent`.
  ///
  ///     let sky = Color(named: "DeepSkyBlue")   // #00bfff
  public init?(named name: String) {
    guard let color = NamedColors.color(named: name) else { return nil }
    self = color
  }
}

// Named constants, like SwiftUI's. These are the CSS named colors (so `Color.blue` is
// `#0000ff`, not a platform accent).
extension Color {
  /// Fully transparent black, CSS `transparent`.
  public static let clear = Color(.srgb, 0, 0, 0, alpha: 0)
  /// CSS `black`, `#000000`.
  public static let black = Color(.srgb, 0, 0, 0)
  /// CSS `white`, `#ffffff`.
  public static let white = Color(.srgb, 1, 1, 1)
  /// CSS `gray`, `#808080`.
  public static let gray = Color(red8: 128, green8: 128, blue8: 128)
  /// CSS `red`, `#ff0000`.
  public static let red = Color(.srgb, 1, 0, 0)
  /// CSS `orange`, `#ffa500`.
  public static let orange = Color(red8: 255, green8: 165, blue8: 0)
  /// CSS `yellow`, `#ffff00`.
  public static let yellow = Color(.srgb, 1, 1, 0)
  /// CSS `green`, `#008000`.
  public static let green = Color(red8: 0, green8: 128, blue8: 0)
  /// CSS `lime`, `#00ff00`.
  public static let lime = Color(.srgb, 0, 1, 0)
  /// CSS `teal`, `#008080`.
  public static let teal = Color(red8: 0, green8: 128, blue8: 128)
  /// CSS `cyan`, `#00ffff`.
  public static let cyan = Color(.srgb, 0, 1, 1)
  /// CSS `blue`, `#0000ff`.
  public static let blue = Color(.srgb, 0, 0, 1)
  /// CSS `indigo`, `#4b0082`.
  public static let indigo = Color(red8: 75, green8: 0, blue8: 130)
  /// CSS `purple`, `#800080`.
  public static let purple = Color(red8: 128, green8: 0, blue8: 128)
  /// CSS `magenta`, `#ff00ff`.
  public static let magenta = Color(.srgb, 1, 0, 1)
  /// CSS `pink`, `#ffc0cb`.
  public static let pink = Color(red8: 255, green8: 192, blue8: 203)
  /// CSS `brown`, `#a52a2a`.
  public static let brown = Color(red8: 165, green8: 42, blue8: 42)
}
