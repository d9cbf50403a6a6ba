import CFontconfig

/// The faces a fontconfig pattern lists: the question a smart ``FontCollection`` asks.
extension FontCatalog {
  /// Every face a fontconfig pattern lists, exactly as `fc-list PATTERN` lists them, sorted
  /// like ``faces(matching:)``.
  ///
  /// Unlike ``match(pattern:)`` the pattern is not substituted or matched: a face is listed
  /// when it has every property the pattern names (`:lang=ja:spacing=100`, `DejaVu Sans`,
  /// `:style=Bold`). Answers are cached like the face list, checked against every file that
  /// produced them.
  ///
  /// The corresponding C functions are `FcNameParse` and `FcFontList`.
  ///
  /// - Throws: ``FontError/malformedPattern(_:)`` when fontconfig cannot parse `pattern`.
  public func faces(matchingPattern pattern: String) throws(FontError) -> [FontFace] {
    // No parse before the cache is asked: a cached answer was computed from a pattern that
    // parsed, and a cache hit then loads no fontconfig at all.
    let lines = try cachedLines("pattern?" + pattern, shelf: .faces) {
      config throws(FontError) in
      guard let parsed = FcNameParse(pattern) else { throw .malformedPattern(pattern) }
      defer { FcPatternDestroy(parsed) }
      var faces: [FontFace] = []
      Self.withFontList(config, pattern: parsed, objects: Self.faceObjects) { fonts in
        faces = fonts.map { Self.face(from: $0) }
      }
      return Self.sortedFaces(faces).map(\.cacheLine)
    }
    return lines.compactMap { FontFace(cacheLine: $0) }
  }

  /// Checks that fontconfig can parse `pattern`, without loading the configuration.
  ///
  /// - Throws: ``FontError/malformedPattern(_:)``.
  public static func checkPattern(_ pattern: String) throws(FontError) {
    guard let parsed = FcNameParse(pattern) else { throw .malformedPattern(pattern) }
    FcPatternDestroy(parsed)
  }
}
