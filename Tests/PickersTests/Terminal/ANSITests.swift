import Testing

@testable import Pickers

@Suite("ANSI output")
struct ANSITests {
  /// xterm's 256-color palette (256colres.pl): cube levels 0,95,135,175,215,255 from 16,
  /// grays 8,18,...,238 from 232.
  @Test("exact palette colors map to their xterm index")
  func exactPaletteColors() {
    let cases: [(TerminalColor, UInt8)] = [
      (TerminalColor(red: 0, green: 0, blue: 0), 16),
      (TerminalColor(red: 255, green: 0, blue: 0), 196),
      (TerminalColor(red: 0, green: 255, blue: 0), 46),
      (TerminalColor(red: 0, green: 0, blue: 255), 21),
      (TerminalColor(red: 255, green: 255, blue: 255), 231),
      (TerminalColor(red: 95, green: 135, blue: 175), 67),
      (TerminalColor(gray: 128), 244),
      (TerminalColor(gray: 238), 255),
      (TerminalColor(gray: 8), 232),
    ]
    for (color, index) in cases {
      #expect(color.nearestPaletteIndex == index, "\(color)")
    }
  }

  @Test("a color between entries maps to the nearest one")
  func nearestColor() {
    // #3478f6: red 52 -> 95 (43 away, 0 is 52 away), green 120 -> 135, blue 246 -> 255:
    // 16 + 36 * 1 + 6 * 2 + 5 = 69.
    #expect(TerminalColor(red: 0x34, green: 0x78, blue: 0xF6).nearestPaletteIndex == 69)
    // A near gray prefers the gray ramp: (100, 101, 99) is closest to gray 98 = index 241.
    #expect(TerminalColor(red: 100, green: 101, blue: 99).nearestPaletteIndex == 241)
  }

  @Test("COLORTERM truecolor or 24bit selects 24-bit color, anything else 256 colors")
  func colorDepthFromEnvironment() {
    #expect(ColorDepth(environment: ["COLORTERM": "truecolor"]) == .trueColor)
    #expect(ColorDepth(environment: ["COLORTERM": "24bit"]) == .trueColor)
    #expect(ColorDepth(environment: ["COLORTERM": "yes"]) == .palette256)
    #expect(ColorDepth(environment: [:]) == .palette256)
  }

  @Test("SGR sequences follow ECMA-48: 38;2 for 24-bit, 38;5 for the palette")
  func sgrSequences() {
    let style = Style(
      foreground: TerminalColor(red: 1, green: 2, blue: 3),
      background: TerminalColor(red: 255, green: 0, blue: 0), bold: true, reverse: true)
    #expect(ANSI.sgr(style, mode: .trueColor) == "\u{1B}[0;1;7;38;2;1;2;3;48;2;255;0;0m")
    #expect(ANSI.sgr(style, mode: .palette256) == "\u{1B}[0;1;7;38;5;16;48;5;196m")
    #expect(ANSI.moveTo(row: 0, column: 0) == "\u{1B}[1;1H")
  }
}
