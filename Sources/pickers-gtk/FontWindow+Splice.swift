import CGtk
import Pickers

/// The list model follows the core's matches with few splices (``ListSplice``) over items made
/// once per entry: a row whose family stays in the list keeps its item, so GTK neither rebinds
/// its widget nor drops the font the row was given, and one that only moves within a splice
/// keeps its widget too (GTK's list item manager takes back the widget of an item removed and
/// inserted again in the same `items-changed`).
extension FontWindow {
  /// The most splices one change makes.
  ///
  /// Each splice is an `items-changed` the list view handles on its own, and a row that moves
  /// from one splice to another is built again.
  static let maximumSplices = 1

  /// The model's item for entry `index`, made on first use and kept for the window's life.
  func item(_ index: Int) -> gpointer? {
    if let item = items[index] { return item }
    let item = gtk_string_object_new(state.entries[index].answer).map(UnsafeMutableRawPointer.init)
    items[index] = item
    return item
  }

  /// Splices `model` (a GListStore listing `old`'s items) to list `new`'s.
  func splice(_ model: OpaquePointer, from old: [Int], to new: [Int]) {
    for change in ListSplice.splices(from: old, to: new, maximum: Self.maximumSplices) {
      var added = new[change.inserted].map { item($0) }
      added.withUnsafeMutableBufferPointer { buffer in
        g_list_store_splice(
          model, UInt32(change.position), UInt32(change.removed), buffer.baseAddress,
          UInt32(buffer.count))
      }
    }
  }
}
