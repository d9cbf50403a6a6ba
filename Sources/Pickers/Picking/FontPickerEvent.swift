/// Something a surface did to the font picker (see ``FontPickerState/update(_:_:)``).
///
///     var state = FontPickerState(entries: entries)
///     state = FontPickerState.update(state, .setQuery("dejavu mono"))
///     state.selected?.family   // "DejaVu Sans Mono"
public enum FontPickerEvent: Hashable, Sendable {
  /// The filter was replaced (a search field's text), cut to
  /// ``FontPickerState/maximumQueryLength`` characters.
  case setQuery(String)
  /// A character was typed at the end of the filter.
  case typeCharacter(Character)
  /// The filter's last character was deleted (nothing happens when it is empty).
  case deleteBackward
  /// The filter was cleared; the highlight returns to the first row.
  case clearQuery
  /// Only rated families are listed (`true`) or all of them.
  case setFavoritesOnly(Bool)
  /// The other filters changed: only these families (`nil`: all) are listed.
  case allowFamilies(Set<String>?)
  /// The collections the picker can filter by were loaded (``FontPickerState/collections``);
  /// an active collection no longer among them is turned off.
  case setCollections([FontPickerState.CollectionFilter])
  /// Only the families of the collection of this name are listed (`nil`: every family).
  case setCollection(String?)
  /// The next collection is the filter: none, then each in turn, then none again.
  case nextCollection
  /// The highlight moved `by` rows down (negative: up), stopping at the ends of the list.
  case move(by: Int)
  /// The highlight moved `by` pages: a page is ``FontPickerState/pageSize`` rows less one.
  case movePage(by: Int)
  /// A row was selected (an index into ``FontPickerState/matches``, clamped to them).
  case select(Int)
  /// The list now shows this many rows (at least 1); the highlighted row stays in view.
  case setPageSize(Int)
  /// The selected family was rated 1...5 stars (0 clears; other values are clamped).
  case rate(Int)
  /// The highlighted family was pinned for comparison, or unpinned when it was pinned
  /// (``FontPickerState/pinned``; at most ``FontPickerState/maximumPinned``, the oldest pin
  /// goes first).
  case togglePin
  /// Every pin was removed.
  case clearPins
  /// The user chose the selected row (nothing happens when no row matches).
  case choose
  /// The user cancelled.
  case cancel
}
