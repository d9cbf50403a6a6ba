import Pickers

/// `pickers font match PATTERN`: the face fontconfig picks, as fc-match picks it.
struct FontMatch: Command {
  static let spec = CommandSpec(
    name: "match",
    abstract: "Print the face fontconfig picks for a pattern, as fc-match does.",
    discussion: """
      PATTERN is fontconfig syntax: 'DejaVu Sans:bold', 'monospace', 'serif:lang=ja', \
      ':weight=200'. Aliases such as Arial resolve through the configuration, and unknown names \
      fall back as they do for every program. --all prints the whole fallback list (fc-match -s).

      --format takes fontconfig's own template syntax, evaluated by fontconfig, as fc-match \
      --format and font list --format: %{family[0]}, %{style[0]}, %{file}, %{weight}, \
      %{=fcmatch} and the rest; \\n and \\t are a newline and a tab.
      """,
    arguments: [
      .positional("PATTERN", help: "A fontconfig pattern."),
      .flag("--json", help: "Print the face (or faces) as JSON."),
      .flag("--all", help: "Every face in order of preference, like fc-match -s."),
      .option(
        "--format", value: "TEMPLATE",
        help: "fontconfig template per face, e.g. '%{family[0]}\\t%{style[0]}\\t%{file}\\n'."),
    ],
    examples: [
      "pickers font match monospace", "pickers font match 'serif:lang=ja' --json",
      "pickers font match Arial --all",
      "pickers font match 'DejaVu Sans:bold' --format '%{family[0]}\\t%{style[0]}\\t%{file}\\n'",
    ])

  var pattern: String
  var json: Bool
  var all: Bool
  var format: String?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    guard let pattern = arguments.positional("PATTERN") else {
      throw UsageError("font match needs a PATTERN")
    }
    self.pattern = pattern
    json = arguments.flag("--json")
    all = arguments.flag("--all")
    format = arguments.option("--format")
    if format != nil && json {
      throw UsageError("--format cannot be combined with --json")
    }
  }

  func run(_ context: CommandContext) throws {
    let catalog = try FontCatalog()
    if let format {
      let text: String
      do {
        text = try catalog.formattedMatch(pattern: pattern, template: format, sorted: all)
      } catch {
        // The pattern is read first, so a rejected text that is not the pattern is the template.
        if error == .malformedPattern(format) && format != pattern {
          throw FontMatchError.badTemplate(format)
        }
        throw error
      }
      context.out(text)
      return
    }
    let faces =
      all ? try catalog.sortedMatches(pattern: pattern) : [try catalog.match(pattern: pattern)]
    // As without --all (and as fc-match): no font at all is a failure, not an empty answer.
    if faces.isEmpty { throw FontError.noMatch(pattern: pattern) }
    if json {
      if all { try context.json(faces) } else if let face = faces.first { try context.json(face) }
      return
    }
    // fc-match's own line format.
    context.out(faces.map { "\($0.file): \"\($0.family)\" \"\($0.style)\"\n" }.joined())
  }
}

/// Why `pickers font match --format` failed.
enum FontMatchError: Error, Equatable, Sendable, CustomStringConvertible {
  /// fontconfig could not read the template.
  case badTemplate(String)

  var description: String {
    switch self {
    case .badTemplate(let template):
      "cannot read the --format template \"\(template)\": fontconfig expects %{element}, "
        + "%{element[0]} or %{=fcmatch}, as fc-match --format does"
    }
  }
}
