import CFontconfig

#if canImport(Glibc)
  import Glibc
#endif

/// The installed faces: lists, one family's members, records of a file's faces, and
/// fontconfig's own templates.
extension FontCatalog {
  /// Every face that passes `filter`, sorted by family, weight, width, slant and style.
  ///
  /// Variable fonts appear as their variable face (with axes and named instances) and as one
  /// face per named instance, as `fc-list` shows them.
  public func faces(matching filter: FontFilter = FontFilter()) throws(FontError) -> [FontFace] {
    try faceLines(matching: filter).compactMap { FontFace(cacheLine: $0) }
  }

  /// The faces that pass `filter`, sorted, as cache lines (see ``FontFace/cacheLine``): cached
  /// on the faces shelf, so listing every face needs no fontconfig while nothing changed.
  package func faceLines(matching filter: FontFilter = FontFilter()) throws(FontError) -> [String] {
    try Self.validate(filter)
    return try cachedLines("faces?" + filter.cacheKey, shelf: .faces) { config throws(FontError) in
      var faces: [FontFace] = []
      try Self.withFilteredList(config, filter, objects: Self.faceObjects) { fonts in
        faces = fonts.map { Self.face(from: $0) }
      }
      return Self.sortedFaces(faces).map(\.cacheLine)
    }
  }

  /// The faces of one family, looked up by any of its names, case-insensitively.
  ///
  ///     try catalog.availableMembers(ofFontFamily: "dejavu sans").map(\.style)
  ///     // ["ExtraLight", "Book", "Oblique", "Condensed", ...]
  ///
  /// - Throws: ``FontError/unknownFamily(_:suggestions:)`` with the closest installed names.
  public func availableMembers(ofFontFamily family: String) throws(FontError) -> [FontFace] {
    // Cached like `match`: previews and themes resolve a family on every run.
    let lines = try cachedLines("members?" + family) { config in
      guard let pattern = FcPatternCreate() else { return [String]() }
      defer { FcPatternDestroy(pattern) }
      FcPatternAddString(pattern, FC_FAMILY, family)
      var lines: [String] = []
      Self.withFontList(config, pattern: pattern, objects: Self.faceObjects) { fonts in
        lines = fonts.map { Self.face(from: $0).cacheLine }
      }
      return lines
    }
    let faces = lines.compactMap { FontFace(cacheLine: $0) }
    let wanted = FontSearch.fold(family)
    let exact = faces.filter { face in face.familyNames.contains { FontSearch.fold($0) == wanted } }
    guard !exact.isEmpty else {
      throw .unknownFamily(family, suggestions: try suggestions(forFamily: family))
    }
    return Self.sortedFaces(exact)
  }

  // MARK: - Info and templates

  /// Names, languages and code point counts of a font file's faces, or of an installed family's.
  ///
  /// - Parameter fileOrFamily: A path to a font file (every face in it), or a family name.
  /// - Returns: One record per face, sorted like ``faces(matching:)`` for a family.
  /// - Throws: ``FontError/unreadableFont(path:)``, ``FontError/unknownFamily(_:suggestions:)``.
  public func info(_ fileOrFamily: String) throws(FontError) -> [FontFaceInfo] {
    if fileOrFamily.contains("/") || access(fileOrFamily, R_OK) == 0 {
      guard access(fileOrFamily, R_OK) == 0, let set = FcFontSetCreate() else {
        throw .unreadableFont(path: fileOrFamily)
      }
      defer { FcFontSetDestroy(set) }
      var count: Int32 = 0
      // 0xFFFFFFFF: every face and named instance (fontconfig's "all ids").
      _ = FcFreeTypeQueryAll(fileOrFamily, UInt32.max, nil, &count, set)
      let infos = Self.fonts(in: set).map(Self.info(from:))
      guard !infos.isEmpty else { throw .unreadableFont(path: fileOrFamily) }
      return infos
    }
    let members = try availableMembers(ofFontFamily: fileOrFamily)
    let wanted = Set(members.map { "\($0.file)#\($0.index)" })
    return try withLoadedConfig { config in
      guard let pattern = FcPatternCreate() else { return [FontFaceInfo]() }
      defer { FcPatternDestroy(pattern) }
      FcPatternAddString(pattern, FC_FAMILY, fileOrFamily)
      var infos: [FontFaceInfo] = []
      Self.withFontList(
        config, pattern: pattern, objects: Self.faceObjects + [FC_LANG, FC_CHARSET]
      ) { fonts in
        infos = fonts.map(Self.info(from:)).filter {
          wanted.contains("\($0.face.file)#\($0.face.index)")
        }
      }
      let order = Self.sortedFaces(infos.map(\.face))
      return order.compactMap { face in infos.first { $0.face == face } }
    }
  }

  /// Each face that passes `filter`, formatted by fontconfig's own template engine, in
  /// fontconfig's order, exactly as `fc-list --format TEMPLATE` prints it.
  ///
  /// The corresponding C function is `FcPatternFormat`.
  ///
  /// - Parameters:
  ///   - template: fontconfig syntax, such as `%{family[0]}\t%{style[0]}\t%{file}\n`.
  ///   - filter: Conditions the faces must meet.
  /// - Returns: The formatted text of every face.
  /// - Throws: ``FontError/malformedPattern(_:)`` when fontconfig rejects the template.
  public func formatted(_ template: String, matching filter: FontFilter = FontFilter())
    throws(FontError) -> String
  {
    try Self.validate(filter)
    // One escaped line: the text may hold any byte the template asks for.
    let key = "format?" + filter.cacheKey + "?" + template
    return try cachedLines(key, shelf: .faces) { config throws(FontError) in
      var text = ""
      var failed = false
      try Self.withFilteredList(config, filter, objects: nil) { fonts in
        for font in fonts {
          guard let formatted = FcPatternFormat(font, template) else {
            failed = true
            return
          }
          text += String(cString: formatted)
          free(formatted)
        }
      }
      if failed { throw .malformedPattern(template) }
      return [escape(text)]
    }.first.map(unescape) ?? ""
  }
}
