import CFreeType

/// A rendered glyph: a coverage mask, or premultiplied RGBA pixels for color glyphs.
struct GlyphBitmap {
  var width: Int
  var height: Int
  /// Pixels from the pen position to the bitmap's left edge.
  var left: Int
  /// Pixels from the baseline up to the bitmap's top edge.
  var top: Int
  var isColor: Bool
  /// One byte per pixel (coverage), four (premultiplied RGBA) when `isColor`, or three (red,
  /// green and blue coverage) when `isSubpixel`.
  var pixels: [UInt8]
  var isSubpixel = false

  static let empty = GlyphBitmap(width: 0, height: 0, left: 0, top: 0, isColor: false, pixels: [])
}

/// Renders glyphs with FreeType and caches them by face, size, glyph and subpixel offset.
///
/// Outlines are rendered with a ``GlyphRendering``'s settings, as cairo applies fontconfig's:
/// glyphs at whole pixels (as cairo draws them), or unhinted outlines at one of
/// ``subpixelSteps`` horizontal offsets when subpixel positioning is asked for, so glyphs keep
/// their shaped positions; hinting with the hint style's FreeType load target;
/// one-bit, gray or subpixel (three coverages per pixel) anti-aliasing. Color bitmap
/// glyphs (`FT_LOAD_COLOR`, BGRA strikes such as Noto Color Emoji) are converted to RGBA and
/// scaled to the requested size. Not thread-safe: one per task, like the faces it reads.
final class GlyphRasterizer {
  struct Key: Equatable {
    var face: Int
    var glyph: UInt32
    var subpixel: UInt8
    var rendering: GlyphRendering

    /// The face, glyph and offset mixed into one word.
    ///
    /// The rendering, the same for almost every glyph of a renderer, is left to `==`: hashing
    /// every field of it took ten `Hasher` calls a glyph (1.1 M instructions for a
    /// 2,000-character paragraph).
    var mixed: UInt64 {
      let word = UInt64(truncatingIfNeeded: face) &<< 40 ^ UInt64(glyph) &<< 3 ^ UInt64(subpixel)
      return (word ^ word >> 29) &* 0x9E37_79B9_7F4A_7C15
    }
  }

  /// Bitmaps by key: open addressing over ``slots`` rather than a `Dictionary`.
  ///
  /// The first `Dictionary` of a new key type makes the Swift runtime look for the key's
  /// `Hashable` conformance through every conformance in the binary: about 170 K
  /// instructions, more than a preview spends on all its lookups here.
  struct Cache {
    /// The keys and bitmaps, in the order they were added.
    private(set) var entries: [(key: Key, bitmap: GlyphBitmap)] = []
    /// Index + 1 into ``entries`` of each slot, 0 for an empty slot; a power of two at least
    /// twice as long as ``entries``.
    private var slots = [Int32](repeating: 0, count: 256)

    /// The bitmap cached for `key`, if any.
    func bitmap(for key: Key) -> GlyphBitmap? {
      let mask = slots.count - 1
      var slot = Int(truncatingIfNeeded: key.mixed >> 32) & mask
      while slots[slot] != 0 {
        let entry = entries[Int(slots[slot]) - 1]
        if entry.key == key { return entry.bitmap }
        slot = (slot + 1) & mask
      }
      return nil
    }

    /// Adds `bitmap` for `key`, which must not be cached yet.
    mutating func add(_ bitmap: GlyphBitmap, for key: Key) {
      if (entries.count + 1) * 2 > slots.count {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        for index in entries.indices { place(index) }
      }
      entries.append((key, bitmap))
      place(entries.count - 1)
    }

    /// Forgets every bitmap.
    mutating func removeAll() {
      entries.removeAll(keepingCapacity: true)
      for index in slots.indices { slots[index] = 0 }
    }

    /// Puts entry `index` in the first free slot from its key's.
    private mutating func place(_ index: Int) {
      let mask = slots.count - 1
      var slot = Int(truncatingIfNeeded: entries[index].key.mixed >> 32) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(index + 1)
    }
  }

  /// Horizontal positions per pixel at which a glyph is rendered separately.
  static let subpixelSteps = 4
  /// Cached pixel bytes above which the cache is emptied.
  static let cacheLimit = 16 << 20

  private var cache = Cache()
  private var cachedBytes = 0
  /// How many glyphs were rendered (cache misses), for benchmarks.
  private(set) var renderedCount = 0
  /// How many of those FreeType could not load or render (a damaged font file).
  private(set) var failedCount = 0

  /// The bitmap of `glyph` in `face` shifted right by `subpixel / subpixelSteps` pixels.
  ///
  /// The corresponding C functions are `FT_Load_Glyph` and `FT_Render_Glyph`.
  func bitmap(
    _ face: FreeTypeFace, glyph: UInt32, subpixel: Int, rendering: GlyphRendering = .unhinted
  ) -> GlyphBitmap {
    let exact = rendering.subpixelPositioning && !rendering.snapsToPixels
    let shift = face.isScalable && exact ? subpixel : 0
    let key = Key(face: face.id, glyph: glyph, subpixel: UInt8(shift), rendering: rendering)
    if let cached = cache.bitmap(for: key) { return cached }
    let bitmap = render(face, glyph: glyph, subpixel: shift, rendering: rendering)
    renderedCount += 1
    if cachedBytes + bitmap.pixels.count > Self.cacheLimit {
      cache.removeAll()
      cachedBytes = 0
    }
    cache.add(bitmap, for: key)
    cachedBytes += bitmap.pixels.count
    return bitmap
  }

  /// FreeType's load flags for `rendering`, chosen as cairo chooses them.
  static func loadFlags(_ rendering: GlyphRendering) -> Int32 {
    var flags: Int32
    switch rendering.hinting {
    case .none: flags = Int32(FT_LOAD_NO_HINTING)
    case _ where rendering.antialias == .none: flags = cfreetype_load_target_mono()
    case .slight: flags = cfreetype_load_target_light()
    case .medium: flags = cfreetype_load_target_normal()
    case .full:
      flags =
        rendering.antialias != .subpixel
        ? cfreetype_load_target_normal()
        : rendering.subpixelOrder.isVertical
          ? cfreetype_load_target_lcd_v() : cfreetype_load_target_lcd()
    }
    if rendering.autohint { flags |= Int32(FT_LOAD_FORCE_AUTOHINT) }
    return flags
  }

  /// FreeType's render mode for `rendering`.
  static func renderMode(_ rendering: GlyphRendering) -> FT_Render_Mode {
    switch rendering.antialias {
    case .none: FT_RENDER_MODE_MONO
    case .gray: FT_RENDER_MODE_NORMAL
    case .subpixel:
      rendering.subpixelOrder.isVertical ? FT_RENDER_MODE_LCD_V : FT_RENDER_MODE_LCD
    }
  }

  private func render(
    _ face: FreeTypeFace, glyph: UInt32, subpixel: Int, rendering: GlyphRendering
  ) -> GlyphBitmap {
    var flags = Self.loadFlags(rendering)
    if face.hasColor { flags |= Int32(FT_LOAD_COLOR) }
    // The subpixel shift is applied by FreeType while loading the outline.
    var delta = FT_Vector(x: FT_Pos(subpixel * 64 / Self.subpixelSteps), y: 0)
    FT_Set_Transform(face.face, nil, &delta)
    let loaded = FT_Load_Glyph(face.face, glyph, flags)
    FT_Set_Transform(face.face, nil, nil)
    guard loaded == 0, let slot = face.face.pointee.glyph else {
      failedCount += 1
      return .empty
    }
    if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP {
      if rendering.embolden { FT_GlyphSlot_Embolden(slot) }
      let mode = Self.renderMode(rendering)
      if rendering.antialias == .subpixel {
        let filter: FT_LcdFilter =
          switch rendering.lcdFilter {
          case .none: FT_LCD_FILTER_NONE
          case .default: FT_LCD_FILTER_DEFAULT
          case .light: FT_LCD_FILTER_LIGHT
          case .legacy: FT_LCD_FILTER_LEGACY
          }
        _ = FT_Library_SetLcdFilter(face.library.handle, filter)
      }
      guard FT_Render_Glyph(slot, mode) == 0 else {
        failedCount += 1
        return .empty
      }
    }
    let source = slot.pointee.bitmap
    let width = Int(source.width)
    let height = Int(source.rows)
    let pitch = Int(source.pitch)
    guard width > 0, height > 0, let buffer = source.buffer else {
      return GlyphBitmap(
        width: 0, height: 0, left: 0, top: 0, isColor: false, pixels: [])
    }
    // Rows may run bottom-up when the pitch is negative.
    func row(_ y: Int) -> UnsafeMutablePointer<UInt8> {
      pitch >= 0 ? buffer + y * pitch : buffer + (height - 1 - y) * -pitch
    }
    let left = Int(slot.pointee.bitmap_left)
    let top = Int(slot.pointee.bitmap_top)
    switch source.pixel_mode {
    case UInt8(FT_PIXEL_MODE_GRAY.rawValue):
      let levels = max(Int(source.num_grays) - 1, 1)
      // FreeType's anti-aliased bitmaps have 256 levels: each row is copied as it is.
      let pixels = [UInt8](unsafeUninitializedCapacity: width * height) { target, count in
        guard let base = target.baseAddress else { return }
        for y in 0..<height {
          let line = row(y)
          let out = base + y * width
          if levels == 255 {
            out.initialize(from: line, count: width)
          } else {
            for x in 0..<width { out[x] = UInt8(Int(line[x]) * 255 / levels) }
          }
        }
        count = width * height
      }
      return GlyphBitmap(
        width: width, height: height, left: left, top: top, isColor: false, pixels: pixels)
    case UInt8(FT_PIXEL_MODE_LCD.rawValue), UInt8(FT_PIXEL_MODE_LCD_V.rawValue):
      // Three subpixels side by side (or stacked) per pixel, in FreeType's red-green-blue
      // order; a BGR screen takes them the other way round.
      let vertical = source.pixel_mode == UInt8(FT_PIXEL_MODE_LCD_V.rawValue)
      let columns = vertical ? width : width / 3
      let rows = vertical ? height / 3 : height
      let reversed = rendering.subpixelOrder == .bgr || rendering.subpixelOrder == .vbgr
      var pixels = [UInt8](repeating: 0, count: columns * rows * 3)
      for y in 0..<rows {
        for x in 0..<columns {
          for channel in 0..<3 {
            let value = vertical ? row(y * 3 + channel)[x] : row(y)[x * 3 + channel]
            pixels[(y * columns + x) * 3 + (reversed ? 2 - channel : channel)] = value
          }
        }
      }
      return GlyphBitmap(
        width: columns, height: rows, left: left, top: top, isColor: false, pixels: pixels,
        isSubpixel: true)
    case UInt8(FT_PIXEL_MODE_MONO.rawValue):
      var pixels = [UInt8](repeating: 0, count: width * height)
      for y in 0..<height {
        let line = row(y)
        for x in 0..<width where line[x >> 3] & (0x80 >> UInt8(x & 7)) != 0 {
          pixels[y * width + x] = 255
        }
      }
      return GlyphBitmap(
        width: width, height: height, left: left, top: top, isColor: false, pixels: pixels)
    case UInt8(FT_PIXEL_MODE_BGRA.rawValue):
      var pixels = [UInt8](repeating: 0, count: width * height * 4)
      for y in 0..<height {
        let line = row(y)
        for x in 0..<width {
          let offset = (y * width + x) * 4
          pixels[offset] = line[x * 4 + 2]
          pixels[offset + 1] = line[x * 4 + 1]
          pixels[offset + 2] = line[x * 4]
          pixels[offset + 3] = line[x * 4 + 3]
        }
      }
      let bitmap = GlyphBitmap(
        width: width, height: height, left: left, top: top, isColor: true, pixels: pixels)
      return face.bitmapScale == 1 ? bitmap : Self.scaled(bitmap, by: face.bitmapScale)
    default:
      return .empty
    }
  }

  /// Resamples premultiplied RGBA by area averaging (each target pixel averages the source
  /// area it covers), which keeps edges smooth when a 109 px emoji is drawn at 24 px.
  static func scaled(_ bitmap: GlyphBitmap, by scale: Double) -> GlyphBitmap {
    let targetWidth = max(1, Int((Double(bitmap.width) * scale).rounded()))
    let targetHeight = max(1, Int((Double(bitmap.height) * scale).rounded()))
    let sx = Double(bitmap.width) / Double(targetWidth)
    let sy = Double(bitmap.height) / Double(targetHeight)
    var pixels = [UInt8](repeating: 0, count: targetWidth * targetHeight * 4)
    for ty in 0..<targetHeight {
      let y0 = Double(ty) * sy
      let y1 = y0 + sy
      for tx in 0..<targetWidth {
        let x0 = Double(tx) * sx
        let x1 = x0 + sx
        var sum: (Double, Double, Double, Double) = (0, 0, 0, 0)
        var total = 0.0
        var y = Int(y0)
        while Double(y) < y1 && y < bitmap.height {
          let wy = min(Double(y + 1), y1) - max(Double(y), y0)
          var x = Int(x0)
          while Double(x) < x1 && x < bitmap.width {
            let weight = wy * (min(Double(x + 1), x1) - max(Double(x), x0))
            let offset = (y * bitmap.width + x) * 4
            sum.0 += Double(bitmap.pixels[offset]) * weight
            sum.1 += Double(bitmap.pixels[offset + 1]) * weight
            sum.2 += Double(bitmap.pixels[offset + 2]) * weight
            sum.3 += Double(bitmap.pixels[offset + 3]) * weight
            total += weight
            x += 1
          }
          y += 1
        }
        guard total > 0 else { continue }
        let offset = (ty * targetWidth + tx) * 4
        pixels[offset] = UInt8(min(sum.0 / total + 0.5, 255))
        pixels[offset + 1] = UInt8(min(sum.1 / total + 0.5, 255))
        pixels[offset + 2] = UInt8(min(sum.2 / total + 0.5, 255))
        pixels[offset + 3] = UInt8(min(sum.3 / total + 0.5, 255))
      }
    }
    return GlyphBitmap(
      width: targetWidth, height: targetHeight,
      left: Int((Double(bitmap.left) * scale).rounded()),
      top: Int((Double(bitmap.top) * scale).rounded()), isColor: true, pixels: pixels)
  }
}
