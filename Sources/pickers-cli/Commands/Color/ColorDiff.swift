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
      method.argument,
      .flag(
        "--json",
        help: "Print JSON: a, b, method and deltaE, unrounded (an array when reading standard "
          + "input)."),
    ] + ColorContextOptions.arguments,
    examples: [
      "pickers color diff red orange",
      "pickers color diff '#777' '#767676' --method ok",
      "pickers color diff red orange --method 76 --json",
    ])

  /// `--method`: help lists CIEDE2000 first, not in the enumeration's order.
  static let method = Option<DeltaEMethod>(
    "--method", value: "METHOD", default: .ciede2000, help: "{default} (default), ok or 76.")

  var first: String
  var second: String
  var method: DeltaEMethod
  var json: Bool
  var options: ColorContextOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    first = arguments.positional("A") ?? ""
    second = arguments.positional("B") ?? ""
    if second == "-" { throw UsageError("only A may be - (standard input)") }
    method = try arguments.value(Self.method)
    json = arguments.flag("--json")
    options = try ColorContextOptions(arguments)
  }

  func run(_ context: CommandContext) throws {
    let css = try options.context(context)
    let other = try Color(css: second, context: css)
    var output = ColorJSONOutput(context)
    let outcome = try ColorInputs.forEach(first, context: context, css: css) { item in
      let difference = item.color.deltaE(to: other, method: method)
      if json {
        try output.write(
          Report(a: item.text, b: second, method: method.rawValue, deltaE: difference), for: item)
      } else {
        context.out(fixed(difference, 6) + "\n")
      }
    }
    if json { output.close(outcome) }
    try outcome.finish()
  }

  /// The JSON form: the two colors as given, the method's name and the unrounded difference.
  struct Report: Encodable {
    var a: String
    var b: String
    var method: String
    var deltaE: Double
  }
}
