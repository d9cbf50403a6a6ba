import Pickers

/// `pickers font faces FAMILY`: the faces of one family.
struct FontFaces: Command {
  static let spec = CommandSpec(
    name: "faces",
    abstract: "List the faces of a font family: style, CSS weight, file.",
    discussion: """
      FAMILY is matched case-insensitively against every name a family has. An unknown family \
      exits 1 and names the closest installed families.
      """,
    arguments: [
      .positional("FAMILY", help: "An installed family name.", completion: .fontFamily),
      .flag("--json", help: "Print an array of face objects."),
    ],
    examples: ["pickers font faces 'DejaVu Sans'", "pickers font faces inter --json"])

  var family: String
  var json: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    guard let family = arguments.positional("FAMILY"), !family.isEmpty else {
      throw UsageError("font faces needs a FAMILY")
    }
    self.family = family
    json = arguments.flag("--json")
  }

  func run(_ context: CommandContext) throws {
    let faces = try FontCatalog().availableMembers(ofFontFamily: family)
    if json {
      try FontList.writeJSON(faces, context)
      return
    }
    for face in faces {
      let style = face.isVariable ? "(variable)" : face.style
      let file = face.index == 0 ? face.file : "\(face.file)#\(face.index)"
      context.out("\(style)\t\(face.weight.rawValue)\t\(file)\n")
    }
  }
}
