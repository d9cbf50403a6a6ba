import Testing

@testable import Pickers

/// The theme's promises, checked on the hex values the theme files hold.
///
/// Coverage: every system accent (13 x light and dark variants), plus a sweep of OKLCH hues
/// 0-345 in steps of 15 at lightness 0.3, 0.4, ..., 0.9 and chroma 0.12 and 0.3 (24 x 7 x 2 =
/// 336 accents), plus three grays; each in both schemes (730 schemes).
@Suite("Theme guarantees")
struct ThemeGuaranteeTests {
  static var accents: [(String, Color)] {
    var list: [(String, Color)] = []
    for accent in SystemAccent.allCases {
      for scheme in ColorScheme.allCases {
        list.append((accent.name(scheme), Color.system(accent, scheme: scheme)))
      }
    }
    for hue in stride(from: 0, to: 360, by: 15) {
      for step in 3...9 {
        let l = Double(step) / 10
        // 0.12 is inside sRGB for most hues; 0.3 is outside it for nearly all of them.
        for chroma in [0.12, 0.3] {
          list.append(("oklch(\(l) \(chroma) \(hue))", Color(.oklch, l, chroma, Double(hue))))
        }
      }
    }
    for gray in [0.0, 0.5, 1.0] { list.append(("gray \(gray)", Color(.srgb, gray, gray, gray))) }
    return list
  }

  /// The contrast of two `#rrggbb` values, computed from the hex text (as a reader would).
  static func contrast(_ a: String, _ b: String) throws -> Double {
    try Color(css: a).contrastRatio(with: Color(css: b))
  }

  @Test("every text role reaches its WCAG target on its background, in both schemes")
  func textRoles() throws {
    for (name, accent) in Self.accents {
      let theme = Theme(accent: accent)
      for colors in theme.document.schemes {
        for role in ThemeRole.allCases {
          guard let background = role.background, let target = role.contrastTarget else { continue }
          let ratio = try Self.contrast(colors.hex(role), colors.hex(background))
          #expect(ratio >= target, "\(name) \(colors.scheme) \(role): \(ratio)")
        }
        // Body text also reads on every surface it is drawn on, and on the selection.
        for surface in [ThemeRole.surface, .surfaceVariant, .selection] {
          let ratio = try Self.contrast(colors.hex(.foreground), colors.hex(surface))
          #expect(ratio >= 4.5, "\(name) \(colors.scheme) foreground on \(surface): \(ratio)")
        }
      }
    }
  }

  @Test("the 16 terminal colors reach 3.0 on the terminal background")
  func terminalColors() throws {
    for (name, accent) in Self.accents {
      for colors in Theme(accent: accent).document.schemes {
        #expect(colors.terminal.count == 16)
        for (index, hex) in colors.terminal.enumerated() {
          let ratio = try Self.contrast(hex, colors.hex(.background))
          #expect(ratio >= 3.0, "\(name) \(colors.scheme) color\(index): \(ratio)")
        }
      }
    }
  }

  @Test("the accent keeps the input's OKLCH hue (within 1.5 degrees) unless the input is near gray")
  func accentHue() throws {
    for (name, accent) in Self.accents {
      let input = accent.converted(to: .oklch).channels
      guard let inputHue = input.c2, (input.c1 ?? 0) >= 0.04 else { continue }
      for colors in Theme(accent: accent).document.schemes {
        let output = try Color(css: colors.hex(.accent)).converted(to: .oklch).channels
        let hue = try #require(output.c2, "\(name) \(colors.scheme) accent lost its hue")
        var difference = abs(hue - inputHue).truncatingRemainder(dividingBy: 360)
        difference = min(difference, 360 - difference)
        #expect(difference <= 1.5, "\(name) \(colors.scheme) hue \(inputHue) became \(hue)")
      }
    }
  }
}
