extension Color {
  /// Apple's system color `accent` in the variant for `scheme`, as an sRGB color.
  ///
  ///     let blue = Color.system(.blue, scheme: .dark)   // #0a84ff
  public static func system(_ accent: SystemAccent, scheme: ColorScheme = .light) -> Color {
    let (r, g, b) = accent.rgb8(scheme)
    return Color(red8: r, green8: g, blue8: b)
  }

  /// The accent colors SwiftUI's `Color.accentColors` lists (red, green, blue, orange, pink,
  /// purple, yellow), in their light variants.
  public static let accentColors: [Color] = SystemAccent.accentColorOrder.map {
    system($0, scheme: .light)
  }

  /// A system accent by its name, or `nil`.
  ///
  /// Names are `system-blue`, `system-blue-light`, `system-blue-dark`. The CSS parser calls this
  /// after the CSS names, so `blue` stays `#0000ff`.
  static func systemAccent(named name: String) -> Color? {
    guard let (accent, scheme) = SystemAccent.named(name) else { return nil }
    return system(accent, scheme: scheme)
  }
}

/// A named color in a palette: what `pickers palette` prints and draws.
public struct PaletteEntry: Hashable, Sendable {
  /// A label: a role, a step, a system color name.
  public var name: String
  /// The color.
  public var color: Color

  /// Creates an entry.
  public init(name: String, color: Color) {
    self.name = name
    self.color = color
  }
}

extension SystemAccent {
  /// Every system accent's variant for `scheme`, named as the CLI accepts them.
  ///
  ///     SystemAccent.palette(.dark).first?.name   // "system-red-dark"
  public static func palette(_ scheme: ColorScheme) -> [PaletteEntry] {
    allCases.map { PaletteEntry(name: $0.name(scheme), color: Color.system($0, scheme: scheme)) }
  }
}
