import Testing

@testable import Pickers

@Suite("Font picker state")
struct FontPickerStateTests {
  static let families = [
    "DejaVu Sans", "DejaVu Sans Mono", "DejaVu Serif", "Liberation Mono", "Liberation Sans",
    "Noto Sans CJK JP", "Noto Serif",
  ]
  static let entries = families.map {
    FontPickerState.Entry(
      family: $0, styles: ["Regular", "Bold"], languages: ["en", "fr"],
      isMonospace: $0.hasSuffix("Mono"), file: "/fonts/\($0).ttf")
  }

  static func type(_ text: String) -> [Key] { text.map { .character($0) } }

  @Test("typing filters the list, Down moves, Enter accepts the highlighted family")
  func filterMoveEnter() {
    let start = FontPickerState(entries: Self.entries)
    let filtered = FontPickerState.update(start, keys: Self.type("mono"))
    #expect(filtered.matches.map { Self.families[$0] } == ["DejaVu Sans Mono", "Liberation Mono"])
    let done = FontPickerState.update(filtered, keys: [.down, .enter])
    #expect(done.outcome == .accepted("Liberation Mono"))
  }

  @Test("Esc, Ctrl-C and Ctrl-D cancel; keys after the end change nothing")
  func cancel() {
    let start = FontPickerState(entries: Self.entries)
    for key in [Key.escape, .control("c"), .control("d")] {
      let state = FontPickerState.update(start, keys: [.down, key, .down, .enter])
      #expect(state.outcome == .cancelled)
      #expect(state.selection == 1)
    }
  }

  @Test("Enter with no match does nothing; Backspace and Ctrl-U edit the filter")
  func editFilter() {
    let start = FontPickerState(entries: Self.entries)
    var state = FontPickerState.update(start, keys: Self.type("zzz") + [.enter])
    #expect(state.matches.isEmpty)
    #expect(state.outcome == .running)
    state = FontPickerState.update(state, keys: [.backspace, .backspace, .backspace])
    #expect(state.matches.count == 7)
    state = FontPickerState.update(state, keys: Self.type("noto") + [.control("u")])
    #expect(state.query.isEmpty)
  }

  @Test("Home, End, Page Up/Down and the wheel move within the list and stop at its ends")
  func navigation() {
    let entries = (0..<100).map { FontPickerState.Entry(family: "Family \($0)") }
    var state = FontPickerState(entries: entries).resized(to: TerminalSize(columns: 80, rows: 20))
    let page = state.pageSize
    #expect(page == 12)  // 20 rows: title, 12 list, rule, 3 details, blank, preview, footer
    state = FontPickerState.update(state, .up)
    #expect(state.selection == 0)
    state = FontPickerState.update(state, .pageDown)
    #expect(state.selection == page - 1)
    state = FontPickerState.update(state, keys: [.end])
    #expect(state.selection == 99)
    #expect(state.top == 100 - page)
    state = FontPickerState.update(state, keys: [.wheelUp, .pageUp])
    #expect(state.selection == 96 - (page - 1))
    state = FontPickerState.update(state, .home)
    #expect(state.selection == 0 && state.top == 0)
  }

  @Test("the highlighted row stays on screen while moving past the window")
  func scrolledViewShowsSelection() {
    let entries = (0..<50).map { FontPickerState.Entry(family: "Family \($0)") }
    let size = TerminalSize(columns: 60, rows: 16)
    var state = FontPickerState(entries: entries).resized(to: size)
    for _ in 0..<30 {
      state = FontPickerState.update(state, .down)
      let screen = FontPickerState.view(state, size: size)
      let line = screen.lines.first { $0.hasPrefix("›") }
      #expect(line?.hasSuffix("Family \(state.selection)") == true)
    }
  }

  @Test("digits 1-5 rate the highlighted family, 0 clears, Tab shows only rated families")
  func ratings() {
    let start = FontPickerState(entries: Self.entries)
    var state = FontPickerState.update(start, keys: [.down, .down, .character("4")])
    #expect(state.ratings == ["DejaVu Serif": 4])
    state = FontPickerState.update(state, keys: [.down, .character("5"), .tab])
    #expect(state.matches.map { Self.families[$0] } == ["DejaVu Serif", "Liberation Mono"])
    #expect(state.selected?.family == "Liberation Mono")
    state = FontPickerState.update(state, keys: [.character("0")])
    #expect(state.ratings == ["DejaVu Serif": 4])
    #expect(state.matches.map { Self.families[$0] } == ["DejaVu Serif"])
    state = FontPickerState.update(state, keys: [.tab])
    #expect(state.matches.count == 7)
  }

  @Test("--initial highlights the named family, ignoring case")
  func initialSelection() {
    let state = FontPickerState(entries: Self.entries, initial: "liberation SANS")
    #expect(state.selected?.family == "Liberation Sans")
    #expect(FontPickerState.update(state, .enter).outcome == .accepted("Liberation Sans"))
  }

  @Test("in faces mode the answer is family:style")
  func facesMode() {
    let entries = ["Regular", "Bold"].map {
      FontPickerState.Entry(family: "DejaVu Sans", style: $0)
    }
    let state = FontPickerState.update(FontPickerState(entries: entries), keys: [.down, .enter])
    #expect(state.outcome == .accepted("DejaVu Sans:Bold"))
  }

  @Test("the filter is the catalog's forgiving search: case, spacing and gaps are forgiven")
  func forgivingSearch() {
    let rank = { FamilySearch.rank(Self.families, query: $0).map { Self.families[$0] } }
    #expect(rank("dejavusans") == ["DejaVu Sans", "DejaVu Sans Mono"])
    #expect(rank("LIB mono") == ["Liberation Mono"])
    #expect(rank("dvsm") == ["DejaVu Sans Mono"])
    #expect(Set(rank("serif")) == ["DejaVu Serif", "Noto Serif"])
  }

  @Test("the view shows the filter, the count, stars, the highlighted row and its details")
  func view() {
    let start = FontPickerState(entries: Self.entries, ratings: ["Liberation Mono": 3])
    let state = FontPickerState.update(start, keys: Self.type("mono") + [.down])
    let screen = FontPickerState.view(state, size: TerminalSize(columns: 70, rows: 14))
    let lines = screen.lines
    #expect(lines[0].hasPrefix(" pickers · font  Filter: mono▏"))
    #expect(lines[0].hasSuffix("2/7 families"))
    #expect(lines[1] == "  ····· DejaVu Sans Mono")
    #expect(lines[2] == "› ★★★·· Liberation Mono")
    #expect(screen[2, 10].style.reverse && !screen[1, 10].style.reverse)
    #expect(lines.contains(" Faces 2: Regular, Bold"))
    #expect(lines.contains(" Mono yes   File: /fonts/Liberation Mono.ttf"))
    #expect(lines[13].hasPrefix("type to filter"))
    #expect(screen.imageArea == nil)
  }

  @Test("with preview rows the view reserves an image area instead of the text line")
  func imageArea() {
    let state = FontPickerState(entries: Self.entries, previewRows: 4)
    let screen = FontPickerState.view(state, size: TerminalSize(columns: 80, rows: 24))
    #expect(screen.imageArea == Screen.Area(row: 19, column: 1, width: 78, height: 4))
  }
}
