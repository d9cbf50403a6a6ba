import CFontconfig

/// The faces fontconfig picks for a pattern, as `fc-match` picks them.
extension FontCatalog {
  /// The face fontconfig picks for a pattern, exactly as `fc-match PATTERN` picks it.
  ///
  /// The pattern is fontconfig syntax (`DejaVu Sans:bold`, `monospace`, `serif:lang=ja`,
  /// `:weight=200`); aliases such as `Arial` resolve through the configuration's rules, and an
  /// unknown family falls back as it does for every program on the system.
  ///
  /// The corresponding C functions are `FcNameParse`, `FcConfigSubstitute`,
  /// `FcDefaultSubstitute` and `FcFontMatch`.
  ///
  /// - Throws: ``FontError/malformedPattern(_:)``, ``FontError/noMatch(pattern:)``.
  public func match(pattern: String) throws(FontError) -> FontFace {
    let lines = try cachedLines("match?" + pattern) { config throws(FontError) in
      try Self.withPreparedPattern(config, pattern) { prepared throws(FontError) in
        var result = FcResultNoMatch
        guard let font = FcFontMatch(config, prepared, &result) else {
          throw .noMatch(pattern: pattern)
        }
        defer { FcPatternDestroy(font) }
        return [Self.face(from: font).cacheLine]
      }
    }
    guard let line = lines.first, let face = FontFace(cacheLine: line) else {
      throw .noMatch(pattern: pattern)
    }
    return face
  }

  /// Every face in fontconfig's order of preference for a pattern, like `fc-match -s PATTERN`
  /// (or `fc-match -a` with `all`: without dropping faces that add no new code points).
  ///
  /// The corresponding C function is `FcFontSort`.
  public func sortedMatches(pattern: String, all: Bool = false) throws(FontError) -> [FontFace] {
    try withLoadedConfig { config throws(FontError) in
      try Self.withPreparedPattern(config, pattern) { prepared throws(FontError) in
        var result = FcResultNoMatch
        guard let set = FcFontSort(config, prepared, all ? FcFalse : FcTrue, nil, &result) else {
          throw .noMatch(pattern: pattern)
        }
        defer { FcFontSetDestroy(set) }
        var faces: [FontFace] = []
        for font in Self.fonts(in: set) {
          guard let rendered = FcFontRenderPrepare(config, prepared, font) else { continue }
          faces.append(Self.face(from: rendered))
          FcPatternDestroy(rendered)
        }
        return faces
      }
    }
  }
}
