import FoundationEssentials
import Testing

@testable import Pickers

@Suite("PNG decoding of fixtures made by Pillow and a zlib-only encoder")
struct PNGFixtureTests {
  typealias Support = PNGTestSupport

  struct Expected: Decodable {
    var width: Int
    var height: Int
    var rgba: String
  }

  /// expected.json, written by make-fixtures.py and checked there against Pillow's decoder.
  static let expected: [String: Expected] = {
    guard let data = try? readFile(PNGTestSupport.fixtures + "/expected.json"),
      let table = try? JSONDecoder().decode([String: Expected].self, from: Data(data))
    else { return [:] }
    return table
  }()

  static let names = expected.keys.sorted()

  private func bytes(hex: String) -> [UInt8] {
    var result: [UInt8] = []
    var iterator = hex.utf8.makeIterator()
    while let high = iterator.next(), let low = iterator.next() {
      result.append(UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) ?? 0)
    }
    return result
  }

  @Test("the fixture table lists every color type, depth and interlacing")
  func tableIsComplete() {
    #expect(Self.names.count == 22)
    for name in ["gray1.png", "gray16.png", "palette8-trns.png", "rgba16-interlaced.png"] {
      #expect(Self.names.contains(name))
    }
  }

  @Test("every fixture decodes to the pixels its script states", arguments: names)
  func decodesFixture(name: String) throws {
    let entry = try #require(Self.expected[name])
    let image = try RGBAImage(pngFile: Support.fixtures + "/" + name)
    #expect(image.width == entry.width && image.height == entry.height)
    let expected = bytes(hex: entry.rgba)
    #expect(image.bytes.count == expected.count)
    let wrong = zip(image.bytes, expected).enumerated().first { $0.element.0 != $0.element.1 }
    #expect(wrong == nil, "first wrong byte at \(wrong.map { "\($0.offset)" } ?? "")")
  }

  @Test("decoding from memory and from the file give the same image")
  func memoryAndFile() throws {
    let path = Support.fixtures + "/rgba8-interlaced.png"
    #expect(try RGBAImage(pngData: readFile(path)) == RGBAImage(pngFile: path))
  }
}
