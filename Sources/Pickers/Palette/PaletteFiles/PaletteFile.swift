/// Palette files in and out.
///
/// GIMP `.gpl`, Adobe `.ase`, LibreOffice `.soc`, Krita `.kpl`, CSS custom properties and
/// pickers' JSON; names are kept in every format.
///
///     let bytes = PaletteFile.encode(entries, title: "Scale", as: .gpl)
///     let entries = try PaletteFile.decode(bytes)   // the format is detected
public enum PaletteFile {
  /// The most colors a file may hold (Adobe's and GIMP's own palettes hold a few hundred).
  public static let maximumColors = 65_536
  /// The largest palette file read, in bytes.
  public static let maximumSize = 16 * 1_048_576

  /// The file's bytes for `entries` in `format`; `title` names the palette where the format
  /// records a name (`.gpl`, `.kpl`).
  public static func encode(_ entries: [PaletteEntry], title: String, as format: PaletteFileFormat)
    -> [UInt8]
  {
    switch format {
    case .gpl: Array(gpl(entries, title: title).utf8)
    case .css: Array(css(entries).utf8)
    case .json: Array(json(entries).utf8)
    case .soc: Array(soc(entries).utf8)
    case .ase: ase(entries)
    case .kpl: kpl(entries, title: title)
    }
  }

  /// The colors of a palette file, in file order.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - format: The format; detected from the contents when `nil`.
  /// - Returns: The entries, at least one.
  /// - Throws: ``PaletteFileError`` for an unknown format, a malformed or empty file, or more
  ///   than ``maximumColors`` colors.
  public static func decode(_ bytes: [UInt8], format: PaletteFileFormat? = nil)
    throws(PaletteFileError) -> [PaletteEntry]
  {
    guard let format = format ?? PaletteFileFormat.detect(bytes) else { throw .unknownFormat }
    let entries: [PaletteEntry]
    switch format {
    case .gpl: entries = try PaletteFileReader.gpl(bytes)
    case .css: entries = try PaletteFileReader.css(bytes)
    case .json: entries = try PaletteFileReader.json(bytes)
    case .soc: entries = try PaletteFileReader.soc(bytes)
    case .ase: entries = try PaletteFileReader.ase(bytes)
    case .kpl: entries = try PaletteFileReader.kpl(bytes)
    }
    guard !entries.isEmpty else { throw .empty(format: format.rawValue) }
    guard entries.count <= maximumColors else { throw .tooManyColors(limit: maximumColors) }
    return entries
  }

  // MARK: Text formats

  /// GIMP's layout: a header, then `R G B<TAB>name` with channels right-aligned in 3 columns.
  static func gpl(_ entries: [PaletteEntry], title: String) -> String {
    var text = "GIMP Palette\nName: \(oneLine(title))\nColumns: \(min(entries.count, 8))\n#\n"
    for entry in entries {
      let pixel = entry.color.rgba8
      func pad(_ value: UInt8) -> String {
        let digits = String(value)
        return String(repeating: " ", count: 3 - digits.count) + digits
      }
      text += "\(pad(pixel.red)) \(pad(pixel.green)) \(pad(pixel.blue))\t\(oneLine(entry.name))\n"
    }
    return text
  }

  static func css(_ entries: [PaletteEntry]) -> String {
    ":root {\n"
      + entries.map { "  --\(identifier($0.name, separator: "-")): \($0.color.hex);\n" }.joined()
      + "}\n"
  }

  static func json(_ entries: [PaletteEntry]) -> String {
    let items = entries.map { entry in
      let lch = entry.color.converted(to: .oklch).channels
      func number(_ value: Double?) -> String {
        guard let value else { return "null" }
        let rounded = (value * 10_000).rounded() / 10_000
        if rounded.isFinite { return String(rounded) }
        // Too large to round (1e305 * 10_000 overflows), or not finite: an infinity as CSS
        // and JSONWriter's clampedAsCSS write it, never Swift's `inf`, which is not JSON.
        if value.isFinite { return String(value) }
        return value.isNaN ? "0" : value > 0 ? "1e308" : "-1e308"
      }
      return "  {\"hex\": \"\(entry.color.hex)\", \"name\": \(Quote.json(entry.name)), "
        + "\"oklch\": [\(number(lch.c0)), \(number(lch.c1)), \(number(lch.c2))]}"
    }
    return "[\n" + items.joined(separator: ",\n") + "\n]\n"
  }

  /// LibreOffice's color table: `<draw:color draw:name="..." draw:color="#rrggbb"/>` entries.
  static func soc(_ entries: [PaletteEntry]) -> String {
    var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    text += "<ooo:color-table"
    text += " xmlns:office=\"urn:oasis:names:tc:opendocument:xmlns:office:1.0\""
    text += " xmlns:draw=\"urn:oasis:names:tc:opendocument:xmlns:drawing:1.0\""
    text += " xmlns:xlink=\"http://www.w3.org/1999/xlink\""
    text += " xmlns:svg=\"http://www.w3.org/2000/svg\""
    text += " xmlns:ooo=\"http://openoffice.org/2004/office\">\n"
    for entry in entries {
      let hex = String(entry.color.opacity(1).hex)
      text += "  <draw:color draw:name=\"\(XMLText.escape(entry.name))\" draw:color=\"\(hex)\"/>\n"
    }
    text += "</ooo:color-table>\n"
    return text
  }

  // MARK: Binary formats

  /// Adobe Swatch Exchange 1.0: `ASEF`, the version, the block count, then one color-entry
  /// block per color: its UTF-16BE name with a terminating zero, the model `RGB `, three
  /// big-endian 32-bit floats in 0...1, and the type 2 (normal, not a global or spot color).
  static func ase(_ entries: [PaletteEntry]) -> [UInt8] {
    var bytes = Array("ASEF".utf8)
    bytes += be16(1) + be16(0) + be32(UInt32(entries.count))
    for entry in entries {
      let name = Array(entry.name.utf16) + [0]
      var block: [UInt8] = be16(UInt16(name.count))
      for unit in name { block += be16(unit) }
      block += Array("RGB ".utf8)
      let pixel = entry.color.rgba8
      for channel in [pixel.red, pixel.green, pixel.blue] {
        block += be32((Float(channel) / 255).bitPattern)
      }
      block += be16(2)
      bytes += be16(0x0001) + be32(UInt32(block.count)) + block
    }
    return bytes
  }

  /// A Krita palette: a zip of `mimetype` (`krita/x-colorset`, first and uncompressed),
  /// `colorset.xml` (a `ColorSet` of `ColorSetEntry` elements with 8-bit sRGB `RGB` colors and
  /// grid positions) and an empty `profiles.xml`.
  static func kpl(_ entries: [PaletteEntry], title: String) -> [UInt8] {
    let columns = max(min(entries.count, 8), 1)
    let rows = (entries.count + columns - 1) / columns
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml += "<ColorSet version=\"2.0\" name=\"\(XMLText.escape(title))\" comment=\"\""
    xml += " columns=\"\(columns)\" rows=\"\(rows)\" readonly=\"false\">\n"
    for (index, entry) in entries.enumerated() {
      let pixel = entry.color.rgba8
      func channel(_ value: UInt8) -> String { Color.format(Double(value) / 255, 6) }
      xml += "  <ColorSetEntry name=\"\(XMLText.escape(entry.name))\" id=\"\(index)\""
      xml += " spot=\"false\" bitdepth=\"U8\">\n"
      xml += "    <RGB r=\"\(channel(pixel.red))\" g=\"\(channel(pixel.green))\""
      xml += " b=\"\(channel(pixel.blue))\" space=\"sRGB-elle-V2-srgbtrc.icc\"/>\n"
      xml += "    <Position row=\"\(index / columns)\" column=\"\(index % columns)\"/>\n"
      xml += "  </ColorSetEntry>\n"
    }
    xml += "</ColorSet>\n"
    return ZipArchive.stored([
      ("mimetype", Array("krita/x-colorset".utf8)),
      ("colorset.xml", Array(xml.utf8)),
      ("profiles.xml", Array("<Profiles/>\n".utf8)),
    ])
  }

  // MARK: Helpers

  static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xff)] }

  static func be32(_ value: UInt32) -> [UInt8] {
    [
      UInt8(value >> 24), UInt8((value >> 16) & 0xff), UInt8((value >> 8) & 0xff),
      UInt8(value & 0xff),
    ]
  }

  /// `text` with line breaks as spaces, for one-line formats.
  static func oneLine(_ text: String) -> String {
    String(text.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
  }

  /// `name` reduced to letters, digits and `separator`, prefixed when it starts with a digit.
  public static func identifier(_ name: String, separator: Character) -> String {
    var result = ""
    for character in name.lowercased() {
      if character.isASCII && (character.isLetter || character.isNumber) {
        result.append(character)
      } else if result.last != separator && !result.isEmpty {
        result.append(separator)
      }
    }
    while result.last == separator { result.removeLast() }
    if result.isEmpty { return "color" }
    if let first = result.first, first.isNumber { result = "c\(separator)" + result }
    return result
  }
}

/// XML text escaping and unescaping for attribute values.
enum XMLText {
  static func escape(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "\n": result += "&#10;"
      case "\r": result += "&#13;"
      case "\t": result += "&#9;"
      default: result.append(character)
      }
    }
    return result
  }

  /// The text of an attribute value with the five named entities and character references
  /// resolved; `nil` for an unknown entity.
  static func unescape(_ text: Substring) -> String? {
    var result = ""
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      guard character == "&" else {
        result.append(character)
        index = text.index(after: index)
        continue
      }
      guard let end = text[index...].firstIndex(of: ";") else { return nil }
      let name = text[text.index(after: index)..<end]
      switch name {
      case "amp": result += "&"
      case "lt": result += "<"
      case "gt": result += ">"
      case "quot": result += "\""
      case "apos": result += "'"
      default:
        let value: UInt32?
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
          value = UInt32(name.dropFirst(2), radix: 16)
        } else if name.hasPrefix("#") {
          value = UInt32(name.dropFirst())
        } else {
          value = nil
        }
        guard let value, let scalar = Unicode.Scalar(value) else { return nil }
        result.unicodeScalars.append(scalar)
      }
      index = text.index(after: end)
    }
    return result
  }

  /// Every element named `name` in `text` (start or empty tags), as its attributes.
  static func elements(_ name: String, in text: String) -> [[String: String]]? {
    var found: [[String: String]] = []
    var rest = text[...]
    let opening = "<" + name
    while let range = rest.firstRange(of: opening) {
      let after = rest[range.upperBound...]
      guard let next = after.first,
        next == " " || next == "/" || next == ">" || next == "\n"
          || next == "\t" || next == "\r"
      else {
        rest = after
        continue
      }
      guard let close = after.firstIndex(of: ">") else { return nil }
      guard let attributes = Self.attributes(after[..<close]) else { return nil }
      found.append(attributes)
      rest = after[after.index(after: close)...]
    }
    return found
  }

  /// `key="value"` or `key='value'` pairs of a tag's inside.
  static func attributes(_ inside: Substring) -> [String: String]? {
    var result: [String: String] = [:]
    var rest = inside
    while true {
      rest = rest.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "/" }
      guard !rest.isEmpty else { return result }
      guard let equals = rest.firstIndex(of: "=") else { return nil }
      let key = String(rest[..<equals]).filter { $0 != " " }
      var value = rest[rest.index(after: equals)...].drop { $0 == " " }
      guard let quote = value.first, quote == "\"" || quote == "'" else { return nil }
      value = value.dropFirst()
      guard let end = value.firstIndex(of: quote) else { return nil }
      guard let text = unescape(value[..<end]) else { return nil }
      result[key] = text
      rest = value[value.index(after: end)...]
    }
  }
}
