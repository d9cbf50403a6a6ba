import CGtk
import Glibc
import Pickers

/// The list's rows: a label per family, first in the interface font, then (once the window is
/// on screen, a few rows per idle moment) in that family.
extension FontWindow {
  /// The list's row factory.
  ///
  /// Drawing a row in its own font opens the font file; doing it lazily lets the window map
  /// without opening any, and keeps a search keystroke from waiting on the rows it reveals.
  func makeFactory() -> OpaquePointer? {
    guard let factory = gtk_signal_list_item_factory_new() else { return nil }
    Signals.connectPointer(factory, "setup") { item in
      let label = Widgets.label("")
      // Ellipsized names keep the list as wide as asked, whatever the families are called.
      gtk_label_set_ellipsize(cgtk_label(label), PANGO_ELLIPSIZE_END)
      Widgets.pad(label, 4)
      gtk_list_item_set_child(cgtk_list_item(item), label)
    }
    Signals.connectPointer(factory, "bind") { [self] item in
      guard let label = gtk_list_item_get_child(cgtk_list_item(item)) else { return }
      let position = Int(Self.position(of: item))
      guard position < listed.count else { return }
      boundRows[UInt(bitPattern: label)] = (label, item)
      relabel(label, item: item, entry: listed[position])
      followFocus(of: label, item: item)
    }
    for signal in ["unbind", "teardown"] {
      Signals.connectPointer(factory, signal) { [self] item in
        guard let label = gtk_list_item_get_child(cgtk_list_item(item)) else { return }
        pendingRowFonts[UInt(bitPattern: label)] = nil
        boundRows[UInt(bitPattern: label)] = nil
      }
    }
    return factory
  }

  /// Labels a row with entry `entry`'s answer in the interface font; its own font follows after
  /// the frame that shows it (``applyRowFonts()``).
  func relabel(_ label: Widget, item: gpointer?, entry: Int) {
    let answer = state.entries[entry].answer
    gtk_label_set_text(cgtk_label(label), answer)
    Self.setFont(of: label, family: nil)
    let family = answer.split(separator: ":", maxSplits: 1).first.map(String.init) ?? answer
    pendingRowFonts[UInt(bitPattern: label)] = (label, family, answer, item)
    // After the frame that shows the row: its own font opens a font file.
    scheduleRowFonts()
  }

  /// The size of a row's label, in Pango units.
  static let rowFontSize = 15 * PANGO_SCALE

  /// Draws a row's label at the list's size, in `family` (`nil`: the interface font).
  static func setFont(of label: Widget, family: String?) {
    guard let attributes = pango_attr_list_new() else { return }
    if let family { pango_attr_list_insert(attributes, pango_attr_family_new(family)) }
    pango_attr_list_insert(attributes, pango_attr_size_new(rowFontSize))
    gtk_label_set_attributes(cgtk_label(label), attributes)
    pango_attr_list_unref(attributes)
  }

  /// Shows a family that cannot draw its own name (``FontCatalog/symbolFamilies()``) as the
  /// name in the interface font and, after it, a sample of what the family draws, in it.
  static func setSymbolRow(of label: Widget, answer: String, symbol: SymbolFamily) {
    let sample = symbol.sample
    let text = sample.isEmpty ? answer : answer + "   " + sample
    gtk_label_set_text(cgtk_label(label), text)
    guard let attributes = pango_attr_list_new() else { return }
    pango_attr_list_insert(attributes, pango_attr_size_new(rowFontSize))
    if !sample.isEmpty, let family = pango_attr_family_new(symbol.family) {
      family.pointee.start_index = UInt32(text.utf8.count - sample.utf8.count)
      family.pointee.end_index = UInt32(text.utf8.count)
      pango_attr_list_insert(attributes, family)
    }
    gtk_label_set_attributes(cgtk_label(label), attributes)
    pango_attr_list_unref(attributes)
  }

  /// How long, in milliseconds, the rows' own fonts may take after a frame is painted (at least
  /// one row is done): each font Pango loads first costs a fontconfig sort of every installed
  /// face (about 25 ms with 3,000 faces, 1-3 ms with 400), a font it has loaded before almost
  /// nothing, so a key pressed meanwhile waits for at most one new font and this budget.
  static let rowFontMilliseconds = 3.0

  /// Asks for a frame after which pending rows get their own font (``applyRowFonts()``).
  func scheduleRowFonts() {
    guard shown, !pendingRowFonts.isEmpty else { return }
    rowFontsWanted = true
    gtk_widget_queue_draw(list)
  }

  /// Gives pending rows their own font after a frame is painted, top row first, for at most
  /// the budget (``rowFontMilliseconds``).
  ///
  /// The next frame draws them and asks for more. Each row's text is laid out at once, so the
  /// font is loaded here, inside the budget, and not in the next frame's layout. Idle
  /// callbacks run back to back between frames: without a budget one frame would load every
  /// bound row's font, 1.5 s with 3,000 faces.
  func applyRowFonts() {
    // Until it is known which families cannot draw their names, rows keep the interface font.
    guard let symbols = symbolFamilies else { return }
    var start = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    let rows = pendingRowFonts.sorted {
      Self.position(of: $0.value.item) < Self.position(of: $1.value.item)
    }
    for (key, row) in rows {
      pendingRowFonts[key] = nil
      if let symbol = symbols[row.family] {
        Self.setSymbolRow(of: row.label, answer: row.answer, symbol: symbol)
      } else {
        Self.setFont(of: row.label, family: row.family)
      }
      pango_layout_get_pixel_size(gtk_label_get_layout(cgtk_label(row.label)), nil, nil)
      if milliseconds(since: start) >= Self.rowFontMilliseconds { break }
    }
    scheduleRowFonts()
  }

  /// Reads which families cannot draw their own names (``FontCatalog/symbolFamilies()``) on
  /// another thread, then gives the rows their own fonts.
  ///
  /// Unless the catalog's cache has the answer, fontconfig's charset of every face is read:
  /// about 170 ms with 3,000 faces, which neither the first frame nor a key waits for.
  func readSymbolFamilies() {
    guard !symbolFamiliesRequested else { return }
    symbolFamiliesRequested = true
    let catalog = self.catalog
    Task.detached {
      let families = (try? catalog.symbolFamilies()) ?? [:]
      onMainLoop { [self] in
        symbolFamilies = families
        scheduleRowFonts()
      }
    }
  }

  /// A list item's position in the model (rows not in it sort last).
  static func position(of item: gpointer?) -> UInt32 {
    item.map { gtk_list_item_get_position(cgtk_list_item($0)) } ?? GTK_INVALID_LIST_POSITION
  }

  /// The object data that marks a row widget whose focus already selects its row.
  static let followsFocusKey = "pickers-follows-focus"

  /// Selects a row when it gets the keyboard focus, so the focus ring and the selection (what
  /// Enter chooses) never disagree.
  ///
  /// A row widget is marked once it has its controller (by object data, not by its address,
  /// which a later row may be given once this one is freed).
  func followFocus(of label: Widget, item: gpointer?) {
    guard let row = gtk_widget_get_parent(label),
      g_object_get_data(cgtk_object(row.gpointer), Self.followsFocusKey) == nil,
      let controller = gtk_event_controller_focus_new()
    else { return }
    g_object_set_data(cgtk_object(row.gpointer), Self.followsFocusKey, row.gpointer)
    let itemAddress = UInt(bitPattern: item)
    Signals.connect(controller, "enter") { [self] in
      guard let item = UnsafeMutableRawPointer(bitPattern: itemAddress) else { return }
      let position = gtk_list_item_get_position(cgtk_list_item(item))
      guard position != GTK_INVALID_LIST_POSITION, Int(position) != state.selection else { return }
      send(.select(Int(position)))
    }
    gtk_widget_add_controller(row, controller)
  }
}
