/// A color with a light and a dark variant, resolved against an ``Appearance``.
///
/// AppKit's dynamic `NSColor` and SwiftUI's asset colors resolve themselves when drawn.
/// ``Color`` is a plain value (a space, channels and an opacity), so the two variants live
/// here and ``resolve(in:)`` picks one; resolve again when the appearance changes
/// (``Appearance/changes(environment:)``).
///
///     let text = DynamicColor(light: .black, dark: .white)
///     text.resolve(in: .dark)                     // white
///     text.resolve(in: Appearance.current)        // the desktop's choice
///     let ink = Color(light: .black, dark: .white)  // resolved once, now
public struct DynamicColor: Hashable, Sendable, Codable {
  /// The color in the light appearance.
  public var light: Color
  /// The color in the dark appearance.
  public var dark: Color

  /// Creates a dynamic color from its two variants.
  public init(light: Color, dark: Color) {
    self.light = light
    self.dark = dark
  }

  /// The variant of `scheme`.
  ///
  /// A separate label from ``resolve(in:)``: `.dark` would name both `ColorScheme.dark` and
  /// `Appearance.dark`.
  public func resolve(scheme: ColorScheme) -> Color {
    scheme == .dark ? dark : light
  }

  /// The variant of the appearance's scheme.
  public func resolve(in appearance: Appearance) -> Color {
    resolve(scheme: appearance.scheme)
  }

  /// CSS `light-dark(light, dark)`, which ``Color/init(css:context:)`` reads back.
  public var cssText: String {
    "light-dark(\(light.cssString), \(dark.cssString))"
  }
}

extension Color {
  /// The variant of a light and a dark color that `appearance` picks, resolved now.
  ///
  /// The result is a plain color: unlike AppKit's dynamic colors it does not change with the
  /// desktop. Keep a ``DynamicColor`` to resolve again after a change.
  ///
  ///     let ink = Color(light: .black, dark: .white)                 // the desktop's
  ///     let night = Color(light: .black, dark: .white, in: .dark)    // white
  ///
  /// - Parameters:
  ///   - light: The color in the light appearance.
  ///   - dark: The color in the dark appearance.
  ///   - appearance: The appearance; by default the desktop's (``Appearance/current``).
  public init(light: Color, dark: Color, in appearance: Appearance = .current) {
    self = DynamicColor(light: light, dark: dark).resolve(scheme: appearance.scheme)
  }

  /// The desktop's accent color (the portal's `accent-color`), or `nil` when it has none.
  ///
  ///     let accent = Color.desktopAccent ?? Color.system(.blue, scheme: .light)
  public static var desktopAccent: Color? { Appearance.current.accentColor }
}
