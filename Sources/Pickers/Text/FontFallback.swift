import CFontconfig

/// Fonts that can draw what the primary font cannot, in fontconfig's order of preference.
///
/// Built from `FcFontSort` for the primary font's family: the first candidate whose character
/// set covers a whole cluster draws it, as browsers do. A plain value, so it can be computed
/// once and used from any task.
public struct FontFallback: Hashable, Sendable {
  /// One fallback font and the characters of the text it covers.
  public struct Candidate: Hashable, Sendable {
    /// The font face.
    public var font: FontFile
    /// Whether the font has color glyphs (such as Noto Color Emoji).
    public var isColor: Bool
    /// The scalars of the text that the font covers.
    public var covered: Set<UInt32>

    /// Creates a candidate.
    public init(font: FontFile, isColor: Bool, covered: Set<UInt32>) {
      self.font = font
      self.isColor = isColor
      self.covered = covered
    }
  }

  /// Candidates in order of preference.
  public var candidates: [Candidate]

  /// Creates a fallback list from candidates in order of preference.
  public init(candidates: [Candidate]) {
    self.candidates = candidates
  }

  /// No fallback: every character is drawn by the primary font (missing ones as `.notdef`).
  public static let none = FontFallback(candidates: [])

  /// How many fonts of the sorted list are examined.
  static let maximumFontsExamined = 400

  /// Asks fontconfig which fonts, in order of preference for `family`, cover characters of
  /// `text`.
  ///
  /// The corresponding C function is `FcFontSort`.
  ///
  /// - Parameters:
  ///   - config: An `FcConfig *` owned by the caller, alive during the call.
  ///   - family: The primary font's family, whose fallback order fontconfig decides.
  ///   - text: The text to be drawn; only its characters are recorded.
  ///   - language: An optional language tag (`ja`, `ar`) that fontconfig prefers.
  /// - Returns: The fonts covering some of the text, in fontconfig's order.
  static func query(config: OpaquePointer, family: String, text: String, language: String?)
    -> FontFallback
  {
    let needed = Set(text.unicodeScalars.map(\.value).filter { $0 > 0x20 })
    guard !needed.isEmpty, let pattern = FcPatternCreate() else { return .none }
    defer { FcPatternDestroy(pattern) }
    addString(pattern, FC_FAMILY, family)
    if let language { addString(pattern, FC_LANG, language) }
    FcConfigSubstitute(config, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultMatch
    guard let set = FcFontSort(config, pattern, FcBool(1), nil, &result) else { return .none }
    defer { FcFontSetDestroy(set) }
    let fonts = UnsafeBufferPointer(start: set.pointee.fonts, count: Int(set.pointee.nfont))
    var candidates: [Candidate] = []
    var seen: Set<FontFile> = []
    for case let font? in fonts.prefix(maximumFontsExamined) {
      var charset: OpaquePointer?
      guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
        let file = string(font, FC_FILE)
      else { continue }
      let covered = needed.filter { FcCharSetHasChar(charset, $0) != 0 }
      guard !covered.isEmpty else { continue }
      var index: Int32 = 0
      _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
      var color: FcBool = 0
      _ = FcPatternGetBool(font, FC_COLOR, 0, &color)
      let reference = FontFile(path: file, index: Int(index))
      guard seen.insert(reference).inserted else { continue }
      candidates.append(Candidate(font: reference, isColor: color != 0, covered: covered))
    }
    return FontFallback(candidates: candidates)
  }

  /// Like ``query(config:family:text:language:)`` with a configuration loaded from `configFile`
  /// (tests use the fixed font set this way).
  static func query(configFile: String, family: String, text: String, language: String?)
    throws(TextError) -> FontFallback
  {
    guard let config = FcConfigCreate() else {
      throw .libraryFailure(call: "FcConfigCreate", code: 0)
    }
    defer { FcConfigDestroy(config) }
    let loaded = configFile.withCString { path in
      path.withMemoryRebound(to: FcChar8.self, capacity: configFile.utf8.count + 1) {
        FcConfigParseAndLoad(config, $0, FcBool(1))
      }
    }
    guard loaded != 0, FcConfigBuildFonts(config) != 0 else {
      throw .libraryFailure(call: "FcConfigParseAndLoad", code: 0)
    }
    return query(config: config, family: family, text: text, language: language)
  }

  private static func addString(_ pattern: OpaquePointer, _ object: String, _ value: String) {
    _ = value.withCString { text in
      text.withMemoryRebound(to: FcChar8.self, capacity: value.utf8.count + 1) {
        FcPatternAddString(pattern, object, $0)
      }
    }
  }

  private static func string(_ pattern: OpaquePointer, _ object: String) -> String? {
    var value: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(pattern, object, 0, &value) == FcResultMatch, let value else {
      return nil
    }
    return String(cString: value)
  }

  /// The candidate that should draw a cluster the primary font cannot, or `nil`.
  ///
  /// Emoji-presentation clusters prefer color fonts; otherwise the first candidate covering
  /// every visible scalar wins, then the first covering the cluster's first scalar.
  func candidateIndex(for cluster: ArraySlice<UInt32>) -> Int? {
    let visible = cluster.filter { !FontFallback.isIgnorable($0) }
    guard let first = visible.first else { return nil }
    let wantsColor = FontFallback.prefersEmojiPresentation(cluster)
    if wantsColor,
      let index = candidates.firstIndex(where: { candidate in
        candidate.isColor && visible.allSatisfy { candidate.covered.contains($0) }
      })
    {
      return index
    }
    if let index = candidates.firstIndex(where: { candidate in
      visible.allSatisfy { candidate.covered.contains($0) }
    }) {
      return index
    }
    return candidates.firstIndex { $0.covered.contains(first) }
  }

  /// Scalars that draw nothing by themselves (joiners, variation selectors, tags).
  static func isIgnorable(_ scalar: UInt32) -> Bool {
    // No ASCII character is either (the first default-ignorable one is U+00AD), and the
    // property lookups were a million instructions for a 2,000-character paragraph.
    if scalar < 0x80 { return false }
    guard let value = Unicode.Scalar(scalar) else { return true }
    return value.properties.isDefaultIgnorableCodePoint || value.properties.isVariationSelector
  }

  /// Whether a cluster asks for emoji (color) presentation: an emoji-presentation character or
  /// an emoji followed by VS16, a skin tone, a keycap or a ZWJ sequence.
  static func prefersEmojiPresentation(_ cluster: ArraySlice<UInt32>) -> Bool {
    if cluster.contains(0xFE0F) || cluster.contains(0x20E3) { return true }
    if cluster.contains(0xFE0E) { return false }
    return cluster.contains { scalar in
      Unicode.Scalar(scalar)?.properties.isEmojiPresentation ?? false
    }
  }
}
