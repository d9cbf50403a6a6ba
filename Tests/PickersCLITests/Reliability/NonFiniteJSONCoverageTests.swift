import Glibc
import Testing

/// "Every `--json` output with a non-finite number is valid JSON or a `pickers:` refusal"
/// (issue 30), for every command: each command the CLI offers `--json` on (as its own fish
/// completion lists them) is either run with non-finite colors, here or in
/// ``NonFiniteJSONTests``, or takes no number from its input that could be non-finite.
@Suite("Non-finite numbers: every --json command")
struct NonFiniteJSONCoverageTests {
  /// The `--json` commands whose numbers never come from a color or number the user gives, and
  /// where they come from instead.
  static let noNonFiniteInput: [String: String] = [
    "font list": "fontconfig's faces", "font faces": "fontconfig's faces",
    "font match": "fontconfig's answer", "font info": "fontconfig and FreeType",
    "font pick": "a chosen family", "font collection list": "the collection store",
    "font collection show": "the collection store", "font disabled": "family names",
    "color pick": "the picker's 8-bit answer", "color sample": "8-bit screen pixels",
    "palette accents": "a fixed table", "palette from-image": "8-bit pixels of a PNG",
    "palette list": "file counts", "doctor": "the machine's checks",
    "palette show": "GIMP .gpl palettes, 8-bit integer channels",
  ]

  /// The palette commands run here, with a non-finite color given as an argument or in a file
  /// (`FILE` is replaced by a CSS and a JSON palette file of the colors).
  static let paletteCommands: [[String]] = [
    ["palette", "distinct", "3", "--avoid", "COLOR", "--json"],
    ["palette", "convert", "FILE", "--json"],
    ["palette", "convert", "FILE", "--format", "json"],
  ]

  /// Every command path the fish completion offers `--json` for, such as `color info`.
  static func jsonCommands() throws -> Set<String> {
    let script = try runPickers(["completion", "fish"])
    #expect(script.status == 0, "\(script.stderr)")
    var commands = Set<String>()
    for line in script.output.split(separator: "\n") where line.contains(" -l json ") {
      // complete -c pickers -n '__fish_seen_subcommand_from color; and
      // __fish_seen_subcommand_from info' -l json ...
      let words = line.split(separator: "'")[1].split(separator: ";").map {
        $0.replacing("and ", with: "").replacing("__fish_seen_subcommand_from ", with: "")
          .split(separator: " ").joined()
      }
      commands.insert(words.joined(separator: " "))
    }
    return commands
  }

  @Test("each --json command is run with non-finite numbers here, or takes none from its input")
  func everyCommandCovered() throws {
    let offered = try Self.jsonCommands()
    #expect(offered.count >= 20, "\(offered.sorted())")
    var exercised = Set<String>()
    for arguments in NonFiniteJSONTests.commands("red") + Self.paletteCommands {
      exercised.insert(
        arguments.prefix { !$0.hasPrefix("-") && $0 != "red" }.prefix(2).joined(
          separator: " "))
    }
    for command in offered.sorted() {
      #expect(
        exercised.contains(command) || Self.noNonFiniteInput[command] != nil,
        "'pickers \(command) --json' is not run with a non-finite number by any test")
    }
    // The exemptions stay true to the CLI: none names a command that has no --json.
    for command in Self.noNonFiniteInput.keys.sorted() {
      #expect(offered.contains(command), "'\(command)' offers no --json")
    }
  }

  @Test(
    "palette commands: a non-finite color as an argument or in a palette file",
    arguments: NonFiniteJSONTests.colors)
  func paletteOutputs(color: String) throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    try writeText(":root {\n  --accent: \(color);\n  --plain: #3478f6;\n}\n", to: folder + "/p.css")
    let quoted = color.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
    try writeText(
      "[{\"name\": \"accent\", \"color\": \"\(quoted)\"}, {\"name\": \"plain\", \"hex\": "
        + "\"#3478f6\"}]\n", to: folder + "/p.json")
    var runs: [[String]] = []
    for command in Self.paletteCommands {
      if command.contains("FILE") {
        for file in ["p.css", "p.json"] {
          runs.append(command.map { $0 == "FILE" ? folder + "/" + file : $0 })
        }
      } else {
        runs.append(command.map { $0 == "COLOR" ? color : $0 })
      }
    }
    try expectJSONOrRefusal(runs, in: folder)
  }
}
