import Testing

@testable import Pickers

@Suite("CSS color parsing")
struct CSSParserTests {
  /// Every syntax of CSS Color 4 with the channels its definition gives.
  static let valid: [(String, ColorSpace, Double?, Double?, Double?, Double)] = [
    ("#f00", .srgb, 1, 0, 0, 1),
    ("#F008", .srgb, 1, 0, 0, 0x88 / 255),
    ("#00ff00", .srgb, 0, 1, 0, 1),
    ("#0000FF80", .srgb, 0, 0, 1, 128 / 255),
    ("red", .srgb, 1, 0, 0, 1),
    ("ReBeccaPurple", .srgb, 0x66 / 255, 0x33 / 255, 0x99 / 255, 1),
    ("transparent", .srgb, 0, 0, 0, 0),
    ("rgb(255, 0, 0)", .srgb, 1, 0, 0, 1),
    ("rgba(255, 0, 0, 0.5)", .srgb, 1, 0, 0, 0.5),
    ("rgb(100%, 50%, 0%)", .srgb, 1, 0.5, 0, 1),
    ("rgb(255 127.5 0)", .srgb, 1, 0.5, 0, 1),
    ("rgb(255 0 0 / 25%)", .srgb, 1, 0, 0, 0.25),
    ("rgba(255 0 0 / .5)", .srgb, 1, 0, 0, 0.5),
    ("rgb(100% 0 50%)", .srgb, 1, 0, 0.5, 1),
    ("rgb(none 0 0 / none)", .srgb, nil, 0, 0, 0),
    ("RGB(255,0,0)", .srgb, 1, 0, 0, 1),
    ("  rgb( 1e2 2E1 +3 )  ", .srgb, 100 / 255, 20 / 255, 3 / 255, 1),
    ("hsl(120, 100%, 50%)", .hsl, 120, 100, 50, 1),
    ("hsla(120deg, 100%, 50%, 0.3)", .hsl, 120, 100, 50, 0.3),
    ("hsl(120 100 50)", .hsl, 120, 100, 50, 1),
    ("hsl(0.5turn 10% 20% / 50%)", .hsl, 180, 10, 20, 0.5),
    ("hsl(200grad 10% 20%)", .hsl, 180, 10, 20, 1),
    ("hsl(3.14159265358979rad 10% 20%)", .hsl, 180, 10, 20, 1),
    ("hsl(-90 10% 20%)", .hsl, 270, 10, 20, 1),
    ("hsl(none 0% 50%)", .hsl, nil, 0, 50, 1),
    ("hwb(90 10% 20%)", .hwb, 90, 10, 20, 1),
    ("hwb(90 10 20 / 0.1)", .hwb, 90, 10, 20, 0.1),
    ("lab(50% 40 -20)", .lab, 50, 40, -20, 1),
    ("lab(50 100% -100%)", .lab, 50, 125, -125, 1),
    ("lch(50 30 200)", .lch, 50, 30, 200, 1),
    ("lch(50 100% 20deg)", .lch, 50, 150, 20, 1),
    ("oklab(0.5 0.1 -0.1)", .oklab, 0.5, 0.1, -0.1, 1),
    ("oklab(50% 100% -50%)", .oklab, 0.5, 0.4, -0.2, 1),
    ("oklch(70% 0.1 200 / 50%)", .oklch, 0.7, 0.1, 200, 0.5),
    ("oklch(0.7 50% 0.25turn)", .oklch, 0.7, 0.2, 90, 1),
    ("oklch(0.5 0 none)", .oklch, 0.5, 0, nil, 1),
    ("color(srgb 1 0.5 0)", .srgb, 1, 0.5, 0, 1),
    ("color(srgb-linear 0.2 0.3 0.4)", .srgbLinear, 0.2, 0.3, 0.4, 1),
    ("color(display-p3 1 0 0 / 0.5)", .displayP3, 1, 0, 0, 0.5),
    ("color(a98-rgb 50% 0 1)", .a98RGB, 0.5, 0, 1, 1),
    ("color(prophoto-rgb 0.1 0.2 0.3)", .prophotoRGB, 0.1, 0.2, 0.3, 1),
    ("color(rec2020 0.1 none 0.3)", .rec2020, 0.1, nil, 0.3, 1),
    ("color(xyz 0.1 0.2 0.3)", .xyzD65, 0.1, 0.2, 0.3, 1),
    ("color(xyz-d65 0.1 0.2 0.3)", .xyzD65, 0.1, 0.2, 0.3, 1),
    ("color(XYZ-D50 0.1 0.2 0.3)", .xyzD50, 0.1, 0.2, 0.3, 1),
    ("color(display-p3 1.2 -0.1 0)", .displayP3, 1.2, -0.1, 0, 1),
    ("color(--hsv 120 50 25)", .hsv, 120, 50, 25, 1),
  ]

  @Test("reads every CSS Color 4 syntax", arguments: valid.indices)
  func parsesValid(_ index: Int) throws {
    let (text, space, c0, c1, c2, alpha) = Self.valid[index]
    let color = try Color(css: text)
    #expect(color.space == space, "\(text)")
    #expect(close(color.channels.c0, c0, 1e-12), "\(text) c0 \(color.channels.c0 ?? .nan)")
    #expect(close(color.channels.c1, c1, 1e-12), "\(text) c1")
    #expect(close(color.channels.c2, c2, 1e-12), "\(text) c2")
    #expect(abs(color.alpha - alpha) < 1e-12, "\(text) alpha")
  }

  /// Clamping at parse time, CSS Color 4 sections 5.1, 7, 9 and the serialisations of the
  /// web-platform-tests (css/css-color/parsing/color-computed-*.html).
  static let clamped: [(String, ColorSpace, Double?, Double?, Double?, Double)] = [
    ("rgb(300 -20 0)", .srgb, 1, 0, 0, 1),
    ("rgb(150%, -10%, 0%)", .srgb, 1, 0, 0, 1),
    ("rgb(0 0 0 / 110%)", .srgb, 0, 0, 0, 1),
    ("rgb(0 0 0 / -10%)", .srgb, 0, 0, 0, 0),
    ("rgba(0, 0, 0, 2)", .srgb, 0, 0, 0, 1),
    ("lab(-40 0 0)", .lab, 0, 0, 0, 1),
    ("lab(400 0 10 / 50%)", .lab, 100, 0, 10, 0.5),
    ("lab(50 -200 200)", .lab, 50, -200, 200, 1),  // a and b are not clamped
    ("lch(150 150 20)", .lch, 100, 150, 20, 1),
    ("lch(50 -20 30)", .lch, 50, 0, 30, 1),
    ("oklab(150% 0.5 0.2)", .oklab, 1, 0.5, 0.2, 1),
    ("oklab(-0.1 0 0)", .oklab, 0, 0, 0, 1),
    ("oklch(1.5 0.1 30)", .oklch, 1, 0.1, 30, 1),
    ("oklch(0.5 -0.1 30)", .oklch, 0.5, 0, 30, 1),
    ("hsl(120 -10% 50%)", .hsl, 120, 0, 50, 1),  // only negative saturation is clamped
    ("hsl(120 150% 120%)", .hsl, 120, 150, 120, 1),
    ("#0000 ", .srgb, 0, 0, 0, 0),
  ]

  @Test("clamps where CSS Color 4 clamps, and only there", arguments: clamped.indices)
  func clamps(_ index: Int) throws {
    let (text, space, c0, c1, c2, alpha) = Self.clamped[index]
    let color = try Color(css: text)
    #expect(color.space == space)
    #expect(close(color.channels.c0, c0, 1e-12), "\(text)")
    #expect(close(color.channels.c1, c1, 1e-12), "\(text)")
    #expect(close(color.channels.c2, c2, 1e-12), "\(text)")
    #expect(abs(color.alpha - alpha) < 1e-12, "\(text)")
  }

  /// Strings that are not CSS colors (or use CSS this library does not compute, like `var()`).
  static let invalid: [String] = [
    "", "   ", "#", "#12", "#12345", "#1234567", "#123456789", "#ggg", "#12g", "# fff",
    "blurple", "red blue", "rgb", "rgb(", "rgb()", "rgb(1 2)", "rgb(1 2 3 4)", "rgb(1, 2)",
    "rgb(1 2,3)", "rgb(1, 2 3)", "rgb(1, 2, 3 / 0.5)", "rgb(1 2 3 / 0.5 0.6)",
    "rgb(1 2 / 3)", "rgb(1, 2, 3, 0.5, 1)", "rgb(1, 2, 3,)", "rgb(1 2 3 /)", "rgb(1 2 3))",
    "rgb(1% 2 3deg)", "rgb(10%, 20, 30%)", "rgb(none, 0, 0)", "rgb(1 2 3", "rgb(1 2 3) x",
    "rgb(1px 2 3)", "rgb(1 2 3 / 10deg)", "hsl(10%, 20%, 30%)", "hsl(10, 20, 30)",
    "hsl(10 20% 30% 0.5)", "hwb(10, 20%, 30%)", "lab(10, 20, 30)", "lab(10 20deg 30)",
    "lch(10 20 30%)", "oklch(0.5, 0.1, 30)", "oklab(0.5 0.1)", "color(srgb 1 0)",
    "color(display-p4 1 0 0)", "color(1 0 0)", "color(srgb, 1, 0, 0)", "color(srgb 1 0 0deg)",
    "calc(1)", "rgb(calc(1px) 2 3)", "currentcolour", "color-mix(in srgb, red, blue 120%)",
    "rgb(1 2 3 / 0.5))", "rgb(.  2 3)", "rgb(1. 2 3)", "rgb(+-1 2 3)", "rgb(1e 2 3)",
    "hsl(120 50% 50%", "oklch(50% 0.1 30 / 1 / 1)", "rgbz(1 2 3)", "rgb(1 2 3)#fff",
  ]

  @Test("rejects malformed strings", arguments: invalid)
  func rejects(_ text: String) {
    #expect(throws: ColorParseError.self, "\(text)") { try Color(css: text) }
  }

  @Test("the table of invalid strings has at least 40 entries")
  func enoughInvalid() {
    #expect(Self.invalid.count >= 40)
  }

  @Test("says where parsing failed, with the column the issue quotes")
  func errorColumns() {
    func failure(_ text: String) -> ColorParseError? {
      do {
        _ = try Color(css: text)
        return nil
      } catch {
        return error
      }
    }
    #expect(
      failure("rgb(1 2,3)")?.description
        == "cannot parse color \"rgb(1 2,3)\": mixed comma and space syntax at column 9")
    #expect(failure("rgb(1, 2 3)")?.column == 10)
    #expect(failure("blurple")?.reason == .unknownName("blurple"))
    #expect(failure("#12345")?.reason == .hexLength(5))
    #expect(failure("#12g")?.column == 4)
    #expect(
      failure("lab(1 2)")?.reason == .wrongChannelCount(function: "lab", expected: 3, found: 2))
    #expect(failure("oklch(1 2 3%)")?.column == 11)
    #expect(failure("rgb(1 2 3) x")?.reason == .trailingText)
    #expect(failure("rgb(1 2 3) x")?.column == 12)
    #expect(failure("hsl(1 2 3")?.reason == .missingClosingParenthesis)
    #expect(failure("rgb(1px 2 3)")?.reason == .unknownUnit("px"))
    #expect(failure("éé(1 2 3)")?.column == 1)
    #expect(failure("rgb(é 2 3)")?.column == 5)
    #expect(failure("rgb(1 2 3) é")?.column == 12)
    #expect(failure("")?.reason == .empty)
    #expect(failure("var(--accent)")?.reason == .unsupported("var()"))
  }

  @Test("knows all 148 CSS named colors with the values CSS Color 4 lists")
  func namedColors() throws {
    #expect(NamedColors.table.count == 148)
    #expect(Set(NamedColors.table.map(\.name)).count == 148)
    // Spot checks against the CSS Color 4 table (section 6.1).
    let expected: [String: String] = [
      "aliceblue": "#f0f8ff", "rebeccapurple": "#663399", "lightgoldenrodyellow": "#fafad2",
      "darkgrey": "#a9a9a9", "mediumspringgreen": "#00fa9a", "orange": "#ffa500",
      "peru": "#cd853f", "navy": "#000080", "yellowgreen": "#9acd32", "whitesmoke": "#f5f5f5",
      "fuchsia": "#ff00ff", "magenta": "#ff00ff", "tomato": "#ff6347", "indigo": "#4b0082",
    ]
    for (name, hex) in expected {
      #expect(Color(named: name)?.hex == hex, "\(name)")
      #expect(Color(named: name.uppercased())?.hex == hex, "\(name)")
    }
    #expect(Color(named: "blurple") == nil)
    #expect(Color(named: "transparent") == .clear)
    // And every name against coloraide's table.
    for entry in ColoraideReference.shared.conversions.prefix(148) {
      #expect(try Color(css: entry.input).hex == entry.hex, "\(entry.input)")
    }
  }

  @Test("static colors are the CSS named colors")
  func staticColors() {
    let pairs: [(Color, String)] = [
      (.black, "black"), (.white, "white"), (.gray, "gray"), (.red, "red"),
      (.orange, "orange"), (.yellow, "yellow"), (.green, "green"), (.lime, "lime"),
      (.teal, "teal"), (.cyan, "cyan"), (.blue, "blue"), (.indigo, "indigo"),
      (.purple, "purple"), (.magenta, "magenta"), (.pink, "pink"), (.brown, "brown"),
    ]
    for (color, name) in pairs {
      #expect(color == Color(named: name), "\(name)")
    }
    #expect(Color.black.opacity(0.4).alpha == 0.4)
    #expect(Color.black.opacity(3).alpha == 1)
    #expect(Color.black.opacity(-1).alpha == 0)
  }

  @Test("numbers beyond the fast path are read exactly")
  func longNumbers() throws {
    let color = try Color(css: "color(srgb 0.1234567890123456789 1e-30 12345678901234567890)")
    #expect(color.channels.c0 == 0.123_456_789_012_345_678_9)
    #expect(color.channels.c1 == 1e-30)
    #expect(color.channels.c2 == 12_345_678_901_234_567_890.0)
  }
}
