import Testing

@testable import Pickers

/// User templates: every filter checked against the library's own color conversions read back
/// from the printed text, and every mistake reported with its line.
@Suite("Theme templates")
struct ThemeTemplateTests {
  static let theme = Theme(accent: Color.system(.blue, scheme: .dark), schemes: [.dark])

  static func fill(_ text: String) throws -> String {
    try ThemeTemplate(text).rendered(theme: theme, scheme: .dark)
  }

  static var dark: ThemeColors { theme.schemes[0] }

  @Test("names print the role's and terminal color's hex by default; spaces are optional")
  func names() throws {
    #expect(try Self.fill("{{accent}}") == Self.dark[.accent].hex)
    #expect(try Self.fill("{{ on-accent }}") == Self.dark[.onAccent].hex)
    #expect(try Self.fill("{{ on_accent }}") == Self.dark[.onAccent].hex)
    #expect(try Self.fill("{{ color12 }}") == Self.dark.terminal[12].hex)
    #expect(try Self.fill("{{ name }}/{{ scheme }}") == "pickers #0a84ff/dark")
    for role in ThemeRole.allCases {
      #expect(try Self.fill("{{ \(role.rawValue) }}") == Self.dark[role].hex)
    }
  }

  @Test("rgb, rgba, strip, red/green/blue print the same 8-bit channels as the hex")
  func channels() throws {
    let pixel = Self.dark[.accent].rgba8
    #expect(
      try Self.fill("{{ accent | rgb }}") == "rgb(\(pixel.red), \(pixel.green), \(pixel.blue))")
    #expect(
      try Self.fill("{{ accent | rgba }}") == "rgba(\(pixel.red), \(pixel.green), \(pixel.blue), 1)"
    )
    #expect(try Self.fill("{{ accent | strip }}") == String(Self.dark[.accent].hex.dropFirst()))
    #expect(
      try Self.fill("{{ accent | red }} {{ accent | green }} {{ accent | blue }}")
        == "\(pixel.red) \(pixel.green) \(pixel.blue)")
    #expect(
      try Self.fill("{{ accent | strip | upper }}")
        == Self.dark[.accent].hex.dropFirst().uppercased())
  }

  @Test("hsl and oklch output parse back (CSS) to the same 8-bit color")
  func spaces() throws {
    for role in ThemeRole.allCases {
      for filter in ["hsl", "oklch"] {
        let text = try Self.fill("{{ \(role.rawValue) | \(filter) }}")
        #expect(try Color(css: text).hex == Self.dark[role].hex, "\(role) \(filter): \(text)")
      }
    }
  }

  @Test("alpha sets the opacity; lighten and darken move OKLCH lightness by the step")
  func adjustments() throws {
    #expect(try Self.fill("{{ accent | alpha 0.5 | hex }}") == Self.dark[.accent].opacity(0.5).hex)
    let half = try Color(css: try Self.fill("{{ accent | alpha 0.5 | rgba }}"))
    #expect(abs(half.alpha - 0.5) < 0.003)
    let base = Self.dark[.muted].converted(to: .oklch).channels.c0 ?? 0
    for (filter, sign) in [("lighten", 1.0), ("darken", -1.0)] {
      let text = try Self.fill("{{ muted | \(filter) 0.1 }}")
      let lightness = try Color(css: text).converted(to: .oklch).channels.c0 ?? 0
      // 8-bit rounding and gamut mapping move lightness by well under 0.01.
      #expect(abs(lightness - (base + sign * 0.1)) < 0.01, "\(filter): \(text)")
    }
    #expect(try Self.fill("{{ background | darken 1 }}") == "#000000")
  }

  @Test("\\{{ writes a literal {{; text outside placeholders is kept byte for byte")
  func literal() throws {
    #expect(try Self.fill("a \\{{ b }} {c} }}\n") == "a {{ b }} {c} }}\n")
    #expect(try Self.fill("") == "")
    #expect(try Self.fill("ünï 😀 {{ accent }}") == "ünï 😀 \(Self.dark[.accent].hex)")
  }

  @Test(
    "mistakes are errors naming their line",
    arguments: [
      ("x\ny {{ nope }}", ThemeTemplateError.unknownName("nope", line: 2)),
      ("{{ accent | shout }}", .unknownFilter("shout", line: 1)),
      ("\n\n{{ accent | alpha }}", .badArgument("alpha", line: 3)),
      ("{{ accent | alpha 2 }}", .badArgument("alpha", line: 1)),
      ("{{ accent | rgb 3 }}", .badArgument("rgb", line: 1)),
      ("{{ accent | rgb | lighten 0.1 }}", .filterNeedsColor("lighten", line: 1)),
      ("{{ name | rgb }}", .filterNeedsColor("rgb", line: 1)),
      ("{{ }}", .badPlaceholder("", line: 1)),
      ("{{ a b }}", .badPlaceholder("a b", line: 1)),
      ("ok\n{{ accent\n}}", .unclosed(line: 2)),
      ("{{ color16 }}", .unknownName("color16", line: 1)),
      ("{{ color01 }}", .unknownName("color01", line: 1)),
    ])
  func mistakes(text: String, error: ThemeTemplateError) {
    #expect(throws: error) { try ThemeTemplate(text) }
  }

  @Test("a template over 1 MiB is refused before it is read")
  func size() {
    let big = String(repeating: "a", count: ThemeTemplate.maximumSize + 1)
    #expect(throws: ThemeTemplateError.tooLarge(bytes: big.utf8.count, limit: 1 << 20)) {
      try ThemeTemplate(big)
    }
  }

  @Test("a scheme the theme lacks is an error")
  func missingScheme() throws {
    #expect(throws: ThemeTemplateError.missingScheme("light")) {
      try ThemeTemplate("{{ accent }}").rendered(theme: Self.theme, scheme: .light)
    }
  }
}
