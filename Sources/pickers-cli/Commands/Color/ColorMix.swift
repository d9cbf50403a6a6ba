import Pickers

/// `pickers color mix A B [--amount F] [--in SPACE] [--hue METHOD]`.
struct ColorMix: Command {
  static let spec = CommandSpec(
    name: "mix",
    abstract: "Mix two colors as CSS color-mix() does and print the result.",
    discussion: """
      --amount is the share of B (0 gives A, 1 gives B; default 0.5). Mixing happens in \
      --in SPACE (default oklab, as in CSS) with premultiplied alpha; missing components take \
      the other color's value. --hue chooses how polar spaces (oklch, lch, hsl, hsv, hwb) \
      travel around the hue circle. The result is printed in the mixing space. A may be - to \
      mix each line of standard input with B.
      """,
    arguments: [
      .positional("A", help: "The first color, or - for one per line of standard input."),
      .positional("B", help: "The second color."),
      .option("--amount", value: "F", help: "The share of B, 0 to 1 (default 0.5)."),
      .option(
        "--in", value: "SPACE", help: "The mixing space (default oklab).",
        completion: .choices(SpaceChoice.allCases.map(\.rawValue))),
      .option(
        "--hue", value: "METHOD",
        help: "Hue interpolation: shorter (default), longer, increasing or decreasing.",
        completion: .choices(HueInterpolation.allCases.map(\.rawValue))),
    ],
    examples: [
      "pickers color mix red blue",
      "pickers color mix red blue --in oklch --hue longer --amount 0.25",
    ])

  var first: String
  var second: String
  var amount: Double
  var space: ColorSpace
  var hue: HueInterpolation

  init(_ arguments: ParsedArguments) throws(UsageError) {
    first = arguments.positional("A") ?? ""
    second = arguments.positional("B") ?? ""
    if second == "-" { throw UsageError("only A may be - (standard input)") }
    amount = try arguments.double("--amount", in: 0...1) ?? 0.5
    space = try arguments.choice("--in", as: SpaceChoice.self)?.space ?? .oklab
    hue = try arguments.choice("--hue", as: HueInterpolation.self) ?? .shorter
  }

  func run(_ context: CommandContext) throws {
    let other = try Color(css: second)
    try ColorInputs.forEach(first, context: context) { item in
      let mixed = item.color.mixed(with: other, by: amount, in: space, hue: hue)
      context.out(mixed.cssString + "\n")
    }.finish()
  }
}
