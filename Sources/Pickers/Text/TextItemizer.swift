import CFriBidi

/// A paragraph prepared for itemizing: scalars, grapheme clusters, bidi levels and scripts.
struct TextAnalysis {
  /// The paragraph's Unicode scalars.
  let scalars: [UInt32]
  /// The first scalar index of each grapheme cluster, then `scalars.count`.
  let clusterStarts: [Int]
  /// The cluster that each scalar belongs to.
  let clusterOfScalar: [Int]
  /// The bidi embedding level of each scalar (odd is right to left).
  let levels: [UInt8]
  /// The resolved script tag of each scalar (Common and Inherited take their neighbours').
  let scripts: [UInt32]

  var clusterCount: Int { clusterStarts.count - 1 }

  func scalarRange(ofClusters clusters: Range<Int>) -> Range<Int> {
    clusterStarts[clusters.lowerBound]..<clusterStarts[clusters.upperBound]
  }
}

/// A maximal range of scalars with one bidi level, one script and one font.
struct TextItem: Equatable {
  var range: Range<Int>
  var level: UInt8
  var script: UInt32
  var fontIndex: Int
}

/// Splits text into items of one direction, script and font.
enum TextItemizer {
  /// Analyzes one paragraph (no line breaks inside).
  ///
  /// The corresponding C functions are `fribidi_get_bidi_types`, `fribidi_get_bracket_types`
  /// and `fribidi_get_par_embedding_levels_ex`.
  static func analyze(_ paragraph: Substring) -> TextAnalysis {
    var scalars: [UInt32] = []
    var clusterStarts: [Int] = []
    var clusterOfScalar: [Int] = []
    for character in paragraph {
      clusterStarts.append(scalars.count)
      for scalar in character.unicodeScalars {
        scalars.append(scalar.value)
        clusterOfScalar.append(clusterStarts.count - 1)
      }
    }
    clusterStarts.append(scalars.count)
    return TextAnalysis(
      scalars: scalars, clusterStarts: clusterStarts, clusterOfScalar: clusterOfScalar,
      levels: bidiLevels(scalars), scripts: resolvedScripts(scalars))
  }

  /// The first scalar of Hebrew, the first block with right-to-left characters.
  ///
  /// Below it (Latin, Greek, Cyrillic, Armenian, their marks and punctuation) no character is
  /// right to left, an Arabic number or an explicit embedding, so a paragraph of them resolves
  /// to level 0 throughout (Unicode bidi rules P3, W7, I1).
  static let firstRightToLeftBlock: UInt32 = 0x0590

  /// The bidi embedding levels of a paragraph whose direction comes from its first strong
  /// character (rules P2 and P3).
  ///
  /// A paragraph of scalars below ``firstRightToLeftBlock`` is all left to right, FriBidi's
  /// answer (BidiTests compare them), without loading FriBidi.
  static func bidiLevels(_ scalars: [UInt32]) -> [UInt8] {
    if !scalars.contains(where: { $0 >= firstRightToLeftBlock }) {
      return [UInt8](repeating: 0, count: scalars.count)
    }
    return friBidiLevels(scalars)
  }

  /// The bidi embedding levels FriBidi resolves for a paragraph.
  static func friBidiLevels(_ scalars: [UInt32]) -> [UInt8] {
    let count = scalars.count
    guard count > 0 else { return [] }
    var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: count)
    var brackets = [FriBidiBracketType](repeating: 0, count: count)
    var levels = [FriBidiLevel](repeating: 0, count: count)
    var direction = FRIBIDI_PAR_ON
    let resolved = scalars.withUnsafeBufferPointer { text in
      types.withUnsafeMutableBufferPointer { types in
        fribidi_get_bidi_types(text.baseAddress, FriBidiStrIndex(count), types.baseAddress)
        return brackets.withUnsafeMutableBufferPointer { brackets in
          fribidi_get_bracket_types(
            text.baseAddress, FriBidiStrIndex(count), types.baseAddress, brackets.baseAddress)
          return levels.withUnsafeMutableBufferPointer { levels in
            fribidi_get_par_embedding_levels_ex(
              types.baseAddress, brackets.baseAddress, FriBidiStrIndex(count), &direction,
              levels.baseAddress)
          }
        }
      }
    }
    // 0 means FriBidi ran out of memory: fall back to left to right.
    guard resolved != 0 else { return [UInt8](repeating: 0, count: count) }
    return levels.map { UInt8(bitPattern: $0) }
  }

  /// Script per scalar; Common and Inherited scalars take the script before them, or after
  /// them at the start of the text.
  private static func resolvedScripts(_ scalars: [UInt32]) -> [UInt32] {
    var scripts = scalars.map(TextShaper.script(of:))
    // Three comparisons rather than a Set: the first Set<UInt32> of a run makes the Swift
    // runtime look through every protocol conformance in the binary (about 30 us).
    let weak = WeakScripts()
    var last: UInt32?
    for index in scripts.indices {
      if weak.contains(scripts[index]) {
        if let last { scripts[index] = last }
      } else {
        last = scripts[index]
      }
    }
    // Leading weak scalars take the first real script (or stay Common if there is none).
    if let first = scripts.first(where: { !weak.contains($0) }) {
      for index in scripts.indices {
        guard weak.contains(scripts[index]) else { break }
        scripts[index] = first
      }
    }
    return scripts
  }

  /// The scripts that take their neighbours' script: Common, Inherited and Unknown.
  private struct WeakScripts {
    func contains(_ script: UInt32) -> Bool {
      script == TextShaper.commonScript || script == TextShaper.inheritedScript
        || script == TextShaper.unknownScript
    }
  }

  /// Splits the clusters `clusters` of `analysis` into items, given the font of each cluster.
  static func items(_ analysis: TextAnalysis, clusters: Range<Int>, fontOfCluster: [Int])
    -> [TextItem]
  {
    var items: [TextItem] = []
    for cluster in clusters {
      let start = analysis.clusterStarts[cluster]
      let end = analysis.clusterStarts[cluster + 1]
      guard start < end else { continue }
      let level = analysis.levels[start]
      let script = analysis.scripts[start]
      let font = fontOfCluster[cluster]
      if var last = items.last, last.level == level, last.script == script, last.fontIndex == font,
        last.range.upperBound == start
      {
        last.range = last.range.lowerBound..<end
        items[items.count - 1] = last
      } else {
        items.append(TextItem(range: start..<end, level: level, script: script, fontIndex: font))
      }
    }
    return items
  }

  /// Reorders items from logical to visual order by their levels (rule L2 of UAX #9).
  static func visualOrder<T>(_ elements: [T], levels: [UInt8]) -> [T] {
    guard let highest = levels.max(), highest > 0 else { return elements }
    let lowestOdd = (levels.filter { $0 % 2 == 1 }.min()) ?? highest
    var order = Array(elements.indices)
    var level = highest
    while level >= lowestOdd && level > 0 {
      var index = 0
      while index < order.count {
        guard levels[order[index]] >= level else {
          index += 1
          continue
        }
        var end = index
        while end < order.count && levels[order[end]] >= level { end += 1 }
        order[index..<end].reverse()
        index = end
      }
      level -= 1
    }
    return order.map { elements[$0] }
  }
}
