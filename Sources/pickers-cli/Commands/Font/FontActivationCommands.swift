import Pickers

/// `pickers font disable FAMILY... | --collection NAME`.
struct FontDisable: Command {
  static let spec = CommandSpec(
    name: "disable",
    abstract: "Hide font families from every program that uses fontconfig.",
    discussion: """
      Writes one file, $XDG_CONFIG_HOME/fontconfig/conf.d/80-pickers-disabled.conf (a \
      <selectfont><rejectfont> per family), atomically and under a lock. Afterwards fc-list, \
      fc-match and every fontconfig program leave the families out; 'pickers font enable' \
      brings them back. Warns when sans-serif, serif or monospace resolved to a disabled family \
      and names what replaces it, and when the configuration in use does not read that folder.
      """,
    arguments: [
      .positional(
        "FAMILY", help: "Installed families.", optional: true, repeating: true,
        completion: .fontFamily),
      .option("--collection", value: "NAME", help: "Disable every family of a collection."),
    ],
    examples: ["pickers font disable 'DejaVu Serif' && pickers font enable --all"])

  var families: [String]
  var collection: String?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    families = arguments.positionals("FAMILY")
    collection = arguments.option("--collection")
    guard families.isEmpty != (collection == nil) else {
      throw UsageError("font disable needs FAMILY... or --collection NAME (not both)")
    }
  }

  func run(_ context: CommandContext) throws {
    let catalog = try FontCatalog()
    var names: [String] = []
    if let collection {
      let stored = try FontCollectionStore(environment: context.environment)
        .collection(named: collection)
      names = try stored.resolved(in: catalog).families
    } else {
      for family in families {
        // The family's own name, as fontconfig matches it in the rejectfont pattern.
        names.append(try catalog.availableMembers(ofFontFamily: family)[0].family)
      }
    }
    let change = try FontActivation(environment: context.environment).disable(names)
    FontEnable.report(change, context)
  }
}

/// `pickers font enable FAMILY... | --all`.
struct FontEnable: Command {
  static let spec = CommandSpec(
    name: "enable",
    abstract: "Show font families that 'pickers font disable' hid again.",
    arguments: [
      .positional("FAMILY", help: "Disabled families.", optional: true, repeating: true),
      .flag("--all", help: "Enable every family (removes pickers' file)."),
    ],
    examples: ["pickers font disable 'DejaVu Serif' && pickers font enable 'DejaVu Serif'"])

  var families: [String]
  var all: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    families = arguments.positionals("FAMILY")
    all = arguments.flag("--all")
    guard families.isEmpty == all else {
      throw UsageError("font enable needs FAMILY... or --all (not both)")
    }
  }

  func run(_ context: CommandContext) throws {
    let change = try FontActivation(environment: context.environment)
      .enable(all ? nil : families)
    Self.report(change, context)
  }

  /// Prints a change's warnings, and a note when the configuration ignores the file.
  static func report(_ change: FontActivation.Change, _ context: CommandContext) {
    for warning in change.warnings { context.warn(warning) }
    if change.readByConfiguration == false {
      context.warn(
        "the fontconfig configuration in use does not read $XDG_CONFIG_HOME/fontconfig/conf.d "
          + "(Debian's 50-user.conf does), so the change has no effect yet")
    }
  }
}

/// `pickers font disabled`.
struct FontDisabled: Command {
  static let spec = CommandSpec(
    name: "disabled",
    abstract: "List the families 'pickers font disable' hid.",
    arguments: [.flag("--json", help: "Print an array of names.")],
    examples: ["pickers font disabled", "pickers font disabled --json"])

  var json: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    json = arguments.flag("--json")
  }

  func run(_ context: CommandContext) throws {
    let families = try FontActivation(environment: context.environment).disabled()
    if json {
      try context.json(families)
    } else {
      context.out(families.map { $0 + "\n" }.joined())
    }
  }
}
