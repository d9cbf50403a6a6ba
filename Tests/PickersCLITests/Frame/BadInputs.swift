import FoundationEssentials

@testable import pickers_cli

// The bad-input rows BadInputTests.swift runs: the table in Tests/Fixtures/bad-inputs.json, and
// rows made from the option declarations (every range and every list of choices the parser
// checks), so an option declared with `Option` is tested the moment it is declared.

/// The rows of `Tests/Fixtures/bad-inputs.json`.
let tableRows: [BadInput] = {
  struct Table: Decodable { var rows: [BadInput] }
  let url = URL(filePath: fixturesDirectory + "/bad-inputs.json")
  guard let data = try? Data(contentsOf: url) else { return [] }
  return (try? JSONDecoder().decode(Table.self, from: data))?.rows ?? []
}()

/// Every row: the table's, then the declarations'.
let badInputs: [BadInput] = tableRows + declaredRows

/// For each option of each command that the parser checks against a range or a list of
/// choices: values just outside the range, a word where a number goes, a word that is no
/// choice; each must be refused with the declaration's own limits, exit 2.
let declaredRows: [BadInput] = {
  var rows: [BadInput] = []
  for node in CommandNode.all(under: PickersCommand.self) where !node.isGroup {
    guard let base = exampleArguments(node) else { continue }
    for argument in node.spec.arguments {
      guard let filled = argument.filled, filled.checkedWhenParsed, let accepted = filled.accepted
      else { continue }
      let name = argument.name
      var cases: [(value: String, message: String)] = []
      switch accepted {
      case .integers(let range):
        for value in [range.lowerBound - 1, range.upperBound + 1] {
          cases.append(
            (
              "\(value)",
              "\(name) must be between \(range.lowerBound) and \(range.upperBound), "
                + "not \(value)"
            ))
        }
        cases.append(("many", "\(name) takes a whole number, not 'many'"))
      case .numbers(let range):
        for value in [range.lowerBound - 1, range.upperBound + 1] {
          let text = formatNumber(value)
          cases.append(
            (
              text,
              "\(name) must be between \(formatNumber(range.lowerBound)) and "
                + "\(formatNumber(range.upperBound)), not \(text)"
            ))
        }
        cases.append(("many", "\(name) takes a number, not 'many'"))
      case .choices(let words):
        cases.append(
          (
            "no-such-choice",
            "\(name) must be one of \(words.joined(separator: ", ")); "
              + "'no-such-choice' is not"
          ))
      }
      let path = node.path.joined(separator: " ")
      for (value, message) in cases {
        rows.append(
          BadInput(
            name: "\(path) \(name) \(value) (from the declaration)",
            arguments: base + [name, value], status: 2,
            stderrPrefix: "pickers: \(message)\nSee '\(path) --help'.\n", stderrExact: true))
      }
    }
  }
  return rows
}()

/// A valid command line for `node` from its first example a plain argument list can hold (no
/// pipes, redirections or substitutions), without the program name and without the files it
/// would write; `nil` when no example is that simple.
func exampleArguments(_ node: CommandNode) -> [String]? {
  for example in node.spec.examples {
    guard let words = shellWords(example), words.first == "pickers",
      Array(words.dropFirst().prefix(node.path.count - 1)) == Array(node.path.dropFirst())
    else { continue }
    var arguments: [String] = []
    var rest = words.dropFirst()[...]
    while let word = rest.first {
      rest = rest.dropFirst()
      if ["-o", "--output", "--preview"].contains(word) {
        rest = rest.dropFirst()
        continue
      }
      arguments.append(word)
    }
    return arguments
  }
  return nil
}

/// `text` split as a shell splits plain words and quotes; `nil` for anything else.
func shellWords(_ text: String) -> [String]? {
  var words: [String] = []
  var word: String?
  var quote: Character?
  for character in text {
    if let open = quote {
      if character == open {
        quote = nil
      } else if open == "\"" && "$`\\".contains(character) {
        return nil
      } else {
        word?.append(character)
      }
      continue
    }
    switch character {
    case " ":
      if let done = word { words.append(done) }
      word = nil
    case "'", "\"":
      quote = character
      word = word ?? ""
    case "|", "<", ">", "$", "`", ";", "&", "\\", "*", "?", "~":
      return nil
    default:
      word = (word ?? "") + String(character)
    }
  }
  guard quote == nil else { return nil }
  if let done = word { words.append(done) }
  return words
}
