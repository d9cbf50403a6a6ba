/// One key press (or mouse wheel step) read from the terminal.
///
/// The ``KeyDecoder`` turns the bytes a terminal sends into these values:
///
///     var decoder = KeyDecoder()
///     decoder.feed(Array("\u{1B}[Aa".utf8))   // [.up, .character("a")]
public enum Key: Hashable, Sendable {
  /// A printable character, digits included.
  case character(Character)
  /// Ctrl and a letter, as the lowercase letter: Ctrl-C is `.control("c")`.
  case control(Character)
  /// An arrow key.
  case up, down, left, right
  /// An arrow key with Shift held.
  case shiftUp, shiftDown, shiftLeft, shiftRight
  /// The navigation block.
  case pageUp, pageDown, home, end, delete
  /// Tab, and Shift-Tab (back tab).
  case tab, backTab
  /// Return or Enter.
  case enter
  /// A lone Escape (not the start of a longer sequence).
  case escape
  /// Backspace (DEL or Ctrl-H).
  case backspace
  /// One step of the mouse wheel, reported as an SGR mouse sequence.
  case wheelUp, wheelDown
  /// A sequence the decoder recognised as complete but does not name (kept for debugging).
  case unknown([UInt8])

  /// Ctrl-C, which cancels every picker.
  public static let interrupt = Key.control("c")
}
