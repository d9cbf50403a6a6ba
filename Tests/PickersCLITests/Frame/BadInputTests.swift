import FoundationEssentials
import Glibc
import Testing

@testable import pickers_cli

/// One bad-input row (`Tests/Fixtures/bad-inputs.json`, or made from a declaration in
/// `BadInputs.swift`): a bad command line and what `pickers` must answer.
struct BadInput: Decodable, Sendable, CustomTestStringConvertible {
  /// Text repeated `count` times on standard input: `["red\n", 50000]` in the table.
  struct Repeated: Decodable, Sendable {
    var text: String
    var count: Int

    init(from decoder: any Decoder) throws {
      var container = try decoder.unkeyedContainer()
      text = try container.decode(String.self)
      count = try container.decode(Int.self)
    }
  }

  var name: String
  var arguments: [String]?
  var shell: String?
  var stdin: String?
  var stdinBytes: [UInt8]?
  var stdinRepeat: [Repeated]?
  var status: Int32
  var stderrPrefix: String
  var stderrContains: [String]?
  var stderrExact: Bool?
  var stdoutContains: [String]?

  var testDescription: String { name }

  /// The bytes standard input holds.
  var input: [UInt8] {
    if let stdinBytes { return stdinBytes }
    if let stdinRepeat {
      return stdinRepeat.flatMap { part in
        [[UInt8]](repeating: Array(part.text.utf8), count: part.count).flatMap { $0 }
      }
    }
    return Array((stdin ?? "").utf8)
  }
}

/// The repository's `Fuzz/Corpus` folder (seed inputs that double as corrupt files).
let corpusDirectory: String = {
  var parts = fixturesDirectory.split(separator: "/", omittingEmptySubsequences: false)
  parts.removeLast(2)  // Tests/Fixtures
  return parts.joined(separator: "/") + "/Fuzz/Corpus"
}()

@Suite("Bad inputs", .tags(.reliability))
struct BadInputTests {
  /// Replaces the table's placeholders for one run.
  static func expand(_ text: String, out: String) -> String {
    if text.hasPrefix("$REPEAT:") {
      let parts = text.split(separator: ":")
      if parts.count == 3, let count = Int(parts[2]) {
        return String(repeating: String(parts[1]), count: count)
      }
    }
    var result = ""
    var rest = Substring(text)
    let names = [("$OUT", out), ("$FIXTURES", fixturesDirectory), ("$CORPUS", corpusDirectory)]
    outer: while !rest.isEmpty {
      for (name, value) in names where rest.hasPrefix(name) {
        result += value
        rest = rest.dropFirst(name.count)
        continue outer
      }
      result.append(rest.removeFirst())
    }
    return result
  }

  @Test("the table has at least 100 rows and every command has some")
  func coverage() throws {
    #expect(tableRows.count >= 100)
    #expect(declaredRows.count >= 30)
    var leaves: [[String]] = []
    var pending: [(any Command.Type, [String])] = [(PickersCommand.self, [])]
    while let (command, path) = pending.popLast() {
      if command.spec.subcommands.isEmpty {
        leaves.append(path)
      }
      for sub in command.spec.subcommands { pending.append((sub, path + [sub.spec.name])) }
    }
    #expect(leaves.count > 10)
    for leaf in leaves {
      let covered = badInputs.contains { row in
        if let arguments = row.arguments { return Array(arguments.prefix(leaf.count)) == leaf }
        return row.shell?.contains(" " + leaf.joined(separator: " ") + " ") ?? false
      }
      #expect(covered, "no bad-input row for 'pickers \(leaf.joined(separator: " "))'")
    }
  }

  @Test(
    "each bad input gives its exit status and message, quickly, and writes nothing",
    arguments: badInputs)
  func row(_ row: BadInput) throws {
    let out = try makeTemporaryDirectory()
    defer { removeTree(out) }
    let result: PickersResult
    if let shell = row.shell {
      result = try runProgram(
        "/bin/bash", ["-c", shell], stdin: row.input,
        environment: ["PICKERS": pickersBinary, "OUT": out], timeout: 120)
    } else {
      let arguments = (row.arguments ?? []).map { Self.expand($0, out: out) }
      result = try runPickers(arguments, stdin: row.input, timeout: 120)
    }
    let prefix = Self.expand(row.stderrPrefix, out: out)
    #expect(result.status == row.status, "stderr: \(result.stderr.prefix(300))")
    if row.stderrExact == true {
      #expect(result.stderr == prefix)
    } else {
      #expect(result.stderr.hasPrefix(prefix), "stderr: \(result.stderr.prefix(300))")
    }
    for text in row.stderrContains ?? [] {
      #expect(result.stderr.contains(Self.expand(text, out: out)))
    }
    if let expected = row.stdoutContains {
      for text in expected { #expect(result.output.contains(text)) }
    } else if row.status != 0 {
      #expect(result.stdout.isEmpty, "a failure printed \(result.stdout.count) bytes")
    }
    #expect(directoryEntries(out).isEmpty, "left behind: \(directoryEntries(out))")
  }
}

@Suite("bad-input rows for the consistency options")
struct ConsistencyCoverageTests {
  /// The options added for one meaning per option across the CLI, by command.
  static let added: [([String], String)] =
    [
      (["color", "convert"], "--json"), (["color", "mix"], "--json"),
      (["color", "diff"], "--json"),
      (["color", "pick"], "--json"), (["font", "pick"], "--json"), (["theme"], "--json"),
      (["font", "match"], "--format"), (["palette", "distinct"], "--count"),
      (["font", "preview"], "--size"), (["font", "specimen"], "--size"),
    ]
    + [
      ["color", "swatch"], ["font", "preview"], ["font", "specimen"], ["palette", "accents"],
      ["palette", "scale"], ["palette", "harmony"], ["palette", "distinct"],
      ["palette", "from-image"], ["palette", "simulate"], ["palette", "convert"], ["theme"],
    ].map { ($0, "--mkdir") }

  @Test("each added option is declared by its command and has a row in BadInputs.swift")
  func rows() throws {
    for (path, option) in Self.added {
      let help = try runPickers(path + ["--help"]).output
      #expect(help.contains(" \(option) ") || help.contains(" \(option)\n"), "\(path) \(option)")
      let covered = badInputs.contains { row in
        guard let arguments = row.arguments, Array(arguments.prefix(path.count)) == path else {
          return row.shell.map {
            $0.contains(" \(path.joined(separator: " ")) ") && $0.contains(option)
          }
            ?? false
        }
        return arguments.contains { $0 == option || $0.hasPrefix(option + "=") }
      }
      #expect(covered, "no bad-input row for pickers \(path.joined(separator: " ")) \(option)")
    }
  }
}
