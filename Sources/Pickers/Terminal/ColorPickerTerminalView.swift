#if canImport(Glibc)
  import Glibc
#endif

/// The color picker on the terminal: its key bindings and its screen.
///
/// Keys: Up/Down choose a slider (below them, the preset row); Left/Right step the value
/// (Shift for larger steps; on the preset row, choose a preset); digits and `.` type a value;
/// Home/End jump to the ends; Tab and Shift-Tab switch space; Enter chooses; Esc, Ctrl-C or
/// Ctrl-D cancel. Each key is one ``ColorPickerEvent``.
///
///     let picker = ColorPickerTerminalView(model: ColorPickerState(red: 1, green: 0, blue: 0))
///     let next = ColorPickerTerminalView.update(picker, keys: [.tab, .enter])
///     next.outcome   // .accepted(...) in hsl
public struct ColorPickerTerminalView: TerminalPicker, Hashable {
  /// The picker's state.
  public var model: ColorPickerState

  /// Creates the terminal view of `model`.
  public init(model: ColorPickerState) {
    self.model = model
  }

  /// The event `key` stands for: the arrows, Home and End act on the focused row; a key with
  /// no binding ends typing.
  public static func event(for key: Key, in picker: ColorPickerTerminalView) -> ColorPickerEvent? {
    let row = picker.model.focus
    switch key {
    case .character(let character) where ColorPickerState.isTypable(character):
      return .typeCharacter(character)
    case .backspace: return .deleteBackward
    case .enter: return .choose
    case .escape, .interrupt, .control("d"): return .cancel
    case .up: return .moveFocus(by: -1)
    case .down: return .moveFocus(by: 1)
    case .left, .wheelDown: return .step(row, by: -1, large: false)
    case .right, .wheelUp: return .step(row, by: 1, large: false)
    case .shiftLeft: return .step(row, by: -1, large: true)
    case .shiftRight: return .step(row, by: 1, large: true)
    case .home: return .jump(row, toEnd: false)
    case .end: return .jump(row, toEnd: true)
    case .tab: return .cycleSpace(by: 1)
    case .backTab: return .cycleSpace(by: -1)
    default: return .finishTyping
    }
  }

  // MARK: View

  public static func view(_ picker: ColorPickerTerminalView, size: TerminalSize) -> Screen {
    let state = picker.model
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

  fileprivate static func terminalColor(_ rgb: [Double]) -> TerminalColor {
    func byte(_ value: Double) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
    return TerminalColor(red: byte(rgb[0]), green: byte(rgb[1]), blue: byte(rgb[2]))
  }

  fileprivate static func format(_ value: Double, _ decimals: Int) -> String {
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

/// The terminal drawing of the color picker's rows.
extension ColorPickerState {
  fileprivate func drawSlider(
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
      let background = ColorPickerTerminalView.terminalColor(rgb)
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
    let text =
      focused && typed != nil
      ? "\(typed ?? "")▏" : ColorPickerTerminalView.format(current, decimals) + unit
    screen.put(
      text, row: row, column: labelWidth + barWidth + 1, style: Style(bold: focused),
      maxWidth: 9)
  }

  fileprivate func drawSwatch(into screen: inout Screen, area: Screen.Area) {
    for row in area.row..<(area.row + area.height) where row < screen.height {
      for column in area.column..<(area.column + area.width) where column < screen.width {
        // Checker squares two cells wide, one row high: about square on most fonts.
        let light = ((column - area.column) / 2 + (row - area.row)) % 2 == 0
        let checker: [Double] = light ? [0.8, 0.8, 0.8] : [0.6, 0.6, 0.6]
        let color = ColorPickerTerminalView.terminalColor(composited(over: checker))
        screen[row, column] = Cell(" ", style: Style(background: color))
      }
    }
  }

  fileprivate func drawPresets(into screen: inout Screen, row: Int) {
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
        "  ", row: row, column: column,
        style: Style(background: ColorPickerTerminalView.terminalColor(preset.srgb)))
      let chosen = focused && index == presetIndex
      column += 2
      column += screen.put(
        chosen ? "[\(preset.name)]" : " \(preset.name) ", row: row, column: column,
        style: Style(bold: chosen, underline: chosen))
    }
  }

  /// The gamut-mapped color drawn over `background` (sRGB 0...1), as a browser composites it.
  fileprivate func composited(over background: [Double]) -> [Double] {
    let mapped = color.gamutMapped(to: .srgb).channels.values.map { $0 ?? 0 }
    return zip(mapped, background).map { min(max($0, 0), 1) * alpha + $1 * (1 - alpha) }
  }
}
