/// A palette file format other programs read and write.
///
/// The raw value is the name `--format` takes and the usual file extension.
///
///     let bytes = PaletteFile.encode(entries, title: "Blues", as: .ase)
///     let back = try PaletteFile.decode(bytes)
public enum PaletteFileFormat: String, CaseIterable, Sendable, Hashable {
  /// A GIMP palette, also read by Inkscape, Krita, Aseprite and MyPaint (`.gpl`).
  case gpl
  /// Adobe Swatch Exchange, read by Photoshop, Illustrator, InDesign, Affinity, Krita (`.ase`).
  case ase
  /// A LibreOffice / OpenOffice color table (`.soc`).
  case soc
  /// A Krita palette: a zip with `colorset.xml` (`.kpl`).
  case kpl
  /// CSS custom properties on `:root`.
  case css
  /// pickers' JSON: an array of `{"hex", "name", "oklch"}` objects.
  case json

  /// Whether the format is binary (written only to a file, never to a terminal).
  public var isBinary: Bool { self == .ase || self == .kpl }

  /// The format of a file from its first bytes, or `nil` when none matches.
  ///
  /// `GIMP Palette` starts a `.gpl`, `ASEF` an `.ase`, `PK` (a zip) a `.kpl`, XML with an
  /// `ooo:color-table` a `.soc`, `[` JSON, and anything with `--name:` declarations CSS.
  public static func detect(_ bytes: [UInt8]) -> PaletteFileFormat? {
    if bytes.starts(with: Array("ASEF".utf8)) { return .ase }
    if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .kpl }
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    body = body.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    let text = String(decoding: body.prefix(4096), as: UTF8.self)
    if text.hasPrefix("GIMP Palette") { return .gpl }
    if text.hasPrefix("[") { return .json }
    if text.hasPrefix("<") && text.contains("color-table") { return .soc }
    if text.contains(/--[A-Za-z_][A-Za-z0-9_-]*\s*:/) { return .css }
    return nil
  }
}

/// Why a palette file could not be read.
public enum PaletteFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The bytes match no known palette format.
  case unknownFormat
  /// A line of a text format is malformed.
  case badLine(format: String, line: Int, reason: String)
  /// A binary file is cut short or inconsistent.
  case corrupt(format: String, reason: String)
  /// The file holds no colors.
  case empty(format: String)
  /// More colors than ``PaletteFile/maximumColors``.
  case tooManyColors(limit: Int)

  public var description: String {
    switch self {
    case .unknownFormat:
      "not a palette file (expected GIMP .gpl, Adobe .ase, LibreOffice .soc, Krita .kpl, CSS or "
        + "pickers JSON)"
    case .badLine(let format, let line, let reason): "\(format) line \(line): \(reason)"
    case .corrupt(let format, let reason): "corrupt \(format) file: \(reason)"
    case .empty(let format): "the \(format) file holds no colors"
    case .tooManyColors(let limit): "the palette has more than \(limit) colors"
    }
  }
}
