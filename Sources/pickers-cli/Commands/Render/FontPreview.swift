import Pickers

/// `pickers font preview FAMILY_OR_PATTERN -o FILE.png`: text set in a font, as a PNG.
struct FontPreview: Command {
  static let spec = CommandSpec(
    name: "preview",
    abstract: "Draw text in a font to a PNG (HarfBuzz shaping, FreeType rendering).",
    discussion: """
      FAMILY_OR_PATTERN is a family name (exactly, any case), a fontconfig pattern such as \
      'monospace:bold' (the match is named in a warning), or a font file's path. Characters the \
      font lacks are drawn by the fallback fonts fontconfig chooses, unless --no-fallback. The \
      default text is a sample that suits the font's script.
      """,
    arguments: [
      .positional(
        "FAMILY_OR_PATTERN", help: "A family, a fontconfig pattern or a font file.",
        completion: .fontFamily),
      RenderArguments.outputSpec,
      OutputFolder.mkdirSpec,
      .option("--text", short: "t", value: "T", help: "The text to draw (default: a sample)."),
      .option(
        "--size", short: "s", value: "PX", help: RenderArguments.fontSizeHelp(default: 48)),
      .option("--fg", value: "C", help: "Text color (default black)."),
      .option("--bg", value: "C", help: "Background color (default white; may be transparent)."),
      .option("--padding", value: "PX", help: "Space around the text (default 16)."),
      .option("--width", value: "PX", help: "Wrap the text to a picture this wide."),
      .option("--weight", value: "W", help: "Weight: 100-1000 or a name such as bold."),
      .option("--variation", value: "AXES", help: "Variable-font axes, such as wght=650,wdth=80."),
      .option(
        "--instance", value: "NAME", help: "A variable font's named instance, such as SemiBold."),
      .flag("--no-fallback", help: "Show the font's own coverage (missing glyphs as boxes)."),
      .option("--lang", value: "L", help: "Shape as this language (BCP 47), such as sr or ja."),
    ] + TextArguments.specs,
    examples: [
      "pickers font preview 'DejaVu Sans' --text 'Hello, world' -o hello.png",
      "pickers font preview Inter --variation wght=650 --size 64 -o inter.png",
      "pickers font preview 'Noto Sans Arabic' --fg white --bg '#202830' -o arabic.png",
      "pickers font preview 'Noto Serif CJK JP' --text '直' --lang zh-Hans -o zh.png",
      "pickers font preview 'DejaVu Sans' --text 'office fit' --features liga=0 -o noliga.png",
      "pickers font preview 'DejaVu Serif' --size 14 --hinting none --antialias gray -o hb.png",
    ])

  var family: String
  var output: String
  var mkdir: Bool
  var text: String?
  var size: Double
  var foreground: String
  var background: String
  var padding: Int
  var width: Int?
  var weight: FontWeight?
  var variation: FontVariation
  var fallback: Bool
  var language: String?
  var textOptions: TextArguments

  init(_ arguments: ParsedArguments) throws(UsageError) {
    family = arguments.positional("FAMILY_OR_PATTERN") ?? ""
    guard !family.isEmpty else { throw UsageError("missing FAMILY_OR_PATTERN: name a font") }
    output = try RenderArguments.output(arguments)
    mkdir = arguments.flag("--mkdir")
    text = arguments.option("--text")
    size = try RenderArguments.fontSize(arguments, default: 48)
    foreground = arguments.option("--fg") ?? "black"
    background = arguments.option("--bg") ?? "white"
    padding = try arguments.integer("--padding", in: PreviewOptions.paddingRange) ?? 16
    width = try arguments.integer("--width", in: PreviewOptions.widthRange)
    if let text = arguments.option("--weight") {
      guard let parsed = FontWeight(parsing: text) else {
        throw UsageError(
          "--weight '\(text)' is not a weight: expected 100 to 1000 or a name such as bold")
      }
      weight = parsed
    }
    var variation = FontVariation(instance: arguments.option("--instance"))
    if let axes = arguments.option("--variation") {
      do {
        variation.settings = try FontVariation(parsing: axes).settings
      } catch {
        throw UsageError(error.description)
      }
    }
    self.variation = variation
    fallback = !arguments.flag("--no-fallback")
    language = arguments.option("--lang")
    if let language, language.isEmpty || language.utf8.count > 64 {
      throw UsageError("--lang '\(language)' is not a language tag: expected one such as sr or ja")
    }
    textOptions = try TextArguments(arguments)
  }

  func run(_ context: CommandContext) throws {
    var request = PreviewRequest(family: family, text: text, size: size)
    request.foreground = try Color(css: foreground)
    request.background = try Color(css: background)
    request.padding = padding
    request.width = width
    request.weight = weight
    request.variation = variation
    request.usesFallback = fallback
    request.language = language
    textOptions.apply(to: &request)
    let catalog = try FontCatalog()
    // The face's warning first: it names the font a later error is about.
    let preview = try catalog.resolve(request)
    for warning in preview.warnings { context.warn(warning.description) }
    let result = try catalog.render(resolved: preview)
    for index in preview.warnings.count..<result.warnings.count {
      context.warn(result.warnings[index].description)
    }
    try RenderArguments.write(
      png: try result.pngData(), to: output, createFolders: mkdir, context: context)
  }
}
