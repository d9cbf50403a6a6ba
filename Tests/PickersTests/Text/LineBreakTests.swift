import Testing

@testable import Pickers

@Suite("Line breaking by UAX #14")
struct LineBreakTests {
  /// The Unicode Consortium's test data for UAX #14, from Debian's `unicode-data`.
  static let testData = "/usr/share/unicode/auxiliary/LineBreakTest.txt"

  /// One test line: the scalars and, for each boundary 0...count, whether a break is allowed
  /// there (÷) or not (×).
  struct Case {
    var line: Int
    var scalars: [UInt32]
    var breaks: [Bool]
  }

  static func cases() throws -> [Case] {
    let text = String(decoding: try ExternalTool.readFile(testData), as: UTF8.self)
    var cases: [Case] = []
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
      var scalars: [UInt32] = []
      var breaks: [Bool] = []
      for token in data.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
        switch token {
        case "÷": breaks.append(true)
        case "×": breaks.append(false)
        default:
          guard let value = UInt32(token, radix: 16) else { continue }
          scalars.append(value)
        }
      }
      guard !scalars.isEmpty, breaks.count == scalars.count + 1 else { continue }
      cases.append(Case(line: number + 1, scalars: scalars, breaks: breaks))
    }
    return cases
  }

  /// Whether a differing boundary is one of ICU's number tailorings.
  ///
  /// UAX #14 permits them (LB25 "may be tailored", with the regular expression of its notes): no break after a
  /// hyphen-minus before a letter or symbol (`-#`, `-§`), nor after a comma or full stop
  /// before a digit (`,0`, `a.2`), and a number may start with its full stop (`.35`, which
  /// may then break from a space before it). The scalar before the boundary (skipping combining
  /// diaeresis, class CM) is then U+002D, U+002C or U+002E, or the boundary is before a full
  /// stop or comma followed by a digit.
  static func isNumberTailoring(_ scalars: [UInt32], boundary: Int) -> Bool {
    var index = boundary - 1
    while index > 0 && scalars[index] == 0x0308 { index -= 1 }
    if index >= 0 && [0x2D, 0x2C, 0x2E].contains(scalars[index]) { return true }
    return boundary + 1 < scalars.count && [0x2C, 0x2E].contains(scalars[boundary])
      && (0x30...0x39).contains(scalars[boundary + 1])
  }

  @Test("ICU's breaks agree with LineBreakTest.txt, but for the number tailoring UAX #14 allows")
  func unicodeTestData() throws {
    try #require(LineBreaker.isAvailable, "ICU (libicu72) is not installed")
    let cases = try Self.cases()
    // LineBreakTest-15.0.0.txt has 7,654 test lines (grep -c '^×').
    #expect(cases.count == 7_654)
    var tailored = 0
    var failures: [Int] = []
    for test in cases {
      let result = try #require(LineBreaker.opportunities(in: test.scalars))
      // Boundary 0 (before the text) never breaks; compare every other one.
      let differing = (1...test.scalars.count).filter {
        (result[$0] != .none) != test.breaks[$0]
      }
      if differing.isEmpty { continue }
      if differing.allSatisfy({ Self.isNumberTailoring(test.scalars, boundary: $0) }) {
        tailored += 1
      } else {
        failures.append(test.line)
      }
    }
    #expect(failures.isEmpty, "\(failures.count) lines differ, the first at \(failures.prefix(10))")
    // The tailoring touches a few dozen of the cases, not the algorithm at large.
    #expect(tailored < 50, "\(tailored) cases differ by the number tailoring")
  }

  @Test("wrapping breaks after a hyphen and before an opening parenthesis, never inside a word")
  func wrapping() throws {
    let typesetter = try Typesetter()
    let style = TextStyle(font: TestFonts.dejaVuSans, size: 20)
    let text = "state-of-the-art (tested)"
    let full = try #require(try typesetter.layout(text, style: style).first).width
    // Room for about half the text: the break falls at a UAX #14 opportunity.
    let lines = try typesetter.layout(text, style: style, maxWidth: full * 0.55)
    #expect(lines.count >= 2)
    let opportunities = try #require(
      LineBreaker.opportunities(in: text.unicodeScalars.map(\.value)))
    var offset = 0
    for line in lines.dropLast() {
      offset = line.runs.map(\.textRange.upperBound).max() ?? offset
      #expect(opportunities[offset] != .none, "a line ends at scalar \(offset)")
    }
  }

  @Test("a line separator is a mandatory break")
  func mandatory() throws {
    let scalars = "one\u{2028}two".unicodeScalars.map(\.value)
    let breaks = try #require(LineBreaker.opportunities(in: scalars))
    #expect(breaks[4] == .mandatory)
    let lines = try Typesetter().layout(
      "one\u{2028}two", style: TextStyle(font: TestFonts.dejaVuSans, size: 20), maxWidth: 10_000)
    #expect(lines.count == 2)
  }

  /// The characters ``LineBreaker/plainOpportunities(in:)`` answers for, without ICU.
  static let plainAlphabet = Array(
    "aZ09 ,.:;()\"'!?".unicodeScalars.map(\.value))

  @Test("text of letters, digits, spaces and ,.:;()\"'!? breaks where ICU breaks it, without ICU")
  func plainTextAgreesWithICU() throws {
    try #require(LineBreaker.isAvailable, "ICU (libicu72) is not installed")
    // Every string of up to three of these characters (2,380 strings, every pair and triple of
    // classes with and without spaces between), then 20,000 random strings of 1 to 24.
    var strings: [[UInt32]] = []
    let alphabet = Self.plainAlphabet
    for a in alphabet {
      strings.append([a])
      for b in alphabet {
        strings.append([a, b])
        for c in alphabet { strings.append([a, b, c]) }
      }
    }
    var generator = SplitMix64(seed: 14)
    for _ in 0..<20_000 {
      let count = Int.random(in: 1...24, using: &generator)
      strings.append((0..<count).map { _ in alphabet.randomElement(using: &generator) ?? 0x20 })
    }
    var answered = 0
    var failures: [String] = []
    for scalars in strings {
      guard let plain = LineBreaker.plainOpportunities(in: scalars) else { continue }
      answered += 1
      let icu = try #require(LineBreaker.icuOpportunities(in: scalars, language: nil))
      if plain != icu {
        failures.append(String(decoding: scalars.map { UInt8($0) }, as: UTF8.self))
      }
    }
    #expect(failures.isEmpty, "\(failures.count) differ, such as \(failures.prefix(8))")
    // Only a space before an infix (`a .5`) is left to ICU: most strings are answered.
    #expect(answered > strings.count * 3 / 4)
  }

  @Test("other text, or a language tailoring, is left to ICU")
  func plainTextOnly() {
    #expect(LineBreaker.plainOpportunities(in: "a-b".unicodeScalars.map(\.value)) == nil)
    #expect(LineBreaker.plainOpportunities(in: "caf\u{E9}".unicodeScalars.map(\.value)) == nil)
    #expect(LineBreaker.plainOpportunities(in: "a .5".unicodeScalars.map(\.value)) == nil)
    #expect(LineBreaker.plainOpportunities(in: "one\ttwo".unicodeScalars.map(\.value)) == nil)
    let plain = LineBreaker.plainOpportunities(in: "to be".unicodeScalars.map(\.value))
    #expect(plain == [.none, .none, .none, .allowed, .none, .allowed])
  }
}
