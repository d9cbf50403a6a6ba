import Glibc
import Pickers
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

@Suite("Option declarations")
struct OptionDeclarationTests {
  enum Shape: String, ArgumentChoice { case round, square, oval }

  static let size = Option<Int>(
    "--size", short: "s", value: "N", default: 16, range: 0...4000,
    help: "Padding, {min} to {max} pixels (default {default}).")
  static let scale = Option<Double?>(
    "--scale", value: "F", range: 0.5...2, help: "From {min} to {max}.")
  static let shape = Option<Shape>(
    "--shape", value: "SHAPE", default: .square, help: "The shape: {choices}.")
  static let kind = Option<AllOr<Shape>>("--kind", value: "KIND", default: .all, help: "{choices}.")
  static let spec = CommandSpec(
    name: "demo", abstract: "A demo.",
    arguments: [size.argument, scale.argument, shape.argument, kind.argument])

  func parse(_ tokens: [String]) throws -> ParsedArguments {
    try ArgumentParser.parse(tokens, spec: Self.spec).arguments
  }

  @Test("an option not given reads as its default, or nil when it has none")
  func defaults() throws {
    let parsed = try parse([])
    #expect(try parsed.value(Self.size) == 16)
    #expect(try parsed.value(Self.scale) == nil)
    #expect(try parsed.value(Self.shape) == .square)
    #expect(try parsed.value(Self.kind) == .all)
  }

  @Test("given values are parsed as the declared type, choices also in capitals")
  func values() throws {
    let parsed = try parse(["-s", "40", "--scale=1.5", "--shape", "OVAL", "--kind", "Round"])
    #expect(try parsed.value(Self.size) == 40)
    #expect(try parsed.value(Self.scale) == 1.5)
    #expect(try parsed.value(Self.shape) == .oval)
    #expect(try parsed.value(Self.kind) == .one(.round))
    #expect(try parsed.value(Self.kind).cases == [.round])
    #expect(AllOr<Shape>.all.cases == [.round, .square, .oval])
  }

  @Test("values outside the declaration are usage errors stating its limits")
  func errors() throws {
    #expect(throws: UsageError("--size must be between 0 and 4000, not 4001")) {
      try parse(["--size", "4001"]).value(Self.size)
    }
    #expect(throws: UsageError("--size takes a whole number, not 'big'")) {
      try parse(["--size", "big"]).value(Self.size)
    }
    #expect(throws: UsageError("--scale must be between 0.5 and 2, not 3")) {
      try parse(["--scale", "3"]).value(Self.scale)
    }
    #expect(throws: UsageError("--shape must be one of round, square, oval; 'cube' is not")) {
      try parse(["--shape", "cube"]).value(Self.shape)
    }
    #expect(throws: UsageError("--kind must be one of all, round, square, oval; 'x' is not")) {
      try parse(["--kind", "x"]).value(Self.kind)
    }
  }

  @Test("help is filled from the declaration: default, range and choices")
  func help() {
    #expect(Self.size.argument.help == "Padding, 0 to 4000 pixels (default 16).")
    #expect(Self.scale.argument.help == "From 0.5 to 2.")
    #expect(Self.shape.argument.help == "The shape: round, square (default) or oval.")
    #expect(Self.kind.argument.help == "all (default), round, square or oval.")
    #expect(Self.shape.argument.completion == .choices(["round", "square", "oval"]))
    #expect(Self.size.argument.completion == .none)
    #expect(Self.size.argument.filled?.accepted == .integers(0...4000))
    let text = HelpFormatter.help(for: Demo.self, path: ["demo"])
    #expect(
      text.contains(
        "  --shape <SHAPE>         The shape: round, square (default) or oval. (values:\n"
          + "                          round, square, oval)\n"))
  }

  @Test("a declaration checked when the command runs still lists its choices")
  func checkedWhenRun() {
    let format = PaletteOutput.format.argument
    #expect(format.filled?.checkedWhenParsed == false)
    #expect(
      format.help == "Output format: text (default), hex, json, css, shell, gpl, ase, soc or kpl.")
    #expect(format.completion == .choices(PaletteFormat.words))
  }

  @Test("palette formats include every file format of the library, by the library's name")
  func paletteFormats() {
    for file in PaletteFileFormat.allCases {
      #expect(PaletteFormat.allCases.contains(.file(file)), "\(file)")
      #expect(PaletteFormat.named(file.rawValue) == .file(file))
    }
  }

  struct Demo: Command {
    static let spec = OptionDeclarationTests.spec
    init(_ arguments: ParsedArguments) throws(UsageError) {}
    func run(_ context: CommandContext) throws {}
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

  @Test("-o /dev/stdout and -o - write the file to standard output, a pipe here")
  func outputToStandardOutput() throws {
    for target in ["/dev/stdout", "-"] {
      let result = try runPickers(["color", "swatch", "red", "--size", "4x4", "-o", target])
      #expect(result.status == 0, "\(target): \(result.stderr)")
      #expect(Array(result.stdout.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }
  }

  @Test(
    "-o /dev/stdout appended to a file (>>) adds the PNG after what it had; /dev/stdout stays a link"
  )
  func outputToStandardOutputAppended() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let log = folder + "/log.bin"
    try writeText("before\n", to: log)
    let head = Array("before\n".utf8)
    let result = try runProgram(
      "/bin/sh",
      ["-c", "\"$0\" color swatch red --size 4x4 -o /dev/stdout >> \"$1\"", pickersBinary, log])
    #expect(result.status == 0, "\(result.stderr)")
    let bytes = try runProgram("/bin/cat", [log]).stdout
    #expect(Array(bytes.prefix(head.count)) == head, "what the file had is kept")
    #expect(
      Array(bytes.dropFirst(head.count).prefix(8))
        == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    var status = stat()
    #expect(lstat("/dev/stdout", &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
  }

  /// The standard output a deleted file (as a test harness or a script may leave it), named
  /// through the user's own link to `/dev//stdout`: the PNG goes to that file, and the link
  /// stays. (A writer that took it for an ordinary path replaced the name it was given; with
  /// `-o /dev//stdout` as root that was `/dev/stdout` itself.)
  @Test("-o through a link to /dev//stdout, stdout a deleted file: written through the descriptor")
  func outputToLinkedStandardOutputOfDeletedFile() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let link = folder + "/out"
    try #require(symlink("/dev//stdout", link) == 0)
    let result = try runProgram(
      "/bin/sh",
      [
        "-c",
        "exec 5<>\"$2/gone\" && rm \"$2/gone\" && \"$0\" color swatch red --size 4x4 -o \"$1\" >&5"
          + " && head -c 8 /proc/self/fd/5 | od -An -tx1",
        pickersBinary, link, folder,
      ])
    #expect(result.status == 0, "\(result.stderr)")
    // The PNG signature, read back through the deleted file's descriptor.
    #expect(result.stdout == Array(" 89 50 4e 47 0d 0a 1a 0a\n".utf8), "\(result.output)")
    var status = stat()
    #expect(lstat(link, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK, "still a link")
    #expect(lstat("/dev/stdout", &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
    #expect(try runProgram("/bin/ls", ["-A", folder]).output == "out\n")
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
