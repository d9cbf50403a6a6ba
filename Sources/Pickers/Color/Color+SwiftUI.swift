/// SwiftUI's spellings, with SwiftUI's meaning, where this library has a counterpart.
extension Color {
  /// An sRGB color from components in `0...1`, as SwiftUI's `Color(red:green:blue:opacity:)`.
  ///
  ///     let teal = Color(red: 0.2, green: 0.6, blue: 0.6)
  ///     let veil = Color(red: 0, green: 0, blue: 0, opacity: 0.4)
  ///
  /// Components outside `0...1` are kept (the color is then outside sRGB, as CSS allows); the
  /// opacity is clamped to `0...1`.
  public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
    self.init(.srgb, red, green, blue, alpha: opacity.isNaN ? 0 : min(max(opacity, 0), 1))
  }

  /// A gray from a white level in `0...1`, as SwiftUI's `Color(white:opacity:)`.
  public init(white: Double, opacity: Double = 1) {
    self.init(red: white, green: white, blue: white, opacity: opacity)
  }

  /// Returns this color with its opacity multiplied by `value`, as SwiftUI's `opacity(_:)`.
  ///
  ///     Color.black.opacity(0.4)                 // rgb(0 0 0 / 0.4)
  ///     Color.black.opacity(0.5).opacity(0.5)    // rgb(0 0 0 / 0.25)
  ///
  /// `value` is clamped to `0...1`, so the result is never more opaque than this color. To set
  /// the opacity instead, use ``withOpacity(_:)``.
  public func opacity(_ value: Double) -> Color {
    let factor = value.isNaN ? 0 : min(max(value, 0), 1)
    return withOpacity(alpha * factor)
  }

  /// Returns this color with its opacity set to `value`, clamped to `0...1`.
  ///
  ///     Color.black.opacity(0.5).withOpacity(1)  // rgb(0 0 0)
  public func withOpacity(_ value: Double) -> Color {
    var copy = self
    copy.alpha = value.isNaN ? 0 : min(max(value, 0), 1)
    return copy
  }
}
