import CFreeType

/// Reads the variation axes and named instances of a variable font through FreeType
/// (fontconfig reports only the weight, width and size ranges, not the axes themselves).
enum FontAxes {
  /// The axes and named instances of face `index` in `file`; empty when it is not variable.
  ///
  /// The corresponding C function is `FT_Get_MM_Var`.
  static func read(file: String, index: Int) -> (axes: [FontAxis], instances: [FontInstance]) {
    var library: FT_Library?
    guard FT_Init_FreeType(&library) == 0, let library else { return ([], []) }
    defer { FT_Done_FreeType(library) }
    var face: FT_Face?
    // The face number only: the instance bits would open one instance, not the variable face.
    guard FT_New_Face(library, file, index & 0xFFFF, &face) == 0, let face else { return ([], []) }
    defer { FT_Done_Face(face) }
    guard cfreetype_has_multiple_masters(face) != 0 else { return ([], []) }
    var variation: UnsafeMutablePointer<FT_MM_Var>?
    guard FT_Get_MM_Var(face, &variation) == 0, let variation else { return ([], []) }
    defer { FT_Done_MM_Var(library, variation) }

    let names = sfntNames(face)
    let count = Int(variation.pointee.num_axis)
    var axes: [FontAxis] = []
    for axis in UnsafeBufferPointer(start: variation.pointee.axis, count: count) {
      let name = names[axis.strid] ?? axis.name.map { String(cString: $0) } ?? ""
      axes.append(
        FontAxis(
          tag: tagString(axis.tag), name: name, minimum: fixed(axis.minimum),
          defaultValue: fixed(axis.def), maximum: fixed(axis.maximum)))
    }
    var instances: [FontInstance] = []
    let styles = UnsafeBufferPointer(
      start: variation.pointee.namedstyle, count: Int(variation.pointee.num_namedstyles))
    for style in styles {
      var coordinates: [String: Double] = [:]
      if let coords = style.coords {
        for (position, axis) in axes.enumerated() {
          coordinates[axis.tag] = fixed(coords[position])
        }
      }
      instances.append(FontInstance(name: names[style.strid] ?? "", coordinates: coordinates))
    }
    return (axes, instances)
  }

  /// A 16.16 fixed-point number as a double.
  ///
  /// Only the low 32 bits count: FreeType 2.12 reads named-instance coordinates from the font
  /// without sign extension (Inter's slant of -10 arrives as 0xFFF60000).
  private static func fixed(_ value: FT_Fixed) -> Double {
    Double(Int32(truncatingIfNeeded: value)) / 65_536
  }

  private static func tagString(_ tag: FT_ULong) -> String {
    let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> $0) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The name table's entries by name ID: Windows Unicode English first, else Mac Roman.
  private static func sfntNames(_ face: FT_Face) -> [FT_UInt: String] {
    var windows: [FT_UInt: String] = [:]
    var mac: [FT_UInt: String] = [:]
    for position in 0..<FT_Get_Sfnt_Name_Count(face) {
      var entry = FT_SfntName()
      guard FT_Get_Sfnt_Name(face, position, &entry) == 0, let bytes = entry.string else {
        continue
      }
      let buffer = UnsafeBufferPointer(start: bytes, count: Int(entry.string_len))
      let id = FT_UInt(entry.name_id)
      if entry.platform_id == 3, entry.language_id == 0x409 {
        // UTF-16 big-endian.
        let units = stride(from: 0, to: buffer.count - 1, by: 2).map {
          UInt16(buffer[$0]) << 8 | UInt16(buffer[$0 + 1])
        }
        windows[id] = String(decoding: units, as: UTF16.self)
      } else if entry.platform_id == 1, entry.language_id == 0 {
        mac[id] = String(decoding: buffer, as: UTF8.self)
      }
    }
    return windows.merging(mac) { first, _ in first }
  }
}
