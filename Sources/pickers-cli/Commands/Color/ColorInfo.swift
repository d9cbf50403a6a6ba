import Pickers

/// `pickers color info COLOR [--json]`: a color in every space.
struct ColorInfo: Command {
  static let spec = CommandSpec(
    name: "info",
    abstract: "Show a color in every color space, with its hex value and nearest CSS name.",
    discussion: """
      COLOR is any CSS color (hex, a name, rgb(), hsl(), hwb(), lab(), lch(), oklab(), \
      oklch(), color(), and CSS Color 5: color-mix(), relative colors, calc() and the other \
      math functions, light-dark(), contrast-color(), currentcolor, system colors), or - to \
      read one color per line from standard input. "computed" is the CSS computed value as a \
      browser serializes it. Values are exact conversions, not clamped; hex is the \
      gamut-mapped sRGB value. A hue that has no meaning (a gray) is shown as none (null in \
      JSON).
      """,
    arguments: [
      .positional("COLOR", help: "A CSS color, or - for one per line of standard input."),
      .flag("--json", help: "Print JSON (an array when reading standard input)."),
    ] + ColorContextOptions.arguments,
    examples: [
      "pickers color info rebeccapurple",
      "pickers color info 'oklch(70% 0.1 200 / 50%)' --json",
      "printf '#f00\\n#0f0\\n' | pickers color info - --json",
      "pickers color info 'color-mix(in oklch, #3478f6 30%, white)'",
      "pickers color info 'light-dark(Canvas, CanvasText)' --scheme dark",
    ])

  var color: String
  var json: Bool
  var options: ColorContextOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    color = arguments.positional("COLOR") ?? ""
    json = arguments.flag("--json")
    options = try ColorContextOptions(arguments)
  }

  func run(_ context: CommandContext) throws {
    let css = try options.context(context)
    if color == "-" {
      // Standard input gives a JSON array, written element by element as the lines come.
      let batch = ColorBatch(
        output: json ? .reportJSON : .report, context: css,
        maximumLineLength: CommandContext.maximumLineLength)
      let (outcome, colors) = try ColorInputs.convertStandardInput(batch, context: context)
      if json { context.out(ColorBatch.arrayEnd(count: colors)) }
      try outcome.finish()
      return
    }
    let report = try ColorReport(css: color, context: css)
    context.out(json ? report.json + "\n" : report.text)
  }
}
