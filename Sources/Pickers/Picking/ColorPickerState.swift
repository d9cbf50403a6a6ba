#if canImport(Glibc)
  import Glibc
#endif

/// The color picker's model: one space's components and an opacity, a focused row, presets.
///
/// Surfaces send ``ColorPickerEvent``s: the terminal's keys step the focused row, type digits
/// and switch space (``ColorPickerTerminalView``); the window's sliders, spin buttons and CSS
/// entry set values. Steps, clamping and the answer are the same for both.
///
///     var state = ColorPickerState(red: 0.2, green: 0.47, blue: 0.96, space: .hsl)
///     state = ColorPickerState.update(state, events: [.step(0, by: 1, large: false), .choose])
///     state.outcome   // .accepted(...)  with the hue one degree higher
public struct ColorPickerState: PickerModel, Hashable {
  /// The space whose sliders are shown.
  public private(set) var space: PickerSpace
  /// The three component values in `space`'s units (see ``PickerSpace/components``).
  public private(set) var values: [Double]
  /// Opacity, 0...1.
  public private(set) var alpha: Double
  /// Whether the opacity slider is shown (`--opacity`).
  public let showsOpacity: Bool
  /// The focused row: 0...2 the components, 3 opacity (when shown), then the preset row.
  public private(set) var focus = 0
  /// The digits typed into the focused slider so far, if the user is typing.
  public private(set) var typed: String?
  /// The highlighted preset on the preset row.
  public private(set) var presetIndex = 0
  /// How the picker ended.
  public private(set) var outcome: PickerOutcome<ColorPickerAnswer> = .running
  /// The named colors on the preset row.
  public let presets: [ColorPreset]
  /// The color given (the initial one, or the last ``ColorPickerEvent/setColor(_:)``) when the
  /// sliders could not show it and show it gamut-mapped to sRGB instead, as `pickers color
  /// convert` maps it; `nil` when they show it as given, and again once a slider moves.
  public private(set) var gamutMappedFrom: Color?

  /// Creates a picker showing `color` with the sliders of `space`.
  ///
  /// The opacity is kept only when `showsOpacity` is set (otherwise the answer is opaque). A
  /// color the sliders cannot show (outside sRGB for RGB and HSL) is gamut-mapped to sRGB, as
  /// `pickers color convert` maps it, and kept in ``gamutMappedFrom``: sliders, swatch, hex and
  /// answer then all show the same color.
  public init(
    color: Color, space: PickerSpace = .rgb, showsOpacity: Bool = false,
    presets: [ColorPreset] = ColorPreset.systemAccents
  ) {
    self.space = space
    let fitted = PickerColorMath.fitted(color, for: space)
    self.gamutMappedFrom = fitted == nil ? nil : color
    self.values = PickerColorMath.values(of: fitted ?? color, in: space)
    self.alpha = showsOpacity ? min(max(color.alpha, 0), 1) : 1
    self.showsOpacity = showsOpacity
    self.presets = presets
  }

  /// Creates a picker showing an sRGB color (channels 0...1) in `space`.
  public init(
    red: Double, green: Double, blue: Double, alpha: Double = 1, space: PickerSpace = .rgb,
    showsOpacity: Bool = false, presets: [ColorPreset] = ColorPreset.systemAccents
  ) {
    self.space = space
    self.values = PickerColorMath.fromSRGB([red, green, blue], to: space)
    self.alpha = showsOpacity ? min(max(alpha, 0), 1) : 1
    self.showsOpacity = showsOpacity
    self.presets = presets
  }

  /// The number of slider rows (components, then opacity); the preset row comes after them.
  public var sliderCount: Int { showsOpacity ? 4 : 3 }

  /// The color as sRGB channels, 0...1, not clamped (OKLCH can leave the sRGB gamut).
  public var srgb: [Double] { PickerColorMath.toSRGB(values, in: space) }

  /// Whether the color lies outside the sRGB gamut and is shown clipped.
  public var isOutOfGamut: Bool { srgb.contains { $0 < -0.000_5 || $0 > 1.000_5 } }

  /// The color the sliders show.
  public var color: Color { PickerColorMath.color(values, in: space, alpha: alpha) }

  /// The answer choosing would give now.
  public var answer: ColorPickerAnswer {
    ColorPickerAnswer(space: space, values: values, alpha: alpha)
  }

  /// Whether `character` can be typed into a slider's value (a digit or `.`).
  public static func isTypable(_ character: Character) -> Bool {
    character.isNumber || character == "."
  }

  // MARK: Update

  /// The state after `event` (see ``ColorPickerEvent``).
  ///
  /// Every event but ``ColorPickerEvent/typeCharacter(_:)`` and
  /// ``ColorPickerEvent/deleteBackward`` ends typing; nothing changes once the picker ended.
  ///
  ///     var state = ColorPickerState(red: 1, green: 0, blue: 0)
  ///     state = ColorPickerState.update(state, .cycleSpace(by: 1))
  ///     state.values   // [0, 100, 50]: hsl(0 100% 50%)
  public static func update(_ state: ColorPickerState, _ event: ColorPickerEvent)
    -> ColorPickerState
  {
    guard !state.outcome.isFinished else { return state }
    var next = state
    switch event {
    case .typeCharacter(let character):
      next.type(character)
      return next
    case .deleteBackward:
      next.deleteTypedCharacter()
      return next
    default: next.typed = nil
    }
    switch event {
    case .typeCharacter, .deleteBackward, .finishTyping: break
    case .focus(let row): next.focus = min(max(row, 0), next.sliderCount)
    case .moveFocus(let offset): next.focus = min(max(next.focus + offset, 0), next.sliderCount)
    case .step(let row, let offset, let large):
      guard (0...next.sliderCount).contains(row) else { break }
      next.focus = row
      next.step(by: Double(offset), large: large)
    case .jump(let row, let toEnd):
      guard (0...next.sliderCount).contains(row) else { break }
      next.focus = row
      next.jump(toEnd: toEnd)
    case .setComponent(let index, let value):
      guard next.values.indices.contains(index), value.isFinite else { break }
      let component = next.space.components[index]
      // A dragged slider lands between steps; the answer is what its value box shows.
      let scale = pow(10, Double(component.decimals))
      let shown = (value * scale).rounded() / scale
      next.gamutMappedFrom = nil
      next.values[index] = min(max(shown, component.range.lowerBound), component.range.upperBound)
    case .setAlpha(let value):
      guard next.showsOpacity, value.isFinite else { break }
      next.alpha = min(max((value * 100).rounded() / 100, 0), 1)
    case .setSpace(let space):
      guard space != next.space else { break }
      next.values = PickerColorMath.fromSRGB(next.srgb, to: space)
      next.space = space
    case .cycleSpace(let offset):
      let all = PickerSpace.allCases
      guard let index = all.firstIndex(of: next.space) else { break }
      let count = all.count
      let target = all[((index + offset) % count + count) % count]
      next.values = PickerColorMath.fromSRGB(next.srgb, to: target)
      next.space = target
    case .setColor(let color):
      let fitted = PickerColorMath.fitted(color, for: next.space)
      next.gamutMappedFrom = fitted == nil ? nil : color
      next.values = PickerColorMath.values(of: fitted ?? color, in: next.space)
      if next.showsOpacity { next.alpha = min(max(color.alpha, 0), 1) }
    case .choosePreset(let index):
      guard next.presets.indices.contains(index) else { break }
      next.presetIndex = index
      next.apply(next.presets[index])
    case .choose: next.outcome = .accepted(next.answer)
    case .cancel: next.outcome = .cancelled
    }
    return next
  }

  private mutating func type(_ character: Character) {
    guard Self.isTypable(character), focus < sliderCount else { return }
    let text = (typed ?? "") + String(character)
    guard text.count <= 8, let value = Double(text) else { return }
    typed = text
    setFocused(value)
  }

  private mutating func deleteTypedCharacter() {
    guard var text = typed, !text.isEmpty else { return }
    text.removeLast()
    typed = text
    if let value = Double(text) { setFocused(value) }
  }

  /// Sets the focused slider to `value` (its displayed units), clamped to its range.
  private mutating func setFocused(_ value: Double) {
    gamutMappedFrom = nil
    if focus < 3 {
      let range = space.components[focus].range
      values[focus] = min(max(value, range.lowerBound), range.upperBound)
    } else if focus == 3, showsOpacity {
      alpha = min(max(value / 100, 0), 1)
    }
  }

  private mutating func step(by direction: Double, large: Bool) {
    gamutMappedFrom = nil
    if focus == sliderCount {
      guard !presets.isEmpty else { return }
      let count = presets.count
      presetIndex = ((presetIndex + Int(direction)) % count + count) % count
      apply(presets[presetIndex])
      return
    }
    if focus == 3 {
      alpha = min(max(((alpha * 100).rounded() + direction * (large ? 10 : 1)) / 100, 0), 1)
      return
    }
    let component = space.components[focus]
    let size = large ? component.largeStep : component.step
    // Round to the shown decimals so 0.1 + 0.005 stays a round number.
    let scale = pow(10, Double(component.decimals))
    var value = ((values[focus] + direction * size) * scale).rounded() / scale
    if component.unit == "°" {
      value = (value.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(
        dividingBy: 360)
    }
    values[focus] = min(max(value, component.range.lowerBound), component.range.upperBound)
  }

  private mutating func jump(toEnd: Bool) {
    gamutMappedFrom = nil
    if focus < 3 {
      let range = space.components[focus].range
      values[focus] = toEnd ? range.upperBound : range.lowerBound
    } else if focus == 3, showsOpacity {
      alpha = toEnd ? 1 : 0
    }
  }

  private mutating func apply(_ preset: ColorPreset) {
    gamutMappedFrom = nil
    values = PickerColorMath.fromSRGB(preset.srgb, to: space)
  }
}

/// A named color on the color picker's preset row.
public struct ColorPreset: Hashable, Sendable {
  /// The name shown, such as "blue".
  public var name: String
  /// sRGB channels, 0...1.
  public var srgb: [Double]

  /// Creates a preset from 8-bit sRGB channels.
  public init(name: String, red: UInt8, green: UInt8, blue: UInt8) {
    self.name = name
    self.srgb = [Double(red) / 255, Double(green) / 255, Double(blue) / 255]
  }

  /// Apple's system colors (``SystemAccent``, light variants), in the library's order.
  public static let systemAccents: [ColorPreset] = SystemAccent.allCases.map { accent in
    let (red, green, blue) = accent.rgb8(.light)
    return ColorPreset(name: accent.rawValue, red: red, green: green, blue: blue)
  }
}

/// The color the user chose, in the space shown when Enter was pressed.
public struct ColorPickerAnswer: Hashable, Sendable {
  /// The space of `values`.
  public var space: PickerSpace
  /// The component values in `space`'s units.
  public var values: [Double]
  /// Opacity, 0...1.
  public var alpha: Double
  /// sRGB channels, 0...1, unclamped.
  public var srgb: [Double]

  /// The chosen color.
  public var color: Color { PickerColorMath.color(values, in: space, alpha: alpha) }

  /// `#rrggbb`, or `#rrggbbaa` when translucent, from the gamut-mapped sRGB color.
  public var hex: String { color.hex }

  /// The CSS Color 4 string in `space`, as ``Color/cssString`` prints it: `rgb(52 120 246)`,
  /// `hsl(217 91% 58% / 0.5)`, `oklch(0.6 0.2 261)`.
  public var css: String { color.cssString }

  /// Creates an answer from component values in `space`'s units.
  public init(space: PickerSpace, values: [Double], alpha: Double) {
    self.space = space
    self.values = values
    self.alpha = alpha
    self.srgb = PickerColorMath.toSRGB(values, in: space)
  }

  /// One line that carries the answer between processes without loss: the space, the three
  /// values and the opacity, separated by spaces (`rgb 52 120 246 1`).
  ///
  /// The desktop helper prints it; the `pickers` binary reads it back with
  /// ``init(helperLine:)`` and formats it like the terminal picker's answer.
  public var helperLine: String {
    ([space.rawValue] + (values + [alpha]).map { "\($0)" }).joined(separator: " ")
  }

  /// Reads a ``helperLine``; `nil` unless it is a space name and four finite numbers.
  public init?(helperLine: String) {
    let fields = helperLine.split(whereSeparator: { $0 == " " || $0 == "\n" })
    guard fields.count == 5, let space = PickerSpace(rawValue: String(fields[0])) else {
      return nil
    }
    let numbers = fields.dropFirst().compactMap { Double(String($0)) }
    guard numbers.count == 4, numbers.allSatisfy(\.isFinite), (0...1).contains(numbers[3])
    else { return nil }
    self.init(space: space, values: Array(numbers.prefix(3)), alpha: numbers[3])
  }
}
