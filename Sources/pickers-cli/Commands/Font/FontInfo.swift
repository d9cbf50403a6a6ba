import Pickers

/// `pickers font info FILE_OR_FAMILY`: names, languages, code points, axes and instances.
struct FontInfo: Command {
  static let spec = CommandSpec(
    name: "info",
    abstract: "Describe a font file or family: names, languages, code points, axes.",
    arguments: [
      .positional(
        "FILE_OR_FAMILY", help: "A font file (every face in it) or an installed family.",
        completion: .file),
      .flag("--json", help: "Print an array of face descriptions."),
    ],
    examples: [
      "pickers font info 'DejaVu Sans Mono'",
      "pickers font info /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf --json",
    ])

  var target: String
  var json: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    guard let target = arguments.positional("FILE_OR_FAMILY"), !target.isEmpty else {
      throw UsageError("font info needs a FILE_OR_FAMILY")
    }
    self.target = target
    json = arguments.flag("--json")
  }

  func run(_ context: CommandContext) throws {
    let infos = try FontCatalog().info(target)
    if json {
      try context.json(infos)
      return
    }
    var text = ""
    for (position, info) in infos.enumerated() {
      let face = info.face
      if position > 0 { text += "\n" }
      text += (face.fullName ?? "\(face.family) \(face.style)") + "\n"
      text += "  family:      \(face.familyNames.joined(separator: ", "))\n"
      text += "  style:       \(face.isVariable ? "(variable)" : face.style)\n"
      if let postScript = face.postScriptName { text += "  postscript:  \(postScript)\n" }
      text += "  file:        \(face.file)" + (face.index == 0 ? "" : " #\(face.index)") + "\n"
      text += "  weight:      \(face.weight.rawValue)   width: \(face.width.rawValue)%"
      text += "   slant: \(face.slant.rawValue)   spacing: \(face.spacing.rawValue)\n"
      if face.isColor { text += "  color:       yes\n" }
      text += "  code points: \(info.codePointCount)\n"
      text += "  languages:   \(info.languages.joined(separator: " "))\n"
      for axis in face.axes {
        text += "  axis:        \(axis.tag) \(axis.name) \(number(axis.minimum))..."
        text += "\(number(axis.maximum)) (default \(number(axis.defaultValue)))\n"
      }
      if !face.namedInstances.isEmpty {
        text += "  instances:   \(face.namedInstances.map(\.name).joined(separator: ", "))\n"
      }
    }
    context.out(text)
  }

  private func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}
