import Pickers

/// `pickers color convert COLOR --to SPACE`.
struct ColorConvert: Command {
  /// What `--to` accepts: a color space, or `hex`.
  enum Target: String, CaseIterable {
    case hex, srgb, srgbLinear = "srgb-linear", displayP3 = "display-p3"
    case displayP3Linear = "display-p3-linear", a98RGB = "a98-rgb"
    case prophotoRGB = "prophoto-rgb", rec2020, xyz, xyzD65 = "xyz-d65", xyzD50 = "xyz-d50"
    case lab, lch, oklab, oklch, hsl, hsv, hwb
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
    let space = target == .xyz ? ColorSpace.xyzD65 : ColorSpace(rawValue: target.rawValue) ?? .srgb
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
    let space = target == .xyz ? ColorSpace.xyzD65 : ColorSpace(rawValue: target.rawValue) ?? .srgb
    return color.gamutMapped(to: space).cssString
  }
}
