import Testing

@testable import Pickers

@Suite("Font picker keys and view")
struct FontPickerTerminalViewTests {
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

  /// The model after `keys`, through the terminal's bindings.
  static func press(_ state: FontPickerState, _ keys: [Key]) -> FontPickerState {
    FontPickerTerminalView.update(FontPickerTerminalView(model: state), keys: keys).model
  }

  /// The model after the terminal window became `size`.
  static func resized(_ state: FontPickerState, to size: TerminalSize) -> FontPickerState {
    FontPickerTerminalView(model: state).resized(to: size).model
  }

  /// The terminal's screen for `state`.
  static func view(_ state: FontPickerState, size: TerminalSize) -> Screen {
    FontPickerTerminalView.view(FontPickerTerminalView(model: state), size: size)
  }

  @Test("typing filters the list, Down moves, Enter accepts the highlighted family")
  func filterMoveEnter() {
    let start = FontPickerState(entries: Self.entries)
    let filtered = Self.press(start, Self.type("mono"))
    #expect(filtered.matches.map { Self.families[$0] } == ["DejaVu Sans Mono", "Liberation Mono"])
    let done = Self.press(filtered, [.down, .enter])
    #expect(done.outcome == .accepted("Liberation Mono"))
  }

  @Test("Esc, Ctrl-C and Ctrl-D cancel; keys after the end change nothing")
  func cancel() {
    let start = FontPickerState(entries: Self.entries)
    for key in [Key.escape, .control("c"), .control("d")] {
      let state = Self.press(start, [.down, key, .down, .enter])
      #expect(state.outcome == .cancelled)
      #expect(state.selection == 1)
    }
  }

  @Test("Enter with no match does nothing; Backspace and Ctrl-U edit the filter")
  func editFilter() {
    let start = FontPickerState(entries: Self.entries)
    var state = Self.press(start, Self.type("zzz") + [.enter])
    #expect(state.matches.isEmpty)
    #expect(state.outcome == .running)
    state = Self.press(state, [.backspace, .backspace, .backspace])
    #expect(state.matches.count == 7)
    state = Self.press(state, Self.type("noto") + [.control("u")])
    #expect(state.query.isEmpty)
  }

  @Test("Home, End, Page Up/Down and the wheel move within the list and stop at its ends")
  func navigation() {
    let entries = (0..<100).map { FontPickerState.Entry(family: "Family \($0)") }
    var state = Self.resized(
      FontPickerState(entries: entries), to: TerminalSize(columns: 80, rows: 20))
    let page = state.pageSize
    #expect(page == 12)  // 20 rows: title, 12 list, rule, 3 details, blank, preview, footer
    state = Self.press(state, [.up])
    #expect(state.selection == 0)
    state = Self.press(state, [.pageDown])
    #expect(state.selection == page - 1)
    state = Self.press(state, [.end])
    #expect(state.selection == 99)
    #expect(state.top == 100 - page)
    state = Self.press(state, [.wheelUp, .pageUp])
    #expect(state.selection == 96 - (page - 1))
    state = Self.press(state, [.home])
    #expect(state.selection == 0 && state.top == 0)
  }

  @Test("the highlighted row stays on screen while moving past the window")
  func scrolledViewShowsSelection() {
    let entries = (0..<50).map { FontPickerState.Entry(family: "Family \($0)") }
    let size = TerminalSize(columns: 60, rows: 16)
    var state = Self.resized(FontPickerState(entries: entries), to: size)
    for _ in 0..<30 {
      state = Self.press(state, [.down])
      let screen = Self.view(state, size: size)
      let line = screen.lines.first { $0.hasPrefix("›") }
      #expect(line?.hasSuffix("Family \(state.selection)") == true)
    }
  }

  @Test("digits 1-5 rate the highlighted family, 0 clears, Tab shows only rated families")
  func ratings() {
    let start = FontPickerState(entries: Self.entries)
    var state = Self.press(start, [.down, .down, .character("4")])
    #expect(state.ratings == ["DejaVu Serif": 4])
    state = Self.press(state, [.down, .character("5"), .tab])
    #expect(state.matches.map { Self.families[$0] } == ["DejaVu Serif", "Liberation Mono"])
    #expect(state.selected?.family == "Liberation Mono")
    state = Self.press(state, [.character("0")])
    #expect(state.ratings == ["DejaVu Serif": 4])
    #expect(state.matches.map { Self.families[$0] } == ["DejaVu Serif"])
    state = Self.press(state, [.tab])
    #expect(state.matches.count == 7)
  }

  @Test("the view shows the filter, the count, stars, the highlighted row and its details")
  func view() {
    let start = FontPickerState(entries: Self.entries, ratings: ["Liberation Mono": 3])
    let state = Self.press(start, Self.type("mono") + [.down])
    let screen = Self.view(state, size: TerminalSize(columns: 70, rows: 14))
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
    let picker = FontPickerTerminalView(
      model: FontPickerState(entries: Self.entries), previewRows: 4)
    let screen = FontPickerTerminalView.view(picker, size: TerminalSize(columns: 80, rows: 24))
    #expect(screen.imageArea == Screen.Area(row: 19, column: 1, width: 78, height: 4))
  }
}
