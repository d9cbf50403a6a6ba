import Pickers

/// `pickers font collection rename OLD NEW`.
struct FontCollectionRename: Command {
  static let spec = CommandSpec(
    name: "rename",
    abstract: "Give a collection a new name.",
    arguments: [
      .positional("NAME", help: "The collection."),
      .positional("NEW", help: "Its new name (not taken by another collection)."),
    ],
    examples: [
      "pickers font collection create Mono --query ':spacing=100' && pickers font collection rename Mono Code"
    ])

  var name: String
  var newName: String

  init(_ arguments: ParsedArguments) throws(UsageError) {
    name = arguments.positional("NAME") ?? ""
    newName = arguments.positional("NEW") ?? ""
  }

  func run(_ context: CommandContext) throws {
    try FontCollectionGroup.store(context).rename(name, to: newName)
  }
}

/// `pickers font collection delete NAME`.
struct FontCollectionDelete: Command {
  static let spec = CommandSpec(
    name: "delete",
    abstract: "Delete a collection (the fonts stay installed).",
    arguments: [.positional("NAME", help: "The collection.")],
    examples: [
      "pickers font collection create Mono --query ':spacing=100' && pickers font collection delete Mono"
    ])

  var name: String

  init(_ arguments: ParsedArguments) throws(UsageError) {
    name = arguments.positional("NAME") ?? ""
  }

  func run(_ context: CommandContext) throws {
    try FontCollectionGroup.store(context).delete(named: name)
  }
}

/// `pickers font collection list`.
struct FontCollectionList: Command {
  static let spec = CommandSpec(
    name: "list",
    abstract: "List the collections: name and query, or name and member count.",
    arguments: [.flag("--json", help: "Print an array of collection objects.")],
    examples: ["pickers font collection list", "pickers font collection list --json"])

  var json: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    json = arguments.flag("--json")
  }

  func run(_ context: CommandContext) throws {
    let listing = try FontCollectionGroup.store(context).list()
    for warning in listing.warnings { context.warn(warning) }
    if json {
      try context.json(listing.collections.map { FontCollectionGroup.JSONForm($0) })
      return
    }
    for collection in listing.collections {
      let detail = collection.query.map { "query \($0)" } ?? "\(collection.members.count) members"
      context.out("\(collection.name)\t\(detail)\n")
    }
  }
}

/// `pickers font collection show NAME`.
struct FontCollectionShow: Command {
  static let spec = CommandSpec(
    name: "show",
    abstract: "Show the families a collection holds now.",
    discussion: """
      A smart collection's query is run again; members of an explicit collection that are no \
      longer installed are named on standard error and kept.
      """,
    arguments: [
      .positional("NAME", help: "The collection."),
      .flag("--json", help: "Print the collection with its families."),
    ],
    examples: [
      "pickers font collection create Mono --query ':spacing=100' && pickers font collection show Mono"
    ])

  var name: String
  var json: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    name = arguments.positional("NAME") ?? ""
    json = arguments.flag("--json")
  }

  func run(_ context: CommandContext) throws {
    let collection = try FontCollectionGroup.store(context).collection(named: name)
    let resolved = try collection.resolved(in: try FontCatalog())
    for member in resolved.missing {
      context.warn("'\(member)' of collection '\(collection.name)' is not installed")
    }
    if json {
      try context.json(FontCollectionGroup.JSONForm(collection, families: resolved.families))
    } else {
      context.out(resolved.families.map { $0 + "\n" }.joined())
    }
  }
}

/// `pickers font collection export NAME -o FILE`.
struct FontCollectionExport: Command {
  static let spec = CommandSpec(
    name: "export",
    abstract: "Write a collection to a JSON file that 'import' reads.",
    arguments: [
      .positional("NAME", help: "The collection."),
      .option(
        "--output", short: "o", value: "FILE", help: "Where to write ('-' for standard output).",
        required: true, completion: .file),
    ],
    examples: [
      "pickers font collection create Mono --query ':spacing=100' && pickers font collection export Mono -o mono.json"
    ])

  var name: String
  var output: String

  init(_ arguments: ParsedArguments) throws(UsageError) {
    name = arguments.positional("NAME") ?? ""
    guard let output = arguments.option("--output"), !output.isEmpty else {
      throw UsageError("font collection export needs -o FILE")
    }
    self.output = output
  }

  func run(_ context: CommandContext) throws {
    let collection = try FontCollectionGroup.store(context).collection(named: name)
    try context.writeFile(try FontCollectionStore.encode(collection), to: output)
  }
}

/// `pickers font collection import FILE`.
struct FontCollectionImport: Command {
  static let spec = CommandSpec(
    name: "import",
    abstract: "Store a collection from a file 'export' wrote.",
    arguments: [
      .positional("FILE", help: "A collection JSON file.", completion: .file),
      .option("--name", value: "NAME", help: "Store it under this name instead of its own."),
    ],
    examples: [
      "pickers font collection create Mono --query ':spacing=100' && pickers font collection export Mono -o mono.json && pickers font collection import mono.json --name Mono2"
    ])

  var path: String
  var name: String?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    path = arguments.positional("FILE") ?? ""
    name = arguments.option("--name")
  }

  func run(_ context: CommandContext) throws {
    let bytes: [UInt8]
    do { bytes = try readFile(path, maximumSize: 16 * 1_048_576) } catch {
      throw FontCollectionCommandError.unreadable(path: path, reason: "\(error)")
    }
    guard var collection = FontCollectionStore.decode(bytes) else {
      throw FontCollectionCommandError.notACollection(path: path)
    }
    if let name { collection.name = name }
    let store = try FontCollectionGroup.store(context)
    for warning in try store.create(collection) { context.warn(warning) }
  }
}
