import Testing

@testable import Pickers

@Suite("Color picker keys and view")
struct ColorPickerTerminalViewTests {
  static let red = ColorPickerState(red: 1, green: 0, blue: 0)

  /// The model after `keys`, through the terminal's bindings.
  static func press(_ state: ColorPickerState, _ keys: [Key]) -> ColorPickerState {
    ColorPickerTerminalView.update(ColorPickerTerminalView(model: state), keys: keys).model
  }

  /// The terminal's screen for `state`.
  static func view(_ state: ColorPickerState, size: TerminalSize) -> Screen {
    ColorPickerTerminalView.view(ColorPickerTerminalView(model: state), size: size)
  }

  @Test("Tab shows red as hsl(0 100% 50%) and oklch(62.8% 0.2577 29.23) (CSS Color 4)")
  func switchSpaces() {
    let hsl = Self.press(Self.red, [.tab])
    #expect(hsl.space == .hsl)
    #expect(zip(hsl.values, [0.0, 100, 50]).allSatisfy { abs($0 - $1) < 1e-9 })
    let oklch = Self.press(hsl, [.tab])
    #expect(abs(oklch.values[0] - 62.8) < 0.05)
    #expect(abs(oklch.values[1] - 0.2577) < 0.0001)
    #expect(abs(oklch.values[2] - 29.23) < 0.01)
    let back = Self.press(oklch, [.tab])
    #expect(back.space == .rgb)
    #expect(back.answer.hex == "#ff0000")
    #expect(Self.press(Self.red, [.backTab]).space == .oklch)
  }

  @Test("two large hue steps from red give hsl(30 100% 50%) = #ff8000 (CSS Color 4 table)")
  func largeSteps() {
    let state = Self.press(
      ColorPickerState(red: 1, green: 0, blue: 0, space: .hsl), [.shiftRight, .shiftRight])
    #expect(state.answer.css == "hsl(30 100% 50%)")
    #expect(state.answer.hex == "#ff8000")
  }

  @Test("Left/Right step by 1 within the range; hue wraps around")
  func steps() {
    var state = Self.press(Self.red, [.right, .right])
    #expect(state.values[0] == 255)
    state = Self.press(state, [.left, .down, .right, .shiftRight])
    #expect(state.values == [254, 17, 0])
    let hue = Self.press(ColorPickerState(red: 1, green: 0, blue: 0, space: .hsl), [.left])
    #expect(hue.values[0] == 359)
  }

  @Test("digits type a value into the focused slider; Backspace removes one")
  func typing() {
    let black = ColorPickerState(red: 0, green: 0, blue: 0)
    var state = Self.press(black, [.down, .character("1"), .character("2"), .character("8")])
    #expect(state.values == [0, 128, 0])
    #expect(state.typed == "128")
    state = Self.press(state, [.backspace])
    #expect(state.values == [0, 12, 0])
    state = Self.press(state, [.right])
    #expect(state.typed == nil && state.values == [0, 13, 0])
  }

  @Test("Home and End jump to the ends of the slider")
  func homeEnd() {
    let state = Self.press(Self.red, [.home, .down, .end])
    #expect(state.answer.hex == "#00ff00")
  }

  @Test("the opacity slider sets alpha; hex gains an alpha byte and CSS a / part")
  func opacity() {
    let start = ColorPickerState(red: 1, green: 0, blue: 0, showsOpacity: true)
    let state = Self.press(start, [.down, .down, .down, .shiftLeft])
    #expect(abs(state.alpha - 0.9) < 1e-9)
    #expect(state.answer.hex == "#ff0000e6")  // 0.9 * 255 = 229.5 -> 230
    #expect(state.answer.css == "rgb(255 0 0 / 0.9)")  // CSS Color 4 serializes alpha as a number
    #expect(ColorPickerState(red: 1, green: 0, blue: 0, alpha: 0.5).alpha == 1)
  }

  @Test("the preset row jumps to Apple's system colors (HIG values) and scrolls to show them")
  func presets() {
    let state = Self.press(Self.red, [.down, .down, .down, .right])
    #expect(state.focus == 3)
    #expect(state.answer.hex == "#ff9500")  // systemOrange
    let wrapped = Self.press(state, [.left, .left])
    #expect(wrapped.answer.hex == "#8e8e93")  // systemGray, the last
    let size = TerminalSize(columns: 70, rows: 24)
    let row = Self.view(wrapped, size: size).lines.first { $0.contains("Accents") }
    #expect(row?.contains("[gray]") == true)
    #expect(row?.contains("‹") == true)
  }

  @Test("Enter accepts the color; Esc and Ctrl-C cancel")
  func outcomes() {
    let accepted = Self.press(Self.red, [.enter])
    #expect(accepted.outcome == .accepted(Self.red.answer))
    #expect(Self.press(Self.red, [.escape]).outcome == .cancelled)
    #expect(Self.press(Self.red, [.control("c")]).outcome == .cancelled)
  }

  @Test("the view shows sliders, hex, CSS and WCAG contrast (red on white 4.00:1, black 5.25:1)")
  func view() {
    let screen = Self.view(Self.red, size: TerminalSize(columns: 100, rows: 24))
    let lines = screen.lines
    #expect(lines[0].hasPrefix(" pickers · color  [rgb] hsl  oklch"))
    #expect(lines[2].hasPrefix("› R "))
    #expect(lines[2].hasSuffix("255"))
    #expect(lines.contains(" Hex  #ff0000"))
    #expect(lines.contains(" CSS  rgb(255 0 0)"))
    #expect(lines.contains { $0.contains("vs white 4.00:1 AA large   vs black 5.25:1 AA") })
    // The swatch is solid red when opaque.
    #expect(screen[3, 90].style.background == TerminalColor(red: 255, green: 0, blue: 0))
    #expect(screen[3, 92].style.background == TerminalColor(red: 255, green: 0, blue: 0))
  }

  @Test("a translucent color is drawn over a checkerboard")
  func checkerboard() {
    let start = ColorPickerState(red: 0, green: 0, blue: 0, alpha: 0.5, showsOpacity: true)
    let screen = Self.view(start, size: TerminalSize(columns: 100, rows: 24))
    // 50% black over the checker's 0.8 and 0.6 grays: 0.4 * 255 = 102 and 0.3 * 255 = 76.5.
    let backgrounds = Set((80..<96).compactMap { screen[3, $0].style.background })
    #expect(backgrounds == [TerminalColor(gray: 102), TerminalColor(gray: 77)])
  }

  @Test("the gradient under each slider runs from the range's start to its end")
  func gradients() {
    let screen = Self.view(Self.red, size: TerminalSize(columns: 100, rows: 24))
    // The G slider of red goes from rgb(255 0 0) to rgb(255 255 0).
    #expect(screen[4, 4].style.background == TerminalColor(red: 255, green: 0, blue: 0))
    let last = ((4..<100).first { screen[4, $0].style.background == nil } ?? 0) - 1
    #expect(screen[4, last].style.background == TerminalColor(red: 255, green: 255, blue: 0))
  }
}
