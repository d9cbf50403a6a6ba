#if canImport(Glibc)
  import Glibc
#endif

/// The color picker: sliders for one space's components (and opacity), a live swatch, presets.
///
/// Keys: Up/Down choose a slider (below them, the preset row); Left/Right step the value
/// (Shift for larger steps; on the preset row, choose a preset); digits and `.` type a value;
/// Home/End jump to the ends; Tab and Shift-Tab switch space; Enter accepts; Esc or Ctrl-C
/// cancel.
///
///     var state = ColorPickerState(red: 0.2, green: 0.47, blue: 0.96, space: .hsl)
///     state = ColorPickerState.update(state, keys: [.right, .enter])
///     state.outcome   // .accepted(...)  with the hue one degree higher
public struct ColorPickerState: PickerState, Hashable {
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

  /// Creates a picker showing `color` with the sliders of `space`.
  ///
  /// The opacity is kept only when `showsOpacity` is set (otherwise the answer is opaque).
  public init(
    color: Color, space: PickerSpace = .rgb, showsOpacity: Bool = false,
    presets: [ColorPreset] = ColorPreset.systemAccents
  ) {
    self.space = space
    self.values = PickerColorMath.values(of: color, in: space)
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

  /// The number of slider rows (components, then opacity).
  public var sliderCount: Int { showsOpacity ? 4 : 3 }

  /// The color as sRGB channels, 0...1, not clamped (OKLCH can leave the sRGB gamut).
  public var srgb: [Double] { PickerColorMath.toSRGB(values, in: space) }

  /// Whether the color lies outside the sRGB gamut and is shown clipped.
  public var isOutOfGamut: Bool { srgb.contains { $0 < -0.000_5 || $0 > 1.000_5 } }

  /// The color the sliders show.
  public var color: Color { PickerColorMath.color(values, in: space, alpha: alpha) }

  /// The answer Enter would print now.
  public var answer: ColorPickerAnswer {
    ColorPickerAnswer(space: space, values: values, alpha: alpha)
  }

  // MARK: Update

  public static func update(_ state: ColorPickerState, _ key: Key) -> ColorPickerState {
    guard !state.outcome.isFinished else { return state }
    var next = state
    if case .character(let character) = key, character.isNumber || character == "." {
      next.type(character)
      return next
    }
    if key != .backspace { next.typed = nil }
    switch key {
    case .enter: next.outcome = .accepted(next.answer)
    case .escape, .interrupt, .control("d"): next.outcome = .cancelled
    case .up: next.focus = max(next.focus - 1, 0)
    case .down: next.focus = min(next.focus + 1, next.sliderCount)
    case .left, .wheelDown: next.step(by: -1, large: false)
    case .right, .wheelUp: next.step(by: 1, large: false)
    case .shiftLeft: next.step(by: -1, large: true)
    case .shiftRight: next.step(by: 1, large: true)
    case .home: next.jump(toEnd: false)
    case .end: next.jump(toEnd: true)
    case .tab: next.switchSpace(by: 1)
    case .backTab: next.switchSpace(by: -1)
    case .backspace:
      if var typed = next.typed, !typed.isEmpty {
        typed.removeLast()
        next.typed = typed
        if let value = Double(typed) { next.setFocused(value) }
      }
    default: break
    }
    return next
  }

  private mutating func type(_ character: Character) {
    guard focus < sliderCount else { return }
    let text = (typed ?? "") + String(character)
    guard text.count <= 8, let value = Double(text) else { return }
    typed = text
    setFocused(value)
  }

  /// Sets the focused slider to `value` (its displayed units), clamped to its range.
  private mutating func setFocused(_ value: Double) {
    if focus < 3 {
      let range = space.components[focus].range
      values[focus] = min(max(value, range.lowerBound), range.upperBound)
    } else if focus == 3, showsOpacity {
      alpha = min(max(value / 100, 0), 1)
    }
  }

  private mutating func step(by direction: Double, large: Bool) {
    if focus == sliderCount {
      guard !presets.isEmpty else { return }
      presetIndex = (presetIndex + Int(direction) + presets.count) % presets.count
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
    if focus < 3 {
      let range = space.components[focus].range
      values[focus] = toEnd ? range.upperBound : range.lowerBound
    } else if focus == 3, showsOpacity {
      alpha = toEnd ? 1 : 0
    }
  }

  private mutating func switchSpace(by offset: Int) {
    let all = PickerSpace.allCases
    guard let index = all.firstIndex(of: space) else { return }
    let target = all[(index + offset + all.count) % all.count]
    values = PickerColorMath.fromSRGB(srgb, to: target)
    space = target
  }

  private mutating func apply(_ preset: ColorPreset) {
    values = PickerColorMath.fromSRGB(preset.srgb, to: space)
  }

  // MARK: Window events

  /// The state after a window's widget changed (a slider, a spin button, the CSS entry).
  ///
  /// The GTK driver turns each widget signal into one ``ColorPickerEvent`` and redraws its
  /// widgets from the new state, so steps, clamping and the answer are the terminal picker's.
  ///
  ///     var state = ColorPickerState(color: .white)
  ///     state = ColorPickerState.update(state, event: .setComponent(0, 128))
  ///     state.answer.hex   // "#80ffff"
  public static func update(_ state: ColorPickerState, event: ColorPickerEvent)
    -> ColorPickerState
  {
    guard !state.outcome.isFinished else { return state }
    var next = state
    next.typed = nil
    switch event {
    case .key(let key): return update(state, key)
    case .focus(let row): next.focus = min(max(row, 0), next.sliderCount)
    case .setComponent(let index, let value):
      guard next.values.indices.contains(index), value.isFinite else { break }
      let range = next.space.components[index].range
      next.values[index] = min(max(value, range.lowerBound), range.upperBound)
    case .setAlpha(let value):
      guard next.showsOpacity, value.isFinite else { break }
      next.alpha = min(max(value, 0), 1)
    case .setSpace(let space):
      guard space != next.space else { break }
      next.values = PickerColorMath.fromSRGB(next.srgb, to: space)
      next.space = space
    case .setColor(let color):
      next.values = PickerColorMath.values(of: color, in: next.space)
      if next.showsOpacity { next.alpha = min(max(color.alpha, 0), 1) }
    case .choosePreset(let index):
      guard next.presets.indices.contains(index) else { break }
      next.presetIndex = index
      next.apply(next.presets[index])
    case .accept: next.outcome = .accepted(next.answer)
    case .cancel: next.outcome = .cancelled
    }
    return next
  }

  // MARK: View

  public static func view(_ state: ColorPickerState, size: TerminalSize) -> Screen {
    var screen = Screen(width: size.columns, height: size.rows)
    let width = size.columns
    guard width >= 20, size.rows >= 6 else {
      screen.put("window too small", row: 0, column: 0)
      return screen
    }
    let bar = Style(reverse: true)
    screen.fill(Screen.Area(row: 0, column: 0, width: width, height: 1), style: bar)
    var column = screen.put(
      " pickers · color  ", row: 0, column: 0, style: Style(bold: true, reverse: true))
    for space in PickerSpace.allCases {
      let label = space == state.space ? "[\(space.rawValue)]" : " \(space.rawValue) "
      column += screen.put(
        label, row: 0, column: column, style: Style(bold: space == state.space, reverse: true))
    }
    screen.put("  Tab: space", row: 0, column: column, style: Style(dim: true, reverse: true))

    // The swatch sits at the right when there is room, else below the sliders.
    let sideSwatch = width >= 64
    let swatchWidth = sideSwatch ? min(28, width / 3) : width - 2
    let sliderWidth = sideSwatch ? width - swatchWidth - 3 : width
    let labelWidth = 4
    let valueWidth = 9
    let barWidth = max(sliderWidth - labelWidth - valueWidth - 1, 4)
    var row = 2
    for index in 0..<state.sliderCount {
      state.drawSlider(index, into: &screen, row: row, barWidth: barWidth, labelWidth: labelWidth)
      row += 2
    }
    let swatchRows = sideSwatch ? max(row - 3, 5) : 4
    let swatch =
      sideSwatch
      ? Screen.Area(row: 2, column: width - swatchWidth - 1, width: swatchWidth, height: swatchRows)
      : Screen.Area(row: row, column: 1, width: swatchWidth, height: swatchRows)
    state.drawSwatch(into: &screen, area: swatch)
    row = sideSwatch ? max(row, swatch.row + swatch.height + 1) : row + swatchRows + 1

    let answer = state.answer
    let clip = state.isOutOfGamut ? "  (outside sRGB: hex gamut-mapped)" : ""
    screen.put("Hex  \(answer.hex)\(clip)", row: row, column: 1)
    screen.put("CSS  \(answer.css)", row: row + 1, column: 1)
    let onWhite = state.color.wcagContrast(on: .white)
    let onBlack = state.color.wcagContrast(on: .black)
    screen.put(
      "Contrast  vs white \(format(onWhite.ratio, 2)):1 \(grade(onWhite))   "
        + "vs black \(format(onBlack.ratio, 2)):1 \(grade(onBlack))",
      row: row + 2, column: 1)
    row += 4
    state.drawPresets(into: &screen, row: row)

    let hints =
      "↑↓ slider  ←→ step (Shift: big steps)  0-9 type  Tab space  Enter choose  Esc cancel"
    screen.put(hints, row: size.rows - 1, column: 0, style: Style(dim: true))
    return screen
  }

  private func drawSlider(
    _ index: Int, into screen: inout Screen, row: Int, barWidth: Int, labelWidth: Int
  ) {
    let focused = focus == index
    let label = index < 3 ? space.components[index].label : "A"
    screen.put(focused ? "›" : " ", row: row, column: 0, style: Style(bold: true))
    screen.put(label, row: row, column: 2, style: Style(bold: focused))
    let range = index < 3 ? space.components[index].range : 0...100
    let current = index < 3 ? values[index] : alpha * 100
    let span = range.upperBound - range.lowerBound
    let marker = Int(((current - range.lowerBound) / span * Double(barWidth - 1)).rounded())
    for x in 0..<barWidth {
      let position = range.lowerBound + span * Double(x) / Double(max(barWidth - 1, 1))
      var rgb: [Double]
      if index < 3 {
        var sample = values
        sample[index] = position
        rgb = PickerColorMath.toSRGB(sample, in: space).map { min(max($0, 0), 1) }
      } else {
        let checker: [Double] = x % 2 == 0 ? [0.8, 0.8, 0.8] : [0.6, 0.6, 0.6]
        let base = srgb.map { min(max($0, 0), 1) }
        rgb = zip(base, checker).map { $0 * position / 100 + $1 * (1 - position / 100) }
      }
      let background = Self.terminalColor(rgb)
      if x == marker {
        let dark = PickerColorMath.luminance(rgb) > 0.4
        let style = Style(
          foreground: dark ? TerminalColor(gray: 0) : TerminalColor(gray: 255),
          background: background, bold: true)
        screen.put("┃", row: row, column: labelWidth + x, style: style)
      } else {
        screen.put(" ", row: row, column: labelWidth + x, style: Style(background: background))
      }
    }
    let decimals = index < 3 ? space.components[index].decimals : 0
    let unit = index < 3 ? space.components[index].unit : "%"
    let text = focused && typed != nil ? "\(typed ?? "")▏" : Self.format(current, decimals) + unit
    screen.put(
      text, row: row, column: labelWidth + barWidth + 1, style: Style(bold: focused),
      maxWidth: 9)
  }

  private func drawSwatch(into screen: inout Screen, area: Screen.Area) {
    for row in area.row..<(area.row + area.height) where row < screen.height {
      for column in area.column..<(area.column + area.width) where column < screen.width {
        // Checker squares two cells wide, one row high: about square on most fonts.
        let light = ((column - area.column) / 2 + (row - area.row)) % 2 == 0
        let checker: [Double] = light ? [0.8, 0.8, 0.8] : [0.6, 0.6, 0.6]
        let color = Self.terminalColor(composited(over: checker))
        screen[row, column] = Cell(" ", style: Style(background: color))
      }
    }
  }

  private func drawPresets(into screen: inout Screen, row: Int) {
    let focused = focus == sliderCount
    screen.put(focused ? "›" : " ", row: row, column: 0, style: Style(bold: true))
    let first = 2 + screen.put("Accents ", row: row, column: 2, style: Style(bold: focused))
    func width(_ preset: ColorPreset) -> Int { 4 + Screen.displayWidth(of: preset.name) }
    // Scroll the row so the chosen preset is visible.
    var start = 0
    while start < presetIndex,
      presets[start...presetIndex].reduce(first, { $0 + width($1) }) > screen.width
    {
      start += 1
    }
    var column = first
    if start > 0 { column += screen.put("‹", row: row, column: column, style: Style(dim: true)) }
    for index in start..<presets.count {
      let preset = presets[index]
      if column + width(preset) > screen.width {
        screen.put("›", row: row, column: screen.width - 1, style: Style(dim: true))
        break
      }
      screen.put(
        "  ", row: row, column: column, style: Style(background: Self.terminalColor(preset.srgb)))
      let chosen = focused && index == presetIndex
      column += 2
      column += screen.put(
        chosen ? "[\(preset.name)]" : " \(preset.name) ", row: row, column: column,
        style: Style(bold: chosen, underline: chosen))
    }
  }

  /// The gamut-mapped color drawn over `background` (sRGB 0...1), as a browser composites it.
  func composited(over background: [Double]) -> [Double] {
    let mapped = color.gamutMapped(to: .srgb).channels.values.map { $0 ?? 0 }
    return zip(mapped, background).map { min(max($0, 0), 1) * alpha + $1 * (1 - alpha) }
  }

  static func terminalColor(_ rgb: [Double]) -> TerminalColor {
    func byte(_ value: Double) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
    return TerminalColor(red: byte(rgb[0]), green: byte(rgb[1]), blue: byte(rgb[2]))
  }

  static func format(_ value: Double, _ decimals: Int) -> String {
    guard decimals > 0 else { return String(Int(value.rounded())) }
    let scale = pow(10, Double(decimals))
    let scaled = Int((abs(value) * scale).rounded())
    let whole = scaled / Int(scale)
    var fraction = String(scaled % Int(scale))
    while fraction.count < decimals { fraction = "0" + fraction }
    return (value < 0 && scaled != 0 ? "-" : "") + "\(whole).\(fraction)"
  }

  private static func grade(_ contrast: WCAGContrast) -> String {
    contrast.aaa ? "AAA" : contrast.aa ? "AA" : contrast.aaLarge ? "AA large" : "fail"
  }
}

/// Something a window's widgets did to the color picker (see
/// ``ColorPickerState/update(_:event:)``).
public enum ColorPickerEvent: Hashable, Sendable {
  /// A key, handled exactly as in the terminal (arrow steps on the focused row, Enter, Esc).
  case key(Key)
  /// Keyboard focus moved to a row: 0...2 the components, 3 opacity, then the presets.
  case focus(Int)
  /// A component's slider or spin button was set to a value in its space's units.
  case setComponent(Int, Double)
  /// The opacity slider was set (0...1); ignored without `--opacity`.
  case setAlpha(Double)
  /// The space switch chose another space; the color stays the same.
  case setSpace(PickerSpace)
  /// The CSS entry parsed to a color (its alpha is kept only with `--opacity`).
  case setColor(Color)
  /// A preset swatch was clicked.
  case choosePreset(Int)
  /// The Choose button.
  case accept
  /// The Cancel button or closing the window.
  case cancel
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
