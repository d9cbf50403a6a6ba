import CFreeType

/// What FreeType makes of a font file's bytes, before anything is copied: the check
/// ``FontInstaller`` runs on every file and on every font inside a zip.
///
/// A file passes when its format is one pickers installs (TrueType, OpenType, a TrueType or
/// OpenType collection, WOFF or WOFF2), every table of every face lies inside the file (a
/// truncated file fails here, where FreeType alone might open it and fail later, glyph by
/// glyph), FreeType opens every face, and a sample of each scalable face's glyphs loads.
enum FontFileCheck {
  /// The formats, told by their first four bytes.
  enum Format: String, Hashable, Sendable {
    case trueType = "TrueType"
    case openType = "OpenType"
    case collection = "font collection"
    case woff = "WOFF"
    case woff2 = "WOFF2"

    /// The usual file name extension.
    var fileExtension: String {
      switch self {
      case .trueType: "ttf"
      case .openType: "otf"
      case .collection: "ttc"
      case .woff: "woff"
      case .woff2: "woff2"
      }
    }
  }

  /// Why a file is refused.
  struct Refusal: Error, Hashable, Sendable {
    var reason: String
    init(_ reason: String) { self.reason = reason }
  }

  /// What passed: the format and the number of faces.
  struct Passed: Hashable, Sendable {
    var format: Format
    var faces: Int
  }

  /// How many glyphs of each face are loaded, spread over the glyph range.
  static let sampledGlyphs = 64

  /// The format `bytes` start with, or why they are not a font pickers installs.
  static func format(of bytes: [UInt8]) throws(Refusal) -> Format {
    guard bytes.count >= 12 else { throw Refusal("it is too short to be a font") }
    switch Array(bytes[0..<4]) {
    case [0, 1, 0, 0], Array("true".utf8): return .trueType
    case Array("OTTO".utf8): return .openType
    case Array("ttcf".utf8): return .collection
    case Array("wOFF".utf8): return .woff
    case Array("wOF2".utf8): return .woff2
    case [0x89, 0x50, 0x4E, 0x47]: throw Refusal("it is a PNG image, not a font")
    case [0x50, 0x4B, 0x03, 0x04]: throw Refusal("it is a zip archive, not a font")
    case Array("%!PS".utf8), [0x80, 0x01, 0x00, 0x00], [0x80, 0x01, 0x01, 0x00]:
      throw Refusal("PostScript Type 1 fonts are not supported")
    case Array("%PDF".utf8): throw Refusal("it is a PDF document, not a font")
    default: throw Refusal("it is not a TrueType, OpenType, TTC, WOFF or WOFF2 font")
    }
  }

  /// Checks `bytes`: the format, the table directories, every face, a sample of glyphs.
  ///
  /// The corresponding C functions are `FT_New_Memory_Face` and `FT_Load_Glyph`.
  static func check(_ bytes: [UInt8]) throws(Refusal) -> Passed {
    let format = try Self.format(of: bytes)
    switch format {
    case .trueType, .openType: try checkTables(bytes, at: 0)
    case .collection:
      let count = be32(bytes, 8)
      guard count >= 1, count <= 10_000, 12 + 4 * count <= bytes.count else {
        throw Refusal("its collection header is damaged")
      }
      for index in 0..<count { try checkTables(bytes, at: be32(bytes, 12 + 4 * index)) }
    case .woff, .woff2: break  // FreeType decompresses the whole font and checks it
    }
    var library: FT_Library?
    guard FT_Init_FreeType(&library) == 0, let library else {
      throw Refusal("FreeType could not start")
    }
    defer { FT_Done_FreeType(library) }
    let faces = try bytes.withUnsafeBufferPointer { buffer throws(Refusal) -> Int in
      guard let base = buffer.baseAddress else { throw Refusal("it is empty") }
      let count = try openFace(library, base, buffer.count, index: 0) { face in
        Int(face.pointee.num_faces)
      }
      guard count >= 1, count <= 10_000 else { throw Refusal("it declares \(count) faces") }
      for index in 0..<count {
        try openFace(library, base, buffer.count, index: index) { face throws(Refusal) in
          try loadSample(face, index: index, of: count)
        }
      }
      return count
    }
    return Passed(format: format, faces: faces)
  }

  /// Opens face `index` of the bytes at `base` and runs `body` with it.
  private static func openFace<R>(
    _ library: FT_Library, _ base: UnsafePointer<UInt8>, _ count: Int, index: Int,
    _ body: (FT_Face) throws(Refusal) -> R
  ) throws(Refusal) -> R {
    var opened: FT_Face?
    let error = FT_New_Memory_Face(library, base, FT_Long(count), FT_Long(index), &opened)
    guard error == 0, let face = opened else {
      throw Refusal("FreeType cannot open \(facePhrase(index))(\(describe(error)))")
    }
    defer { FT_Done_Face(face) }
    return try body(face)
  }

  /// Loads up to ``sampledGlyphs`` glyphs of a scalable face, the first and the last among them.
  private static func loadSample(_ face: FT_Face, index: Int, of count: Int) throws(Refusal) {
    guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else { return }
    let glyphs = Int(face.pointee.num_glyphs)
    guard glyphs > 0 else {
      throw Refusal("\(count > 1 ? facePhrase(index) : "it ")has no glyphs")
    }
    let step = max(1, (glyphs - 1) / (sampledGlyphs - 1))
    var glyph = 0
    while true {
      let error = FT_Load_Glyph(
        face, FT_UInt(glyph), FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING))
      guard error == 0 else {
        throw Refusal(
          "glyph \(glyph) of \(count > 1 ? facePhrase(index) : "it ")is damaged "
            + "(\(describe(error)))")
      }
      if glyph == glyphs - 1 { break }
      glyph = min(glyph + step, glyphs - 1)
    }
  }

  /// Checks that the table directory at `offset` and every table it lists lie inside `bytes`.
  private static func checkTables(_ bytes: [UInt8], at offset: Int) throws(Refusal) {
    guard offset >= 0, offset + 12 <= bytes.count else {
      throw Refusal("it is truncated (a face starts past the end)")
    }
    let tables = be16(bytes, offset + 4)
    guard tables >= 1, offset + 12 + 16 * tables <= bytes.count else {
      throw Refusal("it is truncated (its table directory is cut off)")
    }
    for table in 0..<tables {
      let record = offset + 12 + 16 * table
      let start = be32(bytes, record + 8)
      let length = be32(bytes, record + 12)
      guard start + length <= bytes.count else {
        let tag = String(decoding: bytes[record..<(record + 4)], as: UTF8.self)
        throw Refusal(
          "it is truncated (table '\(tag)' ends at byte \(start + length) of \(bytes.count))")
      }
    }
  }

  private static func facePhrase(_ index: Int) -> String { "face \(index) " }

  /// FreeType's message for `error` (fterrdef.h), for the errors a damaged font gives.
  private static func describe(_ error: FT_Error) -> String {
    switch error {
    case 0x02: "unknown file format"
    case 0x03: "broken file"
    case 0x08: "broken table"
    case 0x09: "broken offset within table"
    case 0x10: "invalid glyph index"
    case 0x12: "unsupported glyph image format"
    case 0x14: "invalid outline"
    case 0x15: "invalid composite glyph"
    case 0x54: "invalid stream read"
    case 0x8E: "SFNT font table missing"
    case 0x8F: "horizontal header (hhea) table missing"
    case 0x90: "locations (loca) table missing"
    case 0x92: "character map (cmap) table missing"
    case 0x93: "horizontal metrics (hmtx) table missing"
    default: "FreeType error \(error)"
    }
  }

  private static func be16(_ bytes: [UInt8], _ offset: Int) -> Int {
    guard offset >= 0, offset + 2 <= bytes.count else { return 0 }
    return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
  }

  private static func be32(_ bytes: [UInt8], _ offset: Int) -> Int {
    guard offset >= 0, offset + 4 <= bytes.count else { return 0 }
    return (0..<4).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
  }
}
