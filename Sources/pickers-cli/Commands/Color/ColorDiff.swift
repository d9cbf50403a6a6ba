import Pickers

/// `pickers color diff A B [--method 2000|ok|76]`.
struct ColorDiff: Command {
  static let spec = CommandSpec(
    name: "diff",
    abstract: "Print how different two colors look (deltaE).",
    discussion: """
      --method 2000 (default) is CIEDE2000 and 76 is CIE76, both in CIE Lab (D50, as CSS \
      defines it), where about 1 is just noticeable; ok is the distance in Oklab (CSS \
      deltaEOK), where about 0.02 is. A may be - to compare each line of standard input with B.
      """,
    arguments: [
      .positional("A", help: "The first color, or - for one per line of standard input."),
      .positional("B", help: "The second color."),
      .option(
        "--method", value: "METHOD", help: "2000 (default), ok or 76.",
        completion: .choices(DeltaEMethod.allCases.map(\.rawValue))),
    ] + ColorContextOptions.arguments,
    examples: [
      "pickers color diff red orange",
      "pickers color diff '#777' '#767676' --method ok",
    ])

  var first: String
  var second: String
  var method: DeltaEMethod
  var options: ColorContextOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    first = arguments.positional("A") ?? ""
    second = arguments.positional("B") ?? ""
    if second == "-" { throw UsageError("only A may be - (standard input)") }
    method = try arguments.choice("--method", as: DeltaEMethod.self) ?? .ciede2000
    options = try ColorContextOptions(arguments)
  }

  func run(_ context: CommandContext) throws {
    let css = try options.context(context)
    let other = try Color(css: second, context: css)
    try ColorInputs.forEach(first, context: context, css: css) { item in
      context.out(fixed(item.color.deltaE(to: other, method: method), 6) + "\n")
    }.finish()
  }
}
