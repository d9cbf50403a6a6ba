import Testing

@testable import Pickers

/// CSS Color 5 syntax from the current drafts, with values worked out by hand from the
/// drafts' definitions (not from pickers' output).
@Suite("CSS Color 5 draft syntax")
struct CSSDraftSyntaxTests {
  @Test("rgba() and hsla() take the relative syntax")
  func legacyRelative() throws {
    let rgb = try CSSColor(css: "rgba(from rebeccapurple r g b / 0.5)").color
    #expect(rgb.space == .srgb)
    #expect(abs((rgb.channels.c0 ?? 0) - 0.4) < 1e-9 && abs(rgb.alpha - 0.5) < 1e-9)
    let hsl = try CSSColor(css: "hsla(from red h s l)").color
    #expect(hsl.channels.c0 == 0 && hsl.channels.c1 == 100 && hsl.channels.c2 == 50)
  }

  @Test("alpha(from …) replaces the alpha and keeps the origin's space and syntax")
  func relativeAlpha() throws {
    #expect(try CSSColor(css: "alpha(from red / 0.5)").cssText == "rgba(255, 0, 0, 0.5)")
    #expect(try CSSColor(css: "alpha(from red)").cssText == "rgb(255, 0, 0)")
    #expect(try CSSColor(css: "alpha(from red / 2)").cssText == "rgb(255, 0, 0)")
    #expect(
      try CSSColor(css: "alpha(from color(display-p3 1 0 0) / 50%)").cssText
        == "color(display-p3 1 0 0 / 0.5)")
    #expect(
      try CSSColor(css: "alpha(from rgba(255, 0, 0, 0.8) / calc(alpha / 2))").cssText
        == "rgba(255, 0, 0, 0.4)")
    #expect(throws: ColorParseError.self) { try CSSColor(css: "alpha(red / 0.5)") }
  }

  @Test("an infinite or NaN hue is 0")
  func infiniteHue() throws {
    for text in [
      "hsl(calc(infinity) 100% 50%)", "hsl(calc(-infinity) 100% 50%)",
      "hsl(calc(NaN) 100% 50%)", "hwb(calc(infinity) 0% 0%)",
    ] {
      #expect(try CSSColor(css: text).cssText == "rgb(255, 0, 0)", "\(text)")
    }
  }

  @Test("specified hue interpolates the hues as written")
  func specifiedHue() throws {
    // 350 to 10 degrees without the shorter arc: straight through 180.
    let specified = try CSSColor(
      css: "color-mix(in oklch specified hue, oklch(0.5 0.1 350), oklch(0.5 0.1 10))")
    #expect(abs((specified.color.channels.c2 ?? 0) - 180) < 1e-9)
    let shorter = try CSSColor(css: "color-mix(in oklch, oklch(0.5 0.1 350), oklch(0.5 0.1 10))")
    #expect(abs(Polar.normalizedHue((shorter.color.channels.c2 ?? 90) + 180) - 180) < 1e-9)
  }

  @Test("relative hsl() and hwb() refuse a literal number beside a literal percentage")
  func channelTypes() throws {
    for text in ["hsl(from rebeccapurple h 10% 10)", "hwb(from rebeccapurple h 10 10%)"] {
      #expect(throws: ColorParseError.self, "\(text)") { try CSSColor(css: text) }
    }
    _ = try CSSColor(css: "hsl(from rebeccapurple h 20% l)")
    _ = try CSSColor(css: "hsl(from rebeccapurple h 20 30)")
  }

  @Test("a gray converted to a polar space has a missing hue, also just above zero chroma")
  func powerless() throws {
    // hwb(180 49.999% 50%) has a saturation of 0.001%: a gray for HSL.
    let hsl = try CSSColor(css: "hsl(from hwb(180 49.999% 50%) h s l)").color
    #expect(hsl.channels.c0 == nil && hsl.channels.c1 == 0)
    // lch(20 0.0015 180): chroma at the LCH epsilon, so its hue carries over as missing.
    let oklch = try CSSColor(css: "oklch(from lch(20 0.0015 180) l c h)").color
    #expect(oklch.channels.c2 == nil && oklch.channels.c1 == 0)
    // Within one space nothing changes.
    let same = try CSSColor(css: "lch(from lch(20 0 180) l c h)").color
    #expect(same.channels.c2 == 180)
  }
}
