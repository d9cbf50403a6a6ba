import Dispatch
import Pickers

#if canImport(Glibc)
  import Glibc
#endif

/// Turns the process arguments into one command run, and its outcome into an exit status.
///
/// 0 is success, 1 a failed operation, 2 a usage error; this is the only place that picks one.
enum Runner {
  /// Runs the command `arguments` names under `root`, then exits.
  static func main(root: any Command.Type, arguments: [String]?) -> Never {
    // A closed pipe must end us quietly: see `CommandContext.writeAll`, which exits on EPIPE.
    signal(SIGPIPE, SIG_IGN)
    // Before anything opens a file: a closed 0, 1 or 2 is held by /dev/null from here on.
    _ = CommandContext.closedAtStart
    reachableUntilExit.append(arguments as Any)
    guard var arguments else {
      CommandContext.writeError("pickers: an argument is not valid UTF-8\n")
      exit(2)
    }
    var path = [root.spec.name]
    // `pickers help [COMMAND...]` is `pickers [COMMAND...] --help`, as git and cargo read it.
    if arguments.first == "help" { arguments = Array(arguments.dropFirst()) + ["--help"] }
    do throws(UsageError) {
      let (command, remaining, groupColor) = try resolve(root: root, arguments, path: &path)
      // exit() ends the process with this array still held (LeakSanitizer: `font specimen`).
      reachableUntilExit.append(remaining)
      // After `--version`, which needs none of it (issue 19: the dictionary was 0.5 M
      // instructions of its 2.6 M).
      let environment = ProcessEnvironment.variables()
      let outcome = try ArgumentParser.parse(remaining, spec: command.spec)
      let colorMode = try parseColorMode(outcome.colorMode ?? groupColor)
      let context = CommandContext(
        commandPath: path, environment: environment, colorMode: colorMode)
      reachableUntilExit.append(context)
      if outcome.helpRequested {
        context.out(HelpFormatter.help(for: command, path: path))
        context.flush()
        exit(0)
      }
      let instance = try command.init(outcome.arguments)
      reachableUntilExit.append(outcome)
      reachableUntilExit.append(instance)
      if command.runsConcurrently {
        // Only this path starts Swift concurrency's threads; the task ends the process.
        let concurrent = instance
        let commandPath = path
        Task.detached {
          let context = CommandContext(
            commandPath: commandPath, environment: environment, colorMode: colorMode)
          do {
            try await concurrent.run(concurrently: context)
            finish(context, error: nil, path: commandPath)
          } catch {
            finish(context, error: error, path: commandPath)
          }
        }
        dispatchMain()
      }
      do {
        try instance.run(context)
        finish(context, error: nil, path: path)
      } catch {
        finish(context, error: error, path: path)
      }
    } catch {
      usageFailure(error, path: path)
    }
  }

  /// Flushes the command's output and exits with the status its outcome calls for.
  private static func finish(_ context: CommandContext, error: (any Error)?, path: [String])
    -> Never
  {
    reachableUntilExit.append(context)
    context.flush()
    switch error {
    case nil:
      exit(0)
    case let error as UsageError:
      usageFailure(error, path: path)
    case let failure as CommandFailure:
      exit(failure.status)
    case let error as ColorParseError:
      // A long bad color (up to 128 KiB in one argument) is quoted once, as a short excerpt.
      CommandContext.writeError("pickers: \(excerpted(error))\n")
      exit(1)
    case let error?:
      CommandContext.writeError("pickers: \(error)\n")
      exit(1)
    }
  }

  private static func usageFailure(_ error: UsageError, path: [String]) -> Never {
    CommandContext.writeError(
      "pickers: \(error.message)\nSee '\(path.joined(separator: " ")) --help'.\n")
    exit(2)
  }

  /// Walks down the groups to the command the words name.
  ///
  /// Returns the leaf command, the tokens left for it, and a `--color` given before the leaf's
  /// name. Handles `--help` and `--version` at group level.
  private static func resolve(
    root: any Command.Type, _ arguments: [String], path: inout [String]
  ) throws(UsageError) -> (any Command.Type, [String], String?) {
    var command: any Command.Type = root
    var tokens = arguments[...]
    var color: String?
    while !command.spec.subcommands.isEmpty {
      guard let token = tokens.first else { return (command, [], color) }
      if token == "--help" || token == "-h" { return (command, ["--help"], color) }
      if token == "--version" && path.count == 1 {
        CommandContext.writeAll(
          Array("pickers \(PickersLibrary.version)\n".utf8), to: STDOUT_FILENO)
        exit(0)
      }
      if token == "--color" || token.hasPrefix("--color=") {
        if token == "--color" {
          guard tokens.count > 1 else { throw UsageError("missing value for --color <WHEN>") }
          color = tokens[tokens.startIndex + 1]
          tokens = tokens.dropFirst(2)
        } else {
          color = String(token.dropFirst("--color=".count))
          tokens = tokens.dropFirst()
        }
        continue
      }
      if token.hasPrefix("-") && token != "-" {
        throw UsageError("unknown option '\(token)' for '\(path.joined(separator: " "))'")
      }
      let subcommands = command.spec.subcommands
      // Only the specs up to the match are built: `pickers font list` never builds the theme
      // command's (a spec is 15-45 K instructions of its options' declarations).
      guard let position = subcommands.firstIndex(where: { $0.spec.name == token }) else {
        let names = subcommands.map { $0.spec.name }
        var message = "unknown command '\(token)' for '\(path.joined(separator: " "))'"
        if let guess = closestMatch(to: token, in: names) {
          message += "; did you mean '\(guess)'?"
        } else {
          message += " (commands: \(names.joined(separator: ", ")))"
        }
        throw UsageError(message)
      }
      command = subcommands[position]
      path.append(token)
      tokens = tokens.dropFirst()
    }
    return (command, Array(tokens), color)
  }

  private static func parseColorMode(_ text: String?) throws(UsageError) -> ColorMode {
    guard let text else { return GlobalOptions.colorMode.defaultValue }
    // Only the exact words: unlike other choices, `--color` takes no capitals.
    guard let mode = ColorMode(rawValue: text) else {
      throw choiceError(GlobalOptions.color.name, text, valid: ColorMode.words)
    }
    return mode
  }

  /// The process arguments after the program name, or nil when one is not valid UTF-8.
  static func processArguments() -> [String]? {
    var result: [String] = []
    for index in 1..<Int(CommandLine.argc) {
      guard let pointer = CommandLine.unsafeArgv[index],
        let argument = String(validatingCString: pointer)
      else { return nil }
      result.append(argument)
    }
    return result
  }
}

/// Thrown by a command that has already reported its problems (for example bad lines of
/// standard input) and only needs the process to end with `status`.
struct CommandFailure: Error, Sendable {
  var status: Int32 = 1
}

/// Values kept reachable until `exit()`.
///
/// `exit()` never returns to the frames holding them, and valgrind counts a block whose only
/// reference is a local of such a frame as "definitely lost". Appended to only on the way to `exit()`: by `Runner.main` before any task starts,
/// then once by the one task that ends the process.
nonisolated(unsafe) private var reachableUntilExit: [Any] = []
