import Testing

@testable import Pickers

/// CSS Color 5 by the specifications' own rules: the computed-value serializations CSS Color
/// 4 section 15 and CSS Color 5 section 7 prescribe, the math functions' definitions in CSS
/// Values 4 section 10 (with its worked examples), and the cases the web-platform-tests
/// css-color parsing and color-mix tests reason about (our own cases, not copies).
@Suite("CSS Color 5")
struct CSSColor5Tests {
  static func css(_ text: String, _ context: CSSColorContext = CSSColorContext()) -> String? {
    try? CSSColor(css: text, context: context).cssText
  }

  /// Input and the computed value a browser serializes for it.
  static let serializations: [(String, String)] = [
    // Legacy sRGB syntaxes compute to rgb()/rgba() with 8-bit integers (CSS Color 4 15.2).
    ("#008000", "rgb(0, 128, 0)"),
    ("hsl(120 100% 25%)", "rgb(0, 128, 0)"),
    ("hwb(120 0% 49.8039%)", "rgb(0, 128, 0)"),
    ("rgb(2.5 3.4 4.6)", "rgb(3, 3, 5)"),
    ("rgba(0, 51, 255, 0.42)", "rgba(0, 51, 255, 0.42)"),
    ("rgb(255 0 0 / 50%)", "rgba(255, 0, 0, 0.5)"),
    ("#ff000033", "rgba(255, 0, 0, 0.2)"),
    ("#ff000080", "rgba(255, 0, 0, 0.5)"),
    ("transparent", "rgba(0, 0, 0, 0)"),
    ("rgb(none none none)", "rgb(0, 0, 0)"),
    ("rgb(calc(100 + 155) calc(50% / 2) 0)", "rgb(255, 64, 0)"),
    ("RED", "rgb(255, 0, 0)"),
    // Other functions keep their space, with numbers and none.
    ("lab(50 20 30)", "lab(50 20 30)"),
    ("lab(50% 20% 30% / 25%)", "lab(50 25 37.5 / 0.25)"),
    ("oklch(70% 0.1 200 / 50%)", "oklch(0.7 0.1 200 / 0.5)"),
    ("oklch(0.7 none 200 / none)", "oklch(0.7 none 200 / none)"),
    ("color(xyz 0.1 0.2 0.3)", "color(xyz-d65 0.1 0.2 0.3)"),
    ("color(display-p3-linear 1 0 0)", "color(display-p3-linear 1 0 0)"),
    ("color(srgb 1.5 -0.5 none)", "color(srgb 1.5 -0.5 none)"),
    // color-mix() computes in its interpolation space.
    ("color-mix(in srgb, red, blue)", "color(srgb 0.5 0 0.5)"),
    ("color-mix(in srgb, red 25%, blue 25%)", "color(srgb 0.5 0 0.5 / 0.5)"),
    ("color-mix(in srgb, red 30%, blue 90%)", "color(srgb 0.25 0 0.75)"),
    ("color-mix(in srgb, red 0%, blue 0%)", "color(srgb 0.5 0 0.5 / 0)"),
    ("color-mix(in srgb, red 75%, blue)", "color(srgb 0.75 0 0.25)"),
    ("color-mix(in srgb, 75% red, blue)", "color(srgb 0.75 0 0.25)"),
    ("color-mix(in srgb, red, transparent)", "color(srgb 1 0 0 / 0.5)"),
    ("color-mix(in srgb, red calc(20% + 10%), blue)", "color(srgb 0.3 0 0.7)"),
    ("color-mix( in srgb ,red,blue 25% )", "color(srgb 0.75 0 0.25)"),
    ("color-mix(in xyz, red, red)", "color(xyz-d65 0.412391 0.212639 0.019331)"),
    ("color-mix(in srgb, red)", "color(srgb 1 0 0)"),
    ("color-mix(in oklch, oklch(0.1 0.2 30), oklch(0.5 0.6 70) 25%)", "oklch(0.2 0.3 40)"),
    ("color-mix(in lch, lch(10 20 30 / none), lch(50 60 70))", "lch(30 40 50)"),
    ("color-mix(in lch, lch(10 20 30 / none), lch(50 60 70 / 0.5))", "lch(30 40 50 / 0.5)"),
    ("color-mix(in lch, lch(10 20 30 / none), lch(50 60 70 / none))", "lch(30 40 50 / none)"),
    ("color-mix(in lch, lch(10 20 none), lch(50 60 70))", "lch(30 40 70)"),
    ("color-mix(in lch, lab(50 0 0), black)", "lch(25 0 none)"),
    ("color-mix(in lch, lch(100 0 40), lch(100 0 60))", "lch(100 0 50)"),
    ("color-mix(in lch longer hue, lch(100 0 40), lch(100 0 60))", "lch(100 0 230)"),
    ("color-mix(in lch increasing hue, lch(100 0 60), lch(100 0 40))", "lch(100 0 230)"),
    ("color-mix(in lch decreasing hue, lch(100 0 40), lch(100 0 60))", "lch(100 0 230)"),
    ("color-mix(in oklch shorter hue, oklch(1 0 330), oklch(1 0 50))", "oklch(1 0 10)"),
    // HSL and HWB results are written in sRGB, unless a component or the alpha is missing.
    ("color-mix(in hsl, hsl(120 10% 20%), hsl(30 30% 40%))", "color(srgb 0.33 0.36 0.24)"),
    ("color-mix(in hsl, hsl(none 10% 20%), hsl(none 10% 20%))", "hsl(none 10 20)"),
    ("color-mix(in hsl, hsl(120 40% 40% / none), hsl(0 40% 40% / none))", "hsl(60 40 40 / none)"),
    ("color-mix(in hwb, white, blue)", "color(srgb 0.5 0.5 1)"),
    ("color-mix(in hsl, white, blue)", "color(srgb 0.625 0.625 0.875)"),
    // Relative rgb(), hsl() and hwb() compute to color(srgb ...), unclamped.
    ("rgb(from rebeccapurple r g b)", "color(srgb 0.4 0.2 0.6)"),
    ("rgb(from rebeccapurple none g b)", "color(srgb none 0.2 0.6)"),
    ("rgb(from rebeccapurple r g b / none)", "color(srgb 0.4 0.2 0.6 / none)"),
    ("rgb(from rebeccapurple r 20% 10)", "color(srgb 0.4 0.2 0.039216)"),
    ("rgb(from rebeccapurple r g b / calc(alpha + 0.5))", "color(srgb 0.4 0.2 0.6)"),
    ("rgb(from rgb(20% 40% 60% / 80%) b alpha r / g)", "color(srgb 0.6 0.003137 0.2)"),
    ("hsl(from rebeccapurple h s l)", "color(srgb 0.4 0.2 0.6)"),
    ("hsl(from rebeccapurple h s 20%)", "color(srgb 0.2 0.1 0.3)"),
    ("hwb(from rebeccapurple h w b)", "color(srgb 0.4 0.2 0.6)"),
    ("rgb(from rgb(from rebeccapurple r g b) r g b)", "color(srgb 0.4 0.2 0.6)"),
    ("oklch(from white l c h)", "oklch(1 0 none)"),
    ("oklch(from color(display-p3 0 0 0) l c h / alpha)", "oklch(0 0 none)"),
    ("oklch(from oklch(0.7 0.45 30 / 40%) 2 3 400 / 500)", "oklch(1 3 40)"),
    ("lch(from lch(70 45 30) -200 -300 -400 / -5)", "lch(0 0 320 / 0)"),
    ("lch(from blue calc((50 - l) * infinity) 0 0)", "lch(100 0 0)"),
    ("lch(from red calc((50 - l) * infinity) 0 0)", "lch(0 0 0)"),
    ("oklch(from blue 0.5 0.3 calc(pi * 1rad))", "oklch(0.5 0.3 180)"),
    ("oklch(from blue 0.5 0.3 calc(0.25turn + 100grad))", "oklch(0.5 0.3 180)"),
    ("lch(from lch(70 45 30) l c c)", "lch(70 45 45)"),
    (
      "color(from color(rec2020 0.7 0.5 0.3 / 40%) rec2020 r g b)",
      "color(rec2020 0.7 0.5 0.3 / 0.4)"
    ),
    ("lab(from lab(25 none 50) l a b)", "lab(25 none 50)"),
    ("lab(from lab(25 none 50) l calc(a + 1) b)", "lab(25 1 50)"),
    ("lab(from lab(25 20 50) l a b / 0.5)", "lab(25 20 50 / 0.5)"),
    ("color(from color(srgb 0.2 0.4 0.6) srgb b g r)", "color(srgb 0.6 0.4 0.2)"),
    (
      "color(from color(display-p3 0 1 0) display-p3-linear r g b)",
      "color(display-p3-linear 0 1 0)"
    ),
    ("light-dark(rgb(from rebeccapurple r g b), red)", "color(srgb 0.4 0.2 0.6)"),
    (
      "light-dark(color-mix(in srgb, rgb(from rebeccapurple none g b), rebeccapurple), red)",
      "color(srgb 0.4 0.2 0.6)"
    ),
    // contrast-color(), system colors and currentcolor are legacy colors.
    ("contrast-color(black)", "rgb(255, 255, 255)"),
    ("contrast-color(#ffff00)", "rgb(0, 0, 0)"),
    ("Canvas", "rgb(255, 255, 255)"),
    ("canvastext", "rgb(0, 0, 0)"),
    ("WindowText", "rgb(0, 0, 0)"),
    ("currentcolor", "rgb(0, 0, 0)"),
    ("rgb(from currentColor r g b)", "color(srgb 0 0 0)"),
    // Comments and escapes, as a CSS tokenizer reads them.
    ("/* brand */ #3478f6 /* end */", "rgb(52, 120, 246)"),
    ("rgb(/* r */ 1 /**/ 2 3)", "rgb(1, 2, 3)"),
    ("r\\gb(1 2 3)", "rgb(1, 2, 3)"),
    ("\\72 ed", "rgb(255, 0, 0)"),
    ("\\000072\\000065 d", "rgb(255, 0, 0)"),
  ]

  @Test("computed values serialize as CSS Color 4 and 5 prescribe", arguments: serializations)
  func serialization(_ input: String, _ expected: String) {
    #expect(Self.css(input) == expected, "\(input)")
  }

  @Test("light-dark(), system colors and currentcolor follow the context")
  func context() throws {
    let dark = CSSColorContext(scheme: .dark)
    #expect(Self.css("light-dark(white, black)") == "rgb(255, 255, 255)")
    #expect(Self.css("light-dark(white, black)", dark) == "rgb(0, 0, 0)")
    #expect(Self.css("Canvas", dark) == "rgb(18, 18, 18)")
    #expect(Self.css("CanvasText", dark) == "rgb(255, 255, 255)")
    // currentcolor defaults to the scheme's CanvasText.
    #expect(Self.css("currentcolor", dark) == "rgb(255, 255, 255)")
    let purple = try CSSColor(css: "rebeccapurple")
    let current = CSSColorContext(currentColor: purple)
    #expect(Self.css("currentcolor", current) == "rgb(102, 51, 153)")
    #expect(Self.css("rgb(from currentcolor r g b)", current) == "color(srgb 0.4 0.2 0.6)")
    #expect(
      Self.css("rgb(from color-mix(in srgb, currentColor, red) r g b / alpha)", current)
        == "color(srgb 0.7 0.1 0.3)")
    let oklch = try CSSColor(css: "oklch(0.5 0.1 30)")
    #expect(Self.css("currentcolor", CSSColorContext(currentColor: oklch)) == "oklch(0.5 0.1 30)")
    // Every modern system color resolves in both schemes, and so do the deprecated ones.
    for name in SystemColors.Name.allCases {
      for scheme in ColorScheme.allCases {
        let value = try CSSColor(css: name.rawValue, context: CSSColorContext(scheme: scheme))
        #expect(value.color == SystemColors.builtIn.color(name, scheme: scheme))
        #expect(value.style == .legacy)
      }
    }
    for (deprecated, modern) in SystemColors.Name.deprecated {
      let value = try CSSColor(css: deprecated.uppercased())
      #expect(value.color == SystemColors.builtIn.color(modern, scheme: .light), "\(deprecated)")
    }
    // A table given in the context wins over the built-in one.
    let table = SystemColors(light: [.accentColor: .orange], dark: [:])
    let themed = CSSColorContext(systemColors: table)
    #expect(Self.css("AccentColor", themed) == "rgb(255, 165, 0)")
    #expect(Self.css("Canvas", themed) == "rgb(255, 255, 255)")
  }

  @Test("contrast-color() picks whichever of white and black contrasts more (WCAG 2)")
  func contrastColor() throws {
    for css in ["#767676", "#777777", "#757575", "navy", "gold", "rgb(0 0 0 / 0.2)"] {
      let background = try Color(css: css).withOpacity(1)
      let white = Color.white.contrastRatio(with: background)
      let black = Color.black.contrastRatio(with: background)
      let chosen = try Color(css: "contrast-color(\(css))")
      #expect(chosen == (white >= black ? .white : .black), "\(css)")
    }
  }

  /// Math functions against the definitions and worked examples of CSS Values 4 section 10.
  static let math: [(String, Double)] = [
    ("calc(1 + 2 * 3)", 7), ("calc((1 + 2) * 3)", 9), ("calc(10 / 4)", 2.5),
    ("calc(1 - -2)", 3), ("calc(+1 + .5)", 1.5), ("calc(2e1 + 1E-1)", 20.1),
    ("min(5, 2, 9)", 2), ("max(5, 2, 9)", 9), ("clamp(1, 5, 3)", 3), ("clamp(3, 1, 5)", 3),
    ("clamp(5, 1, 3)", 5), ("round(2.5)", 3), ("round(-2.5)", -2), ("round(up, 2.1, 1)", 3),
    ("round(down, 2.9, 1)", 2), ("round(to-zero, -2.9, 1)", -2), ("round(nearest, 17, 5)", 15),
    ("round(18, 5)", 20), ("mod(18, 5)", 3), ("mod(-18, 5)", 2), ("mod(18, -5)", -2),
    ("rem(-18, 5)", -3), ("rem(18, -5)", 3), ("abs(-4)", 4), ("sign(-4)", -1), ("sign(0)", 0),
    ("sin(pi / 2)", 1), ("cos(0deg)", 1), ("tan(45deg)", 1), ("pow(2, 10)", 1024),
    ("sqrt(2)", 2.0.squareRoot()), ("hypot(3, 4)", 5), ("log(e)", 1), ("log(8, 2)", 3),
    ("exp(1)", 2.718_281_828_459_045), ("calc(e)", 2.718_281_828_459_045),
    ("calc(pi)", Double.pi), ("calc(NaN)", 0), ("calc(infinity - infinity)", 0),
    ("calc(sin(asin(0.5)))", 0.5), ("calc(atan2(1, 0) / 1deg)", 90),
    ("calc(1turn / 1deg)", 360), ("calc(100grad / 1deg)", 90), ("calc(1rad / 1deg)", 180 / .pi),
    ("calc(min(1, NaN))", 0), ("CALC(1 + Max(2, 3))", 4),
  ]

  @Test("math functions evaluate as CSS Values 4 defines them", arguments: math)
  func mathFunctions(_ expression: String, _ expected: Double) throws {
    // The value is read back through a color channel: color(srgb <expr> 0 0).
    let color = try Color(css: "color(srgb \(expression) 0 0)")
    let actual = try #require(color.channels.c0)
    #expect(abs(actual - expected) < 1e-12, "\(expression) = \(actual)")
  }

  @Test("infinities clamp to the channel's range; NaN is 0")
  func infinities() throws {
    #expect(Self.css("rgb(calc(infinity) calc(-infinity) calc(NaN))") == "rgb(255, 0, 0)")
    #expect(Self.css("rgb(0 0 0 / calc(infinity))") == "rgb(0, 0, 0)")
    let huge = try Color(css: "oklch(0.5 0.1 calc(infinity * 1deg))")
    #expect(huge.channels.c2.map { $0 >= 0 && $0 < 360 } == true)
    let big = try Color(css: "lab(50 calc(1e308 * 10) 0)")
    #expect(big.channels.c1 == .greatestFiniteMagnitude)
  }

  /// Valid-looking text that is not a color, one group per feature.
  static let invalid: [String] = [
    // color-mix()
    "color-mix(in srgb red, blue)", "color-mix(in srgb, red 120%, blue)",
    "color-mix(in srgb, red -10%, blue)", "color-mix(in srgb longer hue, red, blue)",
    "color-mix(in oklch sideways hue, red, blue)", "color-mix(in oklch longer, red, blue)",
    "color-mix(in nowhere, red, blue)", "color-mix(in srgb, red 10% 20%, blue)",
    "color-mix(in srgb, red 50, blue)", "color-mix(in srgb,)", "color-mix(in srgb, red, blue",
    "color-mix(in srgb, , blue)", "color-mix(red blue)", "color-mix(in, red, blue)",
    "color-mix(in srgb, red, blue,)", "color-mix(in srgb, red calc(10), blue)",
    "color-mix(in --hsv, red, blue)",
    // relative colors
    "rgb(from red r g)", "rgb(from red r g b a)", "rgb(from red x y z)", "rgb(from red r, g, b)",
    "rgb(from red)", "rgb(from r g b)", "lch(from red l c calc(h + 30deg))",
    "hsl(from red h s l / 10deg)", "color(from red lab l a b)", "color(from red srgb x y z)",
    "color(from red srgb r g b / alpha / alpha)", "oklch(from red l c h alpha)",
    "rgb(from from red r g b)", "oklch(from red l c h / alpha",
    "hsl(from red h 10% 10)", "rgb(from red r 5deg b)", "hwb(from red 5% w b)",
    "lab(from red l 1turn b)", "oklch(from red l c 50%)", "color(from red xyz x y)",
    "color(from red display-p3 r g b / 1deg)", "rgb(from red red g b)", "hsl(from red hue s l)",
    "oklab(from red lightness a b)", "lch(from red l g b)",
    // math functions
    "rgb(calc(1 +2) 0 0)", "rgb(calc(1+ 2) 0 0)", "rgb(calc(1 + 2deg) 0 0)", "rgb(calc(1px) 0 0)",
    "rgb(calc(50% * 2%) 0 0)", "rgb(calc() 0 0)", "rgb(calc(1 2) 0 0)", "rgb(min() 0 0)",
    "rgb(clamp(1, 2) 0 0)", "rgb(round(up) 0 0)", "rgb(foo(1) 0 0)", "rgb(calc(r) 0 0)",
    "rgb(pow(2deg, 2) 0 0)", "rgb(calc((1 + 2) 0 0)", "rgb(calc(1 / 2deg) 0 0)",
    "rgb(sin(10%) 0 0)", "rgb(calc(1) 0 0 / calc(10deg))", "hsl(calc(10%) 50% 50%)",
    "rgb(mod(1, 2, 3) 0 0)", "calc(1)",
    String(repeating: "calc(", count: 40) + "1" + String(repeating: ")", count: 40),
    // light-dark(), contrast-color(), names
    "light-dark(red)", "light-dark(red, blue, green)", "light-dark(red blue)", "light-dark()",
    "contrast-color()", "contrast-color(red, blue)", "contrast-color(5)", "canvass",
    "currentcolour", "-webkit-canvas",
    // tokenizer
    "/* unclosed red", "red /* x */ blue", "\\", "rgb(1 2 3) /", "'red'", "url(red)",
    // nesting
    String(repeating: "light-dark(", count: 40) + "red, blue" + String(repeating: ")", count: 40),
  ]

  @Test("rejects invalid CSS Color 5 text with a reason", arguments: invalid)
  func rejects(_ text: String) {
    #expect(throws: ColorParseError.self, "\(text)") { try CSSColor(css: text) }
    #expect(throws: ColorParseError.self, "\(text)") { try Color(css: text) }
  }

  @Test("errors in the full grammar name the problem and its column")
  func errors() {
    func failure(_ text: String) -> ColorParseError? {
      do {
        _ = try Color(css: text)
        return nil
      } catch {
        return error
      }
    }
    #expect(
      failure("rgb(calc(1 + 2deg) 0 0)")?.description
        == "cannot parse color \"rgb(calc(1 + 2deg) 0 0)\": cannot add an angle to a number "
        + "at column 14")
    #expect(
      failure("color-mix(in srgb, red 120%, blue)")?.reason
        == .invalidValue("a color-mix() share must be between 0% and 100%"))
    #expect(failure("color-mix(in srgb, red 120%, blue)")?.column == 24)
    #expect(failure("rgb(from red x y z)")?.reason == .invalidValue("unknown channel keyword 'x'"))
    let deep = String(repeating: "calc(", count: 40) + "1" + String(repeating: ")", count: 40)
    #expect(failure("rgb(\(deep) 0 0)")?.reason == .nestingTooDeep(limit: 32))
    // Plain CSS Color 4 mistakes keep the byte parser's messages.
    #expect(failure("rgb(1 2,3)")?.reason == .mixedSeparators)
    #expect(failure("rgb(1 2,3)")?.column == 9)
    #expect(failure("blurple")?.reason == .unknownName("blurple"))
  }

  @Test("mixing: an alpha of none takes the other color's alpha")
  func alphaNone() throws {
    let red = try CSSColor(css: "rgb(255 0 0 / none)")
    #expect(red.alphaIsMissing)
    let blue = CSSColor(Color.blue.opacity(0.4))
    let mixed = Color.mix([MixStop(red), MixStop(blue)], in: .srgb)
    #expect(!mixed.alphaIsMissing)
    #expect(abs(mixed.color.alpha - 0.4) < 1e-12)
    // Premultiplied with the borrowed alpha, so the channels are a plain average.
    #expect(mixed.color.channels == Channels(0.5, 0, 0.5))
    let both = Color.mix([MixStop(red), MixStop(red)], in: .srgb)
    #expect(both.alphaIsMissing && both.cssText == "color(srgb 1 0 0 / none)")
  }

  @Test("mixing: a hue made powerless by conversion (a gray) is none, so the other hue is used")
  func powerlessHue() throws {
    for space in [ColorSpace.hsl, .hwb, .lch, .oklch] {
      let red = Color.red.converted(to: space)
      let hueIndex = try #require(space.hueIndex)
      let hue = try #require(red.channels[hueIndex])
      for gray in [Color.white, .black, .gray] {
        let mixed = Color.red.mixed(with: gray, by: 0.5, in: space)
        let mixedHue = try #require(mixed.channels[hueIndex])
        #expect(abs(mixedHue - hue) < 1e-6, "\(space) red with \(gray.hex): \(mixedHue)")
      }
    }
  }

  @Test("mixing: colors outside sRGB keep their values through HSL and HWB")
  func outOfGamutHSL() throws {
    // Display P3 green is about (-0.5118, 1.0183, -0.3107) in sRGB; a 100%/0% mix in HSL or
    // HWB must give it back unchanged (CSS Color 4: HSL and HWB conversions are not gamut
    // mapped and round-trip out-of-gamut values).
    let green = try Color(css: "color(display-p3 0 1 0)").converted(to: .srgb)
    for space in ["hsl", "hwb"] {
      for origin in [
        "color(display-p3 0 1 0)", "lab(100 104.3 -50.9)", "lab(0 104.3 -50.9)",
        "lch(100 116 334)", "oklab(1 0.365 -0.16)", "oklch(0 0.399 336.3)",
      ] {
        let expected = try Color(css: origin).converted(to: .srgb).channels.resolved
        let mixed = try CSSColor(css: "color-mix(in \(space), \(origin) 100%, black 0%)")
        let actual = mixed.color.converted(to: .srgb).channels.resolved
        #expect(abs(actual.x - expected.x) < 1e-9, "\(space) \(origin)")
        #expect(abs(actual.y - expected.y) < 1e-9, "\(space) \(origin)")
        #expect(abs(actual.z - expected.z) < 1e-9, "\(space) \(origin)")
        #expect(mixed.cssText.hasPrefix("color(srgb "), "\(mixed.cssText)")
      }
    }
    // The values browsers report (web-platform-tests), which compute in single precision.
    #expect(abs((green.channels.c0 ?? 0) + 0.511_814) < 5e-4)
    #expect(abs((green.channels.c1 ?? 0) - 1.018_32) < 5e-4)
  }

  @Test("mixing many colors: the shares of omitted colors split what is left of 100%")
  func manyColors() throws {
    let mix = Color.mix(
      [MixStop(.red, percentage: 20), MixStop(.lime), MixStop(.blue)], in: .srgb)
    #expect(mix.cssText == "color(srgb 0.2 0.4 0.4)")
    let scaled = Color.mix(
      [
        MixStop(.red, percentage: 10), MixStop(.lime, percentage: 20),
        MixStop(.blue, percentage: 20),
      ],
      in: .srgb)
    #expect(scaled.cssText == "color(srgb 0.2 0.4 0.4 / 0.5)")
    #expect(Color.mix([], in: .srgb).color == .clear)
    #expect(
      Self.css("color-mix(in srgb, red, lime, blue)") == "color(srgb 0.333333 0.333333 0.333333)")
  }

  @Test("the tokenizer decodes escapes and drops comments")
  func tokenizer() throws {
    let tokens = try #require(CSSTokenizer.tokens("r\\67 b(1/**/2 -3.5e1%) \\31 a"))
    let kinds = tokens.map(\.kind)
    #expect(kinds[0] == .function("rgb"))
    #expect(kinds[1] == .number(1))
    #expect(kinds[2] == .number(2))
    #expect(kinds[3] == .whitespace)
    #expect(kinds[4] == .percentage(-35))
    #expect(kinds[5] == .rightParenthesis)
    #expect(kinds[7] == .ident("1a", lowered: "1a"))
    #expect(CSSTokenizer.tokens("#ff0")?.first?.kind == .hash("ff0"))
    #expect(CSSTokenizer.tokens("10DEG")?.first?.kind == .dimension(10, unit: "deg"))
    #expect(CSSTokenizer.tokens(".5")?.first?.kind == .number(0.5))
    #expect(CSSTokenizer.tokens("-.5")?.first?.kind == .number(-0.5))
  }
}

@Suite("CSS Color 5 robustness")
struct CSSColor5RobustnessTests {
  /// A deterministic generator, so a failure names a reproducible input.
  struct Generator {
    var random: SplitMix64
    init(state: UInt64) { random = SplitMix64(seed: state) }
    mutating func next() -> UInt64 { random.next() }
    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
  }

  static let pieces = [
    "red", "#3478f6", "none", "calc(", ")", "(", ", ", " ", "/", "+", " - ", "*", "1e308",
    "-1e308", "NaN", "infinity", "pi", "50%", "30deg", "0.5turn", "from ", "color-mix(in oklch, ",
    "rgb(", "hsl(", "oklch(", "color(srgb ", "light-dark(", "contrast-color(", "currentcolor",
    "Canvas", "r", "g", "b", "l", "c", "h", "alpha", "min(", "clamp(", "round(up, ", "mod(",
    "/*x*/", "\\", "longer hue", "100%", "0%", "-0", "1", "255", "0.1",
  ]

  @Test("5,000 random strings of the grammar's pieces parse or throw, and what parses re-parses")
  func randomStrings() {
    var generator = Generator(state: 16)
    for _ in 0..<5_000 {
      var text = ""
      for _ in 0..<Int(1 + generator.next() % 14) { text += generator.pick(Self.pieces) }
      for scheme in ColorScheme.allCases {
        let context = CSSColorContext(scheme: scheme)
        guard let value = try? CSSColor(css: text, context: context) else { continue }
        #expect((try? CSSColor(css: value.cssText, context: context)) != nil, "\(text)")
      }
      if (try? Color(css: text)) != nil {
        #expect((try? CSSColor(css: text)) != nil, "\(text)")
      }
    }
  }

  @Test("a color-mix()'s specified value keeps the mix, its method as written and each share")
  func specifiedColorMix() throws {
    // CSS Color 5 section 7: the interpolation method in lowercase, the default `shorter hue`
    // left out, each percentage after its color; hsl() is written as rgb() (CSS Color 4
    // section 15.2); currentcolor and a nested color-mix() stay as they are.
    let cases = [
      (
        "COLOR-MIX(in XYZ, 30% currentColor, color-mix(in srgb, red, blue 40%))",
        "color-mix(in xyz-d65, currentcolor 30%, color-mix(in srgb, rgb(255, 0, 0), "
          + "rgb(0, 0, 255) 40%))"
      ),
      (
        "color-mix(in lch longer hue, hsl(120 100% 25%), lch(50 10 20deg))",
        "color-mix(in lch longer hue, rgb(0, 128, 0), lch(50 10 20))"
      ),
      ("color-mix(red, blue)", "color-mix(rgb(255, 0, 0), rgb(0, 0, 255))"),
      ("hsl(120 100% 25%)", "rgb(0, 128, 0)"),
    ]
    for (text, expected) in cases {
      #expect(try CSSColor.specifiedText(css: text) == expected, "\(text)")
    }
    #expect(throws: ColorParseError.self) {
      try CSSColor.specifiedText(css: "color-mix(in hsl, red 150%, blue)")
    }
  }
}
