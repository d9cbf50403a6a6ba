import Testing

@testable import Pickers

@Suite("Font picker pins: the families a comparison shows")
struct FontPickerPinTests {
  static let families = ["DejaVu Sans", "DejaVu Serif", "Liberation Mono", "Noto Serif"]
  static let entries = families.map { FontPickerState.Entry(family: $0) }

  static func press(_ state: FontPickerState, _ keys: [Key]) -> FontPickerState {
    FontPickerTerminalView.update(FontPickerTerminalView(model: state), keys: keys).model
  }

  @Test("Ctrl-P pins the highlighted family; the comparison adds the highlighted one")
  func pinAndCompare() {
    let start = FontPickerState(entries: Self.entries)
    #expect(start.comparedFamilies.isEmpty)
    var state = Self.press(start, [.control("p")])
    #expect(state.pinned == ["DejaVu Sans"])
    #expect(state.comparedFamilies == ["DejaVu Sans"])
    state = Self.press(state, [.down, .down])
    #expect(state.comparedFamilies == ["DejaVu Sans", "Liberation Mono"])
    state = Self.press(state, [.control("p"), .down])
    #expect(state.pinned == ["DejaVu Sans", "Liberation Mono"])
    #expect(state.comparedFamilies == ["DejaVu Sans", "Liberation Mono", "Noto Serif"])
    // Pinning again unpins; Ctrl-X removes every pin.
    state = Self.press(state, [.up, .control("p")])
    #expect(state.pinned == ["DejaVu Sans"])
    state = Self.press(state, [.control("x")])
    #expect(state.pinned.isEmpty && state.comparedFamilies.isEmpty)
    #expect(state.outcome == .running)
  }

  @Test("at most six pins: a seventh replaces the oldest")
  func limit() {
    let many = (1...8).map { FontPickerState.Entry(family: "Family \($0)") }
    var state = FontPickerState(entries: many)
    for _ in 0..<7 { state = Self.press(state, [.control("p"), .down]) }
    #expect(state.pinned == (2...7).map { "Family \($0)" })
    #expect(state.comparedFamilies == state.pinned)
  }

  @Test("the view marks pinned rows, counts them, and names the comparison without images")
  func view() {
    let state = Self.press(FontPickerState(entries: Self.entries), [.control("p"), .down])
    let screen = FontPickerTerminalView.view(
      FontPickerTerminalView(model: state), size: TerminalSize(columns: 100, rows: 24))
    #expect(screen.line(0).contains("4/4 families · 1 pinned"))
    #expect(screen.line(1).hasPrefix(" •"))
    #expect(screen.line(2).hasPrefix("› "))
    let lines = (0..<24).map { screen.line($0) }
    #expect(lines.contains { $0.contains("Comparing: DejaVu Sans · DejaVu Serif") })
    #expect(lines.last?.contains("^P pin  ^X unpin all") == true)
  }
}
