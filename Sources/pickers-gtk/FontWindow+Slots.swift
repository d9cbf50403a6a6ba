import CGtk
import Pickers

/// The list model is a row of fixed slots, one item per position, and a change of the core's
/// matches re-labels the rows on screen in place: only the slots past the shorter list are
/// added or removed, in one splice at the end.
///
/// GTK 4.8's list item manager keeps no pool of row widgets: an item that leaves the model
/// takes its widget with it, and one that comes gets a new one (about 1.5 ms a search key
/// with 400 faces, bench/window-map-results.md). A slot keeps its item, so the rows on screen
/// keep their widgets, their focus controllers and their accessible objects, and a row whose
/// position keeps its family keeps the font it was drawn in.
extension FontWindow {
  /// The model's item for position `index`, made on first use and kept for the window's life.
  func slot(_ index: Int) -> gpointer? {
    if let item = slots[index] { return item }
    let item = gtk_string_object_new("").map(UnsafeMutableRawPointer.init)
    slots[index] = item
    return item
  }

  /// Shows `new` (indices of the core's entries) in `model`, a GListStore of ``slot(_:)``s
  /// that lists ``listed``: the bound rows whose family changes are labelled again, then the
  /// slots past the shorter list are added or removed.
  func show(_ new: [Int], in model: OpaquePointer) {
    let old = listed
    // Rows bound by the splice below read their family from here.
    listed = new
    let kept = min(old.count, new.count)
    for (label, item) in boundRows.values {
      let position = Int(Self.position(of: item))
      guard position < kept, old[position] != new[position] else { continue }
      relabel(label, item: item, entry: new[position])
    }
    guard old.count != new.count else { return }
    var added = (kept..<new.count).map { slot($0) }
    added.withUnsafeMutableBufferPointer { buffer in
      g_list_store_splice(
        model, UInt32(kept), UInt32(old.count - kept), buffer.baseAddress, UInt32(buffer.count))
    }
  }
}
