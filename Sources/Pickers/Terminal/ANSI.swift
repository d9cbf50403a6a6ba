/// A 24-bit color for terminal text or background.
///
///     let blue = TerminalColor(red: 0x34, green: 0x78, blue: 0xF6)
///     blue.nearestPaletteIndex   // 69, the closest of xterm's 256 colors
public struct TerminalColor: Hashable, Sendable {
  /// Red, 0...255.
  public var red: UInt8
  /// Green, 0...255.
  public var green: UInt8
  /// Blue, 0...255.
  public var blue: UInt8

  /// Creates a color from its three 8-bit channels.
  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// Creates an opaque color from an ``RGBA8`` pixel, ignoring its alpha.
  public init(_ pixel: RGBA8) {
    self.init(red: pixel.red, green: pixel.green, blue: pixel.blue)
  }

  /// Creates a gray with all three channels equal to `level`.
  public init(gray level: UInt8) {
    self.init(red: level, green: level, blue: level)
  }

  /// The levels of xterm's 6x6x6 color cube (palette entries 16...231).
  static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

  /// The index of the closest color among xterm's 256 (cube 16...231, grays 232...255).
  ///
  /// The 16 system colors are skipped because each terminal theme defines them differently.
  /// Distance is squared Euclidean distance in sRGB with the usual weights (2, 4, 3), which
  /// follows perceived differences better than equal weights.
  public var nearestPaletteIndex: UInt8 {
    let channels = [Int(red), Int(green), Int(blue)]
    func distance(_ other: [Int]) -> Int {
      let weights = [2, 4, 3]
      return zip(zip(channels, other), weights).reduce(0) { sum, entry in
        let delta = entry.0.0 - entry.0.1
        return sum + entry.1 * delta * delta
      }
    }
    func nearestLevel(_ value: Int) -> Int {
      Self.cubeLevels.indices.min {
        abs(Self.cubeLevels[$0] - value) < abs(Self.cubeLevels[$1] - value)
      }
        ?? 0
    }
    let cube = channels.map(nearestLevel)
    let cubeColor = cube.map { Self.cubeLevels[$0] }
    let cubeIndex = 16 + 36 * cube[0] + 6 * cube[1] + cube[2]
    // Grays 232...255 are 8, 18, ..., 238.
    let average = (channels[0] + channels[1] + channels[2]) / 3
    let grayStep = min(max((average - 8 + 5) / 10, 0), 23)
    let grayLevel = 8 + 10 * grayStep
    let gray = [grayLevel, grayLevel, grayLevel]
    return distance(gray) < distance(cubeColor) ? UInt8(232 + grayStep) : UInt8(cubeIndex)
  }
}

/// How many colors the terminal shows.
public enum ColorDepth: String, Hashable, Sendable, CaseIterable {
  /// 24-bit color: `ESC[38;2;R;G;Bm`.
  case trueColor
  /// xterm's 256-color palette: `ESC[38;5;Nm`, the nearest entry for each color.
  case palette256

  /// The mode a terminal advertises through `COLORTERM` (`truecolor` or `24bit`), else 256.
  ///
  ///     ColorDepth(environment: ["COLORTERM": "truecolor"])   // .trueColor
  ///
  /// - Parameter environment: The process environment.
  public init(environment: [String: String]) {
    let value = environment["COLORTERM"]?.lowercased() ?? ""
    self = value == "truecolor" || value == "24bit" ? .trueColor : .palette256
  }
}

/// The text attributes of one screen cell.
public struct Style: Hashable, Sendable {
  /// The text color; `nil` is the terminal's default.
  public var foreground: TerminalColor?
  /// The background color; `nil` is the terminal's default.
  public var background: TerminalColor?
  /// Bold (bright) text.
  public var bold: Bool
  /// Dim (faint) text.
  public var dim: Bool
  /// Underlined text.
  public var underline: Bool
  /// Foreground and background swapped.
  public var reverse: Bool

  /// Creates a style; every attribute defaults to the terminal's default.
  public init(
    foreground: TerminalColor? = nil, background: TerminalColor? = nil, bold: Bool = false,
    dim: Bool = false, underline: Bool = false, reverse: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.bold = bold
    self.dim = dim
    self.underline = underline
    self.reverse = reverse
  }

  /// The terminal's default attributes.
  public static let plain = Style()
}

/// Escape sequences written to the terminal.
public enum ANSI {
  /// Switches to the alternate screen, so the user's scrollback is left as it was.
  public static let enterAlternateScreen = "\u{1B}[?1049h"
  /// Returns to the normal screen.
  public static let leaveAlternateScreen = "\u{1B}[?1049l"
  /// Hides the cursor.
  public static let hideCursor = "\u{1B}[?25l"
  /// Shows the cursor.
  public static let showCursor = "\u{1B}[?25h"
  /// Asks for SGR mouse reports of buttons (the wheel included).
  public static let enableMouse = "\u{1B}[?1000h\u{1B}[?1006h"
  /// Stops mouse reports.
  public static let disableMouse = "\u{1B}[?1006l\u{1B}[?1000l"
  /// Clears the whole screen.
  public static let clearScreen = "\u{1B}[2J"
  /// Resets every text attribute.
  public static let reset = "\u{1B}[0m"
  /// Everything the pickers turn on, turned off again: written on every exit path.
  public static let restore = reset + disableMouse + showCursor + leaveAlternateScreen

  /// Moves the cursor to a zero-based `row` and `column`.
  public static func moveTo(row: Int, column: Int) -> String {
    "\u{1B}[\(row + 1);\(column + 1)H"
  }

  /// The SGR sequence that sets `style` from a reset state.
  ///
  ///     ANSI.sgr(Style(foreground: TerminalColor(gray: 255), bold: true), mode: .trueColor)
  ///     // "\u{1B}[0;1;38;2;255;255;255m"
  ///
  /// - Parameters:
  ///   - style: The attributes to set.
  ///   - mode: 24-bit colors, or the nearest of the 256-color palette.
  /// - Returns: One `ESC[...m` sequence.
  public static func sgr(_ style: Style, mode: ColorDepth) -> String {
    var codes = ["0"]
    if style.bold { codes.append("1") }
    if style.dim { codes.append("2") }
    if style.underline { codes.append("4") }
    if style.reverse { codes.append("7") }
    if let color = style.foreground { codes.append(colorCode(color, base: 38, mode: mode)) }
    if let color = style.background { codes.append(colorCode(color, base: 48, mode: mode)) }
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }

  private static func colorCode(_ color: TerminalColor, base: Int, mode: ColorDepth) -> String {
    switch mode {
    case .trueColor: "\(base);2;\(color.red);\(color.green);\(color.blue)"
    case .palette256: "\(base);5;\(color.nearestPaletteIndex)"
    }
  }
}
