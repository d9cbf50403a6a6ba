/// A theme reduced to what theme files hold: names and `#rrggbb` strings.
///
/// Every exporter reads one of these, so the exporters do no color math.
struct ThemeDocument: Sendable, Hashable {
  /// The theme's name (`pickers system-blue`).
  var name: String
  /// Who made it, for formats that record it.
  var author: String
  /// What the theme was made from: the accent as typed, or the image's path.
  var source: String
  /// The wallpaper, for pywal; empty when the theme comes from an accent.
  var wallpaper: String
  /// The UI font family, when known.
  var uiFont: String?
  /// The monospace font family, when known.
  var monoFont: String?
  /// The schemes, light first; at least one.
  var schemes: [SchemeColors]
  /// The monospace font's size in points, for formats whose font setting carries one.
  var fontSize: Int = 11
  /// The release of the format's client that will read the file; `nil` when unknown.
  var clientVersion: ClientVersion?

  /// The first scheme: the one single-scheme formats write.
  var primary: SchemeColors { schemes[0] }
}

/// One scheme's colors as lowercase `#rrggbb` strings.
struct SchemeColors: Sendable, Hashable {
  var scheme: ColorScheme
  /// Every ``ThemeRole``'s color.
  var roles: [ThemeRole: String]
  /// The 16 terminal colors: black, red, green, yellow, blue, magenta, cyan, white, then the
  /// bright ones in the same order.
  var terminal: [String]
  /// The neutral ramp base16 and base24 use.
  ///
  /// base00 ... base07 (background to the strongest foreground), then base10 and base11 (two
  /// steps past the background, away from the text).
  var ramp: [String]
  /// White or black, whichever has more WCAG contrast on each role's color: text for a
  /// control filled with that color.
  var readableOn: [ThemeRole: String] = [:]

  /// The role's `#rrggbb`.
  func hex(_ role: ThemeRole) -> String { roles[role] ?? "#000000" }

  /// The role's `rrggbb`, without the `#`.
  func bare(_ role: ThemeRole) -> String { String(hex(role).dropFirst()) }

  /// White or black `#rrggbb`, whichever reads better on `role`'s color.
  func on(_ role: ThemeRole) -> String { readableOn[role] ?? "#ffffff" }

  /// Terminal color `index` (0...15) as `#rrggbb`.
  func color(_ index: Int) -> String { terminal[index] }
}

/// The conventional names of the eight terminal colors, in ANSI order.
let terminalColorNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

/// Quoting helpers shared by the exporters.
enum Quote {
  /// A JSON string literal.
  static func json(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case let s where s.value < 0x20:
        let hex = String(s.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// A TOML basic string (the same escapes as JSON for what we write).
  static func toml(_ text: String) -> String { json(text) }

  /// A YAML double-quoted scalar (a JSON string is one).
  static func yaml(_ text: String) -> String { json(text) }

  /// A POSIX shell single-quoted word.
  static func shell(_ text: String) -> String {
    "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''")
      + "'"
  }

  /// A CSS string.
  static func css(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\a "
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// Text for a line comment: line breaks become spaces.
  static func comment(_ text: String) -> String {
    String(text.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
  }
}
