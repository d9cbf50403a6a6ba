/// Writes pickers' own JSON: every role and terminal color of every scheme.
///
/// ```json
/// { "name": "...", "author": "...", "source": "...",
///   "fonts": { "ui": "...", "mono": "..." },
///   "schemes": { "dark": { "roles": { "accent": "#..." }, "terminal": ["#...", ...] } } }
/// ```
enum JSONExporter {
  static func render(_ document: ThemeDocument) -> String {
    var lines = ["{"]
    lines.append("  \"author\": \(Quote.json(document.author)),")
    var fonts: [String] = []
    if let mono = document.monoFont { fonts.append("    \"mono\": \(Quote.json(mono))") }
    if let ui = document.uiFont { fonts.append("    \"ui\": \(Quote.json(ui))") }
    if fonts.isEmpty {
      lines.append("  \"fonts\": {},")
    } else {
      lines.append("  \"fonts\": {")
      lines.append(fonts.joined(separator: ",\n"))
      lines.append("  },")
    }
    lines.append("  \"name\": \(Quote.json(document.name)),")
    lines.append("  \"schemes\": {")
    var schemes: [String] = []
    for scheme in document.schemes {
      var block = ["    \(Quote.json(scheme.scheme.rawValue)): {", "      \"roles\": {"]
      let roles = ThemeRole.allCases.sorted { $0.rawValue < $1.rawValue }
      block.append(
        roles.map { "        \(Quote.json($0.rawValue)): \(Quote.json(scheme.hex($0)))" }
          .joined(separator: ",\n"))
      block.append("      },")
      block.append("      \"terminal\": [")
      block.append(scheme.terminal.map { "        \(Quote.json($0))" }.joined(separator: ",\n"))
      block.append("      ]")
      block.append("    }")
      schemes.append(block.joined(separator: "\n"))
    }
    lines.append(schemes.joined(separator: ",\n"))
    lines.append("  },")
    lines.append("  \"source\": \(Quote.json(document.source))")
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }
}
