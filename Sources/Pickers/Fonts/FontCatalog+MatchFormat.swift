import CFontconfig

#if canImport(Glibc)
  import Glibc
#endif

extension FontCatalog {
  /// The face fontconfig picks for a pattern (or every face in its order of preference),
  /// formatted by fontconfig's own template engine, exactly as `fc-match --format TEMPLATE`
  /// (or `fc-match -s --format TEMPLATE`) prints it.
  ///
  /// The template is the one ``formatted(_:matching:)`` takes: `%{family}`, `%{style[0]}`,
  /// `%{file}`, `%{=fcmatch}` and the rest of fontconfig's syntax, with `\n` and `\t` escapes.
  ///
  ///     let line = try catalog.formattedMatch(pattern: "monospace", template: "%{family[0]}\n")
  ///     // "DejaVu Sans Mono\n"
  ///
  /// The corresponding C functions are `FcFontMatch`, `FcFontSort`, `FcFontRenderPrepare` and
  /// `FcPatternFormat`.
  ///
  /// - Parameters:
  ///   - pattern: fontconfig syntax, such as `serif:lang=ja` or `DejaVu Sans:bold`.
  ///   - template: fontconfig's template syntax.
  ///   - sorted: Every face in order of preference (`fc-match -s`) instead of the best one.
  /// - Returns: The formatted text of the face (or of every face, one after the other).
  /// - Throws: ``FontError/malformedPattern(_:)`` when fontconfig rejects the pattern or the
  ///   template, ``FontError/noMatch(pattern:)`` when no font matches.
  public func formattedMatch(pattern: String, template: String, sorted: Bool = false)
    throws(FontError) -> String
  {
    // One escaped line, as `formatted(_:matching:)` keeps its answers; the pattern's length
    // keeps the key unambiguous whatever the template holds.
    let key = "matchformat?\(sorted ? "all" : "best")?\(pattern.utf8.count)?\(pattern)?\(template)"
    return try cachedLines(key, shelf: .faces) { config throws(FontError) in
      [escape(try Self.formattedMatch(config, pattern, template, sorted))]
    }.first.map(unescape) ?? ""
  }

  private static func formattedMatch(
    _ config: OpaquePointer, _ pattern: String, _ template: String, _ sorted: Bool
  ) throws(FontError) -> String {
    try withPreparedPattern(config, pattern) { parsed throws(FontError) in
      var result = FcResultNoMatch
      var fonts: [OpaquePointer] = []
      defer { for font in fonts { FcPatternDestroy(font) } }
      if sorted {
        guard let set = FcFontSort(config, parsed, FcTrue, nil, &result) else {
          throw .noMatch(pattern: pattern)
        }
        defer { FcFontSetDestroy(set) }
        let count = Int(set.pointee.nfont)
        if let members = set.pointee.fonts {
          for member in UnsafeBufferPointer(start: members, count: count) {
            guard let member, let prepared = FcFontRenderPrepare(config, parsed, member) else {
              continue
            }
            fonts.append(prepared)
          }
        }
      } else if let font = FcFontMatch(config, parsed, &result) {
        fonts.append(font)
      }
      if fonts.isEmpty { throw .noMatch(pattern: pattern) }
      var text = ""
      for font in fonts {
        guard let formatted = FcPatternFormat(font, template) else {
          throw .malformedPattern(template)
        }
        text += String(cString: formatted)
        free(formatted)
      }
      return text
    }
  }
}
