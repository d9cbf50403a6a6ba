import Pickers

/// `pickers color mix COLOR COLOR [COLOR...] [--amount F] [--in SPACE] [--hue METHOD]`.
struct ColorMix: Command {
  static let spec = CommandSpec(
    name: "mix",
    abstract: "Mix colors as CSS color-mix() does and print the result.",
    discussion: """
      Each COLOR may carry its share as color-mix() writes it: 'red 30%' or '30% red'. Shares \
      left out split what the given ones leave of 100%; a total above 100% is scaled down and \
      a total below 100% lowers the alpha. With two colors and no shares, --amount is the \
      share of the second (0 to 1; default 0.5). Mixing happens in --in SPACE (default oklab, \
      as in CSS) with premultiplied alpha; missing components (and an alpha of none) take the \
      other color's value. --hue chooses how polar spaces (oklch, lch, hsl, hsv, hwb) travel \
      around the hue circle. The result is printed in the mixing space. The first COLOR may \
      be - to mix each line of standard input with the others.
      """,
    arguments: [
      .positional(
        "COLOR", help: "Two or more colors, each with an optional share; the first may be -.",
        repeating: true),
      amountOption.argument,
      .option(
        "--in", value: "SPACE", help: "The mixing space (default oklab).",
        completion: .choices(SpaceChoice.allCases.map(\.rawValue))),
      hueOption.argument,
      .flag(
        "--json",
        help: "Print JSON: input (the colors), css (the plain answer), hex, space, components, "
          + "alpha (an array when reading standard input)."),
    ] + ColorContextOptions.arguments,
    examples: [
      "pickers color mix red blue",
      "pickers color mix red blue --in oklch --hue longer --amount 0.25",
      "pickers color mix 'red 20%' lime blue --in srgb",
      "pickers color mix '#3478f6 40%' 'rgb(255 0 0 / none)' --in oklch",
      "pickers color mix red blue --amount 0.25 --json",
    ])

  /// `--amount`: with none, two colors mix half and half (color-mix()'s default).
  static let amountOption = Option<Double?>(
    "--amount", value: "F", range: 0...1,
    help: "The share of the second of two colors, {min} to {max}.")
  static let hueOption = Option<HueInterpolation>(
    "--hue", value: "METHOD", default: .shorter, help: "Hue interpolation: {choices}.")

  /// The most colors one mix takes.
  static let maximumColors = 1_000

  var colors: [String]
  var amount: Double?
  var space: ColorSpace
  var hue: HueInterpolation
  var json: Bool
  var options: ColorContextOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    colors = arguments.positionals("COLOR")
    guard colors.count >= 2 else { throw UsageError("mix needs at least two colors") }
    guard colors.count <= Self.maximumColors else {
      throw UsageError("mix takes at most \(Self.maximumColors) colors")
    }
    if colors.dropFirst().contains("-") {
      throw UsageError("only the first COLOR may be - (standard input)")
    }
    amount = try arguments.value(Self.amountOption)
    if amount != nil && colors.count != 2 {
      throw UsageError("--amount needs exactly two colors; give shares as 'COLOR 30%'")
    }
    space = try arguments.choice("--in", as: SpaceChoice.self)?.space ?? .oklab
    hue = try arguments.value(Self.hueOption)
    json = arguments.flag("--json")
    options = try ColorContextOptions(arguments)
  }

  func run(_ context: CommandContext) throws {
    let css = try options.context(context)
    var rest: [MixStop] = []
    for text in colors.dropFirst() { rest.append(try MixStop(css: text, context: css)) }
    if let amount {
      guard rest[0].percentage == nil else {
        throw UsageError("--amount cannot be used with shares given as 'COLOR 30%'")
      }
      rest[0].percentage = amount * 100
    }
    func mix(_ first: MixStop) throws(UsageError) -> CSSColor {
      var first = first
      if let amount {
        guard first.percentage == nil else {
          throw UsageError("--amount cannot be used with shares given as 'COLOR 30%'")
        }
        first.percentage = 100 - amount * 100
      }
      return Color.mix([first] + rest, in: space, hue: hue)
    }
    var output = ColorJSONOutput(context)
    func emit(_ mixed: CSSColor, first: String, item: ColorInputs.Item) throws {
      let text = Self.text(mixed)
      guard json else {
        context.out(text + "\n")
        return
      }
      let value = ColorResultJSON(
        input: [first] + colors.dropFirst(), css: text, color: mixed.color,
        alphaIsMissing: mixed.alphaIsMissing)
      try output.write(value, for: item)
    }
    guard colors[0] == "-" else {
      let first = try MixStop(css: colors[0], context: css)
      let item = ColorInputs.Item(text: colors[0], color: first.color.color, line: nil)
      try emit(try mix(first), first: colors[0], item: item)
      return
    }
    let outcome = try ColorInputs.forEach(colors[0], context: context, css: css) { item in
      let first = (try? MixStop(css: item.text, context: css)) ?? MixStop(item.color)
      try emit(try mix(first), first: item.text, item: item)
    }
    if json { output.close(outcome) }
    try outcome.finish()
  }

  /// The mixture in pickers' CSS form, with `/ none` when the alpha is missing.
  static func text(_ mixed: CSSColor) -> String {
    guard mixed.alphaIsMissing else { return mixed.color.cssString }
    var text = mixed.color.withOpacity(1).cssString
    text.removeLast()
    return text + " / none)"
  }
}
