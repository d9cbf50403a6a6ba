import Pickers

/// `pickers font collection ...`: named sets of fonts (smart queries or lists of families).
struct FontCollectionGroup: CommandGroup {
  static let spec = CommandSpec(
    name: "collection",
    abstract: "Make, change and show font collections (a fontconfig query or a list).",
    subcommands: [
      FontCollectionCreate.self,
      FontCollectionAdd.self,
      FontCollectionRemove.self,
      FontCollectionRename.self,
      FontCollectionDelete.self,
      FontCollectionList.self,
      FontCollectionShow.self,
      FontCollectionExport.self,
      FontCollectionImport.self,
    ])

  /// The store the environment names.
  static func store(_ context: CommandContext) throws -> FontCollectionStore {
    try FontCollectionStore(environment: context.environment)
  }

  /// Reads `Family` / `Family:style=Style` arguments.
  static func members(_ texts: [String]) throws(UsageError) -> [FontCollection.Member] {
    var members: [FontCollection.Member] = []
    for text in texts {
      guard let member = FontCollection.Member(parsing: text) else {
        throw UsageError("'\(text)' is not a family; expected FAMILY or FAMILY:style=STYLE")
      }
      members.append(member)
    }
    return members
  }

  /// Checks that every member is installed (a family, and the style among its faces).
  static func checkInstalled(_ members: [FontCollection.Member], catalog: FontCatalog) throws {
    for member in members {
      let faces = try catalog.availableMembers(ofFontFamily: member.family)
      if let style = member.style,
        !faces.contains(where: { $0.style.lowercased() == style.lowercased() })
      {
        throw FontCollectionCommandError.noStyle(family: member.family, style: style)
      }
    }
  }

  /// The JSON form of a collection: its name and query or members.
  struct JSONForm: Encodable {
    var name: String
    var query: String?
    var members: [String]?
    var families: [String]?

    init(_ collection: FontCollection, families: [String]? = nil) {
      name = collection.name
      query = collection.query
      members = collection.isSmart ? nil : collection.members.map(\.description)
      self.families = families
    }
  }
}

/// Errors of the collection commands that the library does not know.
enum FontCollectionCommandError: Error, CustomStringConvertible {
  case noStyle(family: String, style: String)
  case unreadable(path: String, reason: String)
  case notACollection(path: String)

  var description: String {
    switch self {
    case .noStyle(let family, let style): "family \"\(family)\" has no style \"\(style)\""
    case .unreadable(let path, let reason): "cannot read '\(path)': \(reason)"
    case .notACollection(let path):
      "'\(path)' is not a collection file; expected what 'pickers font collection export' writes"
    }
  }
}

/// `pickers font collection create NAME --query PATTERN | NAME FAMILY...`.
struct FontCollectionCreate: Command {
  static let spec = CommandSpec(
    name: "create",
    abstract: "Make a collection: a fontconfig query (--query) or a list of families.",
    discussion: """
      A smart collection stores a fontconfig pattern and lists what `fc-list PATTERN` lists each \
      time it is used. An explicit collection lists families, or faces as FAMILY:style=STYLE; \
      every one must be installed. Collections live in $XDG_CONFIG_HOME/pickers/collections.
      """,
    arguments: [
      .positional("NAME", help: "The collection's name."),
      .positional(
        "FAMILY", help: "Families or FAMILY:style=STYLE faces.", optional: true, repeating: true,
        completion: .fontFamily),
      .option(
        "--query", value: "PATTERN", help: "A fontconfig pattern, e.g. ':lang=ja:spacing=100'."),
    ],
    examples: [
      "pickers font collection create Mono --query ':spacing=100'",
      "pickers font collection create Reading 'DejaVu Serif' 'DejaVu Sans:style=Bold'",
    ])

  var name: String
  var query: String?
  var members: [FontCollection.Member]

  init(_ arguments: ParsedArguments) throws(UsageError) {
    name = arguments.positional("NAME") ?? ""
    query = arguments.option("--query")
    members = try FontCollectionGroup.members(arguments.positionals("FAMILY"))
    if query != nil, !members.isEmpty {
      throw UsageError("give --query or families, not both")
    }
  }

  func run(_ context: CommandContext) throws {
    let collection: FontCollection
    if let query {
      collection = FontCollection(name: name, query: query)
    } else {
      try FontCollectionGroup.checkInstalled(members, catalog: try FontCatalog())
      collection = FontCollection(name: name, members: members)
    }
    let store = try FontCollectionGroup.store(context)
    for warning in try store.create(collection) { context.warn(warning) }
  }
}

/// `pickers font collection add NAME FAMILY...`.
struct FontCollectionAdd: Command {
  static let spec = CommandSpec(
    name: "add",
    abstract: "Add installed families or faces to an explicit collection.",
    arguments: [
      .positional("NAME", help: "The collection."),
      .positional(
        "FAMILY", help: "Families or FAMILY:style=STYLE faces.", repeating: true,
        completion: .fontFamily),
    ],
    examples: [
      "pickers font collection create Reading 'DejaVu Serif' && pickers font collection add Reading 'DejaVu Sans'"
    ])

  var name: String
  var members: [FontCollection.Member]

  init(_ arguments: ParsedArguments) throws(UsageError) {
    name = arguments.positional("NAME") ?? ""
    members = try FontCollectionGroup.members(arguments.positionals("FAMILY"))
    guard !members.isEmpty else { throw UsageError("font collection add needs a FAMILY") }
  }

  func run(_ context: CommandContext) throws {
    try FontCollectionGroup.checkInstalled(members, catalog: try FontCatalog())
    try FontCollectionGroup.store(context).update(named: name) {
      collection throws(FontCollectionError) in
      guard let query = collection.query else { return collection.adding(members) }
      throw .smart(name: collection.name, query: query)
    }
  }
}

/// `pickers font collection remove NAME FAMILY...`.
struct FontCollectionRemove: Command {
  static let spec = CommandSpec(
    name: "remove",
    abstract: "Remove families or faces from an explicit collection.",
    arguments: [
      .positional("NAME", help: "The collection."),
      .positional("FAMILY", help: "Members to remove, as listed by show.", repeating: true),
    ],
    examples: [
      "pickers font collection create Reading 'DejaVu Serif' 'DejaVu Sans' && pickers font collection remove Reading 'DejaVu Sans'"
    ])

  var name: String
  var members: [FontCollection.Member]

  init(_ arguments: ParsedArguments) throws(UsageError) {
    name = arguments.positional("NAME") ?? ""
    members = try FontCollectionGroup.members(arguments.positionals("FAMILY"))
    guard !members.isEmpty else { throw UsageError("font collection remove needs a FAMILY") }
  }

  func run(_ context: CommandContext) throws {
    try FontCollectionGroup.store(context).update(named: name) {
      collection throws(FontCollectionError) in
      if let query = collection.query { throw .smart(name: collection.name, query: query) }
      let present = Set(collection.members.map { $0.description.lowercased() })
      for member in members where !present.contains(member.description.lowercased()) {
        throw .notMember(name: collection.name, member: member.description)
      }
      return collection.removing(members)
    }
  }
}
