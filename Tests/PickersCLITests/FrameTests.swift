import Glibc
import Testing

@testable import pickers_cli

@Suite("Argument parser")
struct ArgumentParserTests {
  static let spec = CommandSpec(
    name: "demo", abstract: "A demo.",
    arguments: [
      .positional("INPUT", help: "Inputs.", repeating: true),
      .option("--size", short: "s", value: "N", help: "A size."),
      .option("--tag", short: "t", value: "T", help: "Tags.", repeating: true),
      .flag("--json", short: "j", help: "JSON."),
      .flag("--verbose", short: "v", help: "More."),
    ])

  func parse(_ tokens: [String]) throws -> ParsedArguments {
    try ArgumentParser.parse(tokens, spec: Self.spec).arguments
  }

  @Test("an option takes the next token as its value even when it is negative")
  func negativeOptionValue() throws {
    let parsed = try parse(["a", "--size", "-5"])
    #expect(parsed.option("--size") == "-5")
    #expect(throws: UsageError("--size must be between 1 and 100, not -5")) {
      try parsed.integer("--size", in: 1...100)
    }
  }

  @Test("--opt=value, -oVALUE, -o VALUE and bundled short flags")
  func forms() throws {
    let parsed = try parse(["--size=7", "-tx", "-t", "y", "-jv", "in"])
    #expect(parsed.option("--size") == "7")
    #expect(parsed.options("--tag") == ["x", "y"])
    #expect(parsed.flag("--json") && parsed.flag("--verbose"))
    #expect(parsed.positionals("INPUT") == ["in"])
  }

  @Test("negative numbers, a lone dash and everything after -- are positionals")
  func positionals() throws {
    let parsed = try parse(["-3.5", "-", "--", "--json", "-x"])
    #expect(parsed.positionals("INPUT") == ["-3.5", "-", "--json", "-x"])
    #expect(!parsed.flag("--json"))
  }

  @Test("a single-valued option given twice keeps the last value")
  func lastWins() throws {
    #expect(try parse(["a", "--size", "1", "--size", "2"]).option("--size") == "2")
  }

  @Test("mistakes are usage errors that say what was wrong")
  func errors() {
    #expect(throws: UsageError("unknown option '--jsn'; did you mean '--json'?")) {
      try parse(["a", "--jsn"])
    }
    #expect(throws: UsageError("missing value for --size <N>")) { try parse(["a", "--size"]) }
    #expect(throws: UsageError("--json does not take a value")) { try parse(["a", "--json=1"]) }
    #expect(throws: UsageError("missing argument <INPUT>")) { try parse([]) }
    #expect(throws: UsageError("unknown option '-q'")) { try parse(["a", "-q"]) }
  }

  @Test("--help anywhere asks for help instead of parsing")
  func help() throws {
    #expect(try ArgumentParser.parse(["--bogus-value", "--help"], spec: Self.spec).helpRequested)
    #expect(
      try ArgumentParser.parse(["x", "--", "--help"], spec: Self.spec).helpRequested == false)
    #expect(try ArgumentParser.parse(["x", "-h"], spec: Self.spec).helpRequested)
  }

  @Test("enumeration choices list the valid values")
  func choices() throws {
    let parsed = try parse(["a", "--size", "big"])
    #expect(throws: UsageError("--size takes a whole number, not 'big'")) {
      try parsed.integer("--size", in: 1...9)
    }
    enum Shape: String, CaseIterable { case round, square }
    let shaped = try parse(["a", "--size", "oval"])
    #expect(throws: UsageError("--size must be one of round, square; 'oval' is not")) {
      try shaped.choice("--size", as: Shape.self)
    }
  }
}

@Suite("pickers binary: frame")
struct FrameBinaryTests {
  @Test("--version prints a semantic version and exits 0")
  func version() throws {
    let result = try runPickers(["--version"])
    #expect(result.status == 0)
    #expect(result.output.wholeMatch(of: /pickers \d+\.\d+\.\d+\n/) != nil)
  }

  @Test("help is printed at every level, listing every declared subcommand and option")
  func helpEverywhere() throws {
    for node in CommandNode.all(under: PickersCommand.self) {
      let result = try runPickers(Array(node.path.dropFirst()) + ["--help"])
      #expect(result.status == 0, "\(node.path)")
      #expect(result.output.hasPrefix("OVERVIEW: \(node.spec.abstract)\n"), "\(node.path)")
      for subcommand in node.spec.subcommands {
        #expect(result.output.contains("\n  \(subcommand.spec.name) "), "\(node.path)")
      }
      for argument in node.spec.arguments where argument.kind != .positional {
        #expect(result.output.contains(argument.name), "\(node.path) \(argument.name)")
      }
    }
  }

  @Test("an unknown command is a usage error with a suggestion and a hint, exit 2")
  func unknownCommand() throws {
    let result = try runPickers(["colr"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr == "pickers: unknown command 'colr' for 'pickers'; did you mean 'color'?\n"
        + "See 'pickers --help'.\n")
  }

  @Test("an argument that is not valid UTF-8 is a usage error, exit 2")
  func invalidUTF8() throws {
    // bash's $'\xff' passes the raw byte through.
    let result = try runProgram(
      "/bin/bash", ["-c", "exec \"$0\" completion $'\\xff'", pickersBinary])
    #expect(result.status == 2)
    #expect(result.stderr == "pickers: an argument is not valid UTF-8\n")
  }

  @Test("--color takes auto, always or never")
  func colorOption() throws {
    let bad = try runPickers(["--color", "sometimes", "man"])
    #expect(bad.status == 2)
    #expect(bad.stderr.hasPrefix("pickers: --color must be one of auto, always, never"))
    #expect(try runPickers(["man", "--color=never"]).status == 0)
  }

  @Test("a closed pipe ends the command quietly")
  func closedPipe() throws {
    let result = try runProgram(
      "/bin/bash",
      ["-c", "\"$0\" completion zsh | (exec 0<&-; true); echo ${PIPESTATUS[0]}", pickersBinary])
    #expect(result.output == "0\n")
    #expect(result.stderr.isEmpty)
  }
}

@Suite("pickers binary: completions and man page")
struct GeneratedDocumentsTests {
  @Test(
    "completion scripts are valid for their shells and name every command",
    arguments: [
      ("bash", "/bin/bash"), ("zsh", "/usr/bin/zsh"), ("fish", "/usr/bin/fish"),
    ])
  func completion(shell: String, interpreter: String) throws {
    let result = try runPickers(["completion", shell])
    #expect(result.status == 0)
    for node in CommandNode.all(under: PickersCommand.self) {
      #expect(result.output.contains(node.spec.name), "\(shell) lacks \(node.path)")
    }
    let directory = try makeTemporaryDirectory()
    defer { removeTree(directory) }
    let path = directory + "/script"
    let file = fopen(path, "w")
    fputs(result.output, file)
    fclose(file)
    try #require(
      access(interpreter, X_OK) == 0, "\(interpreter) is installed by scripts/install-deps")
    let check = try runProgram(interpreter, ["-n", path])
    #expect(check.status == 0, "\(shell) -n: \(check.stderr)")
  }

  @Test("bash completion offers subcommands and option values")
  func bashBehaviour() throws {
    let script = try runPickers(["completion", "bash"]).output
    let directory = try makeTemporaryDirectory()
    defer { removeTree(directory) }
    let path = directory + "/completion.bash"
    let file = fopen(path, "w")
    fputs(script, file)
    fclose(file)
    let probe = """
      source "$0"
      COMP_WORDS=(pickers co); COMP_CWORD=1; _pickers; echo "${COMPREPLY[*]}"
      COMP_WORDS=(pickers --color al); COMP_CWORD=2; _pickers; echo "${COMPREPLY[*]}"
      COMP_WORDS=(pickers completion ''); COMP_CWORD=2; _pickers; echo "${COMPREPLY[*]}"
      """
    let result = try runProgram("/bin/bash", ["-c", probe, path])
    #expect(result.output == "color completion\nalways\nbash zsh fish\n", "\(result.stderr)")
  }

  @Test("the man page is valid roff and documents every command")
  func manPage() throws {
    let result = try runPickers(["man"])
    #expect(result.status == 0)
    #expect(result.output.hasPrefix(".TH PICKERS 1"))
    for node in CommandNode.all(under: PickersCommand.self) where node.spec.subcommands.isEmpty {
      let heading = ".SS " + ManPage.escape(node.path.joined(separator: " "))
      #expect(result.output.contains(heading), "\(heading)")
    }
    let directory = try makeTemporaryDirectory()
    defer { removeTree(directory) }
    let path = directory + "/pickers.1"
    let file = fopen(path, "w")
    fputs(result.output, file)
    fclose(file)
    let groff = try runProgram("/usr/bin/groff", ["-man", "-Tutf8", "-ww", "-z", path])
    #expect(groff.status == 0)
    #expect(groff.stderr.isEmpty, "\(groff.stderr)")
  }

  @Test("roff escaping survives groff: non-ASCII, hyphens, backslashes and leading dots")
  func roffEscaping() throws {
    let text = "日本語 — é-x \\ back\n.starts with a dot"
    let directory = try makeTemporaryDirectory()
    defer { removeTree(directory) }
    let path = directory + "/escape.1"
    let file = fopen(path, "w")
    fputs(".TH X 1\n.SH NAME\n" + ManPage.escape(text) + "\n", file)
    fclose(file)
    let groff = try runProgram(
      "/usr/bin/groff", ["-man", "-Tutf8", "-ww", path], environment: ["LC_ALL": "C"])
    #expect(groff.stderr.isEmpty, "\(groff.stderr)")
    // groff draws bold and may hyphenate; compare the words after removing overstrikes.
    let plain = groff.output.replacing(/.\x08/, with: "")
    #expect(plain.contains("日本語 — é-x \\ back"))
    #expect(plain.contains(".starts with a dot"))
  }
}
