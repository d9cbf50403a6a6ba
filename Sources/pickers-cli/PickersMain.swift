import Pickers

/// The `pickers` command: fonts, colors and pictures for Linux.
@main
struct PickersCommand: CommandGroup {
  static let spec = CommandSpec(
    name: "pickers",
    abstract: "Choose fonts and colors on Linux: list, match, convert, preview and render to PNG.",
    discussion: """
      Fonts come from fontconfig, colors use CSS Color 4 and 5 syntax, and pictures are PNG \
      files rendered with HarfBuzz, FreeType and libpng. 'pickers help COMMAND' is the same \
      as 'pickers COMMAND --help'.
      """,
    examples: [
      "pickers font list --lang ja",
      "pickers help color convert",
      "pickers color convert '#3478f6' --to oklch",
      "mkdir -p ~/.local/share/bash-completion/completions && pickers completion bash > "
        + "~/.local/share/bash-completion/completions/pickers",
    ],
    subcommands: [
      FontGroup.self, ColorGroup.self, PaletteGroup.self, ThemeCommand.self, CompletionCommand.self,
      ManCommand.self, DoctorCommand.self,
    ])

  static func main() {
    // A command's font catalog dies just before exit: leave its fontconfig state to the exit.
    FontCatalog.leaveConfigurationsToProcessExit()
    Runner.main(root: PickersCommand.self, arguments: Runner.processArguments())
  }
}
