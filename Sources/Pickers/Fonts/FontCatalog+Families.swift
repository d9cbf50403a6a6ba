import CFontconfig

/// The installed families: their names, searches over them, and what text they cover.
extension FontCatalog {
  /// Every installed family: primary names de-duplicated, sorted case-insensitively, with the
  /// other names each family also answers to.
  public var families: [FontFamily] {
    get throws(FontError) {
      try cachedLines("families") { config in
        var aliases: [String: [String]] = [:]
        Self.withFontList(config, pattern: nil, objects: [FC_FAMILY]) { fonts in
          for font in fonts {
            let names = Self.strings(font, FC_FAMILY)
            guard let primary = names.first else { continue }
            var known = aliases[primary, default: []]
            for name in names.dropFirst() where name != primary && !known.contains(name) {
              known.append(name)
            }
            aliases[primary] = known
          }
        }
        return Self.sortedNames(Array(aliases.keys)).map { name in
          ([name] + (aliases[name] ?? [])).map(escape).joined(separator: "\t")
        }
      }.map { line in
        let names = line.split(separator: "\t", omittingEmptySubsequences: false).map(unescape)
        return FontFamily(name: names.first ?? "", aliases: Array(names.dropFirst()))
      }
    }
  }

  /// Every installed family's primary name (fontconfig's `family[0]`), de-duplicated and sorted
  /// case-insensitively, like `NSFontManager.availableFontFamilies`.
  ///
  ///     try catalog.availableFontFamilies   // ["DejaVu Sans", "DejaVu Sans Mono", ...]
  public var availableFontFamilies: [String] {
    get throws(FontError) {
      try cachedLines("names") { config in
        var names: [String] = []
        Self.withFontList(config, pattern: nil, objects: [FC_FAMILY]) { fonts in
          names = Self.sortedFamilyNames(fonts)
        }
        return names.map(escape)
      }.map(unescape)
    }
  }

  /// The families with at least one face that passes `filter`, sorted like
  /// ``availableFontFamilies``.
  ///
  /// - Throws: ``FontError/unknownLanguage(_:)``, ``FontError/emptyText``.
  public func families(matching filter: FontFilter) throws(FontError) -> [String] {
    if filter.isEmpty { return try availableFontFamilies }
    try Self.validate(filter)
    return try cachedLines("families?" + filter.cacheKey) { config throws(FontError) in
      var names: [String] = []
      try Self.withFilteredList(config, filter, objects: [FC_FAMILY]) { fonts in
        names = Self.sortedFamilyNames(fonts)
      }
      return names.map(escape)
    }.map(unescape)
  }

  /// The families whose names (or aliases) match a forgiving search, best first.
  ///
  /// - Parameters:
  ///   - query: What the user typed: case, accents and spacing do not matter; word prefixes
  ///     (`dej mo`) and subsequences (`djvsns`) match.
  ///   - filter: Conditions the families must also meet.
  /// - Returns: Primary family names, best match first.
  /// - Throws: ``FontError/unknownLanguage(_:)``, ``FontError/emptyText``.
  public func searchFamilies(_ query: String, matching filter: FontFilter = FontFilter())
    throws(FontError) -> [String]
  {
    let all = try families
    let allowed = filter.isEmpty ? nil : Set(try families(matching: filter))
    let candidates = all.filter { allowed?.contains($0.name) ?? true }
    return FontSearch(query).ranked(candidates) { [$0.name] + $0.aliases }.map(\.name)
  }

  /// How much of `text` each family can draw, most first (families covering none are left out).
  ///
  /// - Throws: ``FontError/emptyText`` when `text` is empty.
  public func coverage(of text: String) throws(FontError) -> [FontCoverage] {
    let scalars = Set(text.unicodeScalars.map(\.value))
    guard !scalars.isEmpty else { throw .emptyText }
    return try withLoadedConfig { config in
      guard let wanted = FcCharSetCreate() else { return [] }
      defer { FcCharSetDestroy(wanted) }
      for scalar in scalars { FcCharSetAddChar(wanted, scalar) }
      var best: [String: Int] = [:]
      Self.withFontList(config, pattern: nil, objects: [FC_FAMILY, FC_CHARSET]) { fonts in
        for font in fonts {
          guard let family = Self.string(font, FC_FAMILY) else { continue }
          var charset: OpaquePointer?
          guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch else {
            continue
          }
          let covered = Int(FcCharSetIntersectCount(wanted, charset))
          best[family] = max(best[family] ?? 0, covered)
        }
      }
      return best.filter { $0.value > 0 }
        .map { FontCoverage(family: $0.key, covered: $0.value, total: scalars.count) }
        .sorted {
          $0.covered != $1.covered
            ? $0.covered > $1.covered : $0.family.lowercased() < $1.family.lowercased()
        }
    }
  }

  /// The installed family names closest to a misspelled one.
  public func suggestions(forFamily name: String) throws(FontError) -> [String] {
    let all = try families
    let names = all.flatMap { [$0.name] + $0.aliases }
    var seen = Set<String>()
    return FontSearch.suggestions(for: name, among: names, limit: 6).compactMap { found in
      let primary = all.first { $0.name == found || $0.aliases.contains(found) }?.name ?? found
      return seen.insert(primary).inserted ? primary : nil
    }.prefix(3).map { $0 }
  }
}
