import CFontconfig

/// fontconfig helpers, all called under the lock: filters checked and turned into patterns,
/// `FcFontList` runs, and patterns prepared for matching.
extension FontCatalog {
  static func validate(_ filter: FontFilter) throws(FontError) {
    if let covers = filter.covers, covers.isEmpty { throw .emptyText }
    if let language = filter.language, normalizedLanguage(language) == nil {
      throw .unknownLanguage(language)
    }
  }

  /// fontconfig's form of a language tag (`zh_CN.UTF-8` to `zh-cn`, `ja-JP` to `ja`), if
  /// fontconfig knows the language.
  ///
  /// Normalised here rather than with `FcLangNormalize`, which prints a warning to stderr for
  /// every string that is not a tag.
  static func normalizedLanguage(_ language: String) -> String? {
    let tag = String(
      language.lowercased().prefix { $0 != "." && $0 != "@" }
        .map { $0 == "_" ? "-" : $0 })
    guard !tag.isEmpty, let known = FcGetLangs() else { return nil }
    defer { FcStrSetDestroy(known) }
    if FcStrSetMember(known, tag) == FcTrue { return tag }
    let base = String(tag.prefix { $0 != "-" })
    return FcStrSetMember(known, base) == FcTrue ? base : nil
  }

  /// Runs `body` over an `FcFontList` result for `filter`; the list is destroyed afterwards.
  static func withFilteredList(
    _ config: OpaquePointer, _ filter: FontFilter, objects: [String]?,
    _ body: ([OpaquePointer]) -> Void
  ) throws(FontError) {
    guard let pattern = FcPatternCreate() else { return }
    defer { FcPatternDestroy(pattern) }
    if let language = filter.language {
      guard let tag = normalizedLanguage(language), let set = FcLangSetCreate() else {
        throw .unknownLanguage(language)
      }
      defer { FcLangSetDestroy(set) }
      FcLangSetAdd(set, tag)
      FcPatternAddLangSet(pattern, FC_LANG, set)
    }
    if filter.color { FcPatternAddBool(pattern, FC_COLOR, FcTrue) }
    if let style = filter.style { FcPatternAddString(pattern, FC_STYLE, style) }
    if let weight = filter.weight { FcPatternAddDouble(pattern, FC_WEIGHT, weight.fontconfigValue) }
    if let covers = filter.covers, let set = FcCharSetCreate() {
      defer { FcCharSetDestroy(set) }
      for scalar in covers.unicodeScalars { FcCharSetAddChar(set, scalar.value) }
      FcPatternAddCharSet(pattern, FC_CHARSET, set)
    }
    var properties = objects
    if filter.monospaced, properties != nil { properties?.append(FC_SPACING) }
    withFontList(config, pattern: pattern, objects: properties) { fonts in
      guard filter.monospaced else { return body(fonts) }
      body(fonts.filter { spacing($0).isMonospaced })
    }
  }

  /// Runs `body` over an `FcFontList` result, which is destroyed when `body` returns.
  ///
  /// The corresponding C function is `FcFontList`.
  static func withFontList(
    _ config: OpaquePointer, pattern: OpaquePointer?, objects: [String]?,
    _ body: ([OpaquePointer]) -> Void
  ) {
    let empty = pattern == nil ? FcPatternCreate() : nil
    // FcObjectSetBuild is variadic: Swift cannot call it.
    let objectSet = objects == nil ? nil : FcObjectSetCreate()
    defer {
      if let empty { FcPatternDestroy(empty) }
      if let objectSet { FcObjectSetDestroy(objectSet) }
    }
    for object in objects ?? [] { FcObjectSetAdd(objectSet, object) }
    guard let set = FcFontList(config, pattern ?? empty, objectSet) else { return body([]) }
    defer { FcFontSetDestroy(set) }
    body(fonts(in: set))
  }

  /// Parses `pattern` and applies the configuration's and the default substitutions, as
  /// `fc-match` does before matching.
  static func withPreparedPattern<R>(
    _ config: OpaquePointer, _ pattern: String, _ body: (OpaquePointer) throws(FontError) -> R
  ) throws(FontError) -> R {
    guard let parsed = FcNameParse(pattern) else { throw .malformedPattern(pattern) }
    defer { FcPatternDestroy(parsed) }
    guard FcConfigSubstitute(config, parsed, FcMatchPattern) == FcTrue else {
      throw .malformedPattern(pattern)
    }
    FcDefaultSubstitute(parsed)
    return try body(parsed)
  }

  static func fonts(in set: UnsafeMutablePointer<FcFontSet>) -> [OpaquePointer] {
    guard let fonts = set.pointee.fonts else { return [] }
    return UnsafeBufferPointer(start: fonts, count: Int(set.pointee.nfont)).compactMap { $0 }
  }
}
