import Testing

@testable import Pickers

@Suite("Accent palette and named system colors")
struct AccentPaletteTests {
  @Test("system accent names parse anywhere a CSS color is taken; CSS names are not shadowed")
  func cssNames() throws {
    #expect(try Color(css: "system-blue").hex == "#007aff")
    #expect(try Color(css: "SYSTEM-BLUE-DARK").hex == "#0a84ff")
    #expect(try Color(css: "system-pink-light").hex == "#ff2d55")
    #expect(try Color(css: "blue").hex == "#0000ff")
    #expect(try Color(css: "gray").hex == "#808080")
    #expect(Color(named: "system-indigo")?.hex == "#5856d6")
    #expect(throws: ColorParseError.self) { try Color(css: "system-chartreuse") }
  }

  @Test("Color.system and Color.accentColors give Apple's published values")
  func library() {
    #expect(Color.system(.mint, scheme: .dark).hex == "#63e6e2")
    #expect(Color.system(.brown).hex == "#a2845e")
    #expect(
      Color.accentColors.map(\.hex)
        == ["#ff3b30", "#34c759", "#007aff", "#ff9500", "#ff2d55", "#af52de", "#ffcc00"])
  }

  @Test("the palette lists every accent once per scheme, named as the parser reads them")
  func palette() throws {
    let dark = SystemAccent.palette(.dark)
    #expect(dark.count == 13)
    for entry in dark { #expect(try Color(css: entry.name) == entry.color) }
  }
}

@Suite("Tonal scales")
struct TonalScaleTests {
  @Test("steps get darker in even OKLCH lightness steps on each side of the input")
  func monotone() {
    for accent in SystemAccent.allCases where accent != .gray {
      let scale = TonalScale.steps(of: Color.system(accent))
      let lightness = scale.map { $0.color.converted(to: .oklch).channels.c0 ?? 0 }
      #expect(scale.map(\.name) == TonalScale.defaultSteps.map(String.init))
      for index in 1..<lightness.count {
        #expect(lightness[index] < lightness[index - 1], "\(accent) \(scale[index].name)")
      }
      for entry in scale { #expect(entry.color.isInGamut(of: .srgb), "\(accent) \(entry.name)") }
    }
  }

  @Test("the input is kept exactly at its natural step")
  func inputKept() throws {
    let blue = Color.system(.blue)
    // OKLCH L of #007aff is 0.6032: the natural step is (0.985 - 0.6032) / 0.815 * 1000 = 468.
    let natural = TonalScale.naturalStep(forLightness: 0.603_2)
    #expect(abs(natural - 468.5) < 1)
    let scale = TonalScale.steps(of: blue)
    #expect(scale.first { $0.name == "500" }?.color.hex == "#007aff")
    let custom = TonalScale.steps(of: blue, steps: [100, 450, 900])
    #expect(custom[1].color.hex == "#007aff")
  }

  @Test("Material tones have CIE L* equal to the tone; 0 is black and 100 white")
  func tones() throws {
    let tones = TonalScale.tones(of: Color.system(.purple))
    #expect(tones.first?.color.hex == "#000000")
    #expect(tones.last?.color.hex == "#ffffff")
    for entry in tones.dropFirst().dropLast() {
      let l = try #require(entry.color.converted(to: .lch).channels.c0)
      #expect(abs(l - (Double(entry.name) ?? 0)) < 0.5, "tone \(entry.name): L* \(l)")
    }
  }
}

@Suite("Harmonies")
struct HarmonyTests {
  @Test("each harmony rotates the OKLCH hue by its angles and keeps lightness")
  func rotations() throws {
    // oklch(0.65 0.1 40): chroma low enough that every rotation stays inside sRGB.
    let base = Color(.oklch, 0.65, 0.1, 40)
    for harmony in Harmony.allCases where harmony != .monochrome {
      let colors = harmony.colors(for: base)
      #expect(colors.count == harmony.rotations.count)
      for (entry, rotation) in zip(colors, harmony.rotations) {
        let lch = entry.color.converted(to: .oklch).channels
        var expected = (40 + rotation).truncatingRemainder(dividingBy: 360)
        if expected < 0 { expected += 360 }
        #expect(abs((lch.c2 ?? -1) - expected) < 0.01, "\(harmony) \(rotation)")
        #expect(abs((lch.c0 ?? 0) - 0.65) < 1e-6)
      }
    }
  }

  @Test("complementary of sRGB blue is across the hue circle; monochrome keeps the hue")
  func complement() throws {
    let colors = Harmony.complementary.colors(for: Color.system(.blue))
    let h0 = try #require(colors[0].color.converted(to: .oklch).channels.c2)
    let h1 = try #require(colors[1].color.converted(to: .oklch).channels.c2)
    #expect(abs(abs(h1 - h0) - 180) < 0.5)
    let mono = Harmony.monochrome.colors(for: Color(.oklch, 0.6, 0.08, 200))
    #expect(mono.count == 5)
    for entry in mono {
      #expect(abs((entry.color.converted(to: .oklch).channels.c2 ?? 0) - 200) < 0.5)
    }
  }
}

@Suite("Distinct colors")
struct DistinctColorsTests {
  @Test("the n colors are pairwise far apart and far from the avoided ones")
  func spread() {
    let avoid = [Color.white, Color.black]
    let colors = DistinctColors.generate(count: 8, avoiding: avoid)
    #expect(colors.count == 8)
    var smallest = Double.infinity
    for i in colors.indices {
      for j in colors.indices where j > i {
        smallest = min(smallest, colors[i].deltaE(to: colors[j], method: .ok))
      }
      for other in avoid { #expect(colors[i].deltaE(to: other, method: .ok) > 0.2) }
    }
    // Eight colors in sRGB can be kept well over ten just noticeable differences apart.
    #expect(smallest > 0.2)
  }

  @Test("greedy picking: the closest pair of n+1 colors is never farther apart than of n")
  func greedy() {
    func minimum(_ colors: [Color]) -> Double {
      var value = Double.infinity
      for i in colors.indices {
        for j in colors.indices where j > i {
          value = min(value, colors[i].deltaE(to: colors[j], method: .ok))
        }
      }
      return value
    }
    let six = DistinctColors.generate(count: 6)
    let twelve = DistinctColors.generate(count: 12)
    #expect(Array(twelve.prefix(6)) == six)
    #expect(minimum(twelve) <= minimum(six))
  }

  @Test("the lightness range is honoured")
  func lightness() {
    for color in DistinctColors.generate(count: 10, lightness: 0.5...0.7) {
      let l = color.converted(to: .oklab).channels.c0 ?? 0
      #expect(l >= 0.5 && l <= 0.7)
    }
  }
}
