import Pickers

/// `pickers doctor`: what pickers finds on this machine, and what to install or set.
///
/// The probing is the library's ``SystemReport``; this command prints it.
struct DoctorCommand: Command {
  static let spec = CommandSpec(
    name: "doctor",
    abstract: "Check the display, terminal, portal, GTK 4, helpers and fonts pickers uses.",
    discussion: """
      Prints one line per check, 'NAME: ok (what was found)' or 'NAME: missing: what to \
      install or set (what was found)': the display server (X11 or Wayland, from DISPLAY, \
      WAYLAND_DISPLAY and XDG_SESSION_TYPE, and whether it answers), the terminal (TERM and \
      whether it draws kitty graphics or sixel), the desktop portal on the session bus (its \
      Screenshot and Settings versions, PickColor, the color-scheme setting), X11, the \
      Wayland compositor and its data-control clipboard (ext or wlr), GTK 4, the helpers \
      pickers-gtk and pickers-sample, fontconfig (the configuration, the files read, the \
      number of fonts, the cache folders) and pickers' own folders. Each probe gives up \
      after a few seconds, so the command never hangs. The exit status is 0 whenever it \
      ran: something missing is reported, not an error.
      """,
    arguments: [
      .flag(
        "--json",
        help: "Print JSON: an object keyed by check name, each with status, value, fix, details.")
    ],
    examples: [
      "pickers doctor",
      "pickers doctor --json",
    ])

  var json: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    json = arguments.flag("--json")
  }

  func run(_ context: CommandContext) throws {
    let report = SystemReport.gather(environment: context.environment)
    if json {
      try context.json(report)
    } else {
      context.out(report.text)
    }
  }
}
