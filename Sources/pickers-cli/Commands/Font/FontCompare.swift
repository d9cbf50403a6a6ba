import Pickers

/// `pickers font compare A B C... --text T [--size N | --waterfall] -o compare.png`.
struct FontCompare: ConcurrentCommand {
  static let spec = CommandSpec(
    name: "compare",
    abstract: "Draw the same text in several fonts, one labelled row each, to a PNG.",
    discussion: """
      Each FONT is a family name or a fontconfig pattern (drawn as fontconfig's match, with a \
      warning). Every row uses the same text and size, with the renderer of 'font preview' \
      and 'font specimen'; --waterfall draws each font at sizes from 10 to 96 pixels.
      """,
    arguments: [
      .positional(
        "FONT", help: "Two to six families or patterns.", repeating: true, completion: .fontFamily),
      .option("--text", short: "t", value: "T", help: "The text of every row.", required: true),
      .option(
        "--size", short: "s", value: "PX", help: RenderArguments.fontSizeHelp(default: 32)),
      .flag("--waterfall", help: "Each font at several sizes instead of one."),
      .option("--width", value: "PX", help: "Sheet width in pixels (default 1400)."),
      RenderArguments.outputSpec,
      OutputFolder.mkdirSpec,
    ],
    examples: [
      "pickers font compare 'DejaVu Sans' 'DejaVu Serif' 'Noto Sans' --text 'Hamburgefonstiv' -o compare.png",
      "pickers font compare 'DejaVu Sans' 'Noto Sans' --text 'Quick 123' --waterfall -o waterfall.png",
    ])

  var fonts: [String]
  var text: String
  var size: Double
  var waterfall: Bool
  var width: Int
  var output: String
  var mkdir: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    fonts = arguments.positionals("FONT")
    guard (2...6).contains(fonts.count) else {
      throw UsageError("font compare takes two to six fonts, got \(fonts.count)")
    }
    guard let text = arguments.option("--text"),
      text.unicodeScalars.contains(where: { !$0.properties.isWhitespace })
    else { throw UsageError("--text is empty: give at least one visible character") }
    self.text = text
    size = try RenderArguments.fontSize(arguments, default: 32)
    waterfall = arguments.flag("--waterfall")
    if waterfall, arguments.option("--size") != nil {
      throw UsageError("give --size or --waterfall, not both")
    }
    width = try arguments.integer("--width", in: 16...40_000) ?? 1_400
    output = try RenderArguments.output(arguments)
    mkdir = arguments.flag("--mkdir")
    guard output != "-" else {
      throw UsageError("-o - is not supported for comparisons: name a PNG file")
    }
  }

  func run(concurrently context: CommandContext) async throws {
    let catalog = try FontCatalog()
    let sizes = waterfall ? FontSpecimen.waterfallSizes : [size]
    var rows: [SpecimenRow] = []
    for size in sizes {
      for font in fonts {
        let preview = try catalog.resolve(PreviewRequest(family: font, text: text, size: size))
        for warning in preview.warnings { context.warn(warning.description) }
        let family = preview.font.family.isEmpty ? font : preview.font.family
        rows.append(
          SpecimenRow(label: waterfall ? "\(family) \(Int(size)) px" : family, preview: preview))
      }
    }
    try await FontSpecimen.write(
      rows, catalog: catalog, width: width, to: output, mkdir: mkdir, name: "compare", context)
  }
}
