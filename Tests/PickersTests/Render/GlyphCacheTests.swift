import Testing

@testable import Pickers

@Suite("Glyph bitmap cache")
struct GlyphCacheTests {
  static func bitmap(_ value: Int) -> GlyphBitmap {
    GlyphBitmap(
      width: 1, height: 1, left: value, top: 0, isColor: false, pixels: [UInt8(value & 255)])
  }

  @Test("every bitmap added is found under its own key, through growth, and nothing else is")
  func findsWhatWasAdded() {
    var cache = GlyphRasterizer.Cache()
    var added: [(GlyphRasterizer.Key, Int)] = []
    let renderings = [GlyphRendering.unhinted, GlyphRendering(hinting: .full)]
    var generator = SplitMix64(seed: 7)
    // 3,000 keys: the slot table grows from 256 several times. Keys differ in one field at a
    // time (face, glyph, offset, rendering), the rendering being left out of the hash.
    for index in 0..<3_000 {
      let key = GlyphRasterizer.Key(
        face: index % 7, glyph: UInt32.random(in: 0..<400, using: &generator),
        subpixel: UInt8(index % 4), rendering: renderings[index / 7 % 2])
      guard !added.contains(where: { $0.0 == key }) else { continue }
      #expect(cache.bitmap(for: key) == nil)
      cache.add(Self.bitmap(index), for: key)
      added.append((key, index))
    }
    #expect(added.count > 2_000)
    #expect(cache.entries.count == added.count)
    for (key, index) in added {
      #expect(cache.bitmap(for: key)?.left == index)
    }
    cache.removeAll()
    #expect(added.allSatisfy { cache.bitmap(for: $0.0) == nil })
    cache.add(Self.bitmap(1), for: added[0].0)
    #expect(cache.bitmap(for: added[0].0)?.left == 1)
  }
}
