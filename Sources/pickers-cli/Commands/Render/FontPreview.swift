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
    let fg = try RenderArguments.color(foreground)
    let bg = try RenderArguments.color(background)
    let catalog = try FontCatalog()
    let font = try catalog.resolveFont(family, weight: weight)
    if let warning = font.warning { context.warn(warning) }
    let renderer = try TextRenderer()
    var style = textOptions.applied(
      to: TextStyle(font: font.file, size: size, variation: font.variation, language: language),
      rendering: try textOptions.rendering(catalog: catalog, font: font.file, size: size))
    style.variation.instance = variation.instance
    for setting in variation.settings {
      style.variation = style.variation.setting(setting.tag, to: setting.value)
    }
    let sample: String
    if let text {
      sample = text
    } else {
      let chosen = try renderer.typesetter.sample(for: font.file)
      sample = chosen.text
      if chosen.language != "und" && language == nil { style.language = chosen.language }
    }
    let options = PreviewOptions(
      style: style, foreground: fg, background: bg, padding: padding, width: width)
    let (png, failed) = try Pickers.FontPreview.drawPNG(
      sample, options: options, font: font, catalog: fallback ? catalog : nil,
      renderer: renderer)
    if failed > 0 {
      context.warn(
        "\(failed) of \(renderer.glyphsRendered) glyphs could not be drawn from "
          + "\"\(font.file.path)\" (the font file may be damaged)")
    }
    try RenderArguments.write(png: png, to: output, createFolders: mkdir, context: context)
  }
}
