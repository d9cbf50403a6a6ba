import Pickers

/// `pickers color convert COLOR --to SPACE`.
struct ColorConvert: Command {
  /// What `--to` accepts: `hex`, or a color space by any of its names (``SpaceChoice``).
  struct Target: RawRepresentable, CaseIterable, Equatable {
    var rawValue: String
    /// The space; `nil` for `hex`.
    var space: ColorSpace?

    static var hex: Target { Target(name: "hex", space: nil) }
    static var allCases: [Target] {
      [.hex] + SpaceChoice.allCases.map { Target(name: $0.rawValue, space: $0.space) }
    }

    init?(rawValue: String) {
      if rawValue == "hex" {
        self = .hex
      } else if let choice = SpaceChoice(rawValue: rawValue) {
        self.init(name: rawValue, space: choice.space)
      } else {
        return nil
      }
    }

    private init(name: String, space: ColorSpace?) {
      rawValue = name
      self.space = space
    }
  }

  static let spec = CommandSpec(
    name: "convert",
    abstract: "Print COLOR as a CSS string in another color space (or as hex).",
    discussion: """
      RGB spaces, HSL, HSV and HWB are gamut mapped with the CSS Color 4 algorithm, so the \
      printed value is always displayable; XYZ, Lab, LCH, Oklab and Oklch print the exact \
      conversion. HSV has no CSS syntax and prints as color(--hsv h s v), which pickers reads \
      back.
      """,
    arguments: [
      .positional("COLOR", help: "A CSS color, or - for one per line of standard input."),
      .option(
        "--to", value: "SPACE", help: "The target: hex or a color space name.", required: true,
        completion: .choices(Target.allCases.map(\.rawValue))),
      .flag(
        "--json",
        help: "Print JSON: input, css (the plain answer), hex, space, components, alpha "
          + "(an array when reading standard input)."),
    ] + ColorContextOptions.arguments,
    examples: [
      "pickers color convert '#663399' --to oklch",
      "pickers color convert 'oklch(0.9 0.3 140)' --to hex",
      "printf 'red\\nblue\\n' | pickers color convert - --to hsl",
      "pickers color convert rebeccapurple --to oklch --json",
      "pickers color convert 'oklch(from #3478f6 calc(l + 0.1) c h)' --to hex",
      "pickers color convert 'light-dark(Canvas, CanvasText)' --scheme dark --to hex",
    ])

  var color: String
  var target: Target
  var json: Bool
  var options: ColorContextOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    color = arguments.positional("COLOR") ?? ""
    guard let target = try arguments.choice("--to", as: Target.self) else {
      throw UsageError("missing value for --to <SPACE>")
    }
    self.target = target
    json = arguments.flag("--json")
    options = try ColorContextOptions(arguments)
  }

  func run(_ context: CommandContext) throws {
    // Looked up once: a batch converts millions of lines to the same space.
    let space = target.space ?? .srgb
    let css = try options.context(context)
    if json {
      var output = ColorJSONOutput(context)
      let outcome = try ColorInputs.forEach(color, context: context, css: css) { item in
        let mapped = item.color.gamutMapped(to: target == .hex ? .srgb : space)
        let text = target == .hex ? item.color.hex : mapped.cssString
        try output.write(ColorResultJSON(input: [item.text], css: text, color: mapped), for: item)
      }
      output.close(outcome)
      try outcome.finish()
      return
    }
    if color == "-" {
      let batch = ColorBatch(
        output: target == .hex ? .hex : .css(space), context: css,
        maximumLineLength: CommandContext.maximumLineLength)
      try ColorInputs.convertStandardInput(batch, context: context).0.finish()
      return
    }
    try ColorInputs.forEach(color, context: context, css: css) { item in
      context.withOutput { output in
        if target == .hex {
          output.append(contentsOf: item.color.hex.utf8)
        } else {
          item.color.gamutMapped(to: space).appendCSSString(to: &output)
        }
        output.append(0x0A)
      }
    }.finish()
  }

  /// One color as `--to` prints it (the sampler prints its answers the same way).
  static func convert(_ color: Color, to target: Target) -> String {
    if target == .hex { return color.hex }
    let space = target.space ?? .srgb
    return color.gamutMapped(to: space).cssString
  }
}
