import Pickers

/// `pickers font list`: the installed families (or faces), filtered and searched.
struct FontList: Command {
  static let spec = CommandSpec(
    name: "list",
    abstract: "List installed font families, or faces with --faces.",
    discussion: """
      Families are fontconfig's primary names, sorted case-insensitively; the answer equals \
      `fc-list : family` on the same configuration (FONTCONFIG_FILE is honoured). Filters combine.

      --format takes fontconfig's own template syntax, evaluated by fontconfig, as fc-list --format.

      Answers are cached under $XDG_CACHE_HOME/pickers and checked against every configuration \
      file and font folder on each run; PICKERS_NO_CACHE=1 turns the cache off.
      """,
    arguments: [
      .flag("--json", help: "Print JSON: an array of names, or of face objects with --faces."),
      .option("--lang", value: "LANG", help: "Only fonts covering a language (ja, ar, hi, zh-cn)."),
      .flag("--mono", help: "Only monospaced fonts."),
      // Not `--color`: that is the frame's global `--color WHEN` for terminal styling.
      .flag("--color-fonts", help: "Only color fonts (emoji)."),
      .option(
        "--covers", value: "TEXT", help: "Only fonts with a glyph for every character of TEXT."),
      .option("--search", value: "QUERY", help: "Forgiving search over all names, best first."),
      .flag("--faces", help: "One face a line: family, style, file."),
      .option(
        "--format", value: "TEMPLATE",
        help: "fontconfig template per face, e.g. '%{family[0]}\\t%{style[0]}\\t%{file}\\n'."),
      .flag("--favorites", help: "Only families rated in 'pickers font pick', most stars first."),
      .option("--min-stars", value: "N", help: "With --favorites: only N (1-5) stars or more."),
      .option(
        "--collection", value: "NAME",
        help: "Only fonts of a collection ('pickers font collection'); combines with filters."),
    ],
    examples: [
      "pickers font list --lang ja",
      "pickers font list --mono --json",
      "pickers font list --search 'dejavu mono'",
      "pickers font list --covers 'Hello, λ→✓' --faces",
      "pickers font list --format '%{family[0]}\\t%{file}\\n'",
    ])

  var json: Bool
  var filter: FontFilter
  var search: String?
  var faces: Bool
  var format: String?
  var favorites: FavoritesFilter?
  var collection: String?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    json = arguments.flag("--json")
    faces = arguments.flag("--faces")
    search = arguments.option("--search")
    format = arguments.option("--format")
    filter = FontFilter(
      language: arguments.option("--lang"), monospaced: arguments.flag("--mono"),
      color: arguments.flag("--color-fonts"), covers: arguments.option("--covers"))
    if format != nil, json || faces || search != nil {
      throw UsageError("--format cannot be combined with --json, --faces or --search")
    }
    favorites = try FavoritesFilter(arguments, faces: faces || format != nil)
    collection = arguments.option("--collection")
    if collection != nil, format != nil || search != nil {
      throw UsageError("--collection cannot be combined with --format or --search")
    }
    if let covers = filter.covers, covers.isEmpty {
      throw UsageError("--covers needs at least one character")
    }
  }

  func run(_ context: CommandContext) throws {
    let catalog = try FontCatalog()
    if let collection { return try listCollection(collection, catalog: catalog, context) }
    if let format {
      context.out(try catalog.formatted(format, matching: filter))
      return
    }
    if faces {
      var list = try catalog.faces(matching: filter)
      if let search {
        list = FontSearch(search).ranked(list) { $0.familyNames + [$0.fullName ?? ""] }
      }
      if json {
        try FontList.writeJSON(list, context)
      } else {
        context.withOutput { output in
          for face in list {
            output.append(contentsOf: face.family.utf8)
            output.append(UInt8(ascii: "\t"))
            output.append(contentsOf: face.style.utf8)
            output.append(UInt8(ascii: "\t"))
            output.append(contentsOf: face.file.utf8)
            output.append(UInt8(ascii: "\n"))
          }
        }
      }
      return
    }
    var names =
      if let search { try catalog.searchFamilies(search, matching: filter) } else {
        try catalog.families(matching: filter)
      }
    if let favorites { names = try favorites.apply(to: names, context) }
    if json {
      try context.json(names)
    } else {
      // Straight into the output buffer: a string per name and `joined()` cost 0.23 M.
      context.withOutput { output in
        for name in names {
          output.append(contentsOf: name.utf8)
          output.append(UInt8(ascii: "\n"))
        }
      }
    }
  }

  /// Lists the fonts of a stored collection that also pass the filters.
  private func listCollection(_ name: String, catalog: FontCatalog, _ context: CommandContext)
    throws
  {
    let stored = try FontCollectionStore(environment: context.environment).collection(named: name)
    let resolved = try stored.resolved(in: catalog)
    for member in resolved.missing {
      context.warn("'\(member)' of collection '\(stored.name)' is not installed")
    }
    var list = resolved.faces
    if !filter.isEmpty {
      let passing = Set(try catalog.faces(matching: filter).map { "\($0.file)#\($0.index)" })
      list = list.filter { passing.contains("\($0.file)#\($0.index)") }
    }
    if faces {
      if json { return try FontList.writeJSON(list, context) }
      context.out(list.map { "\($0.family)\t\($0.style)\t\($0.file)\n" }.joined())
      return
    }
    var names = FontCollection.Resolved(faces: list, missing: []).families
    if let favorites { names = try favorites.apply(to: names, context) }
    if json {
      try context.json(names)
    } else {
      context.out(names.map { $0 + "\n" }.joined())
    }
  }

  /// Writes faces as JSON: the bytes `context.json` would write, without its tree of nodes.
  static func writeJSON(_ faces: [FontFace], _ context: CommandContext) throws {
    guard let bytes = FontFace.jsonArray(faces) else { return try context.json(faces) }
    context.outBytes(bytes)
    context.outBytes([UInt8(ascii: "\n")])
  }
}
