/// A subcommand of `pickers`: it declares its arguments, reads them, and does its work.
///
/// The declaration in ``spec`` is the single source for parsing, `--help`, shell completions,
/// the man page and the bad-input tests, so they cannot drift apart. An option with a default,
/// a range or choices is an ``Option`` handle, stated once and read in `init`.
///
///     struct PaletteFromImage: Command {
///       static let count = Option<Int>(
///         "--count", short: "n", value: "N", default: 8, range: 1...64,
///         help: "How many colors, {min}-{max} (default {default}).")
///       static let spec = CommandSpec(
///         name: "from-image", abstract: "The dominant colors of a PNG.",
///         arguments: [.positional("FILE", help: "A PNG image.", completion: .file), count.argument])
///       var path: String
///       var count: Int
///       init(_ arguments: ParsedArguments) throws(UsageError) {
///         path = arguments.positional("FILE") ?? ""
///         count = try arguments.value(Self.count)  // 8 when not given; exit 2 outside 1...64
///       }
///       func run(_ context: CommandContext) throws { ... }
///     }
protocol Command: Sendable {
  /// The command's name, help text, arguments, examples and subcommands.
  static var spec: CommandSpec { get }
  /// Reads and validates the parsed arguments; a bad value is a usage error (exit 2).
  init(_ arguments: ParsedArguments) throws(UsageError)
  /// Does the work. Any error thrown is printed as `pickers: <description>` (exit 1).
  ///
  /// It runs on the main thread, synchronously: a command that needs Swift concurrency is a
  /// ``ConcurrentCommand``, so that the others never start its thread pool (half a
  /// millisecond of every launch, measured in `docs/bench.md`).
  func run(_ context: CommandContext) throws
  /// Whether the runner calls ``run(concurrently:)`` in a task instead of ``run(_:)``.
  ///
  /// A requirement rather than an `as? any ConcurrentCommand` cast: a cast to a protocol
  /// scans the binary's conformance records, 0.3 M instructions at every start.
  static var runsConcurrently: Bool { get }
  /// Does the work in a task; only called when ``runsConcurrently`` is true.
  func run(concurrently context: CommandContext) async throws
}

extension Command {
  static var runsConcurrently: Bool { false }

  func run(concurrently context: CommandContext) async throws {
    try run(context)
  }
}

/// A command whose work runs in Swift concurrency, such as rendering rows on every core.
///
/// The runner starts a task for ``run(concurrently:)`` and parks the main thread; the task
/// ends the process with the command's exit status.
protocol ConcurrentCommand: Command {}

extension ConcurrentCommand {
  static var runsConcurrently: Bool { true }

  /// Never called: the runner calls ``run(concurrently:)`` instead.
  func run(_ context: CommandContext) throws {
    preconditionFailure("\(Self.spec.name) runs through run(concurrently:)")
  }
}

/// A command that only groups subcommands; run on its own it prints its help.
///
/// A group is a struct with no stored properties: its synthesized `init()` is all it needs.
protocol CommandGroup: Command {
  init()
}

extension CommandGroup {
  init(_ arguments: ParsedArguments) throws(UsageError) { self.init() }

  func run(_ context: CommandContext) throws {
    context.out(HelpFormatter.help(for: Self.self, path: context.commandPath))
  }
}

/// The declaration of a command.
struct CommandSpec: Sendable {
  /// The word that selects the command (`convert`).
  var name: String
  /// One line for listings and the top of `--help`.
  var abstract: String
  /// Paragraphs shown after the usage line.
  var discussion: String = ""
  /// Positionals, options and flags, in the order help lists them.
  var arguments: [ArgumentSpec] = []
  /// Example invocations, without the leading `$`.
  var examples: [String] = []
  /// Subcommands, for groups.
  var subcommands: [any Command.Type] = []
}

/// How a shell should complete a value.
enum Completion: Sendable, Equatable {
  case none
  case file
  case directory
  case fontFamily
  case choices([String])
}

/// One positional argument, option or flag of a command.
struct ArgumentSpec: Sendable {
  /// What kind of argument this is.
  enum Kind: Sendable, Equatable {
    case positional
    case option
    case flag
  }

  var kind: Kind
  /// `COLOR` for a positional, `--size` for options and flags.
  var name: String
  var short: Character?
  /// The placeholder of an option's value (`WxH`).
  var valueName: String
  /// The help as written; an ``Option`` fills in its placeholders (see ``help``).
  var helpTemplate: String
  var optional: Bool
  var repeating: Bool
  var completion: Completion
  /// The default, range and choices of an ``Option``; `nil` for arguments declared without one.
  var filled: OptionHelp? = nil

  /// The help text, with an ``Option``'s `{default}`, `{min}`, `{max}` and `{choices}` filled
  /// in from its declaration (only when something prints it, so start-up never pays for it).
  var help: String { filled?.fill(helpTemplate) ?? helpTemplate }

  /// A positional argument; `repeating` ones take every remaining positional.
  static func positional(
    _ name: String, help: String, optional: Bool = false, repeating: Bool = false,
    completion: Completion = .none
  ) -> ArgumentSpec {
    ArgumentSpec(
      kind: .positional, name: name, short: nil, valueName: name, helpTemplate: help,
      optional: optional,
      repeating: repeating, completion: completion)
  }

  /// An option that takes a value (`--size 64x64`, `--size=64x64`, `-s 64x64`).
  static func option(
    _ long: String, short: Character? = nil, value: String, help: String, repeating: Bool = false,
    required: Bool = false, completion: Completion = .none
  ) -> ArgumentSpec {
    precondition(long.hasPrefix("--"), "options are declared with their long name")
    return ArgumentSpec(
      kind: .option, name: long, short: short, valueName: value, helpTemplate: help,
      optional: !required,
      repeating: repeating, completion: completion)
  }

  /// A flag with no value (`--json`).
  static func flag(_ long: String, short: Character? = nil, help: String) -> ArgumentSpec {
    precondition(long.hasPrefix("--"), "flags are declared with their long name")
    return ArgumentSpec(
      kind: .flag, name: long, short: short, valueName: "", helpTemplate: help, optional: true,
      repeating: false, completion: .none)
  }
}

/// A mistake in how the command was called; exits with status 2 and a hint to `--help`.
struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
  var message: String

  init(_ message: String) {
    self.message = message
  }

  var description: String { message }
}
