import CFontconfig

/// Resolving a ``FontDescriptor`` through fontconfig.
extension FontCatalog {
  /// The face a descriptor names, with the features and variations the user's configuration
  /// sets for it and the descriptor's own on top.
  ///
  /// A ``FontDescriptor/Font/family(_:)`` is resolved as ``resolveFont(_:weight:)`` resolves
  /// it (a family exactly, else a pattern drawn as fontconfig's match with a warning, else a
  /// path). The configuration is then asked about the face at the descriptor's size, as
  /// desktop programs ask it before drawing: the `fontfeatures` and `fontvariations` that its
  /// rules give the face come first, the descriptor's features and axes after (so they win).
  ///
  ///     let resolved = try catalog.resolve(FontDescriptor(family: "monospace", size: 14))
  ///     resolved.configuredFeatures   // [] unless a fonts.conf rule sets fontfeatures
  ///
  /// The corresponding C functions are `FcConfigSubstitute`, `FcDefaultSubstitute` and
  /// `FcFontRenderPrepare`.
  ///
  /// - Throws: ``FontError`` for an unknown family, a malformed or unmatched pattern, an
  ///   unreadable path, or a configuration that cannot be loaded.
  public func resolve(_ descriptor: FontDescriptor) throws(FontError) -> ResolvedFontDescriptor {
    var warnings: [PreviewWarning] = []
    let font: ResolvedFont
    switch descriptor.font {
    case .family(let name):
      font = try resolveFont(name, weight: descriptor.weight)
      if font.warning != nil {
        warnings.append(
          .patternMatched(pattern: name, family: font.family, style: font.style ?? ""))
      }
    case .face(let face):
      font = Self.resolved(face, weight: descriptor.weight)
    }
    let configured = try configuredSettings(for: font.file, size: descriptor.size)
    var features: [FontFeature] = []
    for entry in configured.features {
      // fontconfig keeps the strings as written; one that HarfBuzz cannot read is skipped, as
      // Pango skips it.
      features += (try? FontFeature.list(entry)) ?? []
    }
    features += descriptor.features
    var variation = font.variation
    variation.instance = descriptor.variation.instance ?? variation.instance
    if let text = configured.variations, let parsed = try? FontVariation(parsing: text) {
      for setting in parsed.settings {
        variation = variation.setting(setting.tag, to: setting.value)
      }
    }
    for setting in descriptor.variation.settings {
      variation = variation.setting(setting.tag, to: setting.value)
    }
    return ResolvedFontDescriptor(
      descriptor: descriptor, font: font, features: features, variation: variation,
      configuredFeatures: configured.features, configuredVariations: configured.variations,
      warnings: warnings)
  }

  /// The configuration's `fontfeatures` (each string as written) and `fontvariations` for
  /// `font` at `size` pixels; cached like ``rendering(for:size:)``.
  func configuredSettings(for font: FontFile, size: Double) throws(FontError)
    -> (features: [String], variations: String?)
  {
    let key = "configured?\(font.index)|\(size)|\(font.path)"
    let lines = try cachedLines(key) { config in
      Self.withPreparedFace(config, font: font, size: size) { pattern in
        Self.strings(pattern, FC_FONT_FEATURES).map { "f" + $0 }
          + Self.strings(pattern, FC_FONT_VARIATIONS).prefix(1).map { "v" + $0 }
      } ?? []
    }
    return (
      lines.filter { $0.hasPrefix("f") }.map { String($0.dropFirst()) },
      lines.first { $0.hasPrefix("v") }.map { String($0.dropFirst()) }
    )
  }
}
