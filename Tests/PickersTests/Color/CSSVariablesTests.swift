import Testing

@testable import Pickers

/// `var()` from ``CSSColorContext/customProperties``: a reference reads as the text it
/// stands for.
@Suite("CSS var() substitution")
struct CSSVariablesTests {
  static let context = CSSColorContext(customProperties: [
    "--accent": "lightseagreen", "--gray": "lch(from var(--accent) l 0 h)",
    "--loop": "var(--loop)", "--half": "50%",
  ])

  static func css(_ text: String, _ context: CSSColorContext = context) throws -> String {
    try CSSColor(css: text, context: context).cssText
  }

  @Test("a reference reads as the property's value, nested references too")
  func substitution() throws {
    #expect(try Self.css("var(--accent)") == Self.css("lightseagreen", .init()))
    #expect(
      try Self.css("hsl(from var(--accent) calc(h + 180) s l)")
        == Self.css("hsl(from lightseagreen calc(h + 180) s l)", .init()))
    #expect(
      try Self.css("lch(from var(--gray) l 30 h)")
        == Self.css("lch(from lch(from lightseagreen l 0 h) l 30 h)", .init()))
    #expect(
      try Self.css("color-mix(in srgb, red var(--half), blue)")
        == Self.css("color-mix(in srgb, red 50%, blue)", .init()))
  }

  @Test("an unset property takes the fallback; without one var() is refused")
  func fallback() throws {
    #expect(try Self.css("var(--unset, red)") == Self.css("red", .init()))
    #expect(throws: ColorParseError.self) { try Self.css("var(--unset)") }
    #expect(throws: ColorParseError.self) { try Self.css("var(--accent)", .init()) }
  }

  @Test("a cycle, a missing name or an unclosed var() is refused, not looped on")
  func refusals() {
    for text in ["var(--loop)", "var(accent)", "var(--accent", "var(--accent red)"] {
      #expect(throws: ColorParseError.self, "\(text)") { try Self.css(text) }
    }
  }
}
