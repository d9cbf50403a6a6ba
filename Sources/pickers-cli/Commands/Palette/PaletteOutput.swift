import Glibc
import Pickers

/// How `pickers palette ...` prints a palette: three plain forms of the CLI's own, and every
/// file format of the library.
enum PaletteFormat: ArgumentChoice {
  /// Aligned `name  #rrggbb` lines.
  case text
  /// `#rrggbb` alone, one a line.
  case hex
  /// `name='#rrggbb'` shell assignments.
  case shell
  /// A format other programs read, written by the library: JSON (an array of
  /// `{"name", "hex", "oklch"}` objects), CSS custom properties, GIMP's `.gpl`, Adobe's `.ase`,
  /// LibreOffice's `.soc`, Krita's `.kpl`.
  case file(PaletteFileFormat)

  /// In the order help lists them: the plain forms with JSON and CSS, then the library's other
  /// formats in its order (a format the library adds is listed without a change here).
  static var words: [String] {
    ["text", "hex", PaletteFileFormat.json.rawValue, PaletteFileFormat.css.rawValue, "shell"]
      + PaletteFileFormat.allCases.filter { $0 != .json && $0 != .css }.map(\.rawValue)
  }

  static var allCases: [PaletteFormat] { words.compactMap(named) }

  static func named(_ text: String) -> PaletteFormat? {
    switch text.lowercased() {
    case "text": .text
    case "hex": .hex
    case "shell": .shell
    default: PaletteFileFormat(rawValue: text.lowercased()).map { .file($0) }
    }
  }

  var argumentText: String {
    switch self {
    case .text: "text"
    case .hex: "hex"
    case .shell: "shell"
    case .file(let file): file.rawValue
    }
  }

  /// The library's file format, for the formats other programs read.
  var file: PaletteFileFormat? {
    if case .file(let file) = self { file } else { nil }
  }
}

/// Why a palette or theme command failed; printed as `pickers: <description>`, exit 1.
enum PaletteCommandError: Error, Equatable, Sendable, CustomStringConvertible {
  case unknownFormat(String, valid: [String])
  case emptyImage(String)
  case binaryToTerminal(String)
  case emptyList(String)

  var description: String {
    switch self {
    case .unknownFormat(let name, let valid):
      "unknown format '\(name)'; expected one of \(valid.joined(separator: ", "))"
    case .emptyImage(let path):
      "image '\(path)' has no opaque pixels to take colors from"
    case .binaryToTerminal(let format):
      "--format \(format) is binary: give -o FILE or redirect standard output"
    case .emptyList(let name):
      "palette '\(name)' holds no colors"
    }
  }
}

/// The output options every palette command shares.
enum PaletteOutput {
  /// `--format`, checked when the command runs: an unknown format exits 1.
  static let format = Option<PaletteFormat>(
    "--format", value: "FORMAT", default: .text, help: "Output format: {choices}.",
    check: .whenRun)

  static let arguments: [ArgumentSpec] = [
    .flag("--json", help: "Print JSON (the same as --format json)."),
    format.argument,
    .option(
      "--output", short: "o", value: "FILE",
      help:
        "Write to FILE instead of standard output; a FILE ending in .png gets a labelled sheet.",
      completion: .file),
    OutputFolder.mkdirSpec,
  ]

  /// The chosen format and file, read in `init` but checked in `run` (a bad format exits 1).
  struct Options: Sendable {
    var format: String?
    var json: Bool
    var output: String?
    /// `--mkdir`: create the output file's missing folders.
    var createFolders: Bool

    init(_ arguments: ParsedArguments) {
      format = arguments.option("--format")
      json = arguments.flag("--json")
      output = arguments.option("--output")
      createFolders = arguments.flag("--mkdir")
    }

    func resolvedFormat() throws(PaletteCommandError) -> PaletteFormat {
      if json { return .file(.json) }
      guard let format else { return PaletteOutput.format.defaultValue }
      guard let value = PaletteFormat.named(format) else {
        throw .unknownFormat(format, valid: PaletteFormat.words)
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
      try OutputFolder.writing(to: path, createFolders: options.createFolders) {
        try sheet.writePNG(to: path, durability: context.fileDurability)
      }
      return
    }
    if let file = format.file, file.isBinary {
      let bytes = PaletteFile.encode(entries, title: title, as: file)
      guard let path = options.output, path != "-" else {
        guard isatty(STDOUT_FILENO) == 0 else {
          throw PaletteCommandError.binaryToTerminal(file.rawValue)
        }
        context.outputBytes(bytes)
        return
      }
      try OutputFolder.writing(to: path, createFolders: options.createFolders) {
        try writeAtomically(bytes, to: path, durability: context.fileDurability)
      }
      return
    }
    let text = render(entries, title: title, format: format)
    try write(text, to: options.output, createFolders: options.createFolders, context: context)
  }

  /// Writes `text` to `path` atomically, or to standard output when `path` is `nil` or `-`;
  /// `createFolders` (`--mkdir`) makes the file's missing folders first.
  static func write(
    _ text: String, to path: String?, createFolders: Bool, context: CommandContext
  ) throws {
    guard let path, path != "-" else {
      context.out(text)
      return
    }
    try OutputFolder.writing(to: path, createFolders: createFolders) {
      try writeAtomically(Array(text.utf8), to: path, durability: context.fileDurability)
    }
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
    case .shell:
      return entries.map { "\(identifier($0.name, separator: "_"))='\($0.color.hex)'\n" }.joined()
    case .file(let file):
      return String(decoding: PaletteFile.encode(entries, title: title, as: file), as: UTF8.self)
    }
  }

  /// `name` reduced to letters, digits and `separator`, prefixed when it starts with a digit.
  static func identifier(_ name: String, separator: Character) -> String {
    PaletteFile.identifier(name, separator: separator)
  }

  /// Parses a CSS color (any CSS Color 4 syntax or a system accent name).
  static func color(_ text: String) throws -> Color {
    try Color(css: text)
  }

  /// The colors of the palette file at `path` (GIMP, Adobe, LibreOffice, Krita, CSS or JSON,
  /// told apart by content), at most ``PaletteFile/maximumSize`` bytes.
  static func paletteFile(_ path: String) throws -> [PaletteEntry] {
    let bytes = try readFile(path, maximumSize: PaletteFile.maximumSize)
    do {
      return try PaletteFile.decode(bytes)
    } catch {
      throw PaletteFileReadError(path: path, error: error)
    }
  }

  /// The colors of a palette given as a file or by name: `text` is read as a file when it
  /// holds a `/`, ends in a palette file's extension or names a file that exists, else looked
  /// up on the search path of `environment` (``ColorList/init(named:in:)``).
  static func palette(_ text: String, environment: [String: String]) throws -> [PaletteEntry] {
    if text.contains("/") || hasPaletteExtension(text) || access(text, F_OK) == 0 {
      return try paletteFile(text)
    }
    let list = try ColorList(named: text, in: ColorList.SearchPath(environment: environment))
    guard !list.entries.isEmpty else { throw PaletteCommandError.emptyList(list.name) }
    return list.entries
  }

  /// Whether `text` ends in the extension of a palette format (`.gpl`, `.css`, ...).
  static func hasPaletteExtension(_ text: String) -> Bool {
    guard let dot = text.lastIndex(of: ".") else { return false }
    return PaletteFileFormat(rawValue: text[text.index(after: dot)...].lowercased()) != nil
  }
}

/// A palette file that could not be read, with its path.
struct PaletteFileReadError: Error, CustomStringConvertible {
  var path: String
  var error: PaletteFileError

  var description: String { "\(path): \(error.description)" }
}
