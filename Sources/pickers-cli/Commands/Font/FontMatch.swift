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
      """,
    arguments: [
      .positional("PATTERN", help: "A fontconfig pattern."),
      .flag("--json", help: "Print the face (or faces) as JSON."),
      .flag("--all", help: "Every face in order of preference, like fc-match -s."),
    ],
    examples: [
      "pickers font match monospace", "pickers font match 'serif:lang=ja' --json",
      "pickers font match Arial --all",
    ])

  var pattern: String
  var json: Bool
  var all: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    guard let pattern = arguments.positional("PATTERN") else {
      throw UsageError("font match needs a PATTERN")
    }
    self.pattern = pattern
    json = arguments.flag("--json")
    all = arguments.flag("--all")
  }

  func run(_ context: CommandContext) throws {
    let catalog = try FontCatalog()
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
