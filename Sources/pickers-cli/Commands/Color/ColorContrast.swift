import Pickers

/// `pickers color contrast FG BG [--json]`.
struct ColorContrast: Command {
  static let spec = CommandSpec(
    name: "contrast",
    abstract: "Show the WCAG 2 contrast ratio and APCA Lc of text color FG on background BG.",
    discussion: """
      AA needs 4.5:1 for normal text and 3:1 for large text; AAA needs 7:1 and 4.5:1 (WCAG 2.2, \
      1.4.3 and 1.4.6; ratios are not rounded). APCA Lc (0.0.98G-4g) is positive for dark text \
      on a light background and negative for light on dark. A translucent FG is composited \
      over BG first. FG may be - to check one color per line of standard input against BG.
      """,
    arguments: [
      .positional("FG", help: "The text color, or - for one per line of standard input."),
      .positional("BG", help: "The background color."),
      .flag("--json", help: "Print JSON (an array when reading standard input)."),
    ] + ColorContextOptions.arguments,
    examples: [
      "pickers color contrast '#777' white",
      "pickers color contrast navy gold --json",
      "pickers color contrast 'contrast-color(#3478f6)' '#3478f6'",
    ])

  var foreground: String
  var background: String
  var json: Bool
  var options: ColorContextOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    foreground = arguments.positional("FG") ?? ""
    background = arguments.positional("BG") ?? ""
    json = arguments.flag("--json")
    options = try ColorContextOptions(arguments)
    if background == "-" { throw UsageError("only FG may be - (standard input)") }
  }

  /// The JSON form.
  struct Report: Encodable {
    var ratio: Double
    var aa: Bool
    var aaa: Bool
    var aaLarge: Bool
    var aaaLarge: Bool
    var apca: Double
  }

  func run(_ context: CommandContext) throws {
    let css = try options.context(context)
    let ground = try Color(css: background, context: css)
    // Standard input gives a JSON array, written element by element as the lines come.
    var array = JSONArrayStream(context)
    var printed = 0
    let outcome = try ColorInputs.forEach(foreground, context: context, css: css) { item in
      let wcag = item.color.wcagContrast(on: ground)
      let report = Report(
        ratio: wcag.ratio, aa: wcag.aa, aaa: wcag.aaa, aaLarge: wcag.aaLarge,
        aaaLarge: wcag.aaaLarge, apca: item.color.apcaContrast(on: ground))
      if json {
        if item.line == nil { try context.json(report) } else { try array.append(report) }
      } else {
        if item.line != nil {
          context.out("\(printed > 0 ? "\n" : "")\(item.text) on \(background)\n")
        }
        context.out(Self.text(report))
        printed += 1
      }
    }
    if json && outcome.fromStandardInput { array.close() }
    try outcome.finish()
  }

  static func text(_ report: Report) -> String {
    func verdict(_ pass: Bool) -> String { pass ? "pass" : "fail" }
    return """
      ratio  \(fixed(report.ratio, 2)):1
      AA     \(verdict(report.aa)) (normal text)  \(verdict(report.aaLarge)) (large text)
      AAA    \(verdict(report.aaa)) (normal text)  \(verdict(report.aaaLarge)) (large text)
      APCA   Lc \(fixed(report.apca, 1))

      """
  }
}
