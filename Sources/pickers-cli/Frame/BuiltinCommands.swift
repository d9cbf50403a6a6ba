/// `pickers completion SHELL`: prints a completion script generated from the declarations.
struct CompletionCommand: Command {
  static let spec = CommandSpec(
    name: "completion",
    abstract: "Print a shell completion script for bash, zsh or fish.",
    discussion: """
      scripts/install and the Debian package put the scripts where each shell looks without \
      any set-up: PREFIX/share/bash-completion/completions/pickers (bash-completion loads it \
      on demand), PREFIX/share/zsh/vendor-completions/_pickers for /usr or \
      PREFIX/share/zsh/site-functions/_pickers elsewhere (both on zsh's default fpath), and \
      PREFIX/share/fish/vendor_completions.d/pickers.fish. For a copy of the binary alone, \
      write a script into your own folder as the examples show.
      """,
    arguments: [
      .positional(
        "SHELL", help: "The shell: bash, zsh or fish.",
        completion: .choices(CompletionScript.Shell.allCases.map(\.rawValue)))
    ],
    examples: [
      "mkdir -p ~/.local/share/bash-completion/completions && pickers completion bash > "
        + "~/.local/share/bash-completion/completions/pickers",
      "mkdir -p ~/.zfunc && pickers completion zsh > ~/.zfunc/_pickers  "
        + "# and fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc",
      "mkdir -p ~/.config/fish/completions && pickers completion fish > "
        + "~/.config/fish/completions/pickers.fish",
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
    examples: [
      "mkdir -p ~/.local/share/man/man1 && pickers man > ~/.local/share/man/man1/pickers.1",
      "pickers man | man -l - > pickers.txt",
    ])

  init(_ arguments: ParsedArguments) throws(UsageError) {}

  func run(_ context: CommandContext) throws {
    context.out(ManPage.page(root: PickersCommand.self))
  }
}
