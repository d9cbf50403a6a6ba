/// Something a surface did to the color picker (see ``ColorPickerState/update(_:_:)``).
///
/// Rows are numbered as ``ColorPickerState/focus`` numbers them: 0...2 the components, 3 the
/// opacity when it is shown, then the preset row (``ColorPickerState/sliderCount``).
///
///     var state = ColorPickerState(color: .white)
///     state = ColorPickerState.update(state, .setComponent(0, 128))
///     state.answer.hex   // "#80ffff"
public enum ColorPickerEvent: Hashable, Sendable {
  /// Focus moved to a row (clamped to the rows there are).
  case focus(Int)
  /// Focus moved `by` rows down (negative: up), stopping at the first and the last row.
  case moveFocus(by: Int)
  /// A row stepped `by` steps and took the focus: a slider by its component's step (`large`:
  /// its large step; the opacity 1 or 10 percent), the preset row to the next preset, wrapping.
  case step(Int, by: Int, large: Bool)
  /// A slider jumped to the start or the end of its range and took the focus.
  case jump(Int, toEnd: Bool)
  /// A digit or `.` typed into the focused slider's value; it applies as soon as the text is
  /// a number (at most 8 characters). Ignored on the preset row and for other characters.
  case typeCharacter(Character)
  /// The last typed character removed; the rest applies when it is a number.
  case deleteBackward
  /// Typing ended: the slider shows its value again (every other event ends typing too).
  case finishTyping
  /// A component was set to a value in its space's units, rounded to the digits its value box
  /// shows (``PickerSpace/Component/decimals``) and clamped to its range.
  case setComponent(Int, Double)
  /// The opacity was set (0...1), rounded to whole percent as its value box shows it; ignored
  /// when the opacity is not shown.
  case setAlpha(Double)
  /// Another space was chosen; the color stays the same.
  case setSpace(PickerSpace)
  /// The space moved `by` places along `PickerSpace.allCases`, wrapping; the color stays.
  case cycleSpace(by: Int)
  /// A color replaced the sliders (its alpha is kept only when the opacity is shown).
  case setColor(Color)
  /// A preset was chosen by its index in ``ColorPickerState/presets``.
  case choosePreset(Int)
  /// The user chose the color shown.
  case choose
  /// The user cancelled.
  case cancel
}
