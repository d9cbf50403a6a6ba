import Pickers

/// `pickers font favorites`: the families rated in the font picker.
struct FontFavorites: Command {
  static let spec = CommandSpec(
    name: "favorites",
    abstract: "List the font families rated in 'pickers font pick', most stars first.",
    discussion: """
      Ratings (1-5 stars) are kept in $XDG_CONFIG_HOME/pickers/favorites.json \
      (~/.config/pickers/favorites.json by default). A file that cannot be read is moved aside \
      with a warning, never overwritten.
      """,
    arguments: [
      .option("--min-stars", value: "N", help: "Only families with at least N stars (1-5)."),
      .flag("--stars", help: "Print the stars before each family."),
      .flag("--json", help: "Print [{\"family\": ..., \"stars\": ...}] as JSON."),
    ],
    examples: ["pickers font favorites --min-stars 4", "pickers font favorites --json"])

  var minimumStars: Int
  var showStars: Bool
  var json: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    minimumStars = try arguments.integer("--min-stars", in: 1...5) ?? 1
    showStars = arguments.flag("--stars")
    json = arguments.flag("--json")
  }

  struct Row: Encodable {
    var family: String
    var stars: Int
  }

  func run(_ context: CommandContext) async throws {
    let loaded = try FavoriteStore(environment: context.environment).load()
    if let warning = loaded.warning { context.warn(warning) }
    let ranked = loaded.favorites.ranked(minimumStars: minimumStars)
    if json {
      try context.json(ranked.map { Row(family: $0.family, stars: $0.stars) })
      return
    }
    for (family, stars) in ranked {
      let prefix =
        showStars
        ? String(repeating: "★", count: stars) + String(repeating: "☆", count: 5 - stars) + "  "
        : ""
      context.out(prefix + family + "\n")
    }
  }
}
