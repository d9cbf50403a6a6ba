/// A picker's state machine: a plain value updated by keys and drawn into a ``Screen``.
///
/// The driver (``PickerDriver``) owns the terminal; the state never sees it, so every
/// behaviour is testable with key sequences and screen contents.
public protocol PickerState: Sendable {
  /// The value printed when the user presses Enter.
  associatedtype Answer: Sendable

  /// The state after `key`.
  static func update(_ state: Self, _ key: Key) -> Self
  /// What the terminal shows for `state` in a window of `size`.
  static func view(_ state: Self, size: TerminalSize) -> Screen
  /// The state after the window changed to `size` (scroll positions depend on it).
  func resized(to size: TerminalSize) -> Self
  /// Whether the user accepted, cancelled, or is still choosing.
  var outcome: PickerOutcome<Answer> { get }
}

extension PickerState {
  /// The state after each of `keys` in turn.
  ///
  ///     let state = FontPickerState.update(initial, keys: [.down, .down, .enter])
  public static func update(_ state: Self, keys: [Key]) -> Self {
    keys.reduce(state) { update($0, $1) }
  }

  /// By default the state does not depend on the window size.
  public func resized(to size: TerminalSize) -> Self { self }
}

/// How a picker ended, or that it has not.
public enum PickerOutcome<Answer: Sendable>: Sendable {
  /// Still choosing.
  case running
  /// Enter: the answer to print.
  case accepted(Answer)
  /// Esc or Ctrl-C: print nothing, exit 1.
  case cancelled

  /// Whether the picker has ended.
  public var isFinished: Bool {
    if case .running = self { return false }
    return true
  }
}

extension PickerOutcome: Equatable where Answer: Equatable {}
extension PickerOutcome: Hashable where Answer: Hashable {}
