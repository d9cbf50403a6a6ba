import Testing

@testable import Pickers

/// The font picker's model driven by events alone (no terminal key, no screen).
@Suite("Font picker model")
struct FontPickerStateTests {
  static let families = [
    "DejaVu Sans", "DejaVu Sans Mono", "DejaVu Serif", "Liberation Mono", "Liberation Sans",
    "Noto Sans CJK JP", "Noto Serif",
  ]
  static let entries = families.map { FontPickerState.Entry(family: $0) }
  static let hundred = FontPickerState(
    entries: (0..<100).map { FontPickerState.Entry(family: "Family \($0)") })

  static func typed(_ text: String) -> [FontPickerEvent] { text.map { .typeCharacter($0) } }

  @Test("--initial highlights the named family, ignoring case")
  func initialSelection() {
    let state = FontPickerState(entries: Self.entries, initial: "liberation SANS")
    #expect(state.selected?.family == "Liberation Sans")
    #expect(FontPickerState.update(state, .choose).outcome == .accepted("Liberation Sans"))
  }

  @Test("in faces mode the answer is family:style")
  func facesMode() {
    let entries = ["Regular", "Bold"].map {
      FontPickerState.Entry(family: "DejaVu Sans", style: $0)
    }
    let state = FontPickerState.update(
      FontPickerState(entries: entries), events: [.move(by: 1), .choose])
    #expect(state.outcome == .accepted("DejaVu Sans:Bold"))
  }

  @Test("the filter is the catalog's forgiving search: case, spacing and gaps are forgiven")
  func forgivingSearch() {
    let start = FontPickerState(entries: Self.entries)
    let rank = { FontPickerState.update(start, .setQuery($0)).matches.map { Self.families[$0] } }
    #expect(rank("dejavusans") == ["DejaVu Sans", "DejaVu Sans Mono"])
    #expect(rank("LIB mono") == ["Liberation Mono"])
    #expect(rank("dvsm") == ["DejaVu Sans Mono"])
    #expect(Set(rank("serif")) == ["DejaVu Serif", "Noto Serif"])
  }

  @Test("folding the names before the first key changes neither the state nor what it finds")
  func preparedSearch() {
    let start = FontPickerState(entries: Self.entries)
    var prepared = start
    prepared.prepareSearch()
    #expect(prepared == start)
    let query = FontPickerState.update(prepared, .setQuery("dvsm"))
    #expect(query.matches.map { Self.families[$0] } == ["DejaVu Sans Mono"])
    #expect(query == FontPickerState.update(start, .setQuery("dvsm")))
  }

  @Test("typed characters extend the filter; deleting and clearing edit it")
  func editFilter() {
    let start = FontPickerState(entries: Self.entries)
    let mono = FontPickerState.update(start, events: Self.typed("mono"))
    #expect(mono.query == "mono")
    #expect(mono.matches.map { Self.families[$0] } == ["DejaVu Sans Mono", "Liberation Mono"])
    let none = FontPickerState.update(mono, events: Self.typed("zz") + [.choose])
    #expect(none.matches.isEmpty)
    #expect(none.outcome == .running)  // nothing to choose
    let back = FontPickerState.update(none, events: [.deleteBackward, .deleteBackward])
    #expect(back.matches == mono.matches)
    #expect(FontPickerState.update(start, .deleteBackward) == start)
    // Clearing always returns the highlight to the first row, even with no filter.
    let moved = FontPickerState.update(start, .move(by: 3))
    #expect(FontPickerState.update(moved, .clearQuery).selection == 0)
    #expect(FontPickerState.update(mono, .clearQuery).matches.count == Self.families.count)
  }

  @Test("moves stop at the ends; a page is the page size less one row; the top follows")
  func pages() {
    var state = FontPickerState.update(Self.hundred, .setPageSize(5))
    #expect(state.pageSize == 5)
    state = FontPickerState.update(state, .movePage(by: 1))
    #expect(state.selection == 4)
    state = FontPickerState.update(state, .movePage(by: 2))
    #expect(state.selection == 12)
    #expect(state.top == 8)  // rows 8...12 shown
    state = FontPickerState.update(state, .move(by: -100))
    #expect(state.selection == 0 && state.top == 0)
    state = FontPickerState.update(state, .select(500))
    #expect(state.selection == 99 && state.top == 95)
    state = FontPickerState.update(state, .select(-3))
    #expect(state.selection == 0)
    // A one-row page still moves one row; a page size below 1 is 1.
    state = FontPickerState.update(state, .setPageSize(0))
    #expect(state.pageSize == 1)
    #expect(FontPickerState.update(state, .movePage(by: 1)).selection == 1)
    // The default page is 10 rows (a window that never sets one pages by 9).
    #expect(FontPickerState.update(Self.hundred, .movePage(by: 1)).selection == 9)
  }

  @Test("a smaller page keeps the highlighted row in view")
  func pageSizeKeepsSelection() {
    let low = FontPickerState.update(Self.hundred, events: [.setPageSize(20), .select(15)])
    #expect(low.top == 0)
    let small = FontPickerState.update(low, .setPageSize(4))
    #expect(small.selection == 15 && small.top == 12)
  }

  @Test("ratings are clamped to 0...5 stars; 0 clears; only-rated lists the rated families")
  func ratings() {
    let start = FontPickerState(entries: Self.entries)
    var state = FontPickerState.update(start, events: [.select(2), .rate(9)])
    #expect(state.ratings == ["DejaVu Serif": 5])
    state = FontPickerState.update(state, events: [.select(4), .rate(2), .setFavoritesOnly(true)])
    #expect(state.matches.map { Self.families[$0] } == ["DejaVu Serif", "Liberation Sans"])
    #expect(state.selected?.family == "Liberation Sans")
    state = FontPickerState.update(state, .rate(-1))
    #expect(state.ratings == ["DejaVu Serif": 5])
    #expect(state.matches.map { Self.families[$0] } == ["DejaVu Serif"])
    state = FontPickerState.update(state, .setFavoritesOnly(false))
    #expect(state.matches.count == Self.families.count)
  }

  @Test("after choose or cancel no event changes the state")
  func finished() {
    let chosen = FontPickerState.update(Self.hundred, events: [.move(by: 2), .choose])
    #expect(chosen.outcome == .accepted("Family 2"))
    #expect(FontPickerState.update(chosen, events: [.move(by: 1), .rate(3), .cancel]) == chosen)
    let cancelled = FontPickerState.update(Self.hundred, .cancel)
    #expect(cancelled.outcome == .cancelled)
    #expect(FontPickerState.update(cancelled, .choose) == cancelled)
  }

  @Test("--faces lists each style of a family once; a variable font through its named instances")
  func facesOnce() throws {
    let catalog = try FontCatalog(configFile: FontTools.fixturesConf, cache: .disabled)
    let entries = FontPickerState.entries(try catalog.faces(), perFace: true)
    // Inter is installed as three variable files whose named instances overlap.
    for family in ["Inter", "DejaVu Sans"] {
      let listed = entries.filter { $0.family == family }.compactMap(\.style)
      #expect(Set(listed).count == listed.count, "\(family): \(listed)")
      // fc-list, the independent truth: every named style of the family, each once.
      let output = try FontTools.run("fc-list", [family, "style"])
      let styles = Set(
        FontTools.lines(output).compactMap { line -> String? in
          guard let equals = line.firstIndex(of: "=") else { return nil }
          // fc-list prints every localized style name; the first is the one fontconfig uses.
          return String(line[line.index(after: equals)...].split(separator: ",").first ?? "")
        })
      #expect(Set(listed) == styles, "\(family)")
      #expect(!listed.contains(""))
    }
    // The family list's styles carry no empty style either.
    let families = FontPickerState.entries(try catalog.faces(), perFace: false)
    let inter = try #require(families.first { $0.family == "Inter" })
    #expect(!inter.styles.contains(""))
    #expect(Set(inter.styles).count == inter.styles.count)
  }
}
