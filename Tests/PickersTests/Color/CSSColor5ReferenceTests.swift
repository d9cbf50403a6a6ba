import Foundation
import Testing

@testable import Pickers

/// The committed coloraide oracle for CSS Color 5 (written by
/// `Tests/Fixtures/color/make_css5_reference.py`).
struct CSS5Reference: Decodable {
  struct Case: Decodable {
    var css: String
    var scheme: String
    var space: String
    var channels: [Double?]
    var alpha: Double?
    var srgb: [Double?]?
  }

  var generator: String
  var cases: [Case]

  static let shared: CSS5Reference = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/color/css5-reference.json")
    do {
      return try JSONDecoder().decode(CSS5Reference.self, from: Data(contentsOf: url))
    } catch {
      fatalError("cannot read \(url.path): \(error)")
    }
  }()
}

@Suite("CSS Color 5 against coloraide")
struct CSSColor5ReferenceTests {
  /// How far pickers may be from coloraide in `space`, for a channel of about `size`:
  /// coloraide derives some matrices itself (Oklab, Bradford, ProPhoto), which differ from
  /// CSS Color 4's constants in the last digits; channels on a 0-100 scale get a hundred
  /// times the room.
  static func tolerance(_ space: ColorSpace, _ size: Double) -> Double {
    let scale: Double = [.lab, .lch, .hsl, .hwb].contains(space) ? 100 : 1
    let base = space == .prophotoRGB || space == .xyzD50 ? 1e-4 : 2e-5
    return base * scale * max(1, abs(size) / scale)
  }

  @Test("the fixture covers every feature with at least 290 cases")
  func coverage() {
    let cases = CSS5Reference.shared.cases
    #expect(cases.count >= 290)
    for feature in ["color-mix(", "from", "calc(", "light-dark(", "contrast-color(", "/*", "\\"] {
      #expect(cases.contains { $0.css.contains(feature) }, "\(feature)")
    }
  }

  @Test("every case parses to coloraide's space, channels, missing channels and alpha")
  func agrees() throws {
    for entry in CSS5Reference.shared.cases {
      let scheme = try #require(ColorScheme(rawValue: entry.scheme))
      guard let value = try? CSSColor(css: entry.css, context: CSSColorContext(scheme: scheme))
      else {
        Issue.record("\(entry.css) does not parse")
        continue
      }
      let expectedSpace = try #require(ColorSpace(rawValue: entry.space))
      let color = value.color.converted(to: expectedSpace)
      for index in 0..<3 {
        let expected = entry.channels[index]
        let actual = color.channels[index]
        if index == expectedSpace.hueIndex {
          // A hue only means something when there is chroma or saturation.
          let colorful = (expectedSpace == .hwb ? 1 : color.channels[1] ?? 0) > 1e-3
          guard colorful else { continue }
          #expect((expected == nil) == (actual == nil), "\(entry.css) hue")
          if let expected, let actual {
            let difference = abs(Polar.normalizedHue(expected - actual + 180) - 180)
            #expect(difference < 0.05, "\(entry.css): hue \(actual) vs \(expected)")
          }
          continue
        }
        #expect((expected == nil) == (actual == nil), "\(entry.css) channel \(index) missing")
        if let expected, let actual {
          #expect(
            abs(expected - actual) <= Self.tolerance(expectedSpace, expected),
            "\(entry.css) channel \(index): \(actual) vs \(expected)")
        }
      }
      #expect(value.alphaIsMissing == (entry.alpha == nil), "\(entry.css) alpha none")
      if let alpha = entry.alpha {
        #expect(abs(value.color.alpha - alpha) < 1e-9, "\(entry.css) alpha")
      }
      if let srgb = entry.srgb {
        let converted = value.color.converted(to: .srgb).channels
        for index in 0..<3 {
          #expect(abs((converted[index] ?? 0) - (srgb[index] ?? 0)) < 5e-5, "\(entry.css) srgb")
        }
      }
    }
  }

  @Test("Color(css:) reads every case too, with the same value as CSSColor")
  func colorAgrees() throws {
    for entry in CSS5Reference.shared.cases where entry.scheme == "light" {
      guard let color = try? Color(css: entry.css), let value = try? CSSColor(css: entry.css)
      else {
        Issue.record("\(entry.css) does not parse")
        continue
      }
      #expect(color.space == value.color.space, "\(entry.css)")
      #expect(color.channels == value.color.channels, "\(entry.css)")
      #expect(color.alpha == value.color.alpha, "\(entry.css)")
    }
  }
}
