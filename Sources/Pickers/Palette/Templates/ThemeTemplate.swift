/// A user's own config file with placeholders that a ``Theme`` fills: a rofi theme, a tmux
/// config, a dunstrc, a VS Code JSON, anything made of text.
///
/// A placeholder is `{{ name }}` or `{{ name | filter | filter argument }}`; spaces inside the
/// braces are optional, and `\{{` writes a literal `{{`. Nothing is evaluated: a name is looked
/// up in a fixed table and each filter is one of a fixed set, so a template can never run code,
/// read a file or grow its output beyond a few dozen bytes per placeholder.
///
/// Names: every ``ThemeRole`` (`background`, `on-accent`, ...; `_` may stand for `-`), the
/// terminal colors `color0` ... `color15`, and the texts `name`, `scheme`, `author`, `source`,
/// `font-ui`, `font-mono`, `font-size`.
///
/// Color filters: `hex` (`#rrggbb`, the default; `#rrggbbaa` below full opacity), `strip` (hex
/// without `#`), `rgb` (`rgb(52, 120, 246)`), `rgba` (`rgba(52, 120, 246, 1)`), `hsl`, `oklch`,
/// `red` / `green` / `blue` (0-255), `alpha A` (opacity 0-1), `lighten STEP` / `darken STEP`
/// (OKLCH lightness, 0-1). Text filters: `upper`, `lower`.
///
///     let template = try ThemeTemplate("bg = {{ background | strip }}\n")
///     let text = try template.rendered(theme: theme, scheme: .dark)
///
/// An unknown name or filter, a filter with a wrong argument, or an unclosed `{{` is a
/// ``ThemeTemplateError`` naming the line.
public struct ThemeTemplate: Hashable, Sendable {
  /// The largest template read, in bytes.
  public static let maximumSize = 1 << 20

  /// A piece of the template: literal text or a placeholder.
  enum Piece: Hashable, Sendable {
    case text(String)
    case placeholder(Placeholder)
  }

  /// What a placeholder names.
  enum Value: Hashable, Sendable {
    case role(ThemeRole)
    case terminal(Int)
    case name, scheme, author, source, uiFont, monoFont, fontSize

    var isColor: Bool {
      switch self {
      case .role, .terminal: true
      default: false
      }
    }
  }

  /// One filter and its argument.
  enum Filter: Hashable, Sendable {
    case hex, strip, rgb, rgba, hsl, oklch, red, green, blue
    case alpha(Double)
    case lighten(Double)
    case darken(Double)
    case upper, lower

    /// Whether the filter turns a color into text (after it, only text filters apply).
    var printsColor: Bool {
      switch self {
      case .hex, .strip, .rgb, .rgba, .hsl, .oklch, .red, .green, .blue: true
      default: false
      }
    }

    var takesColor: Bool {
      switch self {
      case .upper, .lower: false
      default: true
      }
    }
  }

  /// A `{{ ... }}` with its line, for messages.
  struct Placeholder: Hashable, Sendable {
    var value: Value
    var filters: [Filter]
    var line: Int
  }

  let pieces: [Piece]

  /// Parses `text`.
  ///
  /// - Throws: ``ThemeTemplateError`` for an unknown name or filter, a bad filter argument,
  ///   an unclosed placeholder, or a template over ``maximumSize`` bytes.
  public init(_ text: String) throws(ThemeTemplateError) {
    guard text.utf8.count <= Self.maximumSize else {
      throw .tooLarge(bytes: text.utf8.count, limit: Self.maximumSize)
    }
    var pieces: [Piece] = []
    var literal = ""
    var line = 1
    let characters = Array(text)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "\\" && index + 2 < characters.count && characters[index + 1] == "{"
        && characters[index + 2] == "{"
      {
        literal += "{{"
        index += 3
        continue
      }
      if character == "{" && index + 1 < characters.count && characters[index + 1] == "{" {
        var end = index + 2
        while end + 1 < characters.count && !(characters[end] == "}" && characters[end + 1] == "}")
        {
          if characters[end] == "\n" { throw .unclosed(line: line) }
          end += 1
        }
        guard end + 1 < characters.count else { throw .unclosed(line: line) }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        literal = ""
        let inside = String(characters[(index + 2)..<end])
        pieces.append(.placeholder(try Self.placeholder(inside, line: line)))
        index = end + 2
        continue
      }
      if character == "\n" { line += 1 }
      literal.append(character)
      index += 1
    }
    if !literal.isEmpty { pieces.append(.text(literal)) }
    self.pieces = pieces
  }

  /// The template filled with `scheme`'s colors of `theme`.
  ///
  /// - Parameters:
  ///   - theme: The theme whose colors and fonts fill the placeholders.
  ///   - scheme: Which of its schemes.
  ///   - fontSize: What `{{ font-size }}` prints.
  /// - Returns: The filled text.
  /// - Throws: ``ThemeTemplateError/missingScheme(_:)`` when the theme lacks `scheme`.
  public func rendered(theme: Theme, scheme: ColorScheme, fontSize: Int = 11)
    throws(ThemeTemplateError) -> String
  {
    guard let colors = theme[scheme] else { throw .missingScheme(scheme.rawValue) }
    var output = ""
    for piece in pieces {
      switch piece {
      case .text(let text): output += text
      case .placeholder(let placeholder):
        output += Self.fill(placeholder, theme: theme, colors: colors, fontSize: fontSize)
      }
    }
    return output
  }

  // MARK: Parsing

  private static func placeholder(_ inside: String, line: Int) throws(ThemeTemplateError)
    -> Placeholder
  {
    let parts = inside.split(separator: "|", omittingEmptySubsequences: false).map {
      $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    }
    guard let head = parts.first, head.count == 1 else {
      throw .badPlaceholder(inside.trimmedSpaces, line: line)
    }
    guard let value = Self.value(named: head[0]) else {
      throw .unknownName(head[0], line: line)
    }
    var filters: [Filter] = []
    var printed = !value.isColor
    for words in parts.dropFirst() {
      guard let name = words.first else { throw .badPlaceholder(inside.trimmedSpaces, line: line) }
      let filter = try Self.filter(name, arguments: Array(words.dropFirst()), line: line)
      if filter.takesColor && printed {
        throw .filterNeedsColor(name, line: line)
      }
      if filter.printsColor { printed = true }
      filters.append(filter)
    }
    if !printed { filters.append(.hex) }
    return Placeholder(value: value, filters: filters, line: line)
  }

  static func value(named text: String) -> Value? {
    let name = text.lowercased().replacing("_", with: "-")
    if let role = ThemeRole(rawValue: name) { return .role(role) }
    if name.hasPrefix("color"), let index = Int(name.dropFirst(5)), (0..<16).contains(index),
      String(index) == name.dropFirst(5)
    {
      return .terminal(index)
    }
    switch name {
    case "name": return .name
    case "scheme": return .scheme
    case "author": return .author
    case "source": return .source
    case "font-ui": return .uiFont
    case "font-mono": return .monoFont
    case "font-size": return .fontSize
    default: return nil
    }
  }

  private static func filter(_ name: String, arguments: [String], line: Int)
    throws(ThemeTemplateError) -> Filter
  {
    let simple: [String: Filter] = [
      "hex": .hex, "strip": .strip, "rgb": .rgb, "rgba": .rgba, "hsl": .hsl, "oklch": .oklch,
      "red": .red, "green": .green, "blue": .blue, "upper": .upper, "lower": .lower,
    ]
    let lowered = name.lowercased()
    if let filter = simple[lowered] {
      guard arguments.isEmpty else { throw .badArgument(lowered, line: line) }
      return filter
    }
    guard ["alpha", "lighten", "darken"].contains(lowered) else {
      throw .unknownFilter(name, line: line)
    }
    guard arguments.count == 1, let number = Double(arguments[0]), number.isFinite,
      (0...1).contains(number)
    else { throw .badArgument(lowered, line: line) }
    switch lowered {
    case "alpha": return .alpha(number)
    case "lighten": return .lighten(number)
    default: return .darken(number)
    }
  }

  // MARK: Filling

  private static func fill(
    _ placeholder: Placeholder, theme: Theme, colors: ThemeColors, fontSize: Int
  ) -> String {
    var color: Color?
    var text = ""
    switch placeholder.value {
    case .role(let role): color = colors[role]
    case .terminal(let index): color = colors.terminal[index]
    case .name: text = theme.name
    case .scheme: text = colors.scheme.rawValue
    case .author: text = theme.author
    case .source: text = theme.source
    case .uiFont: text = theme.uiFont ?? ""
    case .monoFont: text = theme.monoFont ?? ""
    case .fontSize: text = String(fontSize)
    }
    for filter in placeholder.filters {
      switch filter {
      case .upper: text = text.uppercased()
      case .lower: text = text.lowercased()
      case .alpha(let value): color = color?.opacity(value)
      case .lighten(let step): color = color.map { shifted($0, by: step) }
      case .darken(let step): color = color.map { shifted($0, by: -step) }
      default: if let color { text = printed(color, filter) }
      }
    }
    return text
  }

  /// `color` with its OKLCH lightness moved by `step`, clamped to 0...1, back in sRGB.
  private static func shifted(_ color: Color, by step: Double) -> Color {
    var lch = color.converted(to: .oklch)
    let lightness = lch.channels.c0 ?? 0
    lch.channels.c0 = min(max(lightness + step, 0), 1)
    return lch.gamutMapped(to: .srgb)
  }

  private static func printed(_ color: Color, _ filter: Filter) -> String {
    let pixel = color.rgba8
    let alpha = Color.format(Double(pixel.alpha) / 255, 3)
    switch filter {
    case .strip: return String(color.hex.dropFirst())
    case .rgb: return "rgb(\(pixel.red), \(pixel.green), \(pixel.blue))"
    case .rgba: return "rgba(\(pixel.red), \(pixel.green), \(pixel.blue), \(alpha))"
    case .red: return String(pixel.red)
    case .green: return String(pixel.green)
    case .blue: return String(pixel.blue)
    case .hsl:
      let hsl = Color(pixel).converted(to: .hsl).channels
      let body =
        "hsl(\(Color.format(hsl.c0 ?? 0, 1)), \(Color.format(hsl.c1 ?? 0, 1))%, "
        + "\(Color.format(hsl.c2 ?? 0, 1))%"
      return pixel.alpha < 255 ? "\(body), \(alpha))" : "\(body))"
    case .oklch:
      let lch = Color(pixel).converted(to: .oklch).channels
      let body =
        "oklch(\(Color.format((lch.c0 ?? 0) * 100, 2))% \(Color.format(lch.c1 ?? 0, 4)) "
        + "\(Color.format(lch.c2 ?? 0, 2))"
      return pixel.alpha < 255 ? "\(body) / \(alpha))" : "\(body))"
    default: return color.hex
    }
  }
}

/// Why a ``ThemeTemplate`` could not be read or filled.
public enum ThemeTemplateError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A placeholder names nothing the theme has.
  case unknownName(String, line: Int)
  /// A filter that does not exist.
  case unknownFilter(String, line: Int)
  /// A filter whose argument is missing, extra or out of range.
  case badArgument(String, line: Int)
  /// A color filter after the color was already printed, or on a text value.
  case filterNeedsColor(String, line: Int)
  /// `{{` with nothing, or more than one name, before the first `|`.
  case badPlaceholder(String, line: Int)
  /// `{{` without `}}` on the same line.
  case unclosed(line: Int)
  /// The template is larger than ``ThemeTemplate/maximumSize``.
  case tooLarge(bytes: Int, limit: Int)
  /// The theme was built without the scheme asked for.
  case missingScheme(String)

  public var description: String {
    switch self {
    case .unknownName(let name, let line):
      "template line \(line): unknown placeholder '\(name)' (see pickers theme --help)"
    case .unknownFilter(let name, let line):
      "template line \(line): unknown filter '\(name)'; filters are hex, strip, rgb, rgba, hsl, "
        + "oklch, red, green, blue, alpha A, lighten STEP, darken STEP, upper, lower"
    case .badArgument(let name, let line):
      switch name {
      case "alpha", "lighten", "darken":
        "template line \(line): filter '\(name)' takes one number from 0 to 1"
      default: "template line \(line): filter '\(name)' takes no argument"
      }
    case .filterNeedsColor(let name, let line):
      "template line \(line): filter '\(name)' needs a color, and there is none left to change"
    case .badPlaceholder(let text, let line):
      "template line \(line): '{{\(text)}}' is not a placeholder: write {{ name | filter }}"
    case .unclosed(let line):
      "template line \(line): '{{' is not closed by '}}' on the same line (write \\{{ for a literal)"
    case .tooLarge(let bytes, let limit):
      "template is \(bytes) bytes; the limit is \(limit)"
    case .missingScheme(let scheme):
      "the theme has no \(scheme) scheme"
    }
  }
}

extension String {
  /// The text without leading and trailing spaces.
  fileprivate var trimmedSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
