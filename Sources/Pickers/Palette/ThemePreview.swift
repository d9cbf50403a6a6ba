/// A picture of a ``Theme``: for each scheme, a mock window with a sidebar, text, a button and
/// status lines in the UI font, beside a mock terminal showing the 16 colors in the monospace
/// font.
///
///     let image = try ThemePreview.render(theme, uiFont: sans, monoFont: mono)
public enum ThemePreview {
  /// The size of one scheme's panel.
  public static let panelSize = (width: 960, height: 420)

  /// Draws the theme's schemes side by side, light first.
  ///
  /// - Throws: ``RenderError`` when the text cannot be set or the picture cannot be made.
  public static func render(
    _ theme: Theme, uiFont: FontFile, monoFont: FontFile, renderer: TextRenderer? = nil
  ) throws(RenderError) -> RGBAImage {
    let textRenderer: TextRenderer
    if let renderer {
      textRenderer = renderer
    } else {
      do {
        textRenderer = try TextRenderer()
      } catch {
        throw .text(error)
      }
    }
    var canvas: Canvas
    do {
      canvas = try Canvas(
        width: panelSize.width * max(theme.schemes.count, 1), height: panelSize.height,
        fill: .white)
    } catch {
      throw .image(error)
    }
    var painter = Painter(
      renderer: textRenderer, uiFont: uiFont, monoFont: monoFont, canvas: canvas)
    for (index, colors) in theme.schemes.enumerated() {
      try painter.panel(colors, name: theme.name, x: index * panelSize.width)
    }
    canvas = painter.canvas
    return canvas.image
  }

  /// Draws one panel; keeps the canvas and fonts together.
  private struct Painter {
    let renderer: TextRenderer
    let uiFont: FontFile
    let monoFont: FontFile
    var canvas: Canvas

    mutating func rect(_ x: Int, _ y: Int, _ w: Int, _ h: Int, _ color: Color, radius: Double = 0) {
      let pixel = color.rgba8
      canvas.fillRoundedRect(x: x, y: y, width: w, height: h, radius: radius) { _, _ in pixel }
    }

    /// Draws `text` with its left edge at `x` and baseline at `baseline`; returns its width.
    @discardableResult
    mutating func text(
      _ text: String, _ x: Int, _ baseline: Int, _ color: Color, size: Double, mono: Bool = false
    ) throws(RenderError) -> Int {
      let style = TextStyle(font: mono ? monoFont : uiFont, size: size)
      let lines: [TextLine]
      do {
        lines = try renderer.typesetter.layout(text, style: style)
      } catch {
        throw .text(error)
      }
      guard let line = lines.first else { return 0 }
      renderer.draw(
        line, on: &canvas, x: Double(x), baseline: Double(baseline), color: color.rgba8)
      return Int(line.width.rounded(.up))
    }

    mutating func panel(_ c: ThemeColors, name: String, x: Int) throws(RenderError) {
      let (w, h) = (ThemePreview.panelSize.width, ThemePreview.panelSize.height)
      rect(x, 0, w, h, c[.background])
      // Title bar.
      rect(x, 0, w, 40, c[.surfaceVariant])
      rect(x, 40, w, 1, c[.border])
      try text("\(name) (\(c.scheme.rawValue))", x + 16, 26, c[.foreground], size: 15)
      // Sidebar with a selected row.
      rect(x, 41, 200, h - 41, c[.surface])
      rect(x + 200, 41, 1, h - 41, c[.border])
      let items = ["Inbox", "Drafts", "Archive", "Settings"]
      for (row, item) in items.enumerated() {
        let top = 56 + row * 36
        if row == 0 {
          rect(x + 8, top, 184, 30, c[.accentContainer], radius: 6)
          try text(item, x + 20, top + 20, c[.onAccentContainer], size: 14)
        } else {
          try text(item, x + 20, top + 20, c[.foreground], size: 14)
        }
      }
      try text("3 folders hidden", x + 20, 56 + 4 * 36 + 20, c[.muted], size: 13)
      // Body: heading, text, a link, a button, status lines.
      let left = x + 220
      try text("Heading in the UI font", left, 76, c[.foreground], size: 20)
      try text("Body text on the background reads at WCAG AA.", left, 104, c[.foreground], size: 14)
      try text("Muted text for captions and comments.", left, 126, c[.muted], size: 13)
      let linkWidth = try text("A link in the accent color", left, 150, c[.accent], size: 14)
      rect(left, 153, linkWidth, 1, c[.accent])
      rect(left, 168, 120, 34, c[.accent], radius: 8)
      try text("Button", left + 32, 190, c[.onAccent], size: 14)
      rect(left + 132, 168, 150, 34, c[.selection], radius: 8)
      try text("Selected text", left + 144, 190, c[.foreground], size: 14)
      let statuses: [(String, ThemeRole)] = [
        ("Saved", .success), ("Low disk", .warning), ("Failed", .error), ("Updated", .info),
      ]
      var statusX = left
      for (label, role) in statuses {
        rect(statusX, 219, 9, 9, c[role], radius: 4.5)
        statusX += try text(label, statusX + 14, 228, c[role], size: 13) + 32
      }
      // Terminal.
      let termX = left
      let termY = 244
      let termW = x + w - 16 - termX
      rect(termX, termY, termW, h - termY - 16, c[.background], radius: 6)
      rect(termX, termY, termW, 1, c[.border])
      try text(
        "$ pickers theme --format kitty", termX + 12, termY + 22, c[.foreground], size: 13,
        mono: true)
      let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
      for (index, name) in names.enumerated() {
        let column = termX + 12 + (index % 4) * ((termW - 24) / 4)
        let row = termY + 46 + (index / 4) * 22
        try text("\(index) \(name)", column, row, c.terminal[index], size: 13, mono: true)
        try text(
          "\(index + 8) bright", column, row + 44, c.terminal[index + 8], size: 13, mono: true)
      }
      let chip = (termW - 24) / 16
      for index in 0..<16 {
        rect(termX + 12 + index * chip, termY + 142, chip - 2, 12, c.terminal[index], radius: 2)
      }
    }
  }
}
