import Testing

@testable import Pickers

/// The registry of color spaces (``ColorSpace/definition``) against CSS Color 4, and the laws
/// every row must keep: its names find it, what it prints it reads back.
@Suite("Color space registry")
struct ColorSpaceRegistryTests {
  /// One space as CSS Color 4 defines it: the channel keywords, the value 100% stands for
  /// (`nil` for a hue), the function or `color()` identifier that writes it.
  struct Expected {
    var space: ColorSpace
    var names: (String, String, String)
    var hundredPercent: (Double?, Double?, Double?)
    /// The function that prints the space, or `nil` when it prints as `color()`.
    var function: String?
    /// The identifier in `color()`, or `nil` when it cannot be written there.
    var identifier: String?
  }

  /// Sources: CSS Color 4 §5.1 (`rgb()`: 100% is 255 there, 1 stored), §7 `hsl()`, §8 `hwb()`
  /// (percent of 100), §9 `lab()` (L 100% = 100, a and b 100% = 125), `lch()` (C 100% = 150),
  /// `oklab()` (L 100% = 1, a and b 100% = 0.4), `oklch()` (C 100% = 0.4), §10 `color()`
  /// (100% = 1 for the RGB and XYZ spaces), §14 the channel keywords of relative colors;
  /// `--hsv` is pickers' own (coloraide's form).
  static let expected: [Expected] = [
    Expected(
      space: .srgb, names: ("r", "g", "b"), hundredPercent: (1, 1, 1), function: "rgb",
      identifier: "srgb"),
    Expected(
      space: .srgbLinear, names: ("r", "g", "b"), hundredPercent: (1, 1, 1),
      identifier: "srgb-linear"),
    Expected(
      space: .displayP3, names: ("r", "g", "b"), hundredPercent: (1, 1, 1),
      identifier: "display-p3"),
    Expected(
      space: .displayP3Linear, names: ("r", "g", "b"), hundredPercent: (1, 1, 1),
      identifier: "display-p3-linear"),
    Expected(
      space: .a98RGB, names: ("r", "g", "b"), hundredPercent: (1, 1, 1),
      identifier: "a98-rgb"),
    Expected(
      space: .prophotoRGB, names: ("r", "g", "b"), hundredPercent: (1, 1, 1),
      identifier: "prophoto-rgb"),
    Expected(
      space: .rec2020, names: ("r", "g", "b"), hundredPercent: (1, 1, 1),
      identifier: "rec2020"),
    Expected(
      space: .xyzD65, names: ("x", "y", "z"), hundredPercent: (1, 1, 1),
      identifier: "xyz-d65"),
    Expected(
      space: .xyzD50, names: ("x", "y", "z"), hundredPercent: (1, 1, 1),
      identifier: "xyz-d50"),
    Expected(
      space: .lab, names: ("l", "a", "b"), hundredPercent: (100, 125, 125),
      function: "lab"),
    Expected(
      space: .lch, names: ("l", "c", "h"), hundredPercent: (100, 150, nil),
      function: "lch"),
    Expected(
      space: .oklab, names: ("l", "a", "b"), hundredPercent: (1, 0.4, 0.4),
      function: "oklab"),
    Expected(
      space: .oklch, names: ("l", "c", "h"), hundredPercent: (1, 0.4, nil),
      function: "oklch"),
    Expected(
      space: .hsl, names: ("h", "s", "l"), hundredPercent: (nil, 100, 100),
      function: "hsl"),
    Expected(
      space: .hsv, names: ("h", "s", "v"), hundredPercent: (nil, 100, 100),
      identifier: "--hsv"),
    Expected(
      space: .hwb, names: ("h", "w", "b"), hundredPercent: (nil, 100, 100),
      function: "hwb"),
  ]

  @Test("every space has one row, and each row agrees with CSS Color 4")
  func rowsMatchTheSpecification() throws {
    #expect(Self.expected.map(\.space) == ColorSpace.allCases)
    for entry in Self.expected {
      let space = entry.space
      let row = space.row
      #expect(space.definition.space == space, "\(space)")
      #expect(space.channelNames == entry.names, "\(space)")
      let percents = (
        row.channels.0.percentReference, row.channels.1.percentReference,
        row.channels.2.percentReference
      )
      #expect(percents == entry.hundredPercent, "\(space)")
      let hue = [entry.hundredPercent.0, entry.hundredPercent.1, entry.hundredPercent.2]
        .firstIndex { $0 == nil }
      #expect(space.hueIndex == hue, "\(space)")
      for index in 0..<3 where row.channel(index).isHue {
        #expect(row.channel(index).reference == 0...360, "\(space) hue")
      }
      // Lab's and Oklab's a and b are signed: -100% is the negative end.
      for index in 0..<3 where [.opponentA, .opponentB].contains(row.channel(index).kind) {
        #expect(row.channel(index).reference.lowerBound == -row.channel(index).reference.upperBound)
      }
      #expect(row.function?.name.description == entry.function, "\(space)")
      #expect(row.colorFunction?.name.description == entry.identifier, "\(space)")
      // Where it prints: its own function if it has one, else color().
      #expect(row.function != nil || row.colorFunction != nil, "\(space) cannot be printed")
      // The hub is the only root, and every other space reaches it.
      #expect((space.base == nil) == (space == .xyzD65), "\(space)")
      #expect(space.depth < ColorSpace.allCases.count, "\(space)")
    }
  }

  @Test("100% of each channel in its function is the registry's reference value")
  func percentagesFollowTheReferenceRanges() throws {
    for entry in Self.expected {
      let prefix = entry.function.map { "\($0)(" } ?? "color(\(entry.identifier ?? "") "
      let hundreds = [entry.hundredPercent.0, entry.hundredPercent.1, entry.hundredPercent.2]
      let text = prefix + hundreds.map { $0 == nil ? "30" : "50%" }.joined(separator: " ") + ")"
      let color = try Color(css: text)
      #expect(color.space == entry.space, "\(text)")
      for (index, hundred) in hundreds.enumerated() {
        let value = try #require(color.channels[index])
        let expected = hundred.map { $0 / 2 } ?? 30
        // rgb() reads 0-255 and stores 0...1.
        #expect(abs(value - expected) < 1e-12, "\(text) channel \(index): \(value)")
      }
    }
  }

  @Test("every name of a space finds it, in the CLI, color() and color-mix(in …)")
  func namesFindTheirSpace() throws {
    for space in ColorSpace.allCases {
      #expect(space.names.last == space.rawValue)
      for name in space.names {
        #expect(ColorSpace(name: name) == space, "\(name)")
        guard space.row.isCSSColorSpace else { continue }
        let mix = try CSSColor(css: "color-mix(in \(name), red, blue)")
        #expect(mix.color.space == space, "\(name)")
      }
      if let form = space.row.colorFunction {
        let names = [form.name.description] + (space.row.alias.map { [$0.description] } ?? [])
        for name in names {
          #expect(try Color(css: "color(\(name) 0.1 0.2 0.3)").space == space, "\(name)")
          #expect(try CSSColor(css: "color(\(name) 0.1 0.2 0.3)").color.space == space)
        }
      }
    }
    #expect(ColorSpace.xyzD65.names == ["xyz", "xyz-d65"])
    // The message lists the color() spaces as it always has.
    #expect(
      ColorParseError.Reason.unknownColorSpace("p3").description
        == "unknown color space 'p3' (expected srgb, srgb-linear, display-p3, display-p3-linear, "
        + "a98-rgb, prophoto-rgb, rec2020, xyz, xyz-d50 or xyz-d65)")
    #expect(ColorSpace(name: "--hsv") == nil)
    #expect(throws: ColorParseError.self) { try CSSColor(css: "color-mix(in hsv, red, blue)") }
  }

  /// Sample colors of a space: the sRGB cube's corners and middles converted to it, one with
  /// an alpha and one with a missing channel, so every printing branch is taken.
  static func samples(in space: ColorSpace) -> [Color] {
    var colors: [Color] = []
    for red in [0.0, 0.25, 1] {
      for green in [0.0, 0.6, 1] {
        for blue in [0.0, 0.5, 1] {
          colors.append(Color(.srgb, red, green, blue).converted(to: space))
        }
      }
    }
    var translucent = Color(.srgb, 0.2, 0.4, 0.6).converted(to: space)
    translucent.alpha = 0.375
    var missing = Color(.srgb, 0.9, 0.3, 0.1).converted(to: space)
    missing.channels.c1 = nil
    return colors + [translucent, missing]
  }

  @Test("every space round-trips: parse(cssString) and parse(cssText) give its channels back")
  func everySpaceRoundTrips() throws {
    for space in ColorSpace.allCases {
      let row = space.row
      for color in Self.samples(in: space) {
        let text = color.cssString
        let read = try Color(css: text)
        #expect(read.space == space, "\(text)")
        #expect(abs(read.alpha - color.alpha) < 1e-4, "\(text)")
        for index in 0..<3 {
          guard let value = color.channels[index] else {
            #expect(read.channels[index] == nil, "\(text)")
            continue
          }
          // Printed with the row's decimals, in function units (rgb(): 255 per 1).
          let scale = row.function?.scale ?? 1
          let tolerance = 0.5 / CSSColorParser.powerOfTen(row.channel(index).decimals) / scale
          let got = try #require(read.channels[index], "\(text)")
          #expect(abs(got - value) <= tolerance * 1.000_001 + 1e-12, "\(text) channel \(index)")
        }
        // The computed value (CSS Color 5 serialization) reads back as the same color.
        let computed = CSSColor(color)
        let again = try CSSColor(css: computed.cssText)
        let expectedSpace =
          row.colorFunction == nil && row.function?.isLegacy == true
            && color.channels.c0 != nil && color.channels.c1 != nil && color.channels.c2 != nil
          ? ColorSpace.srgb : space
        #expect(again.color.space == expectedSpace, "\(computed.cssText)")
        let back = again.color.converted(to: space).channels
        for index in 0..<3 where color.channels[index] != nil && index != space.hueIndex {
          let got = try #require(back[index], "\(computed.cssText)")
          let value = try #require(color.channels[index])
          #expect(abs(got - value) < 1e-4 * max(1, abs(value)), "\(computed.cssText) \(index)")
        }
      }
    }
  }

  /// Plain CSS Color 4 colors, which both parsers read.
  static let plainColors = [
    "#f00", "#0000FF80", "red", "transparent", "rgb(255, 0, 0)", "rgba(255,0,0,0.5)",
    "rgb(100%, 50%, 0%)", "rgb(255 127.5 0 / 25%)", "rgb(none 0 0 / none)", "RGB(1e2 2E1 +3)",
    "rgb(300 -20 12.345678901234567890)", "hsl(120, 100%, 50%)", "hsla(120deg 100% 50% / .3)",
    "hsl(-90 -10% 20%)", "hsl(0.5turn 10% 20%)", "hsl(3.14159265358979rad 10% 20%)",
    "hsl(none 0% 50%)", "hwb(90 10% 20%)", "hwb(400grad 10 20 / 0.1)", "lab(50% 40 -20)",
    "lab(150 100% -100%)", "lch(50 -30 200)", "lch(50 100% 20deg)", "oklab(0.5 0.1 -0.1)",
    "oklab(120% 0.1 -0.1)", "oklch(70% 0.1 200 / 50%)", "oklch(0.7 100% -20)",
    "color(srgb 0.1 0.2 0.3)", "color(srgb-linear 10% 20% 30%)", "color(display-p3 1 0 0)",
    "color(display-p3-linear 0.5 none 0.5)", "color(a98-rgb 0.1 0.2 0.3)",
    "color(prophoto-rgb 0.1 0.2 0.3)", "color(rec2020 0.1 0.2 0.3 / 0.5)", "color(xyz 0.1 0.2 0.3)",
    "color(xyz-d65 0.1 0.2 0.3)", "color(XYZ-D50 0.1 0.2 0.3)", "color(--hsv 200 50 50)",
    "rgb(1e400 0 0)", "hsl(1e30 10% 10%)", "lab(-0 -0 -0)", "oklch(0.5 0.1 0.000000000000001)",
    // Found by fuzz-color: radians were turned into degrees with two roundings in one parser
    // and one in the other.
    "hsl(3.14rad 0 0)", "lch(50 30 -2.5rad)", "oklch(0.5 0.1 1e-3rad)", "hwb(7rad 0% 0%)",
  ]

  @Test("the byte parser and the full grammar give the same value, bit for bit")
  func bothParsersAgree() throws {
    func bits(_ value: Double?) -> UInt64? { value.map { $0.isNaN ? .max : $0.bitPattern } }
    for text in Self.plainColors {
      let fast = try Color(fastCSS: text)
      let full = try CSSColor(css: text).color
      #expect(fast.space == full.space, "\(text)")
      #expect(fast.alpha.bitPattern == full.alpha.bitPattern, "\(text)")
      for index in 0..<3 {
        #expect(bits(fast.channels[index]) == bits(full.channels[index]), "\(text) \(index)")
      }
    }
  }
}
