import Pickers

/// One command of the tree with the words that reach it.
struct CommandNode {
  var path: [String]
  var command: any Command.Type

  var spec: CommandSpec { command.spec }
  var isGroup: Bool { !spec.subcommands.isEmpty }
  var options: [ArgumentSpec] {
    spec.arguments.filter { $0.kind != .positional } + GlobalOptions.all
  }

  /// Every command under `root`, depth first, root included.
  static func all(under root: any Command.Type) -> [CommandNode] {
    var result: [CommandNode] = []
    func visit(_ command: any Command.Type, _ path: [String]) {
      result.append(CommandNode(path: path, command: command))
      for subcommand in command.spec.subcommands {
        visit(subcommand, path + [subcommand.spec.name])
      }
    }
    visit(root, [root.spec.name])
    return result
  }
}

/// Writes shell completion scripts from the command declarations.
enum CompletionScript {
  /// The shells a script can be generated for.
  enum Shell: String, CaseIterable, Sendable {
    case bash
    case zsh
    case fish
  }

  /// The completion script for `shell`.
  static func script(for shell: Shell, root: any Command.Type) -> String {
    let nodes = CommandNode.all(under: root)
    switch shell {
    case .bash: return bash(nodes)
    case .zsh: return zsh(nodes)
    case .fish: return fish(nodes)
    }
  }

  private static let familyLister = "pickers font list 2>/dev/null"

  private static func quoteSingle(_ text: String) -> String {
    "'" + text.replacing("'", with: "'\\''") + "'"
  }

  // MARK: bash

  private static func bash(_ nodes: [CommandNode]) -> String {
    let groups = nodes.filter(\.isGroup)
    var script = """
      # bash completion for pickers. Install: pickers completion bash > \
      ~/.local/share/bash-completion/completions/pickers
      _pickers() {
        local cur prev path i word
        cur="${COMP_WORDS[COMP_CWORD]}"
        prev="${COMP_WORDS[COMP_CWORD-1]}"
        path="pickers"
        for ((i = 1; i < COMP_CWORD; i++)); do
          word="${COMP_WORDS[i]}"
          case "$path $word" in

      """
    var children: [String] = []
    for group in groups {
      for subcommand in group.spec.subcommands {
        children.append(quoteSingle((group.path + [subcommand.spec.name]).joined(separator: " ")))
      }
    }
    if !children.isEmpty {
      script += "      \(children.joined(separator: "|"))) path=\"$path $word\" ;;\n"
    }
    script += """
          esac
        done
        local IFS=$'\\n'

      """
    // Values of the option just typed.
    script += "  case \"$path|$prev\" in\n"
    for node in nodes {
      for option in node.options where option.kind == .option {
        var patterns = [quoteSingle(node.path.joined(separator: " ") + "|" + option.name)]
        if let short = option.short {
          patterns.append(quoteSingle(node.path.joined(separator: " ") + "|-\(short)"))
        }
        script += "    \(patterns.joined(separator: "|"))) \(bashValues(option.completion)) ;;\n"
      }
    }
    script += "  esac\n"
    script += "  case \"$path\" in\n"
    for node in nodes {
      let words = node.options.flatMap { option -> [String] in
        [option.name] + (option.short.map { ["-\($0)"] } ?? [])
      }
      let optionWords = words.joined(separator: "\n")
      var body = "if [[ \"$cur\" == -* ]]; then COMPREPLY=($(compgen -W "
      body += "\(quoteSingle(optionWords + (node.path.count == 1 ? "\n--version" : ""))) "
      body += "-- \"$cur\")); return; fi; "
      if node.isGroup {
        let names = node.spec.subcommands.map { $0.spec.name }.joined(separator: "\n")
        body += "COMPREPLY=($(compgen -W \(quoteSingle(names)) -- \"$cur\"))"
      } else if let positional = node.spec.arguments.first(where: { $0.kind == .positional }) {
        body += bashValues(positional.completion)
      } else {
        body += "COMPREPLY=()"
      }
      script += "    \(quoteSingle(node.path.joined(separator: " ")))) \(body) ;;\n"
    }
    script += "  esac\n}\ncomplete -F _pickers pickers\n"
    return script
  }

  private static func bashValues(_ completion: Completion) -> String {
    switch completion {
    case .none: return "COMPREPLY=(); return"
    case .file: return "COMPREPLY=($(compgen -f -- \"$cur\")); return"
    case .directory: return "COMPREPLY=($(compgen -d -- \"$cur\")); return"
    case .fontFamily:
      return "COMPREPLY=($(compgen -W \"$(\(familyLister))\" -- \"$cur\")); return"
    case .choices(let values):
      return "COMPREPLY=($(compgen -W \(quoteSingle(values.joined(separator: "\n"))) "
        + "-- \"$cur\")); return"
    }
  }

  // MARK: zsh

  private static func zshEscape(_ text: String) -> String {
    text.replacing("\\", with: "\\\\").replacing("[", with: "\\[").replacing("]", with: "\\]")
      .replacing(":", with: "\\:").replacing("'", with: "'\\''")
  }

  private static func zshAction(_ completion: Completion) -> String {
    switch completion {
    case .none: return " "
    case .file: return "_files"
    case .directory: return "_files -/"
    case .fontFamily: return "{local -a f; f=(${(f)\"$(\(familyLister))\"}); _describe font f}"
    case .choices(let values): return "(\(values.map(zshEscape).joined(separator: " ")))"
    }
  }

  private static func zsh(_ nodes: [CommandNode]) -> String {
    var script = """
      #compdef pickers
      # zsh completion for pickers. Install: pickers completion zsh > \
      "${fpath[1]}/_pickers"
      _pickers() {
        local path_words="pickers" depth=1 i
        for ((i = 2; i < CURRENT; i++)); do
          case "$path_words ${words[i]}" in

      """
    var children: [String] = []
    for group in nodes where group.isGroup {
      for subcommand in group.spec.subcommands {
        children.append(quoteSingle((group.path + [subcommand.spec.name]).joined(separator: " ")))
      }
    }
    if !children.isEmpty {
      script += "      (\(children.joined(separator: "|")))"
      script += " path_words=\"$path_words ${words[i]}\"; depth=$i ;;\n"
    }
    script += """
          esac
        done
        shift $((depth - 1)) words
        (( CURRENT -= depth - 1 ))
        case "$path_words" in

      """
    for node in nodes {
      var specs: [String] = []
      for option in node.options {
        let help = zshEscape(option.help)
        let names = [option.name] + (option.short.map { ["-\($0)"] } ?? [])
        let exclusion = option.repeating ? "*" : ""
        for name in names {
          if option.kind == .flag {
            specs.append(quoteSingle("\(exclusion)\(name)[\(help)]"))
          } else {
            let action = zshAction(option.completion)
            specs.append(
              quoteSingle("\(exclusion)\(name)[\(help)]:\(zshEscape(option.valueName)):\(action)"))
          }
        }
      }
      if node.isGroup {
        let described = node.spec.subcommands.map {
          zshEscape($0.spec.name) + "\\:" + zshEscape($0.spec.abstract).replacing(" ", with: "\\ ")
        }
        specs.append(quoteSingle("1:command:((\(described.joined(separator: " "))))"))
      } else {
        for positional in node.spec.arguments where positional.kind == .positional {
          let prefix = positional.repeating ? "*" : ""
          let name = zshEscape(positional.name)
          specs.append(quoteSingle("\(prefix):\(name):\(zshAction(positional.completion))"))
        }
      }
      script += "    (\(quoteSingle(node.path.joined(separator: " "))))\n"
      script += "      _arguments -s \(specs.joined(separator: " \\\n        ")) ;;\n"
    }
    script += "  esac\n}\n_pickers \"$@\"\n"
    return script
  }

  // MARK: fish

  private static func fish(_ nodes: [CommandNode]) -> String {
    var script = "# fish completion for pickers. Install: pickers completion fish > "
    script += "~/.config/fish/completions/pickers.fish\ncomplete -c pickers -f\n"
    for node in nodes {
      let condition = fishCondition(node.path, nodes: nodes)
      if node.isGroup {
        for subcommand in node.spec.subcommands {
          script += "complete -c pickers -n \(quoteSingle(condition)) -a \(subcommand.spec.name)"
          script += " -d \(quoteSingle(subcommand.spec.abstract))\n"
        }
      }
      for option in node.options {
        var line = "complete -c pickers -n \(quoteSingle(condition)) -l \(option.name.dropFirst(2))"
        if let short = option.short { line += " -s \(short)" }
        if option.kind == .option {
          line += " -r"
          switch option.completion {
          case .file, .directory: line += " -F"
          case .choices(let values): line += " -a \(quoteSingle(values.joined(separator: " ")))"
          case .fontFamily: line += " -a \(quoteSingle("(\(familyLister))"))"
          case .none: break
          }
        }
        script += line + " -d \(quoteSingle(option.help))\n"
      }
      if !node.isGroup {
        for positional in node.spec.arguments where positional.kind == .positional {
          switch positional.completion {
          case .file, .directory:
            script += "complete -c pickers -n \(quoteSingle(condition)) -F\n"
          case .fontFamily:
            script += "complete -c pickers -n \(quoteSingle(condition)) -a "
            script += "\(quoteSingle("(\(familyLister))"))\n"
          case .choices(let values):
            script += "complete -c pickers -n \(quoteSingle(condition)) -a "
            script += "\(quoteSingle(values.joined(separator: " ")))\n"
          case .none: break
          }
        }
      }
    }
    return script
  }

  /// A fish condition true when the command line has reached exactly `path`.
  private static func fishCondition(_ path: [String], nodes: [CommandNode]) -> String {
    var parts: [String] = []
    if path.count == 1 {
      parts.append("__fish_use_subcommand")
    } else {
      for word in path.dropFirst() { parts.append("__fish_seen_subcommand_from \(word)") }
    }
    if let node = nodes.first(where: { $0.path == path }), node.isGroup {
      let names = node.spec.subcommands.map { $0.spec.name }.joined(separator: " ")
      if path.count > 1 { parts.append("not __fish_seen_subcommand_from \(names)") }
    }
    return parts.joined(separator: "; and ")
  }
}

/// Writes the `pickers(1)` man page in roff from the command declarations.
enum ManPage {
  /// The whole page.
  static func page(root: any Command.Type) -> String {
    let nodes = CommandNode.all(under: root)
    var page = ".TH PICKERS 1 \"\" \"pickers \(PickersLibrary.version)\" \"User Commands\"\n"
    page += ".SH NAME\npickers \\- \(escape(root.spec.abstract))\n"
    page += ".SH SYNOPSIS\n.B pickers\n.I command\n[\\fIoptions\\fR]\n"
    page += ".SH DESCRIPTION\n\(escape(root.spec.discussion))\n"
    page += ".PP\nResults go to standard output and errors to standard error as "
    page += "\\fBpickers: \\fImessage\\fR.\n"
    page += ".SH COMMANDS\n"
    for node in nodes where !node.isGroup {
      page += ".SS \(escape(node.path.joined(separator: " ")))\n"
      page += "\(escape(node.spec.abstract))\n.PP\n"
      page += ".B \(escape(HelpFormatter.usage(for: node.command, path: node.path)))\n"
      if !node.spec.discussion.isEmpty { page += ".PP\n\(escape(node.spec.discussion))\n" }
      for argument in node.spec.arguments {
        let label =
          argument.kind == .positional
          ? "<\(argument.name)>" : HelpFormatter.optionLabel(argument)
        page += ".TP\n.B \(escape(label))\n\(escape(argument.help))\n"
      }
      for example in node.spec.examples {
        page += ".PP\n.nf\n.RS\n\(escape(example))\n.RE\n.fi\n"
      }
    }
    page += ".SH OPTIONS\n"
    for option in GlobalOptions.all {
      page += ".TP\n.B \(escape(HelpFormatter.optionLabel(option)))\n\(escape(option.help))\n"
    }
    page += ".TP\n.B \\-\\-version\nPrint the version and exit.\n"
    page += ".SH EXIT STATUS\n0 on success, 1 when an operation failed (an unknown font, an "
    page += "unparsable color, an unwritable file), 2 for usage errors.\n"
    page += ".SH ENVIRONMENT\n.TP\n.B NO_COLOR\nWhen set and not empty, no terminal colors.\n"
    page += ".TP\n.B FONTCONFIG_FILE\nThe fontconfig configuration to load instead of the "
    page += "system one.\n"
    page += ".TP\n.B PICKERS_FSYNC\nWhen set to 1, every file written is flushed to disk "
    page += "(fsync) before it gets its name, so it survives a power cut. Without it files are "
    page += "still written atomically: a temporary file renamed into place.\n"
    return page
  }

  /// Escapes roff: backslashes, hyphens, a leading dot or quote, and non-ASCII characters
  /// (written as `\[uXXXX]`, which groff reads in any locale).
  static func escape(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\e"
      case "-": result += "\\-"
      case _ where scalar.isASCII: result.unicodeScalars.append(scalar)
      default:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      }
    }
    result = result.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
    }.joined(separator: "\n")
    return result
  }
}
