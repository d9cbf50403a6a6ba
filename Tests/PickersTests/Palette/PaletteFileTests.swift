import Testing

@testable import Pickers

/// Palette files: every format round-trips names and 8-bit colors, detection by content, and
/// malformed input is an error, never a crash.
@Suite("Palette files")
struct PaletteFileTests {
  /// Names that need escaping in some format: XML entities, quotes, tabs, non-ASCII, emoji
  /// (a UTF-16 surrogate pair in .ase).
  static let entries: [PaletteEntry] = [
    PaletteEntry(name: "Red & <Blue>", color: Color(red8: 255, green8: 0, blue8: 0)),
    PaletteEntry(name: "\"quoted\" 'single'", color: Color(red8: 1, green8: 2, blue8: 3)),
    PaletteEntry(name: "Grün ✓", color: Color(red8: 128, green8: 127, blue8: 129)),
    PaletteEntry(name: "emoji 😀", color: Color(red8: 0, green8: 122, blue8: 255)),
    PaletteEntry(name: "white", color: Color(red8: 255, green8: 255, blue8: 255)),
    PaletteEntry(name: "black", color: Color(red8: 0, green8: 0, blue8: 0)),
  ]

  @Test(
    "every format reads back the same names and 8-bit colors",
    arguments: PaletteFileFormat.allCases)
  func roundTrip(format: PaletteFileFormat) throws {
    let bytes = PaletteFile.encode(Self.entries, title: "Test & <palette>", as: format)
    #expect(PaletteFileFormat.detect(bytes) == format)
    let back = try PaletteFile.decode(bytes)
    #expect(back.map(\.color.hex) == Self.entries.map(\.color.hex))
    if format == .css {
      // CSS keeps names as identifiers.
      #expect(
        back.map(\.name) == Self.entries.map { PaletteFile.identifier($0.name, separator: "-") })
    } else {
      #expect(back.map(\.name) == Self.entries.map(\.name))
    }
  }

  @Test("CRC-32 of '123456789' is the published check value 0xCBF43926")
  func crc() {
    #expect(ZipArchive.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
    #expect(ZipArchive.crc32([]) == 0)
  }

  @Test("GIMP's rules: CRLF lines, comments, Name and Columns anywhere, a missing name is Untitled")
  func gimpRules() throws {
    let text =
      "GIMP Palette\r\nName: Mine\r\n# a comment\r\n\r\nColumns: 4\r\n  0  0 255\tBlue\r\n"
      + "255 255 0\r\n12\t34\t56 two words\r\n"
    let entries = try PaletteFile.decode(Array(text.utf8))
    #expect(entries.map(\.name) == ["Blue", "Untitled", "two words"])
    #expect(entries.map(\.color.hex) == ["#0000ff", "#ffff00", "#0c2238"])
  }

  @Test(
    "malformed files are errors with a reason",
    arguments: [
      (
        "GIMP Palette\n1 2\n",
        PaletteFileError.badLine(
          format: "gpl", line: 2, reason: "expected three numbers 0-255, then a name")
      ),
      (
        "GIMP Palette\n1 2 256 x\n",
        .badLine(
          format: "gpl", line: 2, reason: "expected three numbers 0-255, then a name")
      ),
      ("GIMP Palette\n# nothing\n", .empty(format: "gpl")),
      ("[]", .empty(format: "json")),
      ("[{\"name\": \"x\"}]", .corrupt(format: "json", reason: "item 1 has no \"hex\" color")),
      ("hello", .unknownFormat),
    ])
  func malformed(text: String, error: PaletteFileError) {
    #expect(throws: error) { try PaletteFile.decode(Array(text.utf8)) }
  }

  @Test("every truncation of an .ase and a .kpl file is an error, never a crash")
  func truncated() {
    for format in [PaletteFileFormat.ase, .kpl] {
      let bytes = PaletteFile.encode(Self.entries, title: "t", as: format)
      for length in stride(from: 4, to: bytes.count, by: 1) {
        #expect(throws: PaletteFileError.self) {
          try PaletteFile.decode(Array(bytes[..<length]), format: format)
        }
      }
    }
  }

  @Test("an .ase file claiming more blocks than it holds, or a huge name, fails cleanly")
  func hostileASE() {
    var bytes = Array("ASEF".utf8) + [0, 1, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF]
    #expect(throws: PaletteFileError.self) { try PaletteFile.decode(bytes) }
    bytes = Array("ASEF".utf8) + [0, 1, 0, 0, 0, 0, 0, 1, 0, 1, 0x7F, 0xFF, 0xFF, 0xFF]
    #expect(throws: PaletteFileError.self) { try PaletteFile.decode(bytes) }
  }

  @Test("a .kpl whose entry fails its CRC is refused")
  func badCRC() {
    var bytes = PaletteFile.encode(Self.entries, title: "t", as: .kpl)
    // Flip one byte inside colorset.xml's data (after the mimetype entry).
    if let index = bytes.indices.first(where: { $0 > 120 && bytes[$0] == UInt8(ascii: "R") }) {
      bytes[index] = UInt8(ascii: "S")
    }
    #expect(
      throws: PaletteFileError.corrupt(format: "kpl", reason: "colorset.xml fails its CRC check")
    ) {
      try PaletteFile.decode(bytes)
    }
  }
}
