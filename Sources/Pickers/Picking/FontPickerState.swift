/// The font picker: a filtered, scrolling list of families (or faces) with ratings.
///
/// Keys: typing filters with ``FontSearch`` (Backspace deletes, Ctrl-U clears); Up/Down, Page Up/Down, Home/End and
/// the mouse wheel move; 0-5 rate the highlighted family; Tab shows only rated families; Enter
/// accepts; Esc or Ctrl-C cancel.
///
///     let entries = ["DejaVu Sans", "DejaVu Serif"].map { FontPickerState.Entry(family: $0) }
///     var state = FontPickerState(entries: entries)
///     state = FontPickerState.update(state, keys: [.character("s"), .character("e"), .enter])
///     state.outcome   // .accepted("DejaVu Serif")
public struct FontPickerState: PickerState, Hashable {
  /// One row of the list: a family, or one face of it in `--faces` mode.
  public struct Entry: Hashable, Sendable {
    /// The family name.
    public var family: String
    /// The face's style in `--faces` mode (the answer is then `family:style`).
    public var style: String?
    /// The family's style names, for the detail line.
    public var styles: [String]
    /// Languages the family supports (RFC 3066 tags), for the detail line.
    public var languages: [String]
    /// Whether the family is monospaced.
    public var isMonospace: Bool
    /// A file of the family (or of this face).
    public var file: String

    /// Creates an entry; only the family is required.
    public init(
      family: String, style: String? = nil, styles: [String] = [], languages: [String] = [],
      isMonospace: Bool = false, file: String = ""
    ) {
      self.family = family
      self.style = style
      self.styles = styles
      self.languages = languages
      self.isMonospace = isMonospace
      self.file = file
    }

    /// What Enter prints: the family, or `family:style`.
    public var answer: String { style.map { "\(family):\($0)" } ?? family }
  }

  /// Every entry, in display order.
  public private(set) var entries: [Entry]
  /// The filter typed so far.
  public private(set) var query = ""
  /// Indices into `entries` of the rows shown, best match first.
  public private(set) var matches: [Int]
  /// The highlighted row, an index into `matches`.
  public private(set) var selection = 0
  /// The first row shown, an index into `matches`.
  public private(set) var top = 0
  /// How many list rows the window shows (kept up to date by `resized(to:)`).
  public private(set) var pageSize = 10
  /// Star ratings, 1...5, by family (0 is stored as absent).
  public private(set) var ratings: [String: Int]
  /// Whether only rated families are listed.
  public private(set) var favoritesOnly = false
  /// When set, only these families are listed (a window's monospace, language and color
  /// toggles, answered by the font catalog).
  public private(set) var allowedFamilies: Set<String>?
  /// How the picker ended.
  public private(set) var outcome: PickerOutcome<String> = .running
  /// Rows kept free for an image preview under the details (0: a text-only preview line).
  public var previewRows: Int
  /// A line shown in the preview area when no image is drawn there.
  public var previewNote: String

  /// Creates a picker over `entries` with the saved `ratings`, highlighting `initial` if given.
  ///
  /// - Parameters:
  ///   - entries: The families (or faces) to choose from.
  ///   - ratings: Saved star ratings by family.
  ///   - initial: A family (or `family:style`) to highlight, matched ignoring case.
  ///   - previewRows: Rows reserved for an image preview; 0 for text only.
  ///   - previewNote: The text-only preview line.
  public init(
    entries: [Entry], ratings: [String: Int] = [:], initial: String? = nil, previewRows: Int = 0,
    previewNote: String = "The quick brown fox jumps over the lazy dog  0123456789"
  ) {
    self.entries = entries
    self.ratings = ratings
    self.matches = Array(entries.indices)
    self.previewRows = previewRows
    self.previewNote = previewNote
    if let initial = initial?.lowercased() {
      let index =
        entries.firstIndex { $0.answer.lowercased() == initial }
        ?? entries.firstIndex { $0.family.lowercased() == initial }
      if let index { move(to: index) }
    }
  }

  /// One entry per family (or per face with `perFace`), in the order of `faces`.
  ///
  /// Both drivers build their list with this: a family's styles, whether any face is
  /// monospaced, and its Regular (or Book, else first) file.
  public static func entries(_ faces: [FontFace], perFace: Bool) -> [Entry] {
    var order: [String] = []
    var byFamily: [String: [FontFace]] = [:]
    for face in faces {
      if byFamily[face.family] == nil { order.append(face.family) }
      byFamily[face.family, default: []].append(face)
    }
    return order.flatMap { family -> [Entry] in
      let members = byFamily[family] ?? []
      var styles: [String] = []
      for face in members where !styles.contains(face.style) { styles.append(face.style) }
      let mono = members.contains { $0.spacing != .proportional }
      let file =
        members.first { $0.style == "Regular" || $0.style == "Book" }?.file
        ?? members.first?.file ?? ""
      guard perFace else {
        return [Entry(family: family, styles: styles, isMonospace: mono, file: file)]
      }
      return members.map { face in
        Entry(
          family: family, style: face.style, styles: styles, isMonospace: mono, file: face.file)
      }
    }
  }

  /// Sets the languages of every entry of `family` (looked up lazily, for the detail line).
  public mutating func setLanguages(_ languages: [String], forFamily family: String) {
    for index in entries.indices where entries[index].family == family {
      entries[index].languages = languages
    }
  }

  /// The highlighted entry, if any row matches.
  public var selected: Entry? {
    matches.indices.contains(selection) ? entries[matches[selection]] : nil
  }

  // MARK: Update

  public static func update(_ state: FontPickerState, _ key: Key) -> FontPickerState {
    guard !state.outcome.isFinished else { return state }
    var next = state
    switch key {
    case .enter:
      if let selected = next.selected { next.outcome = .accepted(selected.answer) }
    case .escape, .interrupt, .control("d"): next.outcome = .cancelled
    case .up: next.move(by: -1)
    case .down: next.move(by: 1)
    case .wheelUp: next.move(by: -3)
    case .wheelDown: next.move(by: 3)
    case .pageUp: next.move(by: -max(next.pageSize - 1, 1))
    case .pageDown: next.move(by: max(next.pageSize - 1, 1))
    case .home: next.move(to: 0)
    case .end: next.move(to: next.matches.count - 1)
    case .tab, .backTab:
      next.favoritesOnly.toggle()
      next.refilter()
    case .character(let digit) where ("0"..."5").contains(digit):
      next.rate(Int(String(digit)) ?? 0)
    case .character(let character):
      next.query.append(character)
      next.refilter()
    case .backspace:
      guard !next.query.isEmpty else { break }
      next.query.removeLast()
      next.refilter()
    case .control("u"):
      next.query = ""
      next.refilter()
    default: break
    }
    return next
  }

  public func resized(to size: TerminalSize) -> FontPickerState {
    var next = self
    next.pageSize = max(Self.layout(size, previewRows: previewRows).listRows, 1)
    next.move(to: next.selection)
    return next
  }

  private mutating func move(by offset: Int) {
    move(to: selection + offset)
  }

  private mutating func move(to index: Int) {
    selection = min(max(index, 0), max(matches.count - 1, 0))
    if selection < top { top = selection }
    if selection >= top + pageSize { top = selection - pageSize + 1 }
    top = max(min(top, matches.count - pageSize), 0)
  }

  private mutating func rate(_ stars: Int) {
    guard let family = selected?.family else { return }
    ratings[family] = stars == 0 ? nil : stars
    if favoritesOnly, stars == 0 { refilter() }
  }

  /// Recomputes `matches` after the query or the favourites toggle changed, keeping the
  /// highlighted entry when it still matches.
  private mutating func refilter() {
    let previous = selected
    var found = FamilySearch.rank(entries.map(\.family), query: query)
    if favoritesOnly { found = found.filter { ratings[entries[$0].family] != nil } }
    if let allowedFamilies { found = found.filter { allowedFamilies.contains(entries[$0].family) } }
    matches = found
    if let previous, let index = matches.firstIndex(where: { entries[$0] == previous }),
      !query.isEmpty || favoritesOnly
    {
      selection = index
    } else {
      selection = 0
    }
    top = 0
    move(to: selection)
  }

  // MARK: Window events

  /// The state after a window's widget changed (the search field, a toggle, the list, a star).
  ///
  /// The GTK driver turns each widget signal into one ``FontPickerEvent`` and redraws from the
  /// new state, so the search, the filters and the ratings are the terminal picker's.
  ///
  ///     var state = FontPickerState(entries: entries)
  ///     state = FontPickerState.update(state, event: .setQuery("dejavu mono"))
  ///     state.selected?.family   // "DejaVu Sans Mono"
  public static func update(_ state: FontPickerState, event: FontPickerEvent) -> FontPickerState {
    guard !state.outcome.isFinished else { return state }
    var next = state
    switch event {
    case .key(let key): return update(state, key)
    case .setQuery(let query):
      guard query != next.query else { break }
      next.query = String(query.prefix(Self.maximumQueryLength))
      next.refilter()
    case .setFavoritesOnly(let on):
      guard on != next.favoritesOnly else { break }
      next.favoritesOnly = on
      next.refilter()
    case .allowFamilies(let families):
      let previous = next.selected
      next.allowedFamilies = families
      next.refilter()
      // A toggle keeps the highlighted family when it is still listed.
      if let previous, let index = next.matches.firstIndex(where: { next.entries[$0] == previous })
      {
        next.move(to: index)
      }
    case .select(let row): next.move(to: row)
    case .rate(let stars): next.rate(min(max(stars, 0), 5))
    case .accept:
      if let selected = next.selected { next.outcome = .accepted(selected.answer) }
    case .cancel: next.outcome = .cancelled
    }
    return next
  }

  /// The longest filter kept (a search field can be pasted into).
  public static let maximumQueryLength = 200

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

  public static func view(_ state: FontPickerState, size: TerminalSize) -> Screen {
    var screen = Screen(width: size.columns, height: size.rows)
    guard size.columns >= 20, size.rows >= 10 else {
      screen.put("window too small", row: 0, column: 0)
      return screen
    }
    let width = size.columns
    let layout = Self.layout(size, previewRows: state.previewRows)
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
      + (state.favoritesOnly ? " · ★ only" : "") + " "
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
    if state.previewRows > 0 {
      screen.imageArea = Screen.Area(
        row: layout.previewTop, column: 1, width: width - 2, height: layout.previewRows)
    } else {
      screen.put(
        state.previewNote, row: layout.previewTop, column: 1, style: Style(dim: true),
        maxWidth: width - 2)
    }
    let hints = "type to filter  ↑↓ PgUp PgDn move  0-5 rate  Tab ★ only  Enter choose  Esc cancel"
    screen.put(hints, row: layout.footer, column: 0, style: Style(dim: true))
    return screen
  }
}

/// Something a window's widgets did to the font picker (see
/// ``FontPickerState/update(_:event:)``).
public enum FontPickerEvent: Hashable, Sendable {
  /// A key, handled exactly as in the terminal.
  case key(Key)
  /// The search field's text changed.
  case setQuery(String)
  /// The favourites toggle changed.
  case setFavoritesOnly(Bool)
  /// The other filters changed: only these families (`nil`: all) are listed.
  case allowFamilies(Set<String>?)
  /// A row of the list was selected (an index into ``FontPickerState/matches``).
  case select(Int)
  /// A star was clicked: rate the selected family 1...5 (0 clears).
  case rate(Int)
  /// The Choose button, Enter, or a double click on a row.
  case accept
  /// The Cancel button, Esc, or closing the window.
  case cancel
}

/// The font picker's filter: the font catalog's forgiving search over family names.
enum FamilySearch {
  /// Indices of `families` matching `query`, best first; all of them, in order, for an empty
  /// query.
  static func rank(_ families: [String], query: String) -> [Int] {
    let search = FontSearch(query)
    guard !search.isEmpty else { return Array(families.indices) }
    return search.ranked(Array(families.indices)) { [families[$0]] }
  }
}
