import CFontconfig

extension FontCatalog {
  /// How the desktop renders `font` at `size` pixels: fontconfig's `hinting`, `hintstyle`,
  /// `autohint`, `antialias`, `rgba`, `lcdfilter` and `embolden` for it.
  ///
  /// The request (the face's family at `size` pixels) goes through the configuration's pattern
  /// rules and fontconfig's defaults, then is prepared against the face's own pattern, which
  /// applies the rules that test the font (such as Debian's `20-unhint-small-dejavu`): the same
  /// steps `FcFontMatch` takes before cairo reads the result. The settings are mapped as cairo
  /// maps them: `antialias` false is no anti-aliasing, an `rgba` stripe order is subpixel
  /// anti-aliasing, `hinting` false is no hinting whatever the hint style.
  ///
  ///     let rendering = try catalog.rendering(for: font.file, size: 14)  // hintslight, gray
  ///
  /// The corresponding C functions are `FcConfigSubstitute`, `FcDefaultSubstitute` and
  /// `FcFontRenderPrepare`.
  ///
  /// - Parameters:
  ///   - font: The face; a file fontconfig does not list is read with `FcFreeTypeQuery`.
  ///   - size: The size in pixels per em.
  /// - Returns: The settings; unhinted gray when fontconfig cannot answer.
  /// - Throws: ``FontError`` when the configuration cannot be loaded.
  public func rendering(for font: FontFile, size: Double) throws(FontError) -> GlyphRendering {
    let key = "rendering?\(font.index)|\(size)|\(font.path)"
    let lines = try cachedLines(key) { config in
      [Self.rendering(config, font: font, size: size).cacheLine]
    }
    return lines.first.flatMap(GlyphRendering.init(cacheLine:)) ?? .unhinted
  }

  private static func rendering(_ config: OpaquePointer, font: FontFile, size: Double)
    -> GlyphRendering
  {
    withPreparedFace(config, font: font, size: size) { rendering(of: $0) } ?? .unhinted
  }

  /// Runs `body` over the pattern fontconfig prepares for drawing `font` at `size` pixels (the
  /// face's family through the configuration's pattern rules and the defaults, then prepared
  /// against the face's pattern, which applies the rules that test the font); `nil` when the
  /// configuration's substitution fails.
  static func withPreparedFace<R>(
    _ config: OpaquePointer, font: FontFile, size: Double, _ body: (OpaquePointer) -> R
  ) -> R? {
    guard let request = FcPatternCreate() else { return nil }
    defer { FcPatternDestroy(request) }
    // The face's pattern: from the configuration's font set, else read from the file.
    var owned: OpaquePointer?
    defer { if let owned { FcPatternDestroy(owned) } }
    var face = listedPattern(config, font: font)
    if face == nil {
      var count: Int32 = 0
      owned = FcFreeTypeQuery(font.path, UInt32(truncatingIfNeeded: font.index), nil, &count)
      face = owned
    }
    if let face {
      var family: UnsafeMutablePointer<FcChar8>?
      var position: Int32 = 0
      while FcPatternGetString(face, FC_FAMILY, position, &family) == FcResultMatch, let family {
        _ = FcPatternAddString(request, FC_FAMILY, family)
        position += 1
      }
    }
    _ = FcPatternAddDouble(request, FC_PIXEL_SIZE, size)
    guard FcConfigSubstitute(config, request, FcMatchPattern) == FcTrue else { return nil }
    FcDefaultSubstitute(request)
    let prepared = face.flatMap { FcFontRenderPrepare(config, request, $0) }
    defer { if let prepared { FcPatternDestroy(prepared) } }
    return body(prepared ?? request)
  }

  /// The pattern of `font` in the configuration's font set, borrowed from the configuration.
  private static func listedPattern(_ config: OpaquePointer, font: FontFile) -> OpaquePointer? {
    guard let set = FcConfigGetFonts(config, FcSetSystem) else { return nil }
    let fonts = UnsafeBufferPointer(start: set.pointee.fonts, count: Int(set.pointee.nfont))
    for case let pattern? in fonts {
      var file: UnsafeMutablePointer<FcChar8>?
      var index: Int32 = 0
      guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file,
        FcPatternGetInteger(pattern, FC_INDEX, 0, &index) == FcResultMatch,
        Int(index) == font.index
      else { continue }
      if String(cString: file) == font.path { return pattern }
    }
    return nil
  }

  /// Reads the rendering properties of a prepared pattern as cairo does.
  private static func rendering(of pattern: OpaquePointer) -> GlyphRendering {
    func bool(_ object: String, _ fallback: Bool) -> Bool {
      var value: FcBool = 0
      guard FcPatternGetBool(pattern, object, 0, &value) == FcResultMatch else { return fallback }
      return value != 0
    }
    func integer(_ object: String) -> Int32? {
      var value: Int32 = 0
      guard FcPatternGetInteger(pattern, object, 0, &value) == FcResultMatch else { return nil }
      return value
    }
    var result = GlyphRendering(hinting: .full)
    switch integer(FC_HINT_STYLE) {
    case Int32(FC_HINT_NONE): result.hinting = .none
    case Int32(FC_HINT_SLIGHT): result.hinting = .slight
    case Int32(FC_HINT_MEDIUM): result.hinting = .medium
    default: result.hinting = .full
    }
    if !bool(FC_HINTING, true) { result.hinting = .none }
    let order: GlyphRendering.SubpixelOrder? =
      switch integer(FC_RGBA) {
      case Int32(FC_RGBA_RGB): .rgb
      case Int32(FC_RGBA_BGR): .bgr
      case Int32(FC_RGBA_VRGB): .vrgb
      case Int32(FC_RGBA_VBGR): .vbgr
      default: nil
      }
    if !bool(FC_ANTIALIAS, true) {
      result.antialias = .none
    } else if let order {
      result.antialias = .subpixel
      result.subpixelOrder = order
    }
    result.lcdFilter =
      switch integer(FC_LCD_FILTER) {
      case Int32(FC_LCD_NONE): .none
      case Int32(FC_LCD_LIGHT): .light
      case Int32(FC_LCD_LEGACY): .legacy
      default: .default
      }
    result.autohint = bool(FC_AUTOHINT, false)
    result.embolden = bool(FC_EMBOLDEN, false)
    return result
  }
}
