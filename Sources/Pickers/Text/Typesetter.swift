/// The font, size and variation that text is set in.
///
///     let style = TextStyle(font: FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
///                           size: 48)
public struct TextStyle: Hashable, Sendable {
  /// The primary font face.
  public var font: FontFile
  /// The size in pixels per em.
  public var size: Double
  /// Variable-font settings for the primary face.
  public var variation: FontVariation
  /// A BCP 47 language tag for shaping (`ja`, `ar`, `sr`), or `nil` to guess from the text.
  ///
  /// It selects the font's language forms (`locl`): Serbian italics, Japanese or Chinese
  /// ideographs from one CJK font.
  public var language: String?
  /// An ISO 15924 script tag (`Cyrl`, `Hani`) that shaping uses for all the text, or `nil` for
  /// each run's own script.
  public var script: String?
  /// OpenType features to turn on or off, as hb-view's `--features` does.
  public var features: [FontFeature]
  /// How glyphs become pixels (and, when hinted, whole-pixel positions).
  public var rendering: GlyphRendering

  /// Creates a style.
  public init(
    font: FontFile, size: Double, variation: FontVariation = .none, language: String? = nil,
    script: String? = nil, features: [FontFeature] = [], rendering: GlyphRendering = .unhinted
  ) {
    self.font = font
    self.size = size
    self.variation = variation
    self.language = language
    self.script = script
    self.features = features
    self.rendering = rendering
  }
}

/// Lays text out into lines of shaped glyph runs: bidi, itemizing, font fallback, shaping,
/// and line breaking.
///
/// A typesetter owns FreeType faces, which are not thread-safe, so it is not `Sendable`: create
/// one per task. Opened faces are cached for the typesetter's lifetime.
///
///     let typesetter = try Typesetter()
///     let lines = try typesetter.layout("Hello, مرحبا", style: style)
public final class Typesetter {
  let library: FreeTypeLibrary
  /// Open faces, most recently opened last.
  ///
  /// A short array searched in order: a dictionary keyed by `FaceKey` cost about 225,000
  /// instructions the first time (the Swift runtime instantiating its storage type, a tenth of
  /// a preview's drawing), more than it could save.
  private var faces: [FreeTypeFace] = []
  private var nextFaceID = 0

  /// Creates a typesetter with its own FreeType library.
  ///
  /// - Throws: ``TextError/libraryFailure(call:code:)`` when FreeType cannot start.
  public init() throws(TextError) {
    library = try FreeTypeLibrary()
  }

  /// The open face for `key`, opening it on first use.
  func face(_ key: FaceKey) throws(TextError) -> FreeTypeFace {
    if let face = faces.last(where: { $0.key == key }) { return face }
    if faces.count >= 64 { faces.removeAll() }  // bound the cache for long-lived typesetters
    nextFaceID += 1
    let face = try FreeTypeFace(library: library, key: key, id: nextFaceID)
    faces.append(face)
    return face
  }

  /// The family name stored in a font file's face.
  public func familyName(of font: FontFile) throws(TextError) -> String {
    try face(FaceKey(font: font, variation: .none, size: 16)).familyName
  }

  /// The variation axis tags of a font face (empty for static fonts).
  public func variationAxes(of font: FontFile) throws(TextError) -> [String] {
    try face(FaceKey(font: font, variation: .none, size: 16)).variationAxes()
  }

  /// The OpenType feature tags a font face has (GSUB and GPOS), sorted: `kern`, `liga`, `smcp`.
  public func featureTags(of font: FontFile) throws(TextError) -> [String] {
    try face(FaceKey(font: font, variation: .none, size: 16)).featureTags()
  }

  /// The characters of `text` that a font face has no glyph for (controls and default-ignorable
  /// characters aside), in order, without repeats.
  ///
  ///     try typesetter.missingCharacters(in: "Hi 世界", font: dejaVuSans)  // ["世", "界"]
  public func missingCharacters(in text: String, font: FontFile) throws(TextError)
    -> [Unicode.Scalar]
  {
    let face = try face(FaceKey(font: font, variation: .none, size: 16))
    // ASCII is remembered in a table (a `Set` cost a type instantiation and a hash a
    // character); other scalars in a set.
    var seenASCII = [Bool](repeating: false, count: 128)
    var seen: Set<UInt32> = []
    var missing: [Unicode.Scalar] = []
    for scalar in text.unicodeScalars where scalar.value > 0x20 && scalar.value != 0x7F {
      let value = scalar.value
      if value < 0x80 {
        guard !seenASCII[Int(value)] else { continue }
        seenASCII[Int(value)] = true
      } else {
        guard !FontFallback.isIgnorable(value), scalar.properties.generalCategory != .control,
          seen.insert(value).inserted
        else { continue }
      }
      if !face.covers(value) { missing.append(scalar) }
    }
    return missing
  }

  /// A sample sentence that suits the font's scripts (see ``SampleText``).
  public func sample(for font: FontFile) throws(TextError) -> SampleText.Sample {
    let face = try face(FaceKey(font: font, variation: .none, size: 16))
    return SampleText.sample(
      forFamily: face.familyName, covers: { face.covers($0.value) },
      ownCharacters: { face.sampleCharacters(limit: 24) })
  }

  /// Lays `text` out in `style`: one line per paragraph, or wrapped to `maxWidth` pixels.
  ///
  /// - Parameters:
  ///   - text: The text; `\n` starts a new paragraph.
  ///   - style: The primary font, size and variation.
  ///   - fallback: Fonts for clusters the primary font cannot draw; ``FontFallback/none``
  ///     shows them as the primary font's `.notdef` glyph.
  ///   - maxWidth: Wrap lines to this width in pixels, or `nil` for one line per paragraph.
  /// - Returns: The lines, top to bottom.
  /// - Throws: ``TextError`` for empty or oversized text, bad sizes, unreadable fonts.
  public func layout(
    _ text: String, style: TextStyle, fallback: FontFallback = .none, maxWidth: Double? = nil
  ) throws(TextError) -> [TextLine] {
    let count = text.unicodeScalars.count
    guard count <= TextLayoutLimits.maximumCharacters else {
      throw .textTooLong(count: count, limit: TextLayoutLimits.maximumCharacters)
    }
    guard text.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else {
      throw .emptyText
    }
    guard TextLayoutLimits.fontSizes.contains(style.size) else {
      throw .invalidFontSize(style.size, range: TextLayoutLimits.fontSizes)
    }
    if let script = style.script, !FontFeature.isKnownScript(script) {
      throw .unknownScript(script)
    }
    let primary = try face(FaceKey(font: style.font, variation: style.variation, size: style.size))
    var lines: [TextLine] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = paragraph.hasSuffix("\r") ? paragraph.dropLast() : paragraph
      try lines.append(
        contentsOf: layoutParagraph(
          trimmed, primary: primary, style: style, fallback: fallback, maxWidth: maxWidth))
    }
    return lines
  }

  private func layoutParagraph(
    _ paragraph: Substring, primary: FreeTypeFace, style: TextStyle, fallback: FontFallback,
    maxWidth: Double?
  ) throws(TextError) -> [TextLine] {
    let analysis = TextItemizer.analyze(paragraph)
    guard analysis.clusterCount > 0 else {
      return [
        TextLine(
          runs: [], width: 0, ascent: primary.ascent, descent: primary.descent,
          lineHeight: primary.lineHeight)
      ]
    }
    // Font per cluster: 0 is the primary face, n is fallback candidate n - 1.
    var fontOfCluster = [Int](repeating: 0, count: analysis.clusterCount)
    if !fallback.candidates.isEmpty {
      for cluster in 0..<analysis.clusterCount {
        let range = analysis.scalarRange(ofClusters: cluster..<cluster + 1)
        let scalars = analysis.scalars[range]
        let visible = scalars.filter { !FontFallback.isIgnorable($0) }
        let primaryCovers = visible.allSatisfy { primary.covers($0) }
        let wantsColor = FontFallback.prefersEmojiPresentation(scalars) && !primary.hasColor
        if primaryCovers && !wantsColor { continue }
        if let index = fallback.candidateIndex(for: scalars) {
          if wantsColor && primaryCovers && !fallback.candidates[index].isColor { continue }
          fontOfCluster[cluster] = index + 1
        }
      }
    }
    var faceOfIndex: [FreeTypeFace?] = [primary] + fallback.candidates.map { _ in nil }
    func faceFor(_ index: Int) throws(TextError) -> FreeTypeFace {
      if let face = faceOfIndex[index] { return face }
      let candidate = fallback.candidates[index - 1]
      let opened = try face(FaceKey(font: candidate.font, variation: .none, size: style.size))
      faceOfIndex[index] = opened
      return opened
    }

    let all = 0..<analysis.clusterCount
    guard let maxWidth else {
      return [try layoutLine(analysis, clusters: all, fonts: fontOfCluster, style: style, faceFor)]
    }
    // Measure every cluster once in the whole paragraph, then break greedily.
    let items = TextItemizer.items(analysis, clusters: all, fontOfCluster: fontOfCluster)
    var clusterWidth = [Double](repeating: 0, count: analysis.clusterCount)
    for item in items {
      let face = try faceFor(item.fontIndex)
      for glyph in TextShaper.shape(
        analysis.scalars, range: item.range, face: face, rightToLeft: item.level % 2 == 1,
        script: item.script, style: style)
      {
        let cluster = analysis.clusterOfScalar[min(glyph.cluster, analysis.scalars.count - 1)]
        clusterWidth[cluster] += glyph.xAdvance
      }
    }
    var lines: [TextLine] = []
    let opportunities = LineBreaker.opportunities(in: analysis.scalars, language: style.language)
    for range in Self.breakLines(
      analysis, widths: clusterWidth, maxWidth: maxWidth, opportunities: opportunities)
    {
      lines.append(
        try layoutLine(analysis, clusters: range, fonts: fontOfCluster, style: style, faceFor))
    }
    return lines
  }

  /// Greedy line breaking at the opportunities of UAX #14.
  ///
  /// `opportunities` (one per scalar boundary, from ``LineBreaker``) give the breaks, and a
  /// line ends at every mandatory one; without them, lines break after spaces and between
  /// ideographic clusters. A word wider than the line is broken between clusters; spaces at a
  /// line's end may overhang it.
  static func breakLines(
    _ analysis: TextAnalysis, widths: [Double], maxWidth: Double,
    opportunities: [LineBreaker.Break]? = nil
  ) -> [Range<Int>] {
    func isSpace(_ cluster: Int) -> Bool {
      let scalar = analysis.scalars[analysis.clusterStarts[cluster]]
      return scalar == 0x20 || scalar == 0x09 || scalar == 0x3000
    }
    /// What UAX #14 allows before `cluster` (a grapheme cluster never breaks inside).
    func breakBefore(_ cluster: Int) -> LineBreaker.Break? {
      guard let opportunities else { return nil }
      return opportunities[analysis.clusterStarts[cluster]]
    }
    func isIdeographic(_ cluster: Int) -> Bool {
      let scalar = analysis.scalars[analysis.clusterStarts[cluster]]
      return (0x2E80...0x9FFF).contains(scalar) || (0xAC00...0xD7AF).contains(scalar)
        || (0xF900...0xFAFF).contains(scalar) || (0xFF00...0xFFEF).contains(scalar)
        || (0x20000...0x3FFFF).contains(scalar)
    }
    var lines: [Range<Int>] = []
    var start = 0
    var width = 0.0
    var lastBreak: Int?  // a cluster index where a new line may start
    var cluster = 0
    let count = widths.count
    while cluster < count {
      if cluster > start, let rule = breakBefore(cluster) {
        if rule == .mandatory {
          lines.append(start..<cluster)
          start = cluster
          lastBreak = nil
          width = 0
          continue
        }
        if rule == .allowed { lastBreak = cluster }
      } else if cluster > start
        && (isSpace(cluster - 1) || isIdeographic(cluster) || isIdeographic(cluster - 1))
      {
        lastBreak = cluster
      }
      let overflows =
        width + widths[cluster] > maxWidth && !isSpace(cluster)
        && !(analysis.scalars[analysis.clusterStarts[cluster]] == 0x200B)
      if overflows && cluster > start {
        let end = lastBreak ?? cluster
        lines.append(start..<end)
        start = end
        lastBreak = nil
        width = 0
        cluster = start
        continue
      }
      width += widths[cluster]
      cluster += 1
    }
    if start < count { lines.append(start..<count) }
    return lines
  }

  /// Shapes the clusters of one line and orders its runs visually.
  private func layoutLine(
    _ analysis: TextAnalysis, clusters: Range<Int>, fonts: [Int], style: TextStyle,
    _ faceFor: (Int) throws(TextError) -> FreeTypeFace
  ) throws(TextError) -> TextLine {
    let items = TextItemizer.items(analysis, clusters: clusters, fontOfCluster: fonts)
    var runs: [GlyphRun] = []
    var ascent = 0.0
    var descent = 0.0
    var lineHeight = 0.0
    if let primary = try? faceFor(0) {
      ascent = primary.ascent
      descent = primary.descent
      lineHeight = primary.lineHeight
    }
    for item in items {
      let face = try faceFor(item.fontIndex)
      let glyphs = TextShaper.shape(
        analysis.scalars, range: item.range, face: face, rightToLeft: item.level % 2 == 1,
        script: item.script, style: style)
      ascent = max(ascent, face.ascent)
      descent = max(descent, face.descent)
      runs.append(
        GlyphRun(
          font: face.key.font, variation: face.key.variation, size: face.key.size,
          script: FreeTypeFace.tagString(item.script), isRightToLeft: item.level % 2 == 1,
          textRange: item.range, glyphs: glyphs))
    }
    let visual = TextItemizer.visualOrder(runs, levels: items.map(\.level))
    // The paragraph level is the lowest level (UAX #9: every level is at least it).
    let rightToLeft = (analysis.levels.min() ?? 0) % 2 == 1
    // Trailing spaces at a wrapped line's end do not count towards its width.
    let width = visual.reduce(0) { $0 + $1.width }
    return TextLine(
      runs: visual, width: width, ascent: ascent, descent: descent,
      lineHeight: max(lineHeight, ascent + descent), isRightToLeft: rightToLeft)
  }
}
