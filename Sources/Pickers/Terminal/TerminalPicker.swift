/// A picker model as the terminal shows it: keys become the model's events, and the model is
/// drawn into a ``Screen``.
///
/// ``PickerDriver`` runs one on the interactive terminal. The bindings and the view are plain
/// functions of values, so every key and every frame is testable without a terminal.
///
///     let picker = FontPickerTerminalView(model: FontPickerState(entries: entries))
///     let chosen = FontPickerTerminalView.update(picker, keys: [.down, .enter])
///     chosen.outcome   // .accepted(entries[1].answer)
public protocol TerminalPicker: Sendable {
  /// The model the keys drive.
  associatedtype Model: PickerModel

  /// The picker's state.
  var model: Model { get set }
  /// The model event `key` stands for in `picker`, or `nil` when the key does nothing.
  static func event(for key: Key, in picker: Self) -> Model.Event?
  /// What the terminal shows for `picker` in a window of `size`.
  static func view(_ picker: Self, size: TerminalSize) -> Screen
  /// The picker after the window changed to `size` (scroll positions depend on it).
  func resized(to size: TerminalSize) -> Self
}

extension TerminalPicker {
  /// The picker after `key`: its event applied to the model.
  public static func update(_ picker: Self, _ key: Key) -> Self {
    guard let event = event(for: key, in: picker) else { return picker }
    var next = picker
    next.model = Model.update(picker.model, event)
    return next
  }

  /// The picker after each of `keys` in turn.
  ///
  ///     let picker = ColorPickerTerminalView.update(initial, keys: [.tab, .enter])
  public static func update(_ picker: Self, keys: [Key]) -> Self {
    keys.reduce(picker) { update($0, $1) }
  }

  /// The picker after a model event from elsewhere (a screen sample, a looked-up detail).
  public func sending(_ event: Model.Event) -> Self {
    var next = self
    next.model = Model.update(model, event)
    return next
  }

  /// Whether the user chose, cancelled, or is still choosing.
  public var outcome: PickerOutcome<Model.Answer> { model.outcome }

  /// By default the picker does not depend on the window size.
  public func resized(to size: TerminalSize) -> Self { self }
}
