import Pickers

/// `pickers color swatch COLOR... -o FILE.png`: color swatches as a PNG.
struct ColorSwatch: Command {
  static let spec = CommandSpec(
    name: "swatch",
    abstract: "Draw swatches of one or more colors to a PNG.",
    discussion: """
      Swatches are laid out in one row, or in a grid with --columns. Without --label and \
      --checkerboard every swatch pixel is exactly the color, alpha kept. Give '-' to read \
      colors from standard input, one per line.
      """,
    arguments: [
      .positional(
        "COLOR", help: "CSS colors ('-' reads them from standard input).", repeating: true),
      RenderArguments.outputSpec,
      OutputFolder.mkdirSpec,
      .option(
        "--size", short: "s", value: "WxH",
        help: "Picture size of each swatch in pixels, WxH; N is NxN (default 128x128)."),
      .option("--columns", value: "N", help: "Swatches per row (default: all in one row)."),
      .option("--gap", value: "PX", help: "Transparent space between swatches (default 0)."),
      .option("--radius", value: "PX", help: "Rounded, anti-aliased corners (default 0)."),
      .flag(
        "--label", help: "Write each color's name or hex on it, in black or white by contrast."),
      .flag("--checkerboard", help: "Draw a checkerboard under each swatch to show translucency."),
    ],
    examples: [
      "pickers color swatch '#ff8800' -o orange.png",
      "pickers color swatch red --size 64 --mkdir -o swatches/red.png",
      "pickers color swatch red 'oklch(70% 0.1 200 / 50%)' --checkerboard --label -o two.png",
      "pickers palette distinct --count 8 --format hex | pickers color swatch - --columns 4 "
        + "-o grid.png",
    ])

  var colors: [String]
  var output: String
  var mkdir: Bool
  var size: (width: Int, height: Int)
  var columns: Int?
  var gap: Int
  var radius: Double
  var label: Bool
  var checkerboard: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    colors = arguments.positionals("COLOR")
    guard !colors.isEmpty else { throw UsageError("missing COLOR: name at least one color") }
    output = try RenderArguments.output(arguments)
    mkdir = arguments.flag("--mkdir")
    size =
      try arguments.option("--size").map { text throws(UsageError) in
        try RenderArguments.size(text, option: "--size", in: SwatchSheet.sideRange)
      } ?? (128, 128)
    columns = try arguments.integer("--columns", in: 1...SwatchSheet.maximumSwatches)
    gap = try arguments.integer("--gap", in: SwatchSheet.gapRange) ?? 0
    radius = try arguments.double("--radius", in: 0...16_384) ?? 0
    label = arguments.flag("--label")
    checkerboard = arguments.flag("--checkerboard")
  }

  func run(_ context: CommandContext) throws {
    var swatches: [SwatchSheet.Swatch] = []
    for argument in colors {
      // Bad lines of standard input are reported by number; then nothing is written.
      let (items, outcome) = try ColorInputs.all(argument, context: context)
      try outcome.finish()
      for item in items {
        // A name reads better than hex; anything longer or with syntax gets the hex form.
        let text = item.text
        let isName = !text.isEmpty && text.count <= 24 && text.allSatisfy(\.isLetter)
        swatches.append(SwatchSheet.Swatch(color: item.color.rgba8, label: isName ? text : nil))
      }
    }
    var sheet = SwatchSheet(swatches: swatches)
    sheet.swatchWidth = size.width
    sheet.swatchHeight = size.height
    sheet.columns = columns
    sheet.gap = gap
    sheet.cornerRadius = radius
    sheet.checkerboard = checkerboard
    _ = try sheet.validatedSize()
    if label {
      sheet.showsLabels = true
      sheet.labelFont = try FontCatalog().labelFont()
    }
    let image = try sheet.render()
    try RenderArguments.write(image, to: output, createFolders: mkdir, context: context)
  }
}
