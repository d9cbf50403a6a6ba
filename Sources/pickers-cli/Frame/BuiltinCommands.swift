/// `pickers completion SHELL`: prints a completion script generated from the declarations.
struct CompletionCommand: Command {
  static let spec = CommandSpec(
    name: "completion",
    abstract: "Print a shell completion script for bash, zsh or fish.",
    arguments: [
      .positional(
        "SHELL", help: "The shell: bash, zsh or fish.",
        completion: .choices(CompletionScript.Shell.allCases.map(\.rawValue)))
    ],
    examples: [
      "pickers completion bash > /etc/bash_completion.d/pickers",
      "pickers completion zsh > \"${fpath[1]}/_pickers\"",
      "pickers completion fish > ~/.config/fish/completions/pickers.fish",
    ])

  var shell: CompletionScript.Shell

  init(_ arguments: ParsedArguments) throws(UsageError) {
    let name = arguments.positional("SHELL") ?? ""
    guard let shell = CompletionScript.Shell(rawValue: name.lowercased()) else {
      throw UsageError("unknown shell '\(name)'; expected bash, zsh or fish")
    }
    self.shell = shell
  }

  func run(_ context: CommandContext) throws {
    context.out(CompletionScript.script(for: shell, root: PickersCommand.self))
  }
}

/// `pickers man`: prints the pickers(1) man page in roff.
struct ManCommand: Command {
  static let spec = CommandSpec(
    name: "man",
    abstract: "Print the pickers(1) man page (roff).",
    examples: ["pickers man > /usr/local/share/man/man1/pickers.1", "pickers man | man -l -"])

  init(_ arguments: ParsedArguments) throws(UsageError) {}

  func run(_ context: CommandContext) throws {
    context.out(ManPage.page(root: PickersCommand.self))
  }
}
