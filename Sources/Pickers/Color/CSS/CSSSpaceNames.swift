/// A color function as the parsers read it: the space, whether it was written
/// `color(<identifier> …)` rather than as the space's own function, and what the registry's
/// row says about reading it (copied out field by field, so that no whole row is copied).
struct CSSFunctionShape {
  var space: ColorSpace
  var isColorFunction: Bool
  /// What 100% of each channel is, in function units; `nil` for a hue.
  var percents: (Double?, Double?, Double?)
  /// See ``CSSForm``.
  var scale: Double
  var clamps: (ClosedRange<Double>?, ClosedRange<Double>?, ClosedRange<Double>?)
  var clampsRelative: Bool
  var commas: CSSForm.Commas?
  var isLegacy: Bool

  /// The shape of `space` written as its own function (`color` false) or in `color()`, or
  /// `nil` when the space has no such form.
  @inline(__always)
  init?(_ space: ColorSpace, color: Bool) {
    guard let shape = space.visit(ShapeReader(isColorFunction: color)) else { return nil }
    self = shape
  }

  fileprivate init(space: ColorSpace, isColorFunction: Bool, row: ColorSpaceRow, form: CSSForm) {
    self.space = space
    self.isColorFunction = isColorFunction
    let channels = row.channels
    percents = (
      channels.0.percentReference.map { $0 * form.scale },
      channels.1.percentReference.map { $0 * form.scale },
      channels.2.percentReference.map { $0 * form.scale }
    )
    scale = form.scale
    clamps = form.clamps
    clampsRelative = form.clampsRelative
    commas = isColorFunction ? nil : form.commas
    isLegacy = !isColorFunction && form.isLegacy
  }

  /// The registry's whole form (names and labels: for messages).
  var form: CSSForm {
    let row = space.row
    return (isColorFunction ? row.colorFunction : row.function) ?? .predefined("")
  }

  /// The function's name in error messages: `rgb` (also for `rgba()`), `oklch`, `color`.
  var label: String { isColorFunction ? "color" : form.name.description }

  /// The percent reference of channel `index`.
  @inline(__always)
  func percent(_ index: Int) -> Double? {
    index == 0 ? percents.0 : index == 1 ? percents.1 : percents.2
  }

  /// The clamp of channel `index`.
  @inline(__always)
  func clamp(_ index: Int) -> ClosedRange<Double>? {
    index == 0 ? clamps.0 : index == 1 ? clamps.1 : clamps.2
  }
}

/// Reads a ``CSSFunctionShape`` out of a space's row.
private struct ShapeReader: ColorSpaceVisitor {
  var isColorFunction: Bool

  @inline(__always)
  func visit<Definition: ColorSpaceDefinition>(_ definition: Definition.Type)
    -> CSSFunctionShape?
  {
    let row = definition.row
    guard let form = isColorFunction ? row.colorFunction : row.function else { return nil }
    return CSSFunctionShape(
      space: definition.space, isColorFunction: isColorFunction, row: row, form: form)
  }
}

/// The CSS names of the color spaces, read from the registry (``ColorSpace/definition``):
/// the one map from function names, `color()` identifiers and `<color-space>` names to spaces
/// that both parsers use.
///
/// Each table is built from the rows the first time a parser needs it (a few hundred
/// instructions, never at start-up) and searched linearly: it holds a dozen names.
enum CSSSpaceNames {
  /// Function names (`rgb`, `rgba`, `oklch`, ...) and the space each writes.
  static let functions: [(key: NameKey, space: ColorSpace)] = ColorSpace.allCases.flatMap {
    space -> [(key: NameKey, space: ColorSpace)] in
    guard let function = space.row.function else { return [] }
    return [function.name, function.alias].compactMap { name in
      name.flatMap { NameKey($0) }.map { (key: $0, space: space) }
    }
  }

  /// `color()` identifiers (`srgb`, `display-p3`, `xyz`, `--hsv`, ...) and their spaces.
  static let colorFunctionIdentifiers: [(key: NameKey, space: ColorSpace)] =
    ColorSpace.allCases.flatMap { space -> [(key: NameKey, space: ColorSpace)] in
      let row = space.row
      guard let form = row.colorFunction else { return [] }
      return [form.name, row.alias].compactMap { name in
        name.flatMap { NameKey($0) }.map { (key: $0, space: space) }
      }
    }

  /// The space whose own function is named `key` (lowercased), with its syntax.
  @inline(__always)
  static func function(_ key: NameKey) -> CSSFunctionShape? {
    for entry in functions where entry.key == key {
      return CSSFunctionShape(entry.space, color: false)
    }
    return nil
  }

  /// The space `color()` names by `key` (lowercased), with its syntax.
  static func colorFunction(_ key: NameKey) -> CSSFunctionShape? {
    for entry in colorFunctionIdentifiers where entry.key == key {
      return CSSFunctionShape(entry.space, color: true)
    }
    return nil
  }

  /// The `color()` spaces CSS defines, for error messages: the RGB spaces in registry order,
  /// then the XYZ names alphabetically ("srgb, ..., rec2020, xyz, xyz-d50 or xyz-d65").
  static var predefinedList: String {
    var rgb: [String] = []
    var other: [String] = []
    for space in ColorSpace.allCases where space.row.isCSSColorSpace {
      guard space.row.colorFunction != nil else { continue }
      if space.gamut == nil {
        other += space.names
      } else {
        rgb += space.names
      }
    }
    let names = rgb + other.sorted()
    guard let last = names.last else { return "" }
    return names.dropLast().joined(separator: ", ") + " or " + last
  }

  /// The `<color-space>` of `color-mix(in …)` named `lowered`: a space's name or alias, for
  /// every space CSS has (not HSV).
  static func colorSpace(_ lowered: String) -> ColorSpace? {
    guard let space = ColorSpace(name: lowered), space.row.isCSSColorSpace else { return nil }
    return space
  }
}

extension NameKey {
  /// The key of a name of at most eight bytes that `packedName(_:)` has already packed
  /// (lowercased, little-endian), as ``init(bytes:)`` would pack it.
  @inline(__always)
  init(packed word: UInt64, count: Int) {
    self.init()
    word0 = word
    self.count = count
  }

  /// Packs a static name (the registry's), lowercasing ASCII letters.
  init?(_ name: StaticString) {
    guard let key = name.withUTF8Buffer({ NameKey(bytes: $0) }) else { return nil }
    self = key
  }
}
