import Foundation
import Testing

@testable import Pickers

/// The committed coloraide oracle (see `Tests/Fixtures/color/make_coloraide_reference.py`).
struct ColoraideReference: Decodable {
  struct Conversion: Decodable {
    var input: String
    var hex: String
    var inSRGBGamut: Bool
    var spaces: [String: [Double?]]

    struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Key.self)
      input = try container.decode(String.self, forKey: Key(stringValue: "input"))
      hex = try container.decode(String.self, forKey: Key(stringValue: "hex"))
      inSRGBGamut = try container.decode(Bool.self, forKey: Key(stringValue: "inSRGBGamut"))
      spaces = [:]
      // Spaces added after the fixture was written (display-p3-linear) are left out.
      for space in ColorSpace.allCases {
        spaces[space.rawValue] = try container.decodeIfPresent(
          [Double?].self, forKey: Key(stringValue: space.rawValue))
      }
    }
  }

  struct Mix: Decodable {
    var a: String
    var b: String
    var space: String
    var hue: String
    var amount: Double
    var channels: [Double?]
    var alpha: Double
  }

  struct Contrast: Decodable {
    var fg: String
    var bg: String
    var wcag: Double
  }

  var generator: String
  var conversions: [Conversion]
  var mixes: [Mix]
  var contrast: [Contrast]

  static let shared: ColoraideReference = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/color/coloraide-reference.json")
    do {
      return try JSONDecoder().decode(ColoraideReference.self, from: Data(contentsOf: url))
    } catch {
      fatalError("cannot read \(url.path): \(error)")
    }
  }()
}

/// `abs(a - b) <= tolerance`, with a readable failure.
func close(_ a: Double?, _ b: Double?, _ tolerance: Double) -> Bool {
  guard let a, let b else { return a == nil && b == nil }
  return abs(a - b) <= tolerance
}
