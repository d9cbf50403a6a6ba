import Testing

@testable import Pickers

@Suite("Screen model and renderer")
struct ScreenTests {
  @Test("text is clipped at the edge and at maxWidth")
  func clipping() {
    var screen = Screen(width: 10, height: 2)
    #expect(screen.put("Hello, world", row: 0, column: 3) == 7)
    #expect(screen.line(0) == "   Hello, ")
    screen.put("abcdef", row: 1, column: 0, maxWidth: 4)
    #expect(screen.lines[1] == "abcd")
  }

  @Test("double-width characters take two cells and are not cut in half")
  func wideCharacters() {
    var screen = Screen(width: 5, height: 1)
    #expect(screen.put("字字字", row: 0, column: 0) == 4)
    #expect(screen[0, 1].character == nil)
    #expect(screen.line(0) == "字字 ")
    screen.put("x", row: 0, column: 1)
    #expect(screen.line(0) == " x字 ")
  }

  @Test("displayWidth follows East Asian Width: CJK and emoji 2, combining marks 0")
  func widths() {
    #expect(Screen.displayWidth(of: "a") == 1)
    #expect(Screen.displayWidth(of: "字") == 2)
    #expect(Screen.displayWidth(of: "한") == 2)
    #expect(Screen.displayWidth(of: "😀") == 2)
    #expect(Screen.displayWidth(of: "e\u{301}") == 1)
    #expect(Screen.displayWidth(of: "Ｆ") == 2)
  }

  @Test("a full render, replayed by a terminal emulator, shows every cell and style")
  func fullRender() {
    var screen = Screen(width: 12, height: 3)
    screen.put("pickers", row: 0, column: 0, style: Style(bold: true))
    screen.put("字 x", row: 1, column: 2, style: Style(foreground: TerminalColor(gray: 255)))
    let output = ScreenRenderer(mode: .trueColor).render(screen, over: nil)
    var terminal = VirtualTerminal(width: 12, height: 3)
    terminal.apply(output)
    #expect(terminal.line(0) == "pickers     ")
    #expect(terminal.line(1) == "  字 x      ")
    #expect(terminal.styles[0][0] == "0;1")
    #expect(terminal.styles[1][2] == "0;38;2;255;255;255")
  }

  @Test("an unchanged screen writes nothing; a changed cell writes a move and that cell")
  func diffIsMinimal() {
    var screen = Screen(width: 40, height: 10)
    for row in 0..<10 { screen.put(String(repeating: "abcd", count: 10), row: row, column: 0) }
    let renderer = ScreenRenderer(mode: .trueColor)
    #expect(renderer.render(screen, over: screen).isEmpty)
    var next = screen
    next.put("Z", row: 7, column: 20, style: Style(bold: true))
    let output = renderer.render(next, over: screen)
    #expect(output == "\u{1B}[8;21H\u{1B}[0;1mZ\u{1B}[0m")
  }

  @Test("successive diffs replayed in a terminal always equal the latest screen")
  func diffsReplayCorrectly() {
    let renderer = ScreenRenderer(mode: .palette256)
    var terminal = VirtualTerminal(width: 16, height: 4)
    var previous: Screen?
    let frames = [
      ["one", "two", "three", "four"], ["one", "twx", "", "four!"], ["字字", "", "x", "   y"],
      ["", "", "", ""], ["abcdefghijklmnop", "a  b  c  d", "字a字", "end"],
    ]
    for frame in frames {
      var screen = Screen(width: 16, height: 4)
      for (row, text) in frame.enumerated() { screen.put(text, row: row, column: 0) }
      terminal.apply(renderer.render(screen, over: previous))
      for row in 0..<4 { #expect(terminal.line(row) == screen.line(row), "\(frame)") }
      previous = screen
    }
  }

  @Test("a different size forces a clear and a full redraw")
  func resizeRedraws() {
    let small = Screen(width: 5, height: 2)
    let large = Screen(width: 6, height: 2)
    #expect(ScreenRenderer(mode: .trueColor).render(large, over: small).contains("\u{1B}[2J"))
  }
}
