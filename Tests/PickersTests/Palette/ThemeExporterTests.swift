import FoundationEssentials
import Testing

@testable import Pickers

/// Exporters over a hand-made document whose names need quoting in every format.
@Suite("Theme exporters")
struct ThemeExporterTests {
  static let awkward = #"Bob's "Mono" \ Nerd"#

  static func document(schemes: [ColorScheme] = [.dark]) -> ThemeDocument {
    let palettes = schemes.map { scheme in
      var roles: [ThemeRole: String] = [:]
      for (index, role) in ThemeRole.allCases.enumerated() {
        roles[role] = "#\(hex(index * 9))\(hex(scheme == .dark ? 0x10 : 0xf0))\(hex(index))"
      }
      return SchemeColors(
        scheme: scheme, roles: roles,
        terminal: (0..<16).map { "#\(hex($0 * 16))\(hex(255 - $0))\(hex(0x80))" },
        ramp: (0..<10).map { "#\(hex($0 * 25))\(hex($0 * 25))\(hex($0 * 25))" })
    }
    return ThemeDocument(
      name: "test \"theme\"", author: "pickers", source: "system-blue", wallpaper: "/tmp/a'b.png",
      uiFont: awkward, monoFont: awkward, schemes: palettes)
  }

  static func hex(_ value: Int) -> String {
    let text = String(value & 0xff, radix: 16)
    return text.count == 1 ? "0" + text : text
  }

  struct PickersJSON: Decodable {
    struct Scheme: Decodable {
      var roles: [String: String]
      var terminal: [String]
    }
    var name: String
    var author: String
    var source: String
    var fonts: [String: String]
    var schemes: [String: Scheme]
  }

  @Test("pickers JSON decodes with JSONDecoder and holds every role of both schemes")
  func json() throws {
    let document = Self.document(schemes: [.light, .dark])
    let text = document.rendered(as: .json)
    let decoded = try JSONDecoder().decode(PickersJSON.self, from: Data(text.utf8))
    #expect(decoded.name == "test \"theme\"")
    #expect(decoded.fonts["mono"] == Self.awkward)
    #expect(Set(decoded.schemes.keys) == ["light", "dark"])
    for scheme in document.schemes {
      let found = try #require(decoded.schemes[scheme.scheme.rawValue])
      #expect(found.terminal == scheme.terminal)
      for role in ThemeRole.allCases { #expect(found.roles[role.rawValue] == scheme.hex(role)) }
    }
  }

  struct PywalJSON: Decodable {
    var wallpaper: String
    var alpha: String
    var special: [String: String]
    var colors: [String: String]
  }

  @Test("pywal colors.json decodes and has special.background/foreground/cursor and color0-15")
  func pywal() throws {
    let document = Self.document()
    let text = document.rendered(as: .pywalJSON)
    let decoded = try JSONDecoder().decode(PywalJSON.self, from: Data(text.utf8))
    #expect(decoded.wallpaper == "/tmp/a'b.png")
    #expect(decoded.special["background"] == document.primary.hex(.background))
    #expect(decoded.special["cursor"] == document.primary.hex(.accent))
    #expect(decoded.colors.count == 16)
    #expect(decoded.colors["color15"] == document.primary.terminal[15])
  }

  @Test("base16 and base24 list exactly their palette keys in order")
  func base16Keys() {
    let document = Self.document()
    for (format, count) in [(ThemeFormat.base16, 16), (.base24, 24)] {
      let lines = document.rendered(as: format).split(separator: "\n")
      let keys = lines.filter { $0.hasPrefix("  base") }.map { String($0.dropFirst(2).prefix(6)) }
      let expected =
        (0..<16).map { "base0" + String($0, radix: 16).uppercased() }
        + (0..<(count - 16)).map { "base1\($0)" }
      #expect(keys == expected)
      #expect(lines.contains("system: \"\(format.rawValue)\""))
      #expect(lines.contains("variant: \"dark\""))
    }
  }

  @Test("single-scheme formats write the first scheme only")
  func singleScheme() {
    let document = Self.document(schemes: [.light, .dark])
    let kitty = document.rendered(as: .kitty)
    #expect(kitty.contains("background \(document.schemes[0].hex(.background))\n"))
    #expect(!kitty.contains(document.schemes[1].hex(.background)))
  }

  @Test("CSS puts the dark scheme in a prefers-color-scheme query when both are present")
  func css() {
    let both = Self.document(schemes: [.light, .dark]).rendered(as: .css)
    #expect(both.contains("color-scheme: light dark;"))
    #expect(both.contains("@media (prefers-color-scheme: dark) {"))
    let one = Self.document().rendered(as: .css)
    #expect(!one.contains("@media"))
    #expect(one.contains("  --font-mono: \"Bob's \\\"Mono\\\" \\\\ Nerd\", monospace;\n"))
  }

  @Test("shell quoting survives an apostrophe")
  func shellQuote() {
    #expect(Quote.shell("a'b") == #"'a'\''b'"#)
    #expect(Quote.shell("") == "''")
  }

  @Test("every format ends with a newline and writes no NUL or tab")
  func hygiene() {
    let document = Self.document()
    for format in ThemeFormat.allCases {
      let text = document.rendered(as: format)
      #expect(text.hasSuffix("\n"), "\(format)")
      #expect(!text.contains("\0") && !text.contains("\t"), "\(format)")
    }
  }
}
