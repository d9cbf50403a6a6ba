/// A forgiving search query: case- and accent-insensitive, matching whole names, word prefixes,
/// substrings and subsequences, with a score that puts the best matches first.
///
/// It knows nothing about fonts, so any list of named things can use it (the terminal picker
/// filters its list with it as the user types).
///
///     let search = FontSearch("dj sans")
///     search.ranked(["DejaVu Serif", "DejaVu Sans", "Noto Sans"]) { [$0] }
///     // ["DejaVu Sans", "DejaVu Serif"]: word prefixes first, then the subsequence
public struct FontSearch: Sendable {
  /// The query as typed.
  public let query: String
  private let folded: [Character]
  private let words: [[Character]]

  /// Prepares a query.
  public init(_ query: String) {
    self.query = query
    let folded = Self.fold(query)
    self.folded = folded.filter { $0 != " " }
    self.words = folded.split(separator: " ").map(Array.init)
  }

  /// Whether the query is empty (every name matches it).
  public var isEmpty: Bool { folded.isEmpty }

  /// How well `name` matches, higher is better; `nil` when it does not match at all.
  ///
  /// Exact (1000) > whole-name prefix (900) > every query word a prefix of a name word, in
  /// order (800) > substring (700) > subsequence (up to 500, fewer gaps score higher) > a
  /// misspelling of the whole name (up to 300: within a quarter of its length in insertions,
  /// deletions, substitutions and swapped neighbours). Shorter names win ties within a kind.
  public func score(_ name: String) -> Int? {
    if folded.isEmpty { return 0 }
    return score(Name(name))
  }

  /// How well a prepared name matches, as ``score(_:)-(String)`` scores its text.
  public func score(_ name: Name) -> Int? {
    if folded.isEmpty { return 0 }
    let compact = name.compact
    let penalty = min(compact.count, 99)
    if compact == folded { return 1000 }
    if compact.starts(with: folded) { return 900 - penalty }
    if Self.wordPrefixes(words, of: name.words) { return 800 - penalty }
    if Self.contains(compact, folded) { return 700 - penalty }
    if let gaps = Self.subsequenceGaps(folded, in: compact) {
      return max(500 - gaps * 10 - penalty, 201)
    }
    guard let distance = Self.typoDistance(folded, compact) else { return nil }
    return max(300 - distance * 20 - penalty, 1)
  }

  /// The edit distance between two space-free folded names when it is small enough to be a
  /// typo (at most a quarter of the query's length, and at least 2), else `nil`.
  private static func typoDistance(_ query: [Character], _ name: [Character]) -> Int? {
    let allowed = max(2, query.count / 4)
    // The distance is at least the difference in length: skip the table for names that
    // cannot qualify (a 100,000-character name took minutes; found by the bad-input table).
    guard query.count >= 3, abs(name.count - query.count) <= allowed else { return nil }
    let distance = editDistance(query, name)
    return distance <= allowed ? distance : nil
  }

  /// The elements that match, best first (ties keep a case-insensitive name order).
  ///
  /// - Parameters:
  ///   - elements: What to search.
  ///   - names: Every name an element answers to; its best-scoring name counts.
  /// - Returns: The matching elements, best first.
  public func ranked<Element>(_ elements: [Element], names: (Element) -> [String]) -> [Element] {
    var scored: [(element: Element, score: Int, key: String)] = []
    for element in elements {
      let all = names(element)
      guard let best = all.compactMap(score).max() else { continue }
      scored.append((element, best, all.first?.lowercased() ?? ""))
    }
    scored.sort { $0.score != $1.score ? $0.score > $1.score : $0.key < $1.key }
    return scored.map(\.element)
  }

  /// A name folded once for many queries (a picker searches the same names at every key).
  public struct Name: Sendable {
    /// The name as given.
    public let text: String
    /// The folded name without spaces, its folded words, and its lowercased text (for ties).
    let compact: [Character]
    let words: [[Character]]
    let key: String

    /// Folds `text` for searching.
    public init(_ text: String) {
      self.text = text
      let folded = FontSearch.fold(text)
      compact = folded.filter { $0 != " " }
      words = folded.split(separator: " ").map(Array.init)
      key = text.lowercased()
    }
  }

  /// The indices of the prepared `names` that match, best first, as
  /// ``ranked(_:names:)`` ranks their texts.
  public func ranked(_ names: [Name]) -> [Int] {
    var scored: [(index: Int, score: Int)] = []
    for (index, name) in names.enumerated() {
      guard let score = score(name) else { continue }
      scored.append((index, score))
    }
    scored.sort {
      $0.score != $1.score ? $0.score > $1.score : names[$0.index].key < names[$1.index].key
    }
    return scored.map(\.index)
  }

  /// The names closest to a misspelled one, for "did you mean" messages: the best matches of
  /// the same forgiving search as ``ranked(_:names:)``, misspellings included.
  ///
  ///     FontSearch.suggestions(for: "Dejavu Snas", among: ["DejaVu Sans", "Noto Sans"])
  ///     // ["DejaVu Sans"]
  public static func suggestions(
    for name: String, among names: [String], limit: Int = 3
  ) -> [String] {
    let search = FontSearch(name)
    guard !search.isEmpty else { return [] }
    return Array(search.ranked(names) { [$0] }.prefix(limit))
  }

  /// Lowercases, strips accents and turns punctuation runs into single spaces.
  static func fold(_ text: String) -> [Character] {
    var result: [Character] = []
    for scalar in text.unicodeScalars {
      let properties = scalar.properties
      if properties.generalCategory == .nonspacingMark { continue }
      let base = scalar.isASCII ? scalar : latinBase(of: scalar) ?? scalar
      if Character(base).isLetter || Character(base).isNumber {
        result.append(contentsOf: String(base).lowercased())
      } else if result.last != " " {
        result.append(" ")
      }
    }
    while result.first == " " { result.removeFirst() }
    while result.last == " " { result.removeLast() }
    return result
  }

  /// The ASCII letter under an accented Latin letter (`é` to `e`), read from its Unicode name
  /// ("LATIN SMALL LETTER E WITH ACUTE"), so no table needs keeping.
  private static func latinBase(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
    guard let name = scalar.properties.name else { return nil }
    for prefix in ["LATIN SMALL LETTER ", "LATIN CAPITAL LETTER "] where name.hasPrefix(prefix) {
      let rest = name.dropFirst(prefix.count)
      guard rest.count == 1 || rest.dropFirst().hasPrefix(" WITH ") else { return nil }
      return rest.first.flatMap { $0.unicodeScalars.first }
    }
    return nil
  }

  private static func wordPrefixes(_ query: [[Character]], of name: [[Character]]) -> Bool {
    guard !query.isEmpty else { return false }
    var position = 0
    for word in query {
      guard let found = name[position...].firstIndex(where: { $0.starts(with: word) }) else {
        return false
      }
      position = found + 1
    }
    return true
  }

  private static func contains(_ haystack: [Character], _ needle: [Character]) -> Bool {
    guard needle.count <= haystack.count else { return false }
    for start in 0...(haystack.count - needle.count)
    where haystack[start..<start + needle.count].elementsEqual(needle) {
      return true
    }
    return false
  }

  /// How many gaps a subsequence match needs (fewer is a tighter match), or `nil`.
  private static func subsequenceGaps(_ needle: [Character], in haystack: [Character]) -> Int? {
    var gaps = 0
    var index = 0
    var previous = -1
    for character in needle {
      while index < haystack.count, haystack[index] != character { index += 1 }
      guard index < haystack.count else { return nil }
      if previous >= 0, index != previous + 1 { gaps += 1 }
      previous = index
      index += 1
    }
    return gaps
  }

  /// Optimal string alignment distance (Levenshtein plus adjacent swaps).
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          best = min(best, table[i - 2][j - 2] + 1)
        }
        table[i][j] = best
      }
    }
    return table[a.count][b.count]
  }
}
