import Testing

@testable import Pickers

@Suite("Font picker collection filter")
struct FontPickerCollectionTests {
  static let families = ["DejaVu Sans", "DejaVu Sans Mono", "DejaVu Serif", "Noto Mono"]

  static func state() -> FontPickerState {
    FontPickerState(entries: families.map { FontPickerState.Entry(family: $0) })
  }

  @Test("a collection lists only its families; the next one, then all again, in turn")
  func cycle() {
    let mono = FontPickerState.CollectionFilter(
      name: "Mono", families: ["DejaVu Sans Mono", "Noto Mono"])
    let serif = FontPickerState.CollectionFilter(name: "Serif", families: ["DejaVu Serif"])
    var state = FontPickerState.update(Self.state(), .setCollections([mono, serif]))
    #expect(state.matches.count == 4)
    state = FontPickerState.update(state, .nextCollection)
    #expect(state.collection == "Mono")
    #expect(state.matches.map { state.entries[$0].family } == ["DejaVu Sans Mono", "Noto Mono"])
    state = FontPickerState.update(state, events: [.nextCollection])
    #expect(state.matches.map { state.entries[$0].family } == ["DejaVu Serif"])
    state = FontPickerState.update(state, .nextCollection)
    #expect(state.collection == nil)
    #expect(state.matches.count == 4)
    // It combines with the typed filter, and an unknown name is no filter.
    state = FontPickerState.update(state, events: [.setCollection("Mono"), .setQuery("noto")])
    #expect(state.matches.map { state.entries[$0].family } == ["Noto Mono"])
    state = FontPickerState.update(state, .setCollection("Nope"))
    #expect(state.collection == nil)
  }

  @Test("the filter of a resolved collection holds its families; Ctrl-O is the terminal's key")
  func fromCollection() throws {
    let catalog = try FontCatalog(configFile: FontTools.fixturesConf, cache: .disabled)
    let collection = FontCollection(name: "Mono", query: ":spacing=100")
    let filter = FontPickerState.CollectionFilter(
      collection, resolved: try collection.resolved(in: catalog))
    let expected = try FontTools.run("fc-list", [":spacing=100", "--format", "%{family[0]}\n"])
    #expect(filter.families == Set(expected.split(separator: "\n").map(String.init)))
    var picker = FontPickerTerminalView(
      model: FontPickerState.update(Self.state(), .setCollections([filter])))
    picker = FontPickerTerminalView.update(picker, keys: [.control("o")])
    #expect(picker.model.collection == "Mono")
    let screen = FontPickerTerminalView.view(picker, size: TerminalSize(columns: 100, rows: 24))
    #expect(screen.lines.joined(separator: "\n").contains("in Mono"))
    #expect(screen.lines.joined(separator: "\n").contains("^O collection"))
  }
}
