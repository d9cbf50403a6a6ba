import Testing

@testable import Pickers

@Suite("Bidi levels")
struct BidiTests {
  /// Every scalar below the first right-to-left block (U+0000-U+058F).
  static let belowRightToLeft = Array(0..<TextItemizer.firstRightToLeftBlock)

  @Test(
    "paragraphs below U+0590 get FriBidi's levels: each scalar alone, among digits and punctuation, all at once"
  )
  func matchesFriBidi() {
    var paragraphs = Self.belowRightToLeft.map { [$0] }
    paragraphs += Self.belowRightToLeft.map { [0x31, 0x21, $0, 0x32, 0x20] }  // "1!" x "2 "
    paragraphs.append(Self.belowRightToLeft)
    var generator = SplitMix64(seed: 590)
    for _ in 0..<200 {
      paragraphs.append(
        (0..<60).map { _ in Self.belowRightToLeft.randomElement(using: &generator) ?? 0 })
    }
    for paragraph in paragraphs {
      let expected = TextItemizer.friBidiLevels(paragraph)
      #expect(TextItemizer.bidiLevels(paragraph) == expected, "\(paragraph.prefix(8))")
    }
  }

  @Test("a paragraph with a Hebrew or Arabic letter is resolved by FriBidi")
  func rightToLeftGoesToFriBidi() {
    for letter: UInt32 in [0x05D0, 0x0627] {
      let paragraph: [UInt32] = [0x61, 0x20, letter, 0x20, 0x31]  // "a <letter> 1"
      let levels = TextItemizer.bidiLevels(paragraph)
      #expect(levels == TextItemizer.friBidiLevels(paragraph))
      #expect(levels[2] == 1, "the letter is right to left")
    }
  }
}
