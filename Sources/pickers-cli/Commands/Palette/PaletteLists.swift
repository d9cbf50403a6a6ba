import Pickers

/// `pickers palette list`: the named palettes on the search path (``ColorList/SearchPath``).
struct PaletteList: Command {
  static let spec = CommandSpec(
    name: "list",
    abstract: "List the named palettes: pickers' own, GIMP's, Inkscape's and the recent picks.",
    discussion: """
      The folders are read in order: $XDG_DATA_HOME/pickers/palettes, GIMP's \
      ($XDG_CONFIG_HOME/GIMP/2.10/palettes, ~/.gimp-2.*/palettes, gimp/2.0/palettes in each \
      of $XDG_DATA_DIRS) and Inkscape's ($XDG_CONFIG_HOME/inkscape/palettes, \
      inkscape/palettes in each of $XDG_DATA_DIRS); .gpl, .ase, .soc and .kpl files. Recent is \
      the color window's recent picks. A name given to palette show or --palette finds the \
      first of that name; gimp:NAME, inkscape:NAME and pickers:NAME look in one program's \
      folders. Files that cannot be read are named in a warning.
      """,
    arguments: [.flag("--json", help: "Print JSON: name, qualifiedName, owner, path, count.")],
    examples: ["pickers palette list", "pickers palette list --json"])

  var json: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    json = arguments.flag("--json")
  }

  /// One list as `--json` prints it.
  struct Row: Encodable {
    var name: String
    var qualifiedName: String
    var owner: String
    var path: String?
    var count: Int
  }

  func run(_ context: CommandContext) throws {
    let found = ColorList.search(ColorList.SearchPath(environment: context.environment))
    for failure in found.failures { context.warn("skipped \(failure)") }
    let rows = found.lists.map { list in
      Row(
        name: list.name, qualifiedName: list.qualifiedName,
        owner: list.source?.owner.rawValue ?? "", path: list.source?.path,
        count: list.entries.count)
    }
    if json {
      try context.json(rows)
      return
    }
    let width = rows.map(\.qualifiedName.count).max() ?? 0
    let countWidth = rows.map { String($0.count).count }.max() ?? 0
    for row in rows {
      let count = String(row.count)
      context.out(
        row.qualifiedName + String(repeating: " ", count: width - row.qualifiedName.count + 2)
          + String(repeating: " ", count: countWidth - count.count) + count + "  "
          + (row.path ?? "") + "\n")
    }
  }
}

/// `pickers palette show NAME`: one named palette, in any palette format or as a sheet.
struct PaletteShow: Command {
  static let spec = CommandSpec(
    name: "show",
    abstract: "Print a named palette (see palette list), or draw it: -o sheet.png.",
    arguments: [
      .positional("NAME", help: "A palette's name, such as Recent or gimp:Blues.")
    ] + PaletteOutput.arguments,
    examples: [
      "pickers palette scale system-blue --format gpl -o \"$HOME/.local/share/pickers/palettes/"
        + "Blues.gpl\" --mkdir && pickers palette show pickers:Blues -o blues.png"
    ])

  var name: String
  var options: PaletteOutput.Options

  init(_ arguments: ParsedArguments) throws(UsageError) {
    name = arguments.positional("NAME") ?? ""
    options = PaletteOutput.Options(arguments)
  }

  func run(_ context: CommandContext) throws {
    _ = try options.resolvedFormat()
    let list = try ColorList(
      named: name, in: ColorList.SearchPath(environment: context.environment))
    guard !list.entries.isEmpty else { throw PaletteCommandError.emptyList(list.name) }
    try PaletteOutput.emit(list.entries, title: list.name, options: options, context: context)
  }
}
