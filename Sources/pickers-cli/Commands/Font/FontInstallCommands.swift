import Pickers

/// `pickers font install FILE... [--dry-run]`.
struct FontInstall: Command {
  static let spec = CommandSpec(
    name: "install",
    abstract: "Check font files with FreeType and install them for the user.",
    discussion: """
      Takes TrueType, OpenType, TTC, WOFF and WOFF2 files and .zip archives of fonts as font \
      sites ship them (fonts in any folder; other members such as OFL.txt are skipped with a \
      note). Every file is checked first: a file that is not a font, a damaged or truncated \
      font, or one font of an archive that is, stops the install and nothing is copied. Fonts \
      are copied into $XDG_DATA_HOME/fonts/pickers (a folder fontconfig reads), recorded for \
      'pickers font uninstall', and fontconfig's cache of the folder is rebuilt. A font whose \
      faces fontconfig already lists is reported and not copied. Prints the families added.
      """,
    arguments: [
      .positional(
        "FILE", help: "Font files and .zip archives of fonts.", repeating: true,
        completion: .file),
      .flag("--dry-run", help: "Check and report, but copy nothing."),
    ],
    examples: [
      "pickers font install --dry-run /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    ])

  var files: [String]
  var dryRun: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    files = arguments.positionals("FILE")
    dryRun = arguments.flag("--dry-run")
  }

  func run(_ context: CommandContext) throws {
    let installer = try FontInstaller(environment: context.environment)
    let result = try installer.install(files, dryRun: dryRun)
    for note in result.notes { context.warn(note) }
    for font in result.alreadyInstalled {
      let families = font.families.map { "\"\($0)\"" }.joined(separator: ", ")
      let place = font.existingFile.isEmpty ? "by an earlier file" : "in '\(font.existingFile)'"
      context.warn("'\(font.source)': \(families) is already installed (\(place)); not copied")
    }
    if dryRun {
      for font in result.installed {
        context.warn("dry run: would copy '\(font.source)' to '\(installer.folder)/\(font.file)'")
      }
    }
    if result.readByConfiguration == false {
      context.warn(
        "the fontconfig configuration in use does not read \(installer.folder) "
          + "(Debian's fonts.conf reads $XDG_DATA_HOME/fonts), so no program sees the fonts yet")
    }
    context.out(result.familiesAdded.map { $0 + "\n" }.joined())
  }
}

/// `pickers font uninstall FAMILY... [--dry-run]`.
struct FontUninstall: Command {
  static let spec = CommandSpec(
    name: "uninstall",
    abstract: "Remove fonts that 'pickers font install' installed.",
    discussion: """
      Removes only files pickers installed (it keeps a record in \
      $XDG_DATA_HOME/pickers/installed-fonts.json); a file holding several families (a \
      collection) goes when any of them is named. Rebuilds fontconfig's cache of the folder \
      and prints the families removed.
      """,
    arguments: [
      .positional("FAMILY", help: "Families pickers installed.", repeating: true),
      .flag("--dry-run", help: "Report what would be removed, and remove nothing."),
    ],
    examples: [
      "pickers font uninstall --dry-run 'DejaVu Sans'   # exits 1: pickers did not install it"
    ])

  var families: [String]
  var dryRun: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    families = arguments.positionals("FAMILY")
    dryRun = arguments.flag("--dry-run")
  }

  func run(_ context: CommandContext) throws {
    let installer = try FontInstaller(environment: context.environment)
    let removal = try installer.uninstall(families, dryRun: dryRun)
    for note in removal.notes { context.warn(note) }
    var seen = Set<String>()
    for font in removal.removed {
      if dryRun { context.warn("dry run: would remove '\(installer.folder)/\(font.file)'") }
      for family in font.families where seen.insert(family).inserted {
        context.out(family + "\n")
      }
    }
  }
}
