extension FontCatalog {
  /// Draws a font preview: the one entry point behind `pickers font preview`, the terminal
  /// picker's preview and the font window.
  ///
  /// The face is resolved as ``resolve(_:)-(PreviewRequest)`` resolves it (a pattern is drawn as fontconfig's
  /// match, with a warning). Without ``PreviewRequest/text`` the font's own sample is drawn, in
  /// the sample's language unless the request names one. Fallback fonts are asked for only when
  /// the font lacks a character of the text or the text has an emoji that wants color (a color
  /// emoji font then draws it even where the font has a plain glyph). A picture in which
  /// nothing could be drawn is refused as a damaged font; some glyphs left out is a warning.
  ///
  ///     let result = try catalog.render(PreviewRequest(family: "DejaVu Sans", text: "Hi 😀"))
  ///     let picture = result.image
  ///
  /// - Parameters:
  ///   - request: What to draw.
  ///   - renderer: A renderer to reuse (its open faces and glyph cache), or `nil` for a new one.
  /// - Returns: The picture and its warnings.
  /// - Throws: ``FontError`` for an unknown family or pattern; ``TextError`` for a font that
  ///   cannot be read; ``RenderError`` for bad sizes, empty text, a damaged font, or a picture
  ///   over the pixel limit (checked before it is allocated).
  public func render(_ request: PreviewRequest, renderer: TextRenderer? = nil) throws
    -> PreviewResult
  {
    try render(resolved: resolve(request), renderer: renderer)
  }

  /// Draws a request whose face and style ``resolve(_:)-(PreviewRequest)`` has chosen, as
  /// ``render(_:renderer:)`` draws it.
  ///
  /// - Parameters:
  ///   - preview: The resolved request.
  ///   - renderer: A renderer to reuse, or `nil` for a new one.
  /// - Returns: The picture, and the resolution's warnings followed by the drawing's.
  /// - Throws: The errors of ``render(_:renderer:)`` after resolution.
  public func render(resolved preview: ResolvedPreview, renderer: TextRenderer? = nil) throws
    -> PreviewResult
  {
    let renderer = try renderer ?? TextRenderer()
    let request = preview.request
    var style = preview.style
    let text = try renderer.typesetter.previewText(request.text, style: &style)
    let options = PreviewOptions(
      style: style, foreground: request.foreground.rgba8, background: request.background.rgba8,
      padding: request.padding, width: request.width)
    return try PreviewDrawing.draw(
      text, options: options, font: preview.font, fallback: request.usesFallback ? self : nil,
      renderer: renderer, warnings: preview.warnings)
  }

  /// Chooses the face and the text style of `request`.
  ///
  /// The request's ``PreviewRequest/descriptor`` is resolved by
  /// ``resolve(_:)-(FontDescriptor)``: a family name exactly (its face closest to the weight),
  /// else a fontconfig pattern, drawn as fontconfig's match with a
  /// ``PreviewWarning/patternMatched(pattern:family:style:)``, else a font file's path; the
  /// configuration's `fontfeatures` and `fontvariations` for the face come before the
  /// request's own. The rendering settings are fontconfig's for the face at the size
  /// (``rendering(for:size:)``), each replaced by the request's when it names one.
  ///
  ///     let resolved = try catalog.resolve(PreviewRequest(family: "monospace", size: 14))
  ///     resolved.style.rendering.hinting  // .slight
  ///
  /// - Parameter request: What to draw.
  /// - Returns: The face, the style and the warnings of choosing them.
  /// - Throws: ``FontError`` for an unknown family, a malformed or unmatched pattern, an
  ///   unreadable path, or a configuration that cannot be loaded.
  public func resolve(_ request: PreviewRequest) throws(FontError) -> ResolvedPreview {
    let resolved = try resolve(request.descriptor)
    let style = TextStyle(
      font: resolved.face, size: request.size, variation: resolved.variation,
      language: request.language, script: request.script, features: resolved.features,
      rendering: try rendering(for: request, font: resolved.face))
    return ResolvedPreview(
      request: request, font: resolved.font, style: style, warnings: resolved.warnings)
  }

  /// fontconfig's rendering settings for `font` at the request's size, with the request's
  /// hinting, anti-aliasing and subpixel positioning; fontconfig is not asked when the request
  /// names both the hinting and the anti-aliasing.
  private func rendering(for request: PreviewRequest, font: FontFile) throws(FontError)
    -> GlyphRendering
  {
    var rendering =
      if request.hinting != nil && request.antialias != nil {
        GlyphRendering.unhinted
      } else {
        try rendering(for: font, size: request.size)
      }
    if let hinting = request.hinting { rendering.hinting = hinting }
    if let antialias = request.antialias { rendering.antialias = antialias }
    rendering.subpixelPositioning = request.subpixelPositioning
    return rendering
  }
}

extension Typesetter {
  /// `text`, or the sample that suits `style`'s font when it is `nil`; a sample's language
  /// (unless undetermined) becomes the style's when the style names none.
  ///
  /// The one rule of previews and specimen rows.
  func previewText(_ text: String?, style: inout TextStyle) throws(TextError) -> String {
    if let text { return text }
    let sample = try sample(for: style.font)
    if style.language == nil && sample.language != "und" { style.language = sample.language }
    return sample.text
  }
}

/// Drawing a preview's text in its resolved font: fallback fonts only where they are needed,
/// the gray canvas when the colors allow it, and a picture with nothing drawn refused.
enum PreviewDrawing {
  /// Draws `sample`; the glyph counts are those of this drawing alone, so a reused renderer
  /// (whose counters run on) is judged on this picture.
  ///
  /// - Parameters:
  ///   - sample: The text to draw.
  ///   - options: Style, colors, padding and width (their fallback is replaced).
  ///   - font: The resolved primary font.
  ///   - catalog: Where fallback fonts come from; `nil` for none.
  ///   - renderer: The renderer to draw with.
  ///   - allowsGray: Whether opaque gray text may be drawn one byte a pixel.
  ///   - warnings: The warnings so far; one for glyphs that could not be drawn is added.
  /// - Returns: The picture and the warnings.
  /// - Throws: ``RenderError/text(_:)`` for text with nothing visible,
  ///   ``RenderError/damagedFont(path:)`` when no glyph could be drawn.
  static func draw(
    _ sample: String, options: PreviewOptions, font: ResolvedFont, fallback catalog: FontCatalog?,
    renderer: TextRenderer, allowsGray: Bool = true, warnings: [PreviewWarning] = []
  ) throws -> PreviewResult {
    let options = try prepared(
      sample, options: options, font: font, catalog: catalog, renderer: renderer)
    let failedBefore = renderer.glyphsFailed
    let renderedBefore = renderer.glyphsRendered
    func result(_ pixels: PreviewResult.Pixels, uniform: Bool) throws(RenderError)
      -> PreviewResult
    {
      // FreeType opens some damaged files but cannot load their glyphs, or loads them empty:
      // a uniform picture where visible text was asked for, or no glyph drawn, is an error.
      let failed = renderer.glyphsFailed - failedBefore
      let rendered = renderer.glyphsRendered - renderedBefore
      if (options.foreground != options.background && uniform)
        || (failed > 0 && failed == rendered)
      {
        throw .damagedFont(path: font.file.path)
      }
      var warnings = warnings
      if failed > 0 {
        warnings.append(.glyphsNotDrawn(failed: failed, rendered: rendered, path: font.file.path))
      }
      return PreviewResult(pixels: pixels, font: font, warnings: warnings)
    }
    if allowsGray, let canvas = try Preview.renderGray(sample, options: options, renderer: renderer)
    {
      return try result(.gray(canvas), uniform: canvas.isUniform)
    }
    let image = try Preview.render(sample, options: options, renderer: renderer)
    return try result(.rgba(image), uniform: image.isUniform)
  }

  /// Checks the text and chooses fallback fonts when the font lacks a character, or when an
  /// emoji may want color.
  private static func prepared(
    _ sample: String, options: PreviewOptions, font: ResolvedFont, catalog: FontCatalog?,
    renderer: TextRenderer
  ) throws -> PreviewOptions {
    // Check the text before asking fontconfig about it.
    guard sample.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else {
      throw RenderError.text(.emptyText)
    }
    var options = options
    let needsFallback =
      try !renderer.typesetter.missingCharacters(in: sample, font: font.file).isEmpty
      || sample.unicodeScalars.contains { $0.value >= 0x80 && $0.properties.isEmojiPresentation }
    if let catalog, needsFallback {
      let familyName =
        font.family.isEmpty ? try renderer.typesetter.familyName(of: font.file) : font.family
      options.fallback = FontFallback(
        catalog: catalog, family: familyName, text: sample, language: options.style.language)
    }
    return options
  }
}
