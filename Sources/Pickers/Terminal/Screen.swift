/// One character cell of a ``Screen``.
public struct Cell: Hashable, Sendable {
  /// The character drawn; `nil` in the right half of a double-width character.
  public var character: Character?
  /// Its colors and attributes.
  public var style: Style

  /// Creates a cell.
  public init(_ character: Character? = " ", style: Style = .plain) {
    self.character = character
    self.style = style
  }

  /// An empty cell with the terminal's default colors.
  public static let blank = Cell()
}

/// A rectangle of styled character cells: what a picker's view draws for one frame.
///
/// Views build a `Screen` from their state; ``ScreenRenderer`` turns the difference between
/// two screens into the escape sequences that update the terminal.
///
///     var screen = Screen(width: 20, height: 2)
///     screen.put("Hello", row: 0, column: 0, style: Style(bold: true))
///     screen.line(0)   // "Hello               "
public struct Screen: Hashable, Sendable {
  /// The number of columns.
  public let width: Int
  /// The number of rows.
  public let height: Int
  /// The cells, row by row.
  public private(set) var cells: [Cell]
  /// A region the driver fills with an image after drawing the cells (rows, columns), if any.
  public var imageArea: Area?

  /// A rectangle of cells.
  public struct Area: Hashable, Sendable {
    /// The top row.
    public var row: Int
    /// The left column.
    public var column: Int
    /// The number of columns.
    public var width: Int
    /// The number of rows.
    public var height: Int

    /// Creates a rectangle.
    public init(row: Int, column: Int, width: Int, height: Int) {
      self.row = row
      self.column = column
      self.width = width
      self.height = height
    }
  }

  /// Creates a screen of blank cells; a negative size is treated as zero.
  public init(width: Int, height: Int) {
    self.width = max(width, 0)
    self.height = max(height, 0)
    cells = Array(repeating: .blank, count: self.width * self.height)
  }

  /// The cell at `row`, `column` (both zero-based and in range).
  public subscript(row: Int, column: Int) -> Cell {
    get { cells[row * width + column] }
    set { cells[row * width + column] = newValue }
  }

  /// Draws `text` from `row`, `column`, clipped to `maxWidth` columns and the screen's edge.
  ///
  /// Double-width characters (CJK, most emoji) take two cells; one that would be cut in half
  /// at the edge is replaced by a space.
  ///
  /// - Returns: The number of columns used.
  @discardableResult
  public mutating func put(
    _ text: String, row: Int, column: Int, style: Style = .plain, maxWidth: Int? = nil
  ) -> Int {
    guard (0..<height).contains(row), column < width else { return 0 }
    let limit = min(width, column + (maxWidth ?? width))
    var x = column
    for character in text {
      let cellWidth = Self.displayWidth(of: character)
      if cellWidth == 0 { continue }
      if x + cellWidth > limit {
        if x < limit { self[row, x] = Cell(" ", style: style) }
        break
      }
      if x >= 0 {
        clearHalves(row: row, from: x, width: cellWidth)
        self[row, x] = Cell(character, style: style)
        if cellWidth == 2 { self[row, x + 1] = Cell(nil, style: style) }
      }
      x += cellWidth
    }
    return max(x - column, 0)
  }

  /// Blanks the other half of any double-width character that a write at `column` splits.
  private mutating func clearHalves(row: Int, from column: Int, width cellWidth: Int) {
    if self[row, column].character == nil, column > 0 {
      self[row, column - 1] = Cell(" ", style: self[row, column - 1].style)
    }
    let after = column + cellWidth
    if after < width, self[row, after].character == nil {
      self[row, after] = Cell(" ", style: self[row, after].style)
    }
  }

  /// Fills a rectangle with `character` in `style`, clipped to the screen.
  public mutating func fill(_ area: Area, with character: Character = " ", style: Style) {
    let rows = max(area.row, 0)..<min(area.row + area.height, height)
    let columns = max(area.column, 0)..<min(area.column + area.width, width)
    for row in rows {
      for column in columns { self[row, column] = Cell(character, style: style) }
    }
  }

  /// The characters of one row, as plain text (for tests and logs).
  public func line(_ row: Int) -> String {
    String((0..<width).compactMap { self[row, $0].character })
  }

  /// Every row as plain text, trailing spaces removed.
  public var lines: [String] {
    (0..<height).map { row in
      var text = line(row)
      while text.last == " " { text.removeLast() }
      return text
    }
  }

  /// How many columns `character` takes in a terminal: 0, 1 or 2.
  ///
  /// An approximation of `wcwidth` good for the text the pickers show: combining marks and
  /// zero-width characters take none, East Asian wide and fullwidth characters and emoji two.
  public static func displayWidth(of character: Character) -> Int {
    guard let scalar = character.unicodeScalars.first else { return 0 }
    let value = scalar.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    if value < 0x300 { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if character.unicodeScalars.count > 1,
      character.unicodeScalars.contains(where: { $0.value == 0xFE0F })
    {
      return 2
    }
    let wide: [ClosedRange<UInt32>] = [
      0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
    return wide.contains { $0.contains(value) } ? 2 : 1
  }

  /// The number of columns `text` takes.
  public static func displayWidth(of text: String) -> Int {
    text.reduce(0) { $0 + displayWidth(of: $1) }
  }
}

/// Turns screens into the bytes that show them, writing only what changed.
///
///     let renderer = ScreenRenderer(mode: .trueColor)
///     let first = renderer.render(screen, over: nil)      // clears and draws everything
///     let update = renderer.render(next, over: screen)    // only the changed cells
public struct ScreenRenderer: Sendable {
  /// How colors are written.
  public var mode: ColorDepth

  /// Creates a renderer for a terminal showing `mode` colors.
  public init(mode: ColorDepth) {
    self.mode = mode
  }

  /// The output that changes the terminal from showing `old` to showing `new`.
  ///
  /// Without an `old` screen, or when the size changed, the screen is cleared and drawn in
  /// full. Otherwise each row's changed cells are rewritten in runs; unchanged gaps of up to
  /// three cells are rewritten rather than skipped, since a cursor move costs about as much.
  ///
  /// - Parameters:
  ///   - new: The screen to show.
  ///   - old: The screen the terminal shows now, if known.
  /// - Returns: UTF-8 text with escape sequences; empty when nothing changed.
  public func render(_ new: Screen, over old: Screen?) -> String {
    var output = ""
    var current: Style?
    let full = old.map { $0.width != new.width || $0.height != new.height } ?? true
    if full { output += ANSI.reset + ANSI.clearScreen }
    for row in 0..<new.height {
      var column = 0
      while column < new.width {
        guard full || differs(new, old, row, column) else {
          column += 1
          continue
        }
        // A run from `column` up to the last change followed by more than three unchanged cells.
        var end = column + 1
        var gap = 0
        var scan = column + 1
        while scan < new.width {
          if full || differs(new, old, row, scan) {
            end = scan + 1
            gap = 0
          } else {
            gap += 1
            if gap > 3 { break }
          }
          scan += 1
        }
        // Never start in the right half of a double-width character.
        var start = column
        if start > 0, new[row, start].character == nil { start -= 1 }
        output += ANSI.moveTo(row: row, column: start)
        for x in start..<end {
          let cell = new[row, x]
          guard let character = cell.character else { continue }
          if current != cell.style {
            output += ANSI.sgr(cell.style, mode: mode)
            current = cell.style
          }
          output.append(character)
        }
        column = end
      }
    }
    if current != nil { output += ANSI.reset }
    return output
  }

  private func differs(_ new: Screen, _ old: Screen?, _ row: Int, _ column: Int) -> Bool {
    guard let old else { return true }
    return new[row, column] != old[row, column]
  }
}
