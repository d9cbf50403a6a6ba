import CFreeType
import CHarfBuzz

/// A FreeType library instance.
///
/// One per task: FreeType objects are not thread-safe.
///
/// The corresponding C function is `FT_Init_FreeType`.
final class FreeTypeLibrary {
  let handle: FT_Library

  init() throws(TextError) {
    var library: FT_Library?
    let error = FT_Init_FreeType(&library)
    guard error == 0, let library else {
      throw .libraryFailure(call: "FT_Init_FreeType", code: error)
    }
    handle = library
  }

  deinit { FT_Done_FreeType(handle) }
}

/// What a loaded face is: the file, the variation and the size.
struct FaceKey: Hashable, Sendable {
  var font: FontFile
  var variation: FontVariation
  var size: Double
}

/// An open FreeType face at one size and variation, with the HarfBuzz font over it.
///
/// Owns its `FT_Face` and `hb_font_t`; the HarfBuzz font holds its own reference to the face
/// (`hb_ft_font_create_referenced`). Never shared between tasks.
final class FreeTypeFace {
  /// Keeps the library alive as long as the face.
  let library: FreeTypeLibrary
  let key: FaceKey
  /// Unique within the process, for glyph cache keys.
  let id: Int
  let face: FT_Face
  /// `hb_font_t *`, owned.
  let hbFont: OpaquePointer
  /// Pixels per font position unit: 1/64 for outline fonts; bitmap strikes are scaled to size.
  let positionScale: Double
  /// For bitmap-only faces (color emoji): requested size / strike size; 1 otherwise.
  let bitmapScale: Double
  let isScalable: Bool
  let hasColor: Bool
  /// In pixels, positive up.
  let ascent: Double
  /// In pixels, positive down.
  let descent: Double
  let lineHeight: Double
  let familyName: String

  /// Opens `key.font` at `key.size` pixels with `key.variation` applied.
  ///
  /// The corresponding C functions are `FT_New_Face`, `FT_Set_Char_Size`,
  /// `FT_Set_Var_Design_Coordinates` and `hb_ft_font_create_referenced`.
  init(library: FreeTypeLibrary, key: FaceKey, id: Int) throws(TextError) {
    guard TextLayoutLimits.fontSizes.contains(key.size) else {
      throw .invalidFontSize(key.size, range: TextLayoutLimits.fontSizes)
    }
    var opened: FT_Face?
    let error = FT_New_Face(library.handle, key.font.path, FT_Long(key.font.index), &opened)
    guard error == 0, let face = opened else {
      throw .unreadableFont(path: key.font.path, index: key.font.index)
    }
    var keep = false
    defer { if !keep { FT_Done_Face(face) } }

    let flags = face.pointee.face_flags
    let scalable = flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0
    var bitmapScale = 1.0
    if scalable {
      let charSize = FT_F26Dot6((key.size * 64).rounded())
      let sizeError = FT_Set_Char_Size(face, 0, charSize, 72, 72)
      guard sizeError == 0 else {
        throw .libraryFailure(call: "FT_Set_Char_Size", code: sizeError)
      }
    } else {
      // A bitmap font (such as Noto Color Emoji): choose the smallest strike at least as large
      // as the request, else the largest, and scale its bitmaps.
      let count = Int(face.pointee.num_fixed_sizes)
      guard count > 0, let sizes = face.pointee.available_sizes else {
        throw .unreadableFont(path: key.font.path, index: key.font.index)
      }
      var best = 0
      var bestPPEM = 0.0
      for index in 0..<count {
        let ppem = Double(sizes[index].y_ppem) / 64
        let better =
          index == 0
          || (bestPPEM < key.size ? ppem > bestPPEM : (ppem >= key.size && ppem < bestPPEM))
        if better {
          best = index
          bestPPEM = ppem
        }
      }
      let selectError = FT_Select_Size(face, FT_Int(best))
      guard selectError == 0, bestPPEM > 0 else {
        throw .libraryFailure(call: "FT_Select_Size", code: selectError)
      }
      bitmapScale = key.size / bestPPEM
    }
    try Self.applyVariation(key.variation, to: face, library: library.handle)

    guard let hbFont = hb_ft_font_create_referenced(face) else {
      throw .libraryFailure(call: "hb_ft_font_create_referenced", code: 0)
    }
    hb_ft_font_set_load_flags(hbFont, Int32(FT_LOAD_NO_HINTING))
    hb_ft_font_changed(hbFont)

    let metrics = face.pointee.size.pointee.metrics
    let ascent: Double
    let descent: Double
    let height: Double
    if scalable {
      // Design units scaled exactly (size metrics are rounded to whole pixels).
      let perUnit = key.size / Double(max(face.pointee.units_per_EM, 1))
      ascent = Double(face.pointee.ascender) * perUnit
      descent = -Double(face.pointee.descender) * perUnit
      height = Double(face.pointee.height) * perUnit
    } else {
      ascent = Double(metrics.ascender) / 64 * bitmapScale
      descent = -Double(metrics.descender) / 64 * bitmapScale
      height = Double(metrics.height) / 64 * bitmapScale
    }
    self.library = library
    self.key = key
    self.id = id
    self.face = face
    self.hbFont = hbFont
    self.isScalable = scalable
    self.bitmapScale = bitmapScale
    self.positionScale = bitmapScale / 64
    self.hasColor = cfreetype_has_color(face) != 0
    self.ascent = max(ascent, 0)
    self.descent = max(descent, 0)
    self.lineHeight = max(height, ascent + descent, key.size)
    self.familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
    keep = true
  }

  deinit {
    hb_font_destroy(hbFont)
    FT_Done_Face(face)
  }

  /// Whether the face maps `scalar` to a glyph (through its character map).
  ///
  /// The corresponding C function is `FT_Get_Char_Index`.
  func covers(_ scalar: UInt32) -> Bool {
    FT_Get_Char_Index(face, FT_ULong(scalar)) != 0
  }

  /// The first `limit` characters the face maps, skipping controls and spaces.
  func sampleCharacters(limit: Int) -> [Unicode.Scalar] {
    var result: [Unicode.Scalar] = []
    var glyph: FT_UInt = 0
    var code = FT_Get_First_Char(face, &glyph)
    while glyph != 0 && result.count < limit {
      if let scalar = Unicode.Scalar(UInt32(truncatingIfNeeded: code)),
        scalar.value > 0x20, !(0x7F...0xA0).contains(scalar.value),
        scalar.properties.generalCategory != .control,
        scalar.properties.generalCategory != .privateUse
      {
        result.append(scalar)
      }
      code = FT_Get_Next_Char(face, code, &glyph)
    }
    return result
  }

  /// The OpenType feature tags of the face's GSUB and GPOS tables, sorted, without repeats.
  ///
  /// The corresponding C function is `hb_ot_layout_table_get_feature_tags`.
  func featureTags() -> [String] {
    guard let hbFace = hb_font_get_face(hbFont) else { return [] }
    var tags: Set<String> = []
    for table in [UInt32(0x4753_5542), UInt32(0x4750_4F53)] {  // 'GSUB', 'GPOS'
      var start: UInt32 = 0
      while true {
        var chunk = [hb_tag_t](repeating: 0, count: 64)
        var count = UInt32(chunk.count)
        let total = hb_ot_layout_table_get_feature_tags(hbFace, table, start, &count, &chunk)
        for tag in chunk.prefix(Int(count)) { tags.insert(Self.tagString(tag)) }
        start += count
        if count == 0 || start >= total { break }
      }
    }
    return tags.sorted()
  }

  // MARK: - Variations

  /// Sets the named instance and axis values of a variable font.
  private static func applyVariation(
    _ variation: FontVariation, to face: FT_Face, library: FT_Library
  ) throws(TextError) {
    guard variation.instance != nil || !variation.settings.isEmpty else { return }
    let isVariable = cfreetype_has_multiple_masters(face) != 0
    var master: UnsafeMutablePointer<FT_MM_Var>?
    if isVariable {
      let error = FT_Get_MM_Var(face, &master)
      guard error == 0 else { throw .libraryFailure(call: "FT_Get_MM_Var", code: error) }
    }
    defer { if let master { FT_Done_MM_Var(library, master) } }
    guard let master else {
      // A static font: a weight request is answered by choosing a face, not here.
      if let instance = variation.instance { throw .unknownInstance(instance, available: []) }
      if let setting = variation.settings.first(where: { $0.tag != "wght" }) {
        throw .unknownAxis(setting.tag, available: [])
      }
      return
    }
    let axisCount = Int(master.pointee.num_axis)
    let axes = UnsafeBufferPointer(start: master.pointee.axis, count: axisCount)
    var coordinates = axes.map { $0.def }
    let tags = axes.map { tagString(UInt32(truncatingIfNeeded: $0.tag)) }

    if let instance = variation.instance {
      let names = instanceNames(face: face, master: master)
      let wanted = normalized(instance)
      guard let found = names.firstIndex(where: { normalized($0) == wanted }),
        let styles = master.pointee.namedstyle
      else { throw .unknownInstance(instance, available: names) }
      let style = styles[found]
      for axis in 0..<axisCount { coordinates[axis] = style.coords[axis] }
    }
    for setting in variation.settings {
      guard let axis = tags.firstIndex(of: setting.tag) else {
        throw .unknownAxis(setting.tag, available: tags)
      }
      let low = Double(axes[axis].minimum) / 65_536
      let high = Double(axes[axis].maximum) / 65_536
      let value = min(max(setting.value, low), high)
      coordinates[axis] = FT_Fixed((value * 65_536).rounded())
    }
    let error = coordinates.withUnsafeMutableBufferPointer { buffer in
      FT_Set_Var_Design_Coordinates(face, FT_UInt(axisCount), buffer.baseAddress)
    }
    guard error == 0 else {
      throw .libraryFailure(call: "FT_Set_Var_Design_Coordinates", code: error)
    }
  }

  /// The names of a variable font's named instances, from its `name` table.
  private static func instanceNames(face: FT_Face, master: UnsafeMutablePointer<FT_MM_Var>)
    -> [String]
  {
    let count = Int(master.pointee.num_namedstyles)
    guard count > 0, let styles = master.pointee.namedstyle else { return [] }
    var byID: [UInt32: String] = [:]
    let nameCount = FT_Get_Sfnt_Name_Count(face)
    var entry = FT_SfntName()
    for index in 0..<nameCount where FT_Get_Sfnt_Name(face, index, &entry) == 0 {
      let id = UInt32(entry.name_id)
      guard byID[id] == nil || entry.platform_id == 3, let bytes = entry.string else { continue }
      let buffer = UnsafeBufferPointer(start: bytes, count: Int(entry.string_len))
      if entry.platform_id == 3 || entry.platform_id == 0 {
        var units: [UInt16] = []
        var offset = 0
        while offset + 1 < buffer.count {
          units.append(UInt16(buffer[offset]) << 8 | UInt16(buffer[offset + 1]))
          offset += 2
        }
        byID[id] = String(decoding: units, as: UTF16.self)
      } else if byID[id] == nil {
        byID[id] = String(decoding: buffer, as: UTF8.self)
      }
    }
    return (0..<count).map { byID[UInt32(styles[$0].strid)] ?? "instance \($0 + 1)" }
  }

  private static func normalized(_ name: String) -> String {
    String(name.lowercased().filter { $0 != " " && $0 != "-" })
  }

  static func tagString(_ tag: UInt32) -> String {
    let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> UInt32($0)) }
    return String(decoding: bytes, as: UTF8.self).filter { $0 != " " }
  }

  /// The named instances and axes of the face, for listings and error messages.
  func variationAxes() -> [String] {
    guard cfreetype_has_multiple_masters(face) != 0 else { return [] }
    var master: UnsafeMutablePointer<FT_MM_Var>?
    guard FT_Get_MM_Var(face, &master) == 0, let master else { return [] }
    defer { FT_Done_MM_Var(library.handle, master) }
    let axes = UnsafeBufferPointer(start: master.pointee.axis, count: Int(master.pointee.num_axis))
    return axes.map { Self.tagString(UInt32(truncatingIfNeeded: $0.tag)) }
  }
}
