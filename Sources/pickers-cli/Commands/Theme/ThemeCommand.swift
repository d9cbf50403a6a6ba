import Glibc
import Pickers

/// Which schemes `pickers theme` builds: one of the library's, or both.
enum SchemeChoice: ArgumentChoice {
  case one(ColorScheme)
  case both

  static var allCases: [SchemeChoice] { ColorScheme.allCases.map { .one($0) } + [.both] }
  static var words: [String] { ColorScheme.words + ["both"] }

  static func named(_ text: String) -> SchemeChoice? {
    text == "both" || text.lowercased() == "both" ? .both : ColorScheme.named(text).map { .one($0) }
  }

  var argumentText: String {
    switch self {
    case .one(let scheme): scheme.rawValue
    case .both: "both"
    }
  }

  /// The schemes built, light first.
  var schemes: [ColorScheme] {
    switch self {
    case .one(let scheme): [scheme]
    case .both: ColorScheme.allCases
    }
  }
}

/// Whether theme files carry font settings.
enum FontsChoice: String, ArgumentChoice {
  /// Write the UI and monospace families (and foot's and X's size).
  case auto
  /// Leave every font setting out.
  case none
}

/// Why `pickers theme` refused its arguments after parsing; exit 1.
enum ThemeCommandError: Error, Equatable, Sendable, CustomStringConvertible {
  case clientVersionUnused(String)
  case badClientVersion(String, client: String)
  case templateHoldsOneScheme

  var description: String {
    switch self {
    case .clientVersionUnused(let format):
      "--client-version applies to the alacritty and foot formats, not \(format)"
    case .badClientVersion(let text, let client):
      "--client-version takes a \(client) release such as 0.11 or 1.13.1, not '\(text)'"
    case .templateHoldsOneScheme:
      "a template is filled with one scheme: choose --scheme light or --scheme dark"
    }
  }
}

/// `pickers theme`: a whole color theme from one accent or an image, in a config file format.
struct ThemeCommand: Command {
  static let spec = CommandSpec(
    name: "theme",
    abstract: "Make a readable light/dark theme from an accent color or an image.",
    discussion: """
      Every text role has WCAG contrast of at least 4.5 on its background (muted text 3.0), the \
      16 terminal colors at least 3.0 on the terminal background, and the accent keeps its hue. \
      Fonts are resolved through fontconfig, so a theme names only fonts the system has \
      (defaults: the sans-serif and monospace matches). --format list names the formats.

      alacritty before 0.13 reads YAML, later ones TOML; foot renamed keys in 1.23 and 1.26. \
      Without --client-version the installed alacritty or foot is asked for its version \
      (--version); when neither says, alacritty gets TOML and foot the syntax every release \
      reads.

      --template FILE fills a file of your own: {{ accent }}, {{ background | strip }}, \
      {{ color4 | rgb }}, {{ surface | lighten 0.05 | alpha 0.9 | rgba }}, {{ name }}, \
      {{ font-mono }}. Names: every role (background surface surface-variant foreground muted \
      border selection accent on-accent accent-container on-accent-container success warning \
      error info brown), color0-color15, name, scheme, author, source, font-ui, font-mono, \
      font-size. Filters: hex strip rgb rgba hsl oklch red green blue, alpha A, lighten STEP, \
      darken STEP (OKLCH lightness), upper, lower. \\{{ writes a literal {{. An unknown name is \
      an error naming its line; nothing in a template is ever run.
      """,
    arguments: [
      .option(
        "--accent", short: "a", value: "COLOR", help: "The accent: a CSS color or system-NAME."),
      .option(
        "--from-image", value: "FILE", help: "Take the accent from a PNG's dominant colors.",
        completion: .file),
      scheme.argument,
      .option(
        "--font", value: "FAMILY", help: "The UI font family (default: fontconfig's sans-serif).",
        completion: .fontFamily),
      .option(
        "--mono-font", value: "FAMILY",
        help: "The monospace family (default: fontconfig's monospace).", completion: .fontFamily),
      .option(
        "--format", short: "f", value: "FORMAT",
        help: "The file format, or 'list' to list them (or give --template).",
        completion: .choices(formatWords)),
      .flag("--json", help: "The same as --format json."),
      .option(
        "--template", short: "t", value: "FILE",
        help: "Fill FILE's {{ placeholders }} instead of writing a built-in format.",
        completion: .file),
      .option(
        "--client-version", value: "VERSION",
        help: "Write for this alacritty or foot release (default: ask the installed one).",
        completion: .none),
      fonts.argument,
      fontSize.argument,
      .option(
        "--output", short: "o", value: "FILE",
        help: "Write to FILE (atomically) instead of standard output.", completion: .file),
      .flag(
        "--mkdir", help: "Create the missing folders of -o FILE and --preview FILE (mode 0755)."),
      .option(
        "--preview", value: "FILE.png", help: "Also draw a picture of the theme.",
        completion: .file),
    ],
    examples: [
      "pickers theme --accent system-blue --format kitty --mkdir -o ~/.config/kitty/theme.conf",
      "pickers theme --from-image wallpaper.png --format pywal-json --mkdir "
        + "-o ~/.cache/wal/colors.json",
      "pickers theme --accent '#7c3aed' --scheme both --format css",
      "pickers theme --accent system-teal --format alacritty --client-version 0.11",
      "pickers theme --accent system-indigo --json --mkdir -o themes/indigo.json",
      "pickers theme --accent system-pink --format foot --fonts none",
      "pickers theme --format list",
    ])

  /// `--scheme`: without it, both for formats that hold both (json, css), else dark.
  static let scheme = Option<SchemeChoice?>(
    "--scheme", value: "SCHEME", help: "{choices} (default: both for json and css, else dark).")
  /// What `--format` takes, checked when the command runs (an unknown format exits 1).
  static let formatWords = ["list"] + ThemeFormat.words
  static let fonts = Option<FontsChoice>(
    "--fonts", value: "WHICH", default: .auto,
    help: "{default} (default) writes font settings; none leaves the user's own fonts alone.")
  static let fontSize = Option<Int>(
    "--font-size", value: "PT", default: 11, range: 1...200,
    help: "The monospace size foot and X get, {min}-{max} (default {default}).")

  var accent: String?
  var image: String?
  var scheme: SchemeChoice?
  var font: String?
  var monoFont: String?
  var format: String
  var template: String?
  var clientVersion: String?
  var fonts: FontsChoice
  var fontSize: Int
  var output: String?
  var preview: String?
  var mkdir: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    accent = arguments.option("--accent")
    image = arguments.option("--from-image")
    scheme = try arguments.value(Self.scheme)
    font = arguments.option("--font")
    monoFont = arguments.option("--mono-font")
    template = arguments.option("--template")
    let named = arguments.option("--format")
    if arguments.flag("--json") {
      if let named, named.lowercased() != "json" {
        throw UsageError("--json is --format json: it cannot be combined with --format \(named)")
      }
      if template != nil { throw UsageError("give --json or --template, not both") }
    }
    format = named ?? (arguments.flag("--json") ? "json" : "")
    clientVersion = arguments.option("--client-version")
    fonts = try arguments.value(Self.fonts)
    fontSize = try arguments.value(Self.fontSize)
    output = arguments.option("--output")
    preview = arguments.option("--preview")
    mkdir = arguments.flag("--mkdir")
    if template != nil && named != nil {
      throw UsageError("give --format or --template, not both")
    }
    if template == nil && format.isEmpty {
      throw UsageError("missing option --format <FORMAT>")
    }
    if format != "list" {
      if accent != nil && image != nil {
        throw UsageError("give --accent or --from-image, not both")
      }
      if accent == nil && image == nil {
        throw UsageError("missing --accent COLOR or --from-image FILE")
      }
    }
  }

  func run(_ context: CommandContext) throws {
    if format == "list" {
      let width = ThemeFormat.allCases.map(\.rawValue.count).max() ?? 0
      for format in ThemeFormat.allCases {
        let padding = String(repeating: " ", count: width - format.rawValue.count + 2)
        context.out("\(format.rawValue)\(padding)\(format.summary)\n")
      }
      return
    }
    // Everything the arguments alone decide is checked before a color is computed.
    var parsedTemplate: ThemeTemplate?
    var format: ThemeFormat?
    if let template {
      parsedTemplate = try ThemeTemplate(try ThemeCommand.readTemplate(template))
    } else {
      guard let named = ThemeFormat.named(self.format) else {
        throw PaletteCommandError.unknownFormat(self.format, valid: Self.formatWords)
      }
      format = named
    }
    var version: ClientVersion?
    if let clientVersion {
      guard let client = format?.client else {
        throw ThemeCommandError.clientVersionUnused(format?.rawValue ?? "--template")
      }
      guard let parsed = ClientVersion(clientVersion) else {
        throw ThemeCommandError.badClientVersion(clientVersion, client: client)
      }
      version = parsed
    } else if let client = format?.client, format != .alacrittyYAML {
      version = ClientVersion.installed(client, path: context.environment["PATH"] ?? "")
    }
    let holdsBoth = format?.holdsBothSchemes ?? false
    let schemes = (scheme ?? (holdsBoth ? .both : .one(.dark))).schemes
    if schemes.count > 1 && !holdsBoth {
      guard let format else { throw ThemeCommandError.templateHoldsOneScheme }
      throw ThemeError.formatHoldsOneScheme(format.rawValue)
    }
    var theme: Theme
    if let accent {
      // `system-blue` (no variant named) means Apple's light value in the light scheme and its
      // dark value in the dark one, as the system itself does.
      var darkAccent: Color?
      let lowered = accent.lowercased()
      if let system = SystemAccent.named(accent), !lowered.hasSuffix("-dark"),
        !lowered.hasSuffix("-light")
      {
        darkAccent = Color.system(system.accent, scheme: .dark)
      }
      theme = Theme(
        accent: try PaletteOutput.color(accent), darkAccent: darkAccent, schemes: schemes,
        source: accent)
    } else {
      let path = image ?? ""
      theme = try Theme(image: try RGBAImage(pngFile: path), path: path, schemes: schemes)
    }
    let catalog = try FontCatalog()
    let ui = try ThemeFonts.resolve(font, generic: "sans-serif", catalog: catalog, context: context)
    let mono = try ThemeFonts.resolve(
      monoFont, generic: "monospace", catalog: catalog, context: context)
    theme.uiFont = ui.family
    theme.monoFont = mono.family
    let text: String
    if let parsedTemplate {
      text = try parsedTemplate.rendered(theme: theme, scheme: schemes[0], fontSize: fontSize)
    } else if let format {
      text = try theme.exported(
        as: format,
        options: ThemeExportOptions(
          clientVersion: version, includeFonts: fonts == .auto, fontSize: fontSize))
    } else {
      text = ""
    }
    // Everything that can fail on the input is done before the first byte is written.
    var pictureBytes: [UInt8]?
    if preview != nil {
      let picture = try ThemePreview.render(theme, uiFont: ui.file, monoFont: mono.file)
      pictureBytes = try picture.pngData()
    }
    // The picture goes first: its folder may be missing, and then nothing must have been written
    // (standard output included). If the theme file then fails, a picture this run created is
    // removed again.
    // Both folders are checked (or made, with --mkdir) before either file is written.
    let previewFolders =
      try preview.map { path throws(OutputFolderError) in
        try OutputFolder.prepare(path, createFolders: mkdir)
      } ?? []
    guard let preview, let pictureBytes else {
      try PaletteOutput.write(text, to: output, createFolders: mkdir, context: context)
      return
    }
    // `access` follows links: a dangling link names no file yet, and the picture is then
    // written where the link leads, which is the file taken back (the link stays).
    let previewExisted = access(preview, F_OK) == 0
    var written: String?
    do {
      written = try writeAtomically(pictureBytes, to: preview, durability: context.fileDurability)
      try PaletteOutput.write(text, to: output, createFolders: mkdir, context: context)
    } catch {
      if !previewExisted, let written { unlink(written) }
      OutputFolder.remove(previewFolders)
      throw error
    }
  }

  /// The text of the template at `path`, at most ``ThemeTemplate/maximumSize`` bytes.
  static func readTemplate(_ path: String) throws -> String {
    String(decoding: try readFile(path, maximumSize: ThemeTemplate.maximumSize), as: UTF8.self)
  }
}
