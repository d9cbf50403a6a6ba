import Testing

@testable import Pickers

@Suite("Sample text by language")
struct SampleTextLanguageTests {
  @Test(
    "a language tag finds the sample written in it (Unicode scripts as the independent check)",
    arguments: [
      ("he", "Hebrew"), ("ar", "Arabic"), ("ja", "Hiragana"), ("ru", "Cyrillic"),
      ("el", "Greek"), ("th", "Thai"), ("en", "Latin"), ("en-GB", "Latin"), ("zh_CN", "Han"),
      ("ZH-TW", "Han"),
    ])
  func byLanguage(tag: String, script: String) throws {
    let sample = try #require(SampleText.sample(forLanguage: tag))
    // The first letter's script property, read by the standard library's Unicode data.
    let ranges: [String: ClosedRange<UInt32>] = [
      "Hebrew": 0x0590...0x05FF, "Arabic": 0x0600...0x06FF, "Hiragana": 0x3040...0x309F,
      "Cyrillic": 0x0400...0x04FF, "Greek": 0x0370...0x03FF, "Thai": 0x0E00...0x0E7F,
      "Latin": 0x0041...0x007A, "Han": 0x4E00...0x9FFF,
    ]
    let first = try #require(sample.text.unicodeScalars.first { $0.properties.isAlphabetic })
    #expect(try #require(ranges[script]).contains(first.value), "\(sample.text)")
  }

  @Test("zh-cn and zh-tw keep their own samples; an unknown language has none")
  func regionsAndUnknown() {
    #expect(SampleText.sample(forLanguage: "zh-cn")?.language == "zh-cn")
    #expect(SampleText.sample(forLanguage: "zh-tw")?.language == "zh-tw")
    #expect(SampleText.sample(forLanguage: "xx") == nil)
    #expect(SampleText.sample(forLanguage: "") == nil)
  }
}
