import CHarfBuzz

/// Shapes one item of text with HarfBuzz over a FreeType face.
enum TextShaper {
  /// Shapes `scalars[range]` (the rest of `scalars` is context for joining) in `face`, with
  /// the style's language, script and features.
  ///
  /// Hinted styles get whole-pixel advances and offsets, as pango rounds glyph positions.
  ///
  /// The corresponding C functions are `hb_buffer_add_codepoints` and `hb_shape`.
  ///
  /// - Returns: Glyphs in visual order, positions in pixels; clusters index into `scalars`.
  static func shape(
    _ scalars: [UInt32], range: Range<Int>, face: FreeTypeFace, rightToLeft: Bool,
    script: UInt32, style: TextStyle
  ) -> [ShapedGlyph] {
    var glyphs = shape(
      scalars, range: range, face: face, rightToLeft: rightToLeft,
      script: style.script.map(FontFeature.scriptValue) ?? script, language: style.language,
      features: style.features)
    if style.rendering.snapsToPixels {
      for index in glyphs.indices {
        glyphs[index].xAdvance.round()
        glyphs[index].yAdvance.round()
        glyphs[index].xOffset.round()
        glyphs[index].yOffset.round()
      }
    }
    return glyphs
  }

  /// Shapes `scalars[range]` (the rest of `scalars` is context for joining) in `face`.
  ///
  /// The corresponding C functions are `hb_buffer_add_codepoints` and `hb_shape`.
  ///
  /// - Returns: Glyphs in visual order, positions in pixels; clusters index into `scalars`.
  static func shape(
    _ scalars: [UInt32], range: Range<Int>, face: FreeTypeFace, rightToLeft: Bool,
    script: UInt32, language: String?, features: [FontFeature] = []
  ) -> [ShapedGlyph] {
    guard !range.isEmpty, let buffer = hb_buffer_create() else { return [] }
    defer { hb_buffer_destroy(buffer) }
    scalars.withUnsafeBufferPointer { text in
      hb_buffer_add_codepoints(
        buffer, text.baseAddress, Int32(text.count), UInt32(range.lowerBound), Int32(range.count))
    }
    hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    hb_buffer_set_script(buffer, hb_script_t(rawValue: script))
    if let language {
      hb_buffer_set_language(buffer, hb_language_from_string(language, -1))
    }
    hb_buffer_guess_segment_properties(buffer)
    if features.isEmpty {
      hb_shape(face.hbFont, buffer, nil, 0)
    } else {
      let settings = features.map(\.harfBuzz)
      settings.withUnsafeBufferPointer { settings in
        hb_shape(face.hbFont, buffer, settings.baseAddress, UInt32(settings.count))
      }
    }

    var count: UInt32 = 0
    guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
      let positions = hb_buffer_get_glyph_positions(buffer, &count)
    else { return [] }
    let scale = face.positionScale
    var glyphs: [ShapedGlyph] = []
    glyphs.reserveCapacity(Int(count))
    for index in 0..<Int(count) {
      let info = infos[index]
      let position = positions[index]
      glyphs.append(
        ShapedGlyph(
          id: info.codepoint, cluster: Int(info.cluster),
          xAdvance: Double(position.x_advance) * scale,
          yAdvance: Double(position.y_advance) * scale,
          xOffset: Double(position.x_offset) * scale,
          yOffset: Double(position.y_offset) * scale))
    }
    return glyphs
  }

  /// The Unicode script of a scalar as an ISO 15924 tag value (HarfBuzz's tables).
  ///
  /// The corresponding C function is `hb_unicode_script`.
  static func script(of scalar: UInt32) -> UInt32 {
    hb_unicode_script(hb_unicode_funcs_get_default(), scalar).rawValue
  }

  static let commonScript = HB_SCRIPT_COMMON.rawValue
  static let inheritedScript = HB_SCRIPT_INHERITED.rawValue
  static let unknownScript = HB_SCRIPT_UNKNOWN.rawValue
}
