import Glibc
import Pickers

/// Which schemes `pickers theme` builds.
enum SchemeChoice: String, CaseIterable, Sendable {
  case light
  case dark
  case both
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
      """,
    arguments: [
      .option(
        "--accent", short: "a", value: "COLOR", help: "The accent: a CSS color or system-NAME."),
      .option(
        "--from-image", value: "FILE", help: "Take the accent from a PNG's dominant colors.",
        completion: .file),
      .option(
        "--scheme", value: "SCHEME",
        help: "light, dark or both (default: both for json and css, else dark).",
        completion: .choices(SchemeChoice.allCases.map(\.rawValue))),
      .option(
        "--font", value: "FAMILY", help: "The UI font family (default: fontconfig's sans-serif).",
        completion: .fontFamily),
      .option(
        "--mono-font", value: "FAMILY",
        help: "The monospace family (default: fontconfig's monospace).", completion: .fontFamily),
      .option(
        "--format", short: "f", value: "FORMAT", help: "The file format, or 'list' to list them.",
        required: true,
        completion: .choices(["list"] + ThemeFormat.allCases.map(\.rawValue))),
      .option(
        "--output", short: "o", value: "FILE",
        help: "Write to FILE (atomically) instead of standard output.", completion: .file),
      .option(
        "--preview", value: "FILE.png", help: "Also draw a picture of the theme.",
        completion: .file),
    ],
    examples: [
      "pickers theme --accent system-blue --format kitty -o ~/.config/kitty/theme.conf",
      "pickers theme --from-image wallpaper.png --format pywal-json -o ~/.cache/wal/colors.json",
      "pickers theme --accent '#7c3aed' --scheme both --format css",
      "pickers theme --format list",
    ])

  var accent: String?
  var image: String?
  var scheme: SchemeChoice?
  var font: String?
  var monoFont: String?
  var format: String
  var output: String?
  var preview: String?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    accent = arguments.option("--accent")
    image = arguments.option("--from-image")
    scheme = try arguments.choice("--scheme", as: SchemeChoice.self)
    font = arguments.option("--font")
    monoFont = arguments.option("--mono-font")
    format = arguments.option("--format") ?? ""
    output = arguments.option("--output")
    preview = arguments.option("--preview")
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
    guard let format = ThemeFormat(rawValue: format.lowercased()) else {
      throw PaletteCommandError.unknownFormat(
        format, valid: ["list"] + ThemeFormat.allCases.map(\.rawValue))
    }
    let schemes: [ColorScheme]
    switch scheme ?? (format.holdsBothSchemes ? .both : .dark) {
    case .light: schemes = [.light]
    case .dark: schemes = [.dark]
    case .both: schemes = [.light, .dark]
    }
    if schemes.count > 1 && !format.holdsBothSchemes {
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
    let text = try theme.exported(as: format)
    // Everything that can fail on the input is done before the first byte is written.
    var pictureBytes: [UInt8]?
    if preview != nil {
      let picture = try ThemePreview.render(theme, uiFont: ui.file, monoFont: mono.file)
      pictureBytes = try picture.pngData()
    }
    // The picture goes first: its folder may be missing, and then nothing must have been written
    // (standard output included). If the theme file then fails, a picture this run created is
    // removed again.
    guard let preview, let pictureBytes else {
      try PaletteOutput.write(text, to: output, context: context)
      return
    }
    let previewExisted = access(preview, F_OK) == 0
    try writeAtomically(pictureBytes, to: preview, durability: context.fileDurability)
    do {
      try PaletteOutput.write(text, to: output, context: context)
    } catch {
      if !previewExisted { unlink(preview) }
      throw error
    }
  }
}
