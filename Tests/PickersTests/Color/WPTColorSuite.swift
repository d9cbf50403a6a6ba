import Foundation

@testable import Pickers

/// The web-platform-tests css/css-color parsing cases (written by
/// `scripts/extract-wpt-css-color`), how pickers does on each, and the committed list of the
/// cases it does not pass.
enum WPTColorSuite {
  /// One extracted case.
  struct Case: Decodable {
    var kind: String
    var fuzzy: Bool
    var input: String
    var expected: String?
    var epsilon: Double?
    var current: String?
  }

  /// One extracted WPT file.
  struct File: Decodable {
    var source: String
    var version: String?
    /// The custom properties the file's style gives the test element (`--accent: …`).
    var customProperties: [String: String]?
    var cases: [Case]

    enum CodingKeys: String, CodingKey {
      case source, version, cases
      case customProperties = "custom_properties"
    }
  }

  /// A rule of the committed list: the failing cases it covers and why they fail.
  ///
  /// A rule with
  /// `decided` names the CSSWG resolution pickers follows instead of the suite, and one with
  /// `superseded` names the newer file of the same suite whose rule contradicts an older stored
  /// copy; both kinds of case are left out of the score and listed. One with `scope` (`document`)
  /// covers cases that need an element in a document (its font size, its siblings, its
  /// container), which no color parser has: they are left out of the score and listed apart.
  struct Rule: Decodable {
    var file: String?
    var kind: String?
    var input: String?
    var inputPattern: String?
    /// A pattern the case's expected value must match, for a rule that covers one of two cases
    /// with the same input.
    var expectedPattern: String?
    var reason: String
    var decided: String?
    var superseded: String?
    var scope: String?

    enum CodingKeys: String, CodingKey {
      case file, kind, input, reason, decided, superseded, scope
      case inputPattern = "input_pattern"
      case expectedPattern = "expected_pattern"
    }

    func covers(_ file: File, _ entry: Case) -> Bool {
      if let name = self.file, !file.source.hasSuffix("/" + name) { return false }
      if let kind, kind != entry.kind { return false }
      if let input, input != entry.input { return false }
      if let inputPattern {
        guard entry.input.range(of: inputPattern, options: .regularExpression) != nil else {
          return false
        }
      }
      if let expectedPattern {
        guard let expected = entry.expected,
          expected.range(of: expectedPattern, options: .regularExpression) != nil
        else { return false }
      }
      return true
    }
  }

  /// The committed floor and rules.
  struct KnownFailures: Decodable {
    var floor: Double
    var rules: [Rule]
  }

  /// What pickers did with one case.
  struct Outcome {
    var file: File
    var entry: Case
    var passed: Bool
    var actual: String
  }

  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/color/wpt")

  static func load<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
    try JSONDecoder().decode(T.self, from: Data(contentsOf: folder.appendingPathComponent(name)))
  }

  static func files() throws -> [File] {
    struct Manifest: Decodable {
      struct Entry: Decodable { var fixture: String }
      var files: [Entry]
    }
    return try load(Manifest.self, "manifest.json").files.map { try load(File.self, $0.fixture) }
  }

  /// The harness's default room for a fuzzy comparison, per number.
  static let defaultEpsilon = 0.01

  /// Runs one case through the library.
  static func run(_ file: File, _ entry: Case) -> Outcome {
    var context = CSSColorContext(customProperties: file.customProperties ?? [:])
    if let current = entry.current {
      context.currentColor = try? CSSColor(css: current)
    }
    let parsed: CSSColor
    do {
      parsed = try CSSColor(css: entry.input, context: context)
    } catch {
      return Outcome(
        file: file, entry: entry, passed: entry.kind == "invalid", actual: "refused: \(error)")
    }
    let text = parsed.cssText
    guard entry.kind != "invalid", let expected = entry.expected else {
      return Outcome(file: file, entry: entry, passed: false, actual: "accepted as \(text)")
    }
    let epsilon = entry.fuzzy ? (entry.epsilon ?? defaultEpsilon) : 0
    if matches(text, expected, epsilon: epsilon) {
      return Outcome(file: file, entry: entry, passed: true, actual: text)
    }
    // A valid case reads the specified value back, which keeps color-mix() unresolved.
    var specified: String? = nil
    if entry.kind == "valid" {
      specified = try? CSSColor.specifiedText(css: entry.input, context: context)
      if let specified, specified != text {
        if matches(specified, expected, epsilon: epsilon) {
          return Outcome(file: file, entry: entry, passed: true, actual: specified)
        }
      } else {
        specified = nil
      }
    }
    // A specified value browsers keep unresolved (`alpha(from red / 0.5)`, `rgb(from
    // currentColor r g b)`): pickers resolves colors, so it passes when the expected text
    // resolves to the same computed value. For a color-mix(), whose specified value pickers
    // writes (above), only when the expected text keeps such a form.
    if entry.kind == "valid", specified == nil || expected.contains("from "),
      let other = try? CSSColor(css: expected, context: context),
      matches(text, other.cssText, epsilon: max(epsilon, 1e-9))
    {
      return Outcome(file: file, entry: entry, passed: true, actual: text)
    }
    return Outcome(
      file: file, entry: entry, passed: false,
      actual: specified.map { "\($0) (computed \(text))" } ?? text)
  }

  /// Whether two serializations are the same but for numbers within `epsilon`.
  ///
  /// This is the comparison of the suite's fuzzy color tests, which splits at spaces, commas, slashes
  /// and parentheses, reads each piece's leading number (`80%` is 80) and takes `none` as 0.
  /// Pieces without a number must be the same (the harness reads them as 0; this is
  /// stricter: `srgb` and `display-p3` differ).
  static func matches(_ actual: String, _ expected: String, epsilon: Double) -> Bool {
    if actual == expected { return true }
    guard epsilon > 0 else { return false }
    let left = pieces(actual)
    let right = pieces(expected)
    guard left.count == right.count else { return false }
    for (a, b) in zip(left, right) {
      switch (a, b) {
      case (.text(let x), .text(let y)):
        if x != y { return false }
      case (.number(let x), .number(let y)):
        if !(abs(x - y) <= epsilon) { return false }
      default:
        return false
      }
    }
    return true
  }

  enum Piece: Equatable { case text(String), number(Double) }

  static func pieces(_ text: String) -> [Piece] {
    let separators = CharacterSet(charactersIn: " ,/()")
    return text.components(separatedBy: separators).filter { !$0.isEmpty }.map { piece in
      if piece == "none" { return .number(0) }
      if let range = piece.range(
        of: #"^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?"#, options: .regularExpression),
        let value = Double(piece[range])
      {
        return .number(value)
      }
      return .text(piece)
    }
  }
}
