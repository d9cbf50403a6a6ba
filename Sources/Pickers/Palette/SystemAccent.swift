/// Whether colors are meant for a light or a dark appearance.
///
///     let scheme = ColorScheme(rawValue: "dark")   // .dark
public enum ColorScheme: String, CaseIterable, Sendable, Codable, Hashable {
  /// Dark text on light backgrounds.
  case light
  /// Light text on dark backgrounds.
  case dark
}

/// Apple's system colors, the built-in accent palette, each with a light and a dark variant.
///
/// The values are the sRGB ones Apple's Human Interface Guidelines publish for iOS 13 to 18.
/// On the command line and in ``Color/init(css:)`` they are named `system-blue` (light),
/// `system-blue-light` and `system-blue-dark`; CSS names such as `blue` are not shadowed.
///
///     let blue = SystemAccent.blue.rgb8(.dark)   // (10, 132, 255)
public enum SystemAccent: String, CaseIterable, Sendable, Codable, Hashable {
  case red
  case orange
  case yellow
  case green
  case mint
  case teal
  case cyan
  case blue
  case indigo
  case purple
  case pink
  case brown
  case gray

  /// The accents SwiftUI's `Color.accentColors` lists, in its order.
  public static let accentColorOrder: [SystemAccent] = [
    .red, .green, .blue, .orange, .pink, .purple, .yellow,
  ]

  /// The 8-bit sRGB channels of the variant for `scheme`.
  public func rgb8(_ scheme: ColorScheme) -> (red: UInt8, green: UInt8, blue: UInt8) {
    let values = Self.table[self] ?? ((0, 0, 0), (0, 0, 0))
    let chosen = scheme == .light ? values.light : values.dark
    return (chosen.0, chosen.1, chosen.2)
  }

  /// The name a user types for this accent in `scheme` (`system-blue`, `system-blue-dark`).
  public func name(_ scheme: ColorScheme) -> String {
    scheme == .light ? "system-\(rawValue)" : "system-\(rawValue)-dark"
  }

  /// Reads `system-NAME`, `system-NAME-light` or `system-NAME-dark` (case-insensitive).
  ///
  /// - Returns: The accent and its scheme, or `nil` when `name` is not a system color name.
  public static func named(_ name: String) -> (accent: SystemAccent, scheme: ColorScheme)? {
    let lowered = name.lowercased()
    guard lowered.hasPrefix("system-") else { return nil }
    var rest = Substring(lowered.dropFirst("system-".count))
    var scheme = ColorScheme.light
    if rest.hasSuffix("-dark") {
      scheme = .dark
      rest = rest.dropLast("-dark".count)
    } else if rest.hasSuffix("-light") {
      rest = rest.dropLast("-light".count)
    }
    guard let accent = SystemAccent(rawValue: String(rest)) else { return nil }
    return (accent, scheme)
  }

  // Apple Human Interface Guidelines, "Color", system colors for iOS 13-18 (light, dark).
  private static let table:
    [SystemAccent: (light: (UInt8, UInt8, UInt8), dark: (UInt8, UInt8, UInt8))] = [
      .red: ((255, 59, 48), (255, 69, 58)),
      .orange: ((255, 149, 0), (255, 159, 10)),
      .yellow: ((255, 204, 0), (255, 214, 10)),
      .green: ((52, 199, 89), (48, 209, 88)),
      .mint: ((0, 199, 190), (99, 230, 226)),
      .teal: ((48, 176, 199), (64, 200, 224)),
      .cyan: ((50, 173, 230), (100, 210, 255)),
      .blue: ((0, 122, 255), (10, 132, 255)),
      .indigo: ((88, 86, 214), (94, 92, 230)),
      .purple: ((175, 82, 222), (191, 90, 242)),
      .pink: ((255, 45, 85), (255, 55, 95)),
      .brown: ((162, 132, 94), (172, 142, 104)),
      .gray: ((142, 142, 147), (142, 142, 147)),
    ]
}
