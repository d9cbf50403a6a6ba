/// Why the font catalog could not answer.
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The configuration file is missing or could not be parsed.
  case configurationUnavailable(path: String)
  /// fontconfig could not parse the pattern the user typed.
  case malformedPattern(String)
  /// No family has this name; `suggestions` are the closest installed names.
  case unknownFamily(String, suggestions: [String])
  /// fontconfig does not know this language tag.
  case unknownLanguage(String)
  /// A file that is not a readable font.
  case unreadableFont(path: String)
  /// A filter that can never match (an empty text to cover).
  case emptyText
  /// fontconfig found no face at all for a pattern (no fonts configured).
  case noMatch(pattern: String)

  public var description: String {
    switch self {
    case .configurationUnavailable(let path):
      "cannot load the font configuration \"\(path)\"; expected a readable fontconfig XML file"
    case .malformedPattern(let pattern):
      "cannot parse the font pattern \"\(pattern)\"; expected fontconfig syntax such as "
        + "\"DejaVu Sans:bold\" or \"monospace:lang=ja\""
    case .unknownFamily(let name, let suggestions):
      suggestions.isEmpty
        ? "no font family named \"\(name)\""
        : "no font family named \"\(name)\"; did you mean "
          + suggestions.map { "\"\($0)\"" }.joined(separator: " or ") + "?"
    case .unknownLanguage(let language):
      "unknown language \"\(language)\"; expected a tag fontconfig knows such as \"ja\" or \"zh-cn\""
    case .unreadableFont(let path):
      "cannot read a font from \"\(path)\"; expected a font file or an installed family name"
    case .emptyText:
      "the text to cover is empty; expected at least one character"
    case .noMatch(let pattern):
      "no font matches \"\(pattern)\"; the configuration has no fonts"
    }
  }
}
