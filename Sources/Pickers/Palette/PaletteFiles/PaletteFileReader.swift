/// The readers behind ``PaletteFile/decode(_:format:)``.
enum PaletteFileReader {
  /// GIMP's rules: the first line is `GIMP Palette`; `Name:` and `Columns:` lines, `#`
  /// comments and blank lines follow in any order; a color line holds three whole numbers
  /// 0-255 separated by white space, then an optional name (GIMP's `Untitled` when missing).
  static func gpl(_ bytes: [UInt8]) throws(PaletteFileError) -> [PaletteEntry] {
    let text = String(decoding: bytes, as: UTF8.self)
    var entries: [PaletteEntry] = []
    // "\r\n" is one Character in Swift: split on both line ends.
    let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    for (offset, raw) in lines.enumerated() {
      var line = raw
      if line.last == "\r" { line = line.dropLast() }
      if offset == 0 {
        let header = line.drop { $0 == "\u{FEFF}" }
        guard header.hasPrefix("GIMP Palette") else {
          throw .badLine(format: "gpl", line: 1, reason: "the first line must be 'GIMP Palette'")
        }
        continue
      }
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      if trimmed.isEmpty || trimmed.hasPrefix("#") || line.hasPrefix("Name:")
        || line.hasPrefix("Columns:")
      {
        continue
      }
      var fields: [Substring] = []
      var rest = trimmed
      for _ in 0..<3 {
        let field = rest.prefix { $0 != " " && $0 != "\t" }
        fields.append(field)
        rest = rest.dropFirst(field.count).drop { $0 == " " || $0 == "\t" }
      }
      var channels: [UInt8] = []
      for field in fields {
        guard let value = Int(field), (0...255).contains(value) else {
          throw .badLine(
            format: "gpl", line: offset + 1, reason: "expected three numbers 0-255, then a name")
        }
        channels.append(UInt8(value))
      }
      let name = rest.isEmpty ? "Untitled" : String(rest)
      entries.append(
        PaletteEntry(
          name: name, color: Color(red8: channels[0], green8: channels[1], blue8: channels[2])))
      if entries.count > PaletteFile.maximumColors {
        throw .tooManyColors(limit: PaletteFile.maximumColors)
      }
    }
    return entries
  }

  /// Custom properties (`--name: <color>;`) anywhere in the text; declarations whose value is
  /// not a color are skipped.
  static func css(_ bytes: [UInt8]) throws(PaletteFileError) -> [PaletteEntry] {
    let text = String(decoding: bytes, as: UTF8.self)
    var entries: [PaletteEntry] = []
    var rest = text[...]
    while let start = rest.firstRange(of: "--") {
      let after = rest[start.upperBound...]
      guard let colon = after.firstIndex(of: ":"),
        let end = after[colon...].firstIndex(where: { $0 == ";" || $0 == "}" })
      else { break }
      let name = after[..<colon]
      let value = after[after.index(after: colon)..<end]
      rest = after[end...]
      guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }),
        !name.isEmpty
      else { continue }
      let trimmed = String(value.drop { $0 == " " || $0 == "\n" || $0 == "\t" })
      let cleaned = String(trimmed.reversed().drop { $0 == " " || $0 == "\n" }.reversed())
      guard let color = try? Color(css: cleaned) else { continue }
      entries.append(PaletteEntry(name: String(name), color: color))
      if entries.count > PaletteFile.maximumColors {
        throw .tooManyColors(limit: PaletteFile.maximumColors)
      }
    }
    return entries
  }

  /// pickers' JSON: an array of objects with `name` and `hex` (or any CSS color in `color`).
  static func json(_ bytes: [UInt8]) throws(PaletteFileError) -> [PaletteEntry] {
    let value: JSONValue
    do {
      value = try JSONValue(parsing: bytes)
    } catch {
      throw .corrupt(format: "json", reason: error.description)
    }
    guard case .array(let items) = value else {
      throw .corrupt(format: "json", reason: "expected an array of {\"name\", \"hex\"} objects")
    }
    guard items.count <= PaletteFile.maximumColors else {
      throw .tooManyColors(limit: PaletteFile.maximumColors)
    }
    var entries: [PaletteEntry] = []
    for (index, item) in items.enumerated() {
      guard let text = item["hex"]?.stringValue ?? item["color"]?.stringValue,
        let color = try? Color(css: text)
      else {
        throw .corrupt(format: "json", reason: "item \(index + 1) has no \"hex\" color")
      }
      entries.append(PaletteEntry(name: item["name"]?.stringValue ?? text, color: color))
    }
    return entries
  }

  /// LibreOffice's `draw:color` elements: `draw:name` and a `#rrggbb` `draw:color`.
  static func soc(_ bytes: [UInt8]) throws(PaletteFileError) -> [PaletteEntry] {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let elements = XMLText.elements("draw:color", in: text) else {
      throw .corrupt(format: "soc", reason: "malformed XML tag")
    }
    var entries: [PaletteEntry] = []
    for (index, attributes) in elements.enumerated() {
      guard let hex = attributes["draw:color"], hex.count == 7, hex.hasPrefix("#"),
        let color = try? Color(css: hex)
      else {
        throw .corrupt(format: "soc", reason: "color \(index + 1) has no #rrggbb draw:color")
      }
      entries.append(PaletteEntry(name: attributes["draw:name"] ?? hex, color: color))
    }
    return entries
  }

  /// Adobe Swatch Exchange: color entries in RGB, CMYK, Lab or Gray; group blocks are skipped.
  static func ase(_ bytes: [UInt8]) throws(PaletteFileError) -> [PaletteEntry] {
    var reader = ByteReader(bytes: bytes, format: "ase")
    guard Array(try reader.take(4)) == Array("ASEF".utf8) else {
      throw .corrupt(format: "ase", reason: "no ASEF signature")
    }
    let major = try reader.u16()
    _ = try reader.u16()
    guard major == 1 else { throw .corrupt(format: "ase", reason: "version \(major) is not 1") }
    let count = Int(try reader.u32())
    guard count <= PaletteFile.maximumColors * 3 else {
      throw .tooManyColors(limit: PaletteFile.maximumColors)
    }
    var entries: [PaletteEntry] = []
    for _ in 0..<count {
      let type = try reader.u16()
      let length = Int(try reader.u32())
      var block = ByteReader(bytes: Array(try reader.take(length)), format: "ase")
      guard type == 0x0001 else { continue }  // 0xC001 group start, 0xC002 group end
      let units = Int(try block.u16())
      var name: [UInt16] = []
      for _ in 0..<units { name.append(try block.u16()) }
      while name.last == 0 { name.removeLast() }
      let model = String(decoding: try block.take(4), as: UTF8.self)
      var values: [Double] = []
      let channels: Int
      switch model {
      case "RGB ", "LAB ": channels = 3
      case "CMYK": channels = 4
      case "Gray": channels = 1
      default: throw .corrupt(format: "ase", reason: "unknown color model '\(model)'")
      }
      for _ in 0..<channels { values.append(Double(Float(bitPattern: try block.u32()))) }
      guard values.allSatisfy(\.isFinite) else {
        throw .corrupt(format: "ase", reason: "a channel is not a number")
      }
      let color: Color
      switch model {
      case "RGB ": color = Color(.srgb, values[0], values[1], values[2])
      case "LAB ":
        // ASE stores L in 0...1 and a, b as they are; Lab here is CIE Lab D50 as in CSS.
        color = Color(.lab, values[0] * 100, values[1], values[2])
      case "CMYK":
        let k = values[3]
        color = Color(
          .srgb, (1 - values[0]) * (1 - k), (1 - values[1]) * (1 - k), (1 - values[2]) * (1 - k))
      default: color = Color(.srgb, values[0], values[0], values[0])
      }
      entries.append(PaletteEntry(name: String(decoding: name, as: UTF16.self), color: color))
    }
    return entries
  }

  /// Krita: `colorset.xml` inside the zip, `ColorSetEntry` elements each followed by a color
  /// element (`RGB`, `sRGB` or `Gray` with channels in 0...1).
  static func kpl(_ bytes: [UInt8]) throws(PaletteFileError) -> [PaletteEntry] {
    guard let xmlBytes = try ZipArchive.entry(named: "colorset.xml", in: bytes) else {
      throw .corrupt(format: "kpl", reason: "no colorset.xml in the archive")
    }
    let text = String(decoding: xmlBytes, as: UTF8.self)
    var entries: [PaletteEntry] = []
    var rest = text[...]
    while let start = rest.firstRange(of: "<ColorSetEntry") {
      let after = rest[start.upperBound...]
      guard let close = after.firstIndex(of: ">"),
        let attributes = XMLText.attributes(after[..<close])
      else { throw .corrupt(format: "kpl", reason: "malformed ColorSetEntry") }
      let body = after[after.index(after: close)...]
      let end = body.firstRange(of: "</ColorSetEntry>")?.lowerBound ?? body.endIndex
      let inside = String(body[..<end])
      var color: Color?
      for model in ["RGB", "sRGB", "Gray"] {
        guard let element = XMLText.elements(model, in: inside)?.first else { continue }
        func channel(_ key: String) -> Double? { element[key].flatMap(Double.init) }
        if model == "Gray", let gray = channel("g") {
          color = Color(.srgb, gray, gray, gray)
        } else if let r = channel("r"), let g = channel("g"), let b = channel("b") {
          color = Color(.srgb, r, g, b)
        }
        break
      }
      guard let color else {
        throw .corrupt(format: "kpl", reason: "entry \(entries.count + 1) has no RGB color")
      }
      entries.append(PaletteEntry(name: attributes["name"] ?? color.hex, color: color))
      if entries.count > PaletteFile.maximumColors {
        throw .tooManyColors(limit: PaletteFile.maximumColors)
      }
      rest = body[end...]
    }
    return entries
  }
}

/// Big-endian reads from a byte array that fail, not trap, at the end.
struct ByteReader {
  let bytes: [UInt8]
  let format: String
  var offset = 0

  init(bytes: [UInt8], format: String) {
    self.bytes = bytes
    self.format = format
  }

  mutating func take(_ count: Int) throws(PaletteFileError) -> ArraySlice<UInt8> {
    guard count >= 0, count <= bytes.count - offset else {
      throw .corrupt(format: format, reason: "the file ends early")
    }
    defer { offset += count }
    return bytes[offset..<(offset + count)]
  }

  mutating func u16() throws(PaletteFileError) -> UInt16 {
    let pair = try take(2)
    return UInt16(pair[pair.startIndex]) << 8 | UInt16(pair[pair.startIndex + 1])
  }

  mutating func u32() throws(PaletteFileError) -> UInt32 {
    let quad = try take(4)
    return quad.reduce(0) { $0 << 8 | UInt32($1) }
  }
}
