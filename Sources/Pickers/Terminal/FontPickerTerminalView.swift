/// The font picker on the terminal: its key bindings and its screen.
///
/// Keys: typing filters with ``FontSearch`` (Backspace deletes, Ctrl-U clears); Up/Down, Page
/// Up/Down, Home/End and the mouse wheel move; 0-5 rate the highlighted family; Tab shows only
/// rated families; Ctrl-O shows one collection's families after another (``FontCollection``);
/// Ctrl-P pins the highlighted family (again: unpins it) and the image preview becomes a
/// comparison of the pinned families and the highlighted one, as `pickers font compare` draws
/// it; Ctrl-X removes every pin; Enter chooses; Esc, Ctrl-C or Ctrl-D cancel. Each key is one
/// ``FontPickerEvent``.
///
///     let entries = ["DejaVu Sans", "DejaVu Serif"].map { FontPickerState.Entry(family: $0) }
///     var picker = FontPickerTerminalView(model: FontPickerState(entries: entries))
///     picker = FontPickerTerminalView.update(picker, keys: [.character("s"), .character("e"), .enter])
///     picker.outcome   // .accepted("DejaVu Serif")
public struct FontPickerTerminalView: TerminalPicker, Hashable {
  /// The picker's state.
  public var model: FontPickerState
  /// Rows kept free for an image preview under the details (0: a text-only preview line).
  public var previewRows: Int
  /// A line shown in the preview area when no image is drawn there.
  public var previewNote: String

  /// Creates the terminal view of `model`.
  ///
  /// - Parameters:
  ///   - model: The picker's state.
  ///   - previewRows: Rows reserved for an image preview; 0 for text only.
  ///   - previewNote: The text-only preview line.
  public init(
    model: FontPickerState, previewRows: Int = 0,
    previewNote: String = "The quick brown fox jumps over the lazy dog  0123456789"
  ) {
    self.model = model
    self.previewRows = previewRows
    self.previewNote = previewNote
  }

  /// The event `key` stands for: digits 0-5 rate, other characters type into the filter.
  public static func event(for key: Key, in picker: FontPickerTerminalView) -> FontPickerEvent? {
    switch key {
    case .enter: .choose
    case .escape, .interrupt, .control("d"): .cancel
    case .up: .move(by: -1)
    case .down: .move(by: 1)
    case .wheelUp: .move(by: -3)
    case .wheelDown: .move(by: 3)
    case .pageUp: .movePage(by: -1)
    case .pageDown: .movePage(by: 1)
    case .home: .select(0)
    case .end: .select(picker.model.matches.count - 1)
    case .tab, .backTab: .setFavoritesOnly(!picker.model.favoritesOnly)
    case .character(let digit) where ("0"..."5").contains(digit): .rate(Int(String(digit)) ?? 0)
    case .character(let character): .typeCharacter(character)
    case .backspace: .deleteBackward
    case .control("u"): .clearQuery
    case .control("o"): .nextCollection
    case .control("p"): .togglePin
    case .control("x"): .clearPins
    default: nil
    }
  }

  /// The picker with the list as tall as the window leaves room for.
  public func resized(to size: TerminalSize) -> FontPickerTerminalView {
    sending(.setPageSize(Self.layout(size, previewRows: previewRows).listRows))
  }

  // MARK: View

  struct Layout {
    var listTop = 1
    var listRows: Int
    var detailTop: Int
    var previewTop: Int
    var previewRows: Int
    var footer: Int
  }

  static func layout(_ size: TerminalSize, previewRows: Int) -> Layout {
    let footer = size.rows - 1
    let preview = previewRows > 0 ? min(previewRows, max(size.rows / 3, 2)) : 1
    let previewTop = footer - preview
    let detailTop = previewTop - 4
    return Layout(
      listRows: max(detailTop - 2, 1), detailTop: detailTop, previewTop: previewTop,
      previewRows: preview, footer: footer)
  }

  public static func view(_ picker: FontPickerTerminalView, size: TerminalSize) -> Screen {
    let state = picker.model
    var screen = Screen(width: size.columns, height: size.rows)
    guard size.columns >= 20, size.rows >= 10 else {
      screen.put("window too small", row: 0, column: 0)
      return screen
    }
    let width = size.columns
    let layout = Self.layout(size, previewRows: picker.previewRows)
    let bar = Style(reverse: true)
    screen.fill(Screen.Area(row: 0, column: 0, width: width, height: 1), style: bar)
    var column = screen.put(
      " pickers · font  ", row: 0, column: 0, style: Style(bold: true, reverse: true))
    column += screen.put("Filter: ", row: 0, column: column, style: bar)
    column += screen.put(
      state.query, row: 0, column: column, style: Style(bold: true, reverse: true))
    screen.put("▏", row: 0, column: column, style: bar)
    let noun = state.entries.first?.style == nil ? "families" : "faces"
    let count =
      "\(state.matches.count)/\(state.entries.count) \(noun)"
      + (state.favoritesOnly ? " · ★ only" : "")
      + (state.collection.map { " · in \($0)" } ?? "")
      + (state.pinned.isEmpty ? "" : " · \(state.pinned.count) pinned") + " "
    let countWidth = Screen.displayWidth(of: count)
    if width - countWidth > column + 2 {
      screen.put(count, row: 0, column: width - countWidth, style: bar)
    }

    if state.matches.isEmpty {
      let message =
        state.favoritesOnly && state.ratings.isEmpty
        ? "No rated families yet: press 1-5 on a family to rate it, Tab to show all."
        : "No family matches '\(state.query)'."
      screen.put(message, row: layout.listTop, column: 2, style: Style(dim: true))
    }
    let top = min(state.top, max(state.matches.count - layout.listRows, 0))
    for offset in 0..<layout.listRows {
      let index = top + offset
      guard index < state.matches.count else { break }
      let entry = state.entries[state.matches[index]]
      let row = layout.listTop + offset
      let highlighted = index == state.selection
      let style = highlighted ? Style(bold: true, reverse: true) : .plain
      if highlighted {
        screen.fill(Screen.Area(row: row, column: 0, width: width, height: 1), style: style)
      }
      screen.put(highlighted ? "›" : " ", row: row, column: 0, style: style)
      if state.pinned.contains(entry.family) { screen.put("•", row: row, column: 1, style: style) }
      let stars = state.ratings[entry.family] ?? 0
      let starText = String(repeating: "★", count: stars) + String(repeating: "·", count: 5 - stars)
      var starStyle = style
      if !highlighted {
        starStyle =
          stars > 0
          ? Style(foreground: TerminalColor(red: 255, green: 190, blue: 0)) : Style(dim: true)
      }
      screen.put(starText, row: row, column: 2, style: starStyle)
      screen.put(entry.answer, row: row, column: 8, style: style, maxWidth: width - 9)
    }

    // Details of the highlighted entry.
    screen.put(
      String(repeating: "─", count: width), row: layout.detailTop - 1, column: 0,
      style: Style(dim: true))
    if let entry = state.selected {
      let faces =
        entry.styles.isEmpty
        ? "?" : "\(entry.styles.count): " + entry.styles.joined(separator: ", ")
      let languages =
        entry.languages.isEmpty
        ? "?" : "\(entry.languages.count): " + entry.languages.prefix(24).joined(separator: " ")
      let label = Style(bold: true)
      for (offset, line) in [
        ("Faces", faces), ("Languages", languages),
        (
          "Mono",
          (entry.isMonospace ? "yes" : "no") + (entry.file.isEmpty ? "" : "   File: \(entry.file)")
        ),
      ].enumerated() {
        let row = layout.detailTop + offset
        let used = screen.put(line.0 + " ", row: row, column: 1, style: label)
        screen.put(line.1, row: row, column: 1 + used, maxWidth: width - used - 2)
      }
    }
    if picker.previewRows > 0 {
      screen.imageArea = Screen.Area(
        row: layout.previewTop, column: 1, width: width - 2, height: layout.previewRows)
    } else if !state.pinned.isEmpty {
      screen.put(
        "Comparing: " + state.comparedFamilies.joined(separator: " · "), row: layout.previewTop,
        column: 1, style: Style(dim: true), maxWidth: width - 2)
    } else {
      screen.put(
        picker.previewNote, row: layout.previewTop, column: 1, style: Style(dim: true),
        maxWidth: width - 2)
    }
    let hints =
      "type to filter  ↑↓ PgUp PgDn move  0-5 rate  Tab ★ only  "
      + (state.collections.isEmpty ? "" : "^O collection  ")
      + (state.pinned.isEmpty ? "^P pin  " : "^P pin  ^X unpin all  ") + "Enter choose  Esc cancel"
    screen.put(hints, row: layout.footer, column: 0, style: Style(dim: true))
    return screen
  }
}
