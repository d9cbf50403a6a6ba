import Dispatch
import Testing

@testable import Pickers

@Suite("Picker window events")
struct PickerEventTests {
  static let blue = ColorPickerState(red: 0x34 / 255.0, green: 0x78 / 255.0, blue: 0xf6 / 255.0)

  @Test("a slider set to 128 in RGB prints 0x80 in that channel")
  func setComponent() {
    let state = ColorPickerState.update(Self.blue, .setComponent(0, 128))
    #expect(state.answer.hex == "#8078f6")
    let clamped = ColorPickerState.update(Self.blue, .setComponent(2, 300))
    #expect(clamped.values[2] == 255)
    let ignored = ColorPickerState.update(Self.blue, .setComponent(7, 1))
    #expect(ignored == Self.blue)
    #expect(ColorPickerState.update(Self.blue, .setComponent(1, .nan)) == Self.blue)
  }

  @Test("a dragged slider's value is rounded as its value box shows it (rgb 0, oklch 3 digits)")
  func setComponentRounds() {
    // The value box of an RGB channel shows no decimals: 124.975 shows as 125.
    let dragged = ColorPickerState.update(Self.blue, .setComponent(0, 124.975))
    #expect(dragged.values[0] == 125)
    #expect(dragged.answer.css == "rgb(125 120 246)")
    // OKLCH chroma shows three decimals, lightness one.
    let oklch = ColorPickerState(color: .white, space: .oklch)
    let chroma = ColorPickerState.update(oklch, .setComponent(1, 0.123_456))
    #expect(chroma.values[1] == 0.123)
    let lightness = ColorPickerState.update(oklch, .setComponent(0, 55.56))
    #expect(lightness.values[0] == 55.6)
    // Opacity in whole percent: 49.5 % shows as 50.
    let opacity = ColorPickerState.update(
      ColorPickerState(color: .white, showsOpacity: true), .setAlpha(0.495))
    #expect(opacity.alpha == 0.5)
  }

  @Test(
    "an out-of-sRGB color starts gamut-mapped as color convert maps it: one color everywhere",
    arguments: ["oklch(70% 0.3 150)", "oklch(150% 2 400)", "color(display-p3 0 1 0)"])
  func outOfGamutStart(css: String) throws {
    let given = try Color(css: css)
    let mapped = given.gamutMapped(to: .srgb).converted(to: .srgb)
    for space in [PickerSpace.rgb, .hsl] {
      let state = ColorPickerState(color: given, space: space)
      #expect(state.gamutMappedFrom == given)
      #expect(!state.isOutOfGamut)
      // The sliders, the hex and the CSS answer are one color: the mapped one.
      #expect(state.answer.hex == mapped.hex)
      let css = try Color(css: state.answer.css).converted(to: .srgb)
      #expect(css.hex == mapped.hex)
      for (index, component) in space.components.enumerated() {
        #expect(component.range.contains(state.values[index]))
      }
    }
    // A slider moved: the note goes.
    let moved = ColorPickerState.update(
      ColorPickerState(color: given), .step(0, by: 1, large: false))
    #expect(moved.gamutMappedFrom == nil)
    // In sRGB already: nothing to say.
    #expect(ColorPickerState(color: .white).gamutMappedFrom == nil)
  }

  @Test("a window's arrow key on a slider steps that row by the terminal picker's step")
  func stepRow() {
    let stepped = ColorPickerState.update(Self.blue, .step(1, by: 1, large: false))
    #expect(stepped.answer.hex == "#3479f6")
    #expect(stepped.focus == 1)
    let big = ColorPickerState.update(Self.blue, .step(1, by: 1, large: true))
    // 0x78 + 16 = 0x88
    #expect(big.answer.hex == "#3488f6")
  }

  @Test("switching space keeps the color: hsl(0 100% 50%) for red (CSS Color 4)")
  func setSpace() {
    let red = ColorPickerState(red: 1, green: 0, blue: 0)
    let hsl = ColorPickerState.update(red, .setSpace(.hsl))
    #expect(hsl.space == .hsl)
    #expect(zip(hsl.values, [0.0, 100, 50]).allSatisfy { abs($0 - $1) < 1e-9 })
    #expect(hsl.answer.hex == "#ff0000")
  }

  @Test("a CSS color from the entry replaces the sliders; alpha only with opacity shown")
  func setColor() throws {
    let teal = try Color(css: "rgb(0 128 128 / 50%)")
    let opaque = ColorPickerState.update(Self.blue, .setColor(teal))
    #expect(opaque.answer.hex == "#008080")
    let translucent = ColorPickerState.update(
      ColorPickerState(color: .white, showsOpacity: true), .setColor(teal))
    #expect(translucent.answer.hex == "#00808080")
    let half = ColorPickerState.update(
      ColorPickerState(color: .white, showsOpacity: true), .setAlpha(0.25))
    #expect(half.answer.hex == "#ffffff40")
  }

  @Test("a preset swatch sets the system color, accept and cancel end the picker")
  func presetAcceptCancel() {
    let index = 3
    let preset = ColorPreset.systemAccents[index]
    let chosen = ColorPickerState.update(Self.blue, .choosePreset(index))
    #expect(chosen.srgb.enumerated().allSatisfy { abs($1 - preset.srgb[$0]) < 1e-9 })
    let accepted = ColorPickerState.update(chosen, .choose)
    guard case .accepted(let answer) = accepted.outcome else {
      Issue.record("not accepted")
      return
    }
    #expect(answer == chosen.answer)
    #expect(ColorPickerState.update(Self.blue, .cancel).outcome == .cancelled)
    // Nothing changes once the picker has ended.
    #expect(ColorPickerState.update(accepted, .setComponent(0, 0)) == accepted)
  }

  @Test("the helper line carries every answer without loss")
  func helperLineRoundTrip() throws {
    for space in PickerSpace.allCases {
      let state = ColorPickerState(
        red: 0.2, green: 0.47, blue: 0.96, alpha: 0.3, space: space, showsOpacity: true)
      let line = state.answer.helperLine
      let back = try #require(ColorPickerAnswer(helperLine: line + "\n"))
      #expect(back == state.answer)
      #expect(back.hex == state.answer.hex)
      #expect(back.css == state.answer.css)
    }
    #expect(ColorPickerAnswer(helperLine: "rgb 1 2 3") == nil)
    #expect(ColorPickerAnswer(helperLine: "cmyk 1 2 3 1") == nil)
    #expect(ColorPickerAnswer(helperLine: "rgb 1 2 nan 1") == nil)
    #expect(ColorPickerAnswer(helperLine: "rgb 1 2 3 2") == nil)
  }

  static let families = [
    "DejaVu Sans", "DejaVu Sans Mono", "DejaVu Serif", "Liberation Mono", "Liberation Sans",
  ]
  static let fonts = FontPickerState(entries: families.map { FontPickerState.Entry(family: $0) })

  @Test("the search field's text filters like typing it: 'dejavu mono' finds DejaVu Sans Mono")
  func setQuery() {
    let state = FontPickerState.update(Self.fonts, .setQuery("dejavu mono"))
    #expect(state.selected?.family == "DejaVu Sans Mono")
    let typed = FontPickerState.update(
      Self.fonts, events: "dejavu mono".map { .typeCharacter($0) })
    #expect(state.matches == typed.matches)
    let cleared = FontPickerState.update(state, .setQuery(""))
    #expect(cleared.matches.count == Self.families.count)
    let long = FontPickerState.update(
      Self.fonts, .setQuery(String(repeating: "a", count: 10_000)))
    #expect(long.query.count == FontPickerState.maximumQueryLength)
  }

  @Test("allowed families and the favourites toggle narrow the list; a star rates the selection")
  func filtersAndStars() {
    let monos: Set<String> = ["DejaVu Sans Mono", "Liberation Mono"]
    let allowed = FontPickerState.update(Self.fonts, .allowFamilies(monos))
    #expect(allowed.matches.map { Self.families[$0] } == ["DejaVu Sans Mono", "Liberation Mono"])
    let second = FontPickerState.update(allowed, .select(1))
    #expect(second.selected?.family == "Liberation Mono")
    let rated = FontPickerState.update(second, .rate(4))
    #expect(rated.ratings == ["Liberation Mono": 4])
    let all = FontPickerState.update(rated, .allowFamilies(nil))
    #expect(all.matches.count == Self.families.count)
    #expect(all.selected?.family == "Liberation Mono")
    let favorites = FontPickerState.update(all, .setFavoritesOnly(true))
    #expect(favorites.matches.map { Self.families[$0] } == ["Liberation Mono"])
    let cleared = FontPickerState.update(favorites, .rate(0))
    #expect(cleared.ratings.isEmpty)
    #expect(cleared.matches.isEmpty)
    let done = FontPickerState.update(second, .choose)
    #expect(done.outcome == .accepted("Liberation Mono"))
    #expect(FontPickerState.update(second, .cancel).outcome == .cancelled)
  }

  @Test("recent colors: newest first, no duplicates, bounded, only hex colors")
  func recentColors() {
    var recent = RecentColors()
    for index in 0..<20 { recent = recent.adding("#0000" + String(index + 16, radix: 16)) }
    #expect(recent.colors.count == RecentColors.limit)
    #expect(recent.colors.first == "#000023")
    recent = recent.adding("#00001C").adding("red").adding("#12345").adding("#1234567g")
    #expect(recent.colors.first == "#00001c")
    #expect(recent.colors.count == RecentColors.limit)
    #expect(Set(recent.colors).count == recent.colors.count)
    #expect(RecentColors(text: recent.text) == recent)
    #expect(RecentColors(text: "junk\n#ABCDEF80\n\n#abcdef80\n").colors == ["#abcdef80"])
  }

  @Test("recent colors are saved atomically in XDG_STATE_HOME and read back")
  func recentColorStore() throws {
    let root = PNGTestSupport.temporaryFolder()
    defer { PNGTestSupport.remove(root) }
    let store = try #require(RecentColorStore(environment: ["XDG_STATE_HOME": root + "/state"]))
    #expect(store.path == root + "/state/pickers/recent-colors")
    #expect(store.load().colors.isEmpty)
    try store.save(RecentColors(colors: ["#3478f6", "#ff0000"]))
    #expect(store.load().colors == ["#3478f6", "#ff0000"])
    let home = RecentColorStore(environment: ["HOME": "/home/ada"])
    #expect(home?.path == "/home/ada/.local/state/pickers/recent-colors")
    #expect(RecentColorStore(environment: [:]) == nil)
  }

  @Test("two windows open at once both keep their picks: record re-reads under the lock")
  func recentColorsMerge() throws {
    let root = PNGTestSupport.temporaryFolder()
    defer { PNGTestSupport.remove(root) }
    let environment = ["XDG_STATE_HOME": root + "/state"]
    let first = try #require(RecentColorStore(environment: environment))
    let second = try #require(RecentColorStore(environment: environment))
    try first.save(RecentColors(colors: ["#000000"]))
    // Both windows opened on ["#000000"]; the second picks, then the first.
    _ = first.load()
    _ = second.load()
    try second.record("#3478f6")
    try first.record("#FF0000")
    // Read back as plain lines, not through RecentColors.
    let text = try #require(
      String(validating: try readFile(first.path, maximumSize: 4_096), as: UTF8.self))
    #expect(text == "#ff0000\n#3478f6\n#000000\n")
    // Many processes' worth of records at once (threads here): none is lost.
    let hexes = (0..<8).map { "#0000" + String($0, radix: 16).uppercased() + "0" }
    DispatchQueue.concurrentPerform(iterations: hexes.count) { index in
      _ = try? first.record(hexes[index])
    }
    #expect(Set(first.load().colors).isSuperset(of: Set(hexes.map { $0.lowercased() })))
  }
}
