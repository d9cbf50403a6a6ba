/// Sample sentences for previews and specimens, chosen to suit a font's scripts.
public enum SampleText {
  /// A sample sentence, the language it is written in, and family-name words that ask for it.
  public struct Sample: Hashable, Sendable {
    /// The sentence.
    public var text: String
    /// A BCP 47 language tag, used for shaping (`ja` selects Japanese glyph forms).
    public var language: String
    /// Words in a family name that ask for this sample (`Arabic`, `JP`).
    var nameHints: [String]
  }

  /// The English pangram, the default for fonts that cover Latin.
  public static let latin = Sample(
    text: "The quick brown fox jumps over the lazy dog", language: "en", nameHints: [])

  /// Samples in order of preference after the family-name hints.
  public static let all: [Sample] = [
    Sample(
      text: "いろはにほへと ちりぬるを 色は匂へど散りぬるを", language: "ja",
      nameHints: ["JP", "Japanese"]),
    Sample(text: "다람쥐 헌 쳇바퀴에 타고파", language: "ko", nameHints: ["KR", "Korean"]),
    Sample(
      text: "天地玄黃，宇宙洪荒。日月盈昃，辰宿列張。", language: "zh-tw", nameHints: ["TC", "HK"]),
    Sample(text: "天地玄黄，宇宙洪荒。日月盈昃，辰宿列张。", language: "zh-cn", nameHints: ["SC", "CJK"]),
    Sample(
      text: "نص حكيم له سر قاطع وذو شأن عظيم مكتوب على ثوب أخضر", language: "ar",
      nameHints: ["Arabic", "Naskh", "Kufi"]),
    Sample(
      text: "ہر انسان کو زندگی، آزادی اور ذاتی تحفظ کا حق ہے", language: "ur",
      nameHints: ["Nastaliq", "Urdu"]),
    Sample(text: "דג סקרן שט בים מאוכזב ולפתע מצא חברה", language: "he", nameHints: ["Hebrew"]),
    Sample(
      text: "सभी मनुष्यों को गौरव और अधिकारों के मामले में जन्मजात स्वतन्त्रता प्राप्त है",
      language: "hi", nameHints: ["Devanagari"]),
    Sample(
      text: "সকল মানুষ স্বাধীনভাবে সমান মর্যাদা এবং অধিকার নিয়ে জন্মগ্রহণ করে", language: "bn",
      nameHints: ["Bengali"]),
    Sample(
      text: "மனிதப் பிறவியினர் சகலரும் சுதந்திரமாகவே பிறக்கின்றனர்", language: "ta",
      nameHints: ["Tamil"]),
    Sample(text: "เป็นมนุษย์สุดประเสริฐเลิศคุณค่า", language: "th", nameHints: ["Thai"]),
    Sample(text: "Բոլոր մարդիկ ծնվում են ազատ", language: "hy", nameHints: ["Armenian"]),
    Sample(text: "ყველა ადამიანი იბადება თავისუფალი", language: "ka", nameHints: ["Georgian"]),
    Sample(text: "የሰው ልጅ ሁሉ ሲወለድ ነጻና በክብር", language: "am", nameHints: ["Ethiopic"]),
    Sample(text: "😀🎨🌈🚀🍕🐱👍🏽❤️", language: "und", nameHints: ["Emoji"]),
    latin,
    Sample(
      text: "Съешь же ещё этих мягких французских булок, да выпей чаю", language: "ru",
      nameHints: []),
    Sample(text: "Ξεσκεπάζω την ψυχοφθόρα βδελυγμία", language: "el", nameHints: []),
  ]

  /// The sample written in `language` (a BCP 47 or fontconfig tag: `he`, `zh-CN`, `pt_BR`),
  /// matched on the whole tag, then on its first subtag; `nil` when there is none.
  ///
  ///     SampleText.sample(forLanguage: "he")?.text   // "דג סקרן שט בים מאוכזב ולפתע מצא חברה"
  ///     SampleText.sample(forLanguage: "en-GB")?.language   // "en"
  public static func sample(forLanguage language: String) -> Sample? {
    let tag = language.lowercased().map { $0 == "_" ? "-" : $0 }
    let wanted = String(tag)
    let base = String(wanted.prefix { $0 != "-" })
    let samples = [latin] + all
    return samples.first { $0.language == wanted }
      ?? samples.first { $0.language == base }
      ?? samples.first { $0.language.prefix { $0 != "-" } == base && !base.isEmpty }
  }

  /// Chooses a sample for a font: a sample its family name asks for, else the first sample
  /// whose characters the font covers, else characters from the font's own character map.
  ///
  ///     let sample = SampleText.sample(forFamily: "Noto Sans Arabic") { covers($0) }
  ///
  /// - Parameters:
  ///   - family: The family name.
  ///   - covers: Whether the font has a glyph for a scalar.
  ///   - ownCharacters: Characters the font maps, used when no sample fits.
  /// - Returns: The sample and its language.
  public static func sample(
    forFamily family: String, covers: (Unicode.Scalar) -> Bool,
    ownCharacters: () -> [Unicode.Scalar] = { [] }
  ) -> Sample {
    let words = Set(family.split(separator: " ").map(String.init))
    func fits(_ sample: Sample) -> Bool {
      let visible = sample.text.unicodeScalars.filter {
        $0.value > 0x20 && !FontFallback.isIgnorable($0.value)
          && !(0x1F3FB...0x1F3FF).contains($0.value)
      }
      let covered = visible.filter(covers).count
      return !visible.isEmpty && covered * 10 >= visible.count * 9
    }
    if let hinted = all.first(where: { sample in
      sample.nameHints.contains(where: words.contains) && fits(sample)
    }) {
      return hinted
    }
    if fits(latin) { return latin }
    if let covered = all.first(where: fits) { return covered }
    let own = ownCharacters()
    guard !own.isEmpty else { return latin }
    var text = ""
    for (offset, scalar) in own.prefix(24).enumerated() {
      if offset > 0 { text.unicodeScalars.append(" ") }
      text.unicodeScalars.append(scalar)
    }
    return Sample(text: text, language: "und", nameHints: [])
  }
}
