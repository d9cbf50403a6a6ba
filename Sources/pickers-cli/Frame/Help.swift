/// Builds `--help` text from a command's declaration.
enum HelpFormatter {
  /// The width help text is wrapped to.
  static let width = 80
  /// The column where argument descriptions start.
  private static let descriptionColumn = 26

  /// The full help of `command`, reached through `path` (`["pickers", "color"]`).
  static func help(for command: any Command.Type, path: [String]) -> String {
    let spec = command.spec
    var text = "OVERVIEW: \(spec.abstract)\n\n"
    text += "USAGE: \(usage(for: command, path: path))\n"
    if !spec.discussion.isEmpty {
      text += "\n" + wrap(spec.discussion, indent: 0) + "\n"
    }
    let positionals = spec.arguments.filter { $0.kind == .positional }
    if !positionals.isEmpty {
      text += "\nARGUMENTS:\n"
      for argument in positionals {
        text += row(label: "<\(argument.name)>", help: argument.help)
      }
    }
    let options = spec.arguments.filter { $0.kind != .positional } + GlobalOptions.all
    text += "\nOPTIONS:\n"
    for argument in options {
      text += row(label: optionLabel(argument), help: argument.help + choicesNote(argument))
    }
    if path.count == 1 {
      text += row(label: "--version", help: "Print the version and exit.")
    }
    if !spec.subcommands.isEmpty {
      text += "\nSUBCOMMANDS:\n"
      for subcommand in spec.subcommands {
        text += row(label: subcommand.spec.name, help: subcommand.spec.abstract)
      }
      text += "\n  See '\((path).joined(separator: " ")) <subcommand> --help' for details.\n"
    }
    if !spec.examples.isEmpty {
      text += "\nEXAMPLES:\n"
      for example in spec.examples { text += "  \(example)\n" }
    }
    return text
  }

  /// The one-line usage of `command`: `pickers color convert <COLOR> --to <SPACE> [--json]`.
  static func usage(for command: any Command.Type, path: [String]) -> String {
    let spec = command.spec
    var parts = [path.joined(separator: " ")]
    if !spec.subcommands.isEmpty {
      parts.append("<subcommand>")
      return parts.joined(separator: " ")
    }
    for argument in spec.arguments where argument.kind != .positional {
      var part = argument.name
      if argument.kind == .option { part += " <\(argument.valueName)>" }
      if argument.repeating { part += " ..." }
      parts.append(argument.optional ? "[\(part)]" : part)
    }
    for argument in spec.arguments where argument.kind == .positional {
      var part = "<\(argument.name)>"
      if argument.repeating { part += " ..." }
      parts.append(argument.optional ? "[\(part)]" : part)
    }
    return parts.joined(separator: " ")
  }

  /// `-o, --output <FILE>` or `--json`.
  static func optionLabel(_ argument: ArgumentSpec) -> String {
    var label = argument.short.map { "-\($0), " } ?? ""
    label += argument.name
    if argument.kind == .option { label += " <\(argument.valueName)>" }
    return label
  }

  private static func choicesNote(_ argument: ArgumentSpec) -> String {
    guard argument.name != GlobalOptions.color.name,
      case .choices(let values) = argument.completion
    else { return "" }
    return " (values: \(values.joined(separator: ", ")))"
  }

  private static func row(label: String, help: String) -> String {
    let indent = String(repeating: " ", count: descriptionColumn)
    let labelPart = "  " + label
    let wrapped = wrap(help, indent: descriptionColumn)
    let body = wrapped.dropFirst(descriptionColumn)
    if labelPart.count <= descriptionColumn - 2 {
      return labelPart.padding(to: descriptionColumn) + body + "\n"
    }
    return labelPart + "\n" + indent + body + "\n"
  }

  /// Wraps `text` to ``width`` columns, every line indented by `indent` spaces.
  static func wrap(_ text: String, indent: Int) -> String {
    let prefix = String(repeating: " ", count: indent)
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = prefix
      for word in paragraph.split(separator: " ") {
        if line.count > indent && line.count + 1 + word.count > width {
          lines.append(line)
          line = prefix
        }
        line += (line.count > indent ? " " : "") + word
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }
}

extension String {
  /// The string padded with spaces on the right to `length` characters.
  func padding(to length: Int) -> String {
    count >= length ? self : self + String(repeating: " ", count: length - count)
  }
}
