/// One color space's row in the registry (``ColorSpace/definition``): its channels, how CSS
/// names, reads and prints it, and its conversion to and from its parent space.
///
/// In the spirit of culori's `definition.js`: everything the parser, relative colors, the
/// serializer, ``ColorSpace``'s metadata and the CLI's choices know about a space is here, so
/// adding a space is one file in `Color/Spaces` plus its case and row in `ColorSpace.swift`.
///
/// Inside a conversion the components are plain numbers: a missing component was read as 0
/// before the walk began, and a hue with no meaning comes out as NaN, which the walk turns
/// into `nil` at the end.
protocol ColorSpaceDefinition {
  /// The space this type defines.
  static var space: ColorSpace { get }
  /// The space this one is converted through; `nil` only for the hub, XYZ D65.
  static var base: ColorSpace? { get }
  /// The channels, names and CSS syntax.
  static var row: ColorSpaceRow { get }
  /// Converts components of ``space`` to its base space.
  static func toBase(_ value: Vector3) -> Vector3
  /// Converts components of the base space to ``space``.
  static func fromBase(_ value: Vector3) -> Vector3
}

/// What a space's registry row holds besides its conversion.
///
/// Every field is a plain value (names are `StaticString`s), so a row is copied without
/// reference counting and built at compile time rather than at start-up.
struct ColorSpaceRow: Sendable {
  /// The three channels in order.
  var channels: (ColorChannel, ColorChannel, ColorChannel)
  /// The RGB space whose gamut bounds this one, or `nil` when it has no gamut limits.
  var gamut: ColorSpace?
  /// The space's own CSS function (`rgb()`, `oklch()`, ...), if it has one.
  var function: CSSForm? = nil
  /// Its identifier in `color()` (`display-p3`, `--hsv`), if it can be written there.
  var colorFunction: CSSForm? = nil
  /// Another name for the space, accepted wherever its name is (`xyz` for `xyz-d65`) and
  /// listed before it.
  var alias: StaticString? = nil
  /// Whether CSS names the space as a `<color-space>` (`color-mix(in …)`); HSV is not one.
  var isCSSColorSpace = true

  /// The channel at `index` (0, 1 or 2).
  @inline(__always)
  func channel(_ index: Int) -> ColorChannel {
    index == 0 ? channels.0 : index == 1 ? channels.1 : channels.2
  }
}

/// One channel of a color space.
struct ColorChannel: Sendable {
  /// The short name: the keyword of relative colors and the CLI's JSON (`l`, `c`, `h`).
  var name: StaticString
  /// What the channel measures, so components carry across spaces (CSS Color 4 §12.2).
  var kind: ColorSpace.ComponentKind
  /// CSS Color 4's reference range, in the space's own units: `0%` and `100%` stand for its
  /// ends when the lower one is 0, and `±100%` for them when it is negative (Lab's `a` and
  /// `b`); a hue's is a turn, `0...360` degrees, and takes no percentage.
  var reference: ClosedRange<Double>
  /// How many decimals ``Color/cssString`` prints.
  var decimals: Int
  /// Whether ``Color/cssString`` prints the value with a `%` (HSL and HWB).
  var percentSign = false

  /// Whether the channel is a hue angle.
  var isHue: Bool { kind == .hue }
  /// What `100%` stands for, in the space's units; `nil` for a hue.
  var percentReference: Double? { isHue ? nil : reference.upperBound }
}

/// How a space is written in one CSS function: its own (`rgb()`) or `color()`.
struct CSSForm: Sendable {
  /// The syntax that separates channels with commas (CSS Color 4's legacy syntax).
  enum Commas: Sendable {
    /// `rgb(r, g, b)`: numbers or percentages, not both.
    case oneKind
    /// `hsl(h, s%, l%)`: the two channels after the hue are percentages.
    case percentagesAfterHue
  }

  /// The function name, or in `color()` the space identifier; also what is printed.
  var name: StaticString
  /// The other function name (`rgba`, `hsla`): the same syntax, no relative form.
  var alias: StaticString? = nil
  /// How error messages call the three channels.
  var labels: (StaticString, StaticString, StaticString)
  /// Function units per stored unit: 255 for `rgb()`, whose channels are stored as 0...1.
  var scale = 1.0
  /// The clamps CSS Color 4 applies at parse time, in function units.
  var clamps: (ClosedRange<Double>?, ClosedRange<Double>?, ClosedRange<Double>?) = (nil, nil, nil)
  /// Whether the clamps also apply to relative colors (`rgb(from …)` is not clamped).
  var clampsRelative = true
  /// The comma syntax, if the function has one.
  var commas: Commas? = nil
  /// Whether the computed value is a legacy sRGB color, written `rgb(…)` (rgb, hsl, hwb).
  var isLegacy = false

  /// The label of channel `index`.
  func label(_ index: Int) -> String {
    (index == 0 ? labels.0 : index == 1 ? labels.1 : labels.2).description
  }
}

extension ColorChannel {
  /// A channel whose reference range starts at 0.
  init(
    _ name: StaticString, _ kind: ColorSpace.ComponentKind, _ reference: ClosedRange<Double>,
    decimals: Int, percentSign: Bool = false
  ) {
    self.init(
      name: name, kind: kind, reference: reference, decimals: decimals, percentSign: percentSign)
  }

  /// The three channels of an RGB space (0...1), printed with six decimals.
  static let rgb = (
    ColorChannel("r", .red, 0...1, decimals: 6), ColorChannel("g", .green, 0...1, decimals: 6),
    ColorChannel("b", .blue, 0...1, decimals: 6)
  )

  /// A hue: degrees, a turn.
  static func hue(decimals: Int) -> ColorChannel {
    ColorChannel("h", .hue, 0...360, decimals: decimals)
  }
}

extension CSSForm {
  /// `color(<identifier> …)` for an RGB or XYZ space: three numbers or percentages of 1.
  static func predefined(_ identifier: StaticString) -> CSSForm {
    CSSForm(
      name: identifier, labels: ("the first channel", "the second channel", "the third channel"))
  }
}

/// Standard white points as CSS Color 4 defines them, from 4-figure CIE xy chromaticities.
///
/// Source: CSS Color 4, "Sample code for color conversions" (conversions.js), `D50` and `D65`.
enum WhitePoint {
  static let d50 = Vector3(0.3457 / 0.3585, 1.0, (1.0 - 0.3457 - 0.3585) / 0.3585)
  static let d65 = Vector3(0.3127 / 0.3290, 1.0, (1.0 - 0.3127 - 0.3290) / 0.3290)
}

/// Applies `transfer` to each component of `value`.
@inline(__always)
func map3(_ value: Vector3, _ transfer: (Double) -> Double) -> Vector3 {
  Vector3(transfer(value.x), transfer(value.y), transfer(value.z))
}

extension ColorChannel {
  /// The three channels of an XYZ space (0...1), printed with six decimals; they pair with
  /// red, green and blue when components are carried.
  static let xyz = (
    ColorChannel("x", .red, 0...1, decimals: 6), ColorChannel("y", .green, 0...1, decimals: 6),
    ColorChannel("z", .blue, 0...1, decimals: 6)
  )
}
