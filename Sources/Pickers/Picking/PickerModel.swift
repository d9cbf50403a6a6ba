/// A picker's model: a plain value that events update, ending with an answer or a cancel.
///
/// A surface (the terminal's key bindings, a window's widget signals) turns its own input into
/// the model's events and draws the model's state; the model knows no terminal and no window,
/// so every behaviour is testable with event sequences alone.
///
///     var state = FontPickerState(entries: ["DejaVu Sans", "DejaVu Serif"].map {
///       FontPickerState.Entry(family: $0)
///     })
///     state = FontPickerState.update(state, events: [.setQuery("serif"), .choose])
///     state.outcome   // .accepted("DejaVu Serif")
public protocol PickerModel: Sendable {
  /// The value the picker ends with when the user chooses.
  associatedtype Answer: Sendable
  /// What a surface can do to the picker.
  associatedtype Event: Sendable

  /// The state after `event`; once the outcome is decided, every event leaves it unchanged.
  static func update(_ state: Self, _ event: Event) -> Self
  /// Whether the user chose, cancelled, or is still choosing.
  var outcome: PickerOutcome<Answer> { get }
}

extension PickerModel {
  /// The state after each of `events` in turn.
  ///
  ///     let state = ColorPickerState.update(initial, events: [.cycleSpace(by: 1), .choose])
  public static func update(_ state: Self, events: [Event]) -> Self {
    events.reduce(state) { update($0, $1) }
  }
}

/// How a picker ended, or that it has not.
public enum PickerOutcome<Answer: Sendable>: Sendable {
  /// Still choosing.
  case running
  /// The user chose: the answer to print.
  case accepted(Answer)
  /// The user cancelled: print nothing, exit 1.
  case cancelled

  /// Whether the picker has ended.
  public var isFinished: Bool {
    if case .running = self { return false }
    return true
  }
}

extension PickerOutcome: Equatable where Answer: Equatable {}
extension PickerOutcome: Hashable where Answer: Hashable {}
