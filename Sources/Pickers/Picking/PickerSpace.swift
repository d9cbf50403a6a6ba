#if canImport(Glibc)
  import Glibc
#endif

/// The color spaces the color picker shows sliders for.
public enum PickerSpace: String, Hashable, Sendable, CaseIterable {
  /// sRGB red, green, blue in 0...255.
  case rgb
  /// Hue in degrees, saturation and lightness in percent.
  case hsl
  /// OKLCH lightness in percent, chroma 0...0.4, hue in degrees.
  case oklch

  /// One slider: its label, range, steps and how its value is printed.
  public struct Component: Hashable, Sendable {
    /// A short label, such as "R" or "H".
    public var label: String
    /// The slider's range.
    public var range: ClosedRange<Double>
    /// The step of Left/Right.
    public var step: Double
    /// The step of Shift-Left/Shift-Right.
    public var largeStep: Double
    /// Digits after the decimal point shown and typed.
    public var decimals: Int
    /// A unit printed after the value ("°", "%").
    public var unit: String
  }

  /// The three sliders of this space.
  public var components: [Component] {
    switch self {
    case .rgb:
      ["R", "G", "B"].map {
        Component(label: $0, range: 0...255, step: 1, largeStep: 16, decimals: 0, unit: "")
      }
    case .hsl:
      [
        Component(label: "H", range: 0...360, step: 1, largeStep: 15, decimals: 0, unit: "°"),
        Component(label: "S", range: 0...100, step: 1, largeStep: 10, decimals: 0, unit: "%"),
        Component(label: "L", range: 0...100, step: 1, largeStep: 10, decimals: 0, unit: "%"),
      ]
    case .oklch:
      [
        Component(label: "L", range: 0...100, step: 1, largeStep: 10, decimals: 1, unit: "%"),
        Component(label: "C", range: 0...0.4, step: 0.005, largeStep: 0.05, decimals: 3, unit: ""),
        Component(label: "H", range: 0...360, step: 1, largeStep: 15, decimals: 1, unit: "°"),
      ]
    }
  }
}
