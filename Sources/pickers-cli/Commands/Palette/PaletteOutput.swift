import Pickers

/// How `pickers palette ...` prints a palette.
enum PaletteFormat: String, CaseIterable, Sendable {
  /// Aligned `name  #rrggbb` lines.
  case text
  /// `#rrggbb` alone, one a line.
  case hex
  /// An array of `{"name", "hex", "oklch"}` objects.
  case json
  /// CSS custom properties on `:root`.
  case css
  /// `name='#rrggbb'` shell assignments.
  case shell
  /// A GIMP/Inkscape palette (`.gpl`).
  case gpl
}

/// Why a palette or theme command failed; printed as `pickers: <description>`, exit 1.
enum PaletteCommandError: Error, Equatable, Sendable, CustomStringConvertible {
  case unknownFormat(String, valid: [String])
  case emptyImage(String)

  var description: String {
    switch self {
    case .unknownFormat(let name, let valid):
      "unknown format '\(name)'; expected one of \(valid.joined(separator: ", "))"
    case .emptyImage(let path):
      "image '\(path)' has no opaque pixels to take colors from"
    }
  }
}

/// The output options every palette command shares.
enum PaletteOutput {
  static let arguments: [ArgumentSpec] = [
    .flag("--json", help: "Print JSON (the same as --format json)."),
    .option(
      "--format", value: "FORMAT",
      help: "Output format: text (default), hex, json, css, shell or gpl.",
      completion: .choices(PaletteFormat.allCases.map(\.rawValue))),
    .option(
      "--output", short: "o", value: "FILE",
      help:
        "Write to FILE instead of standard output; a FILE ending in .png gets a labelled sheet.",
      completion: .file),
  ]

  /// The chosen format and file, read in `init` but checked in `run` (a bad format exits 1).
  struct Options: Sendable {
    var format: String?
    var json: Bool
    var output: String?

    init(_ arguments: ParsedArguments) {
      format = arguments.option("--format")
      json = arguments.flag("--json")
      output = arguments.option("--output")
    }

    func resolvedFormat() throws(PaletteCommandError) -> PaletteFormat {
      if json { return .json }
      guard let format else { return .text }
      guard let value = PaletteFormat(rawValue: format.lowercased()) else {
        throw .unknownFormat(format, valid: PaletteFormat.allCases.map(\.rawValue))
      }
      return value
    }
  }

  /// Prints or writes `entries` as the options ask.
  static func emit(
    _ entries: [PaletteEntry], title: String, options: Options, context: CommandContext
  ) throws {
    let format = try options.resolvedFormat()
    if let path = options.output, path.lowercased().hasSuffix(".png") {
      let sheet = try PaletteSheet.render(entries, labelFont: try FontCatalog().labelFont())
      try sheet.writePNG(to: path, durability: context.fileDurability)
      return
    }
    let text = render(entries, title: title, format: format)
    try write(text, to: options.output, context: context)
  }

  /// Writes `text` to `path` atomically, or to standard output when `path` is `nil` or `-`.
  static func write(_ text: String, to path: String?, context: CommandContext) throws {
    guard let path, path != "-" else {
      context.out(text)
      return
    }
    try writeAtomically(Array(text.utf8), to: path, durability: context.fileDurability)
  }

  static func render(_ entries: [PaletteEntry], title: String, format: PaletteFormat) -> String {
    switch format {
    case .text:
      let width = entries.map(\.name.count).max() ?? 0
      return entries.map { entry in
        entry.name + String(repeating: " ", count: width - entry.name.count + 2) + entry.color.hex
          + "\n"
      }.joined()
    case .hex:
      return entries.map { $0.color.hex + "\n" }.joined()
    case .json:
      let items = entries.map { entry in
        let lch = entry.color.converted(to: .oklch).channels
        func number(_ value: Double?) -> String {
          guard let value else { return "null" }
          return String((value * 10_000).rounded() / 10_000)
        }
        return "  {\"hex\": \"\(entry.color.hex)\", \"name\": \(jsonString(entry.name)), "
          + "\"oklch\": [\(number(lch.c0)), \(number(lch.c1)), \(number(lch.c2))]}"
      }
      return "[\n" + items.joined(separator: ",\n") + "\n]\n"
    case .css:
      return ":root {\n"
        + entries.map { "  --\(identifier($0.name, separator: "-")): \($0.color.hex);\n" }.joined()
        + "}\n"
    case .shell:
      return entries.map { "\(identifier($0.name, separator: "_"))='\($0.color.hex)'\n" }.joined()
    case .gpl:
      var text = "GIMP Palette\nName: \(title)\nColumns: \(min(entries.count, 8))\n#\n"
      for entry in entries {
        let pixel = entry.color.rgba8
        func pad(_ value: UInt8) -> String {
          let digits = String(value)
          return String(repeating: " ", count: 3 - digits.count) + digits
        }
        text += "\(pad(pixel.red)) \(pad(pixel.green)) \(pad(pixel.blue))\t\(entry.name)\n"
      }
      return text
    }
  }

  /// `name` reduced to letters, digits and `separator`, prefixed when it starts with a digit.
  static func identifier(_ name: String, separator: Character) -> String {
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

  static func jsonString(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case let s where s.value < 0x20:
        result += "\\u00" + (s.value < 16 ? "0" : "") + String(s.value, radix: 16)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// Parses a CSS color (any CSS Color 4 syntax or a system accent name).
  static func color(_ text: String) throws -> Color {
    try Color(css: text)
  }
}
