import Testing

@testable import Pickers

/// The color picker's model driven by events alone (no terminal key, no screen).
@Suite("Color picker model")
struct ColorPickerStateTests {
  static let red = ColorPickerState(red: 1, green: 0, blue: 0)

  @Test("a Color starts the sliders at its values in the chosen space")
  func fromColor() throws {
    // rebeccapurple is #663399 (CSS Color 4, named colors).
    let state = ColorPickerState(color: try Color(css: "rebeccapurple"), space: .rgb)
    #expect(state.values.map { $0.rounded() } == [102, 51, 153])
    let hsl = ColorPickerState(color: try Color(css: "hsl(30 100% 50% / 0.5)"), space: .hsl)
    #expect(hsl.values == [30, 100, 50])
    #expect(hsl.alpha == 1)  // without --opacity the answer is opaque
    let translucent = ColorPickerState(
      color: try Color(css: "hsl(30 100% 50% / 0.5)"), space: .hsl, showsOpacity: true)
    #expect(translucent.answer.hex == "#ff800080")
  }

  @Test("cycling spaces keeps the color and wraps: rgb, hsl, oklch, rgb (CSS Color 4 red)")
  func cycleSpace() {
    let hsl = ColorPickerState.update(Self.red, .cycleSpace(by: 1))
    #expect(hsl.space == .hsl)
    #expect(zip(hsl.values, [0.0, 100, 50]).allSatisfy { abs($0 - $1) < 1e-9 })
    let oklch = ColorPickerState.update(Self.red, .cycleSpace(by: -1))
    #expect(oklch.space == .oklch)
    // CSS Color 4: red is oklch(62.8% 0.2577 29.23).
    #expect(abs(oklch.values[0] - 62.8) < 0.05)
    #expect(abs(oklch.values[1] - 0.2577) < 0.0001)
    #expect(abs(oklch.values[2] - 29.23) < 0.01)
    #expect(ColorPickerState.update(Self.red, .cycleSpace(by: 4)).space == .hsl)
    #expect(ColorPickerState.update(Self.red, .cycleSpace(by: 3)).answer.hex == "#ff0000")
  }

  @Test("a step moves a component by its step, a large step by its large step, and clamps")
  func steps() throws {
    let black = ColorPickerState(red: 0, green: 0, blue: 0)
    // R, G, B step 1 and 16 (PickerSpace.rgb): 16 = 0x10.
    let large = ColorPickerState.update(black, .step(0, by: 1, large: true))
    #expect(large.answer.hex == "#100000")
    let small = ColorPickerState.update(black, .step(2, by: 1, large: false))
    #expect(small.values == [0, 0, 1])
    #expect(small.focus == 2)  // the stepped row takes the focus
    #expect(ColorPickerState.update(Self.red, .step(0, by: 1, large: false)).values[0] == 255)
    #expect(ColorPickerState.update(black, .step(0, by: -1, large: true)).values[0] == 0)
    // hsl(359 100% 50%) one degree on is hsl(0 100% 50%), red.
    let hue = ColorPickerState(color: try Color(css: "hsl(359 100% 50%)"), space: .hsl)
    let wrapped = ColorPickerState.update(hue, .step(0, by: 1, large: false))
    #expect(wrapped.values[0] == 0)
    #expect(wrapped.answer.hex == "#ff0000")
    // OKLCH chroma steps by 0.005 and stays a round number at three decimals.
    let chroma = ColorPickerState(color: try Color(css: "oklch(50% 0.1 0)"), space: .oklch)
    #expect(ColorPickerState.update(chroma, .step(1, by: 1, large: false)).values[1] == 0.105)
    // A row that does not exist changes nothing.
    #expect(ColorPickerState.update(black, .step(5, by: 1, large: false)) == black)
  }

  @Test("the opacity row steps by 1 and 10 percent; the preset row cycles the system colors")
  func opacityAndPresetSteps() {
    let opaque = ColorPickerState(red: 1, green: 0, blue: 0, showsOpacity: true)
    let faded = ColorPickerState.update(opaque, .step(3, by: -1, large: true))
    #expect(abs(faded.alpha - 0.9) < 1e-9)
    #expect(faded.answer.css == "rgb(255 0 0 / 0.9)")
    // Without --opacity row 3 is the preset row: Apple's systemOrange (#FF9500), next to red,
    // and before the first, systemGray (#8E8E93), the last.
    let orange = ColorPickerState.update(Self.red, .step(3, by: 1, large: false))
    #expect(orange.answer.hex == "#ff9500")
    #expect(orange.presetIndex == 1)
    let gray = ColorPickerState.update(Self.red, .step(3, by: -1, large: false))
    #expect(gray.answer.hex == "#8e8e93")
  }

  @Test("a jump sets a slider to the end of its range; on the preset row it does nothing")
  func jumps() {
    let magenta = ColorPickerState.update(Self.red, .jump(2, toEnd: true))
    #expect(magenta.answer.hex == "#ff00ff")
    #expect(magenta.focus == 2)
    #expect(ColorPickerState.update(Self.red, .jump(0, toEnd: false)).answer.hex == "#000000")
    let translucent = ColorPickerState(red: 1, green: 0, blue: 0, showsOpacity: true)
    #expect(ColorPickerState.update(translucent, .jump(3, toEnd: false)).alpha == 0)
    #expect(ColorPickerState.update(Self.red, .jump(3, toEnd: false)).values == Self.red.values)
  }

  @Test("focus moves between the rows and stops at the first and the preset row")
  func focus() {
    #expect(ColorPickerState.update(Self.red, .moveFocus(by: -1)).focus == 0)
    #expect(ColorPickerState.update(Self.red, .moveFocus(by: 10)).focus == 3)
    let translucent = ColorPickerState(red: 1, green: 0, blue: 0, showsOpacity: true)
    #expect(ColorPickerState.update(translucent, .moveFocus(by: 10)).focus == 4)
    #expect(ColorPickerState.update(Self.red, .focus(-2)).focus == 0)
  }

  @Test("typed digits set the focused slider as soon as they are a number, up to 8 characters")
  func typing() {
    let typed = ColorPickerState.update(
      Self.red, events: [.focus(1), .typeCharacter("1"), .typeCharacter("2"), .typeCharacter("8")])
    // rgb(255 128 0) is #ff8000.
    #expect(typed.answer.hex == "#ff8000")
    #expect(typed.typed == "128")
    #expect(ColorPickerState.update(typed, .typeCharacter("x")) == typed)
    let long = ColorPickerState.update(typed, events: "..00000".map { .typeCharacter($0) })
    #expect(long.typed == "128.0000")  // "128.." is no number; the ninth character is refused
    let shorter = ColorPickerState.update(long, events: [.deleteBackward, .deleteBackward])
    #expect(shorter.typed == "128.00")
    let done = ColorPickerState.update(shorter, .finishTyping)
    #expect(done.typed == nil)
    #expect(done.values == [255, 128, 0])
    // A value past the range is clamped; the preset row takes no digits.
    let clamped = ColorPickerState.update(
      Self.red, events: [.typeCharacter("3"), .typeCharacter("0"), .typeCharacter("0")])
    #expect(clamped.values[0] == 255)
    let presets = ColorPickerState.update(Self.red, .focus(3))
    #expect(ColorPickerState.update(presets, .typeCharacter("1")) == presets)
  }

  @Test("the opacity slider takes typed percent")
  func typedOpacity() {
    let start = ColorPickerState(red: 1, green: 0, blue: 0, showsOpacity: true)
    let half = ColorPickerState.update(
      start, events: [.focus(3), .typeCharacter("5"), .typeCharacter("0")])
    #expect(half.answer.hex == "#ff000080")  // 0.5 * 255 = 127.5 -> 128 = 0x80
  }

  @Test("choose gives the color in the space shown; cancel ends; then nothing changes")
  func outcomes() {
    let hsl = ColorPickerState.update(Self.red, events: [.cycleSpace(by: 1), .choose])
    guard case .accepted(let answer) = hsl.outcome else {
      Issue.record("not accepted")
      return
    }
    #expect(answer.css == "hsl(0 100% 50%)")
    #expect(answer.hex == "#ff0000")
    #expect(ColorPickerState.update(hsl, .step(0, by: 1, large: false)) == hsl)
    let cancelled = ColorPickerState.update(Self.red, .cancel)
    #expect(cancelled.outcome == .cancelled)
    #expect(ColorPickerState.update(cancelled, .choose).outcome == .cancelled)
  }
}
