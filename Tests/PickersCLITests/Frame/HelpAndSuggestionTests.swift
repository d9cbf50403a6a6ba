import Testing

@Suite("pickers help and color name suggestions")
struct HelpAndSuggestionTests {
  @Test("pickers help COMMAND prints exactly COMMAND --help, for every group and leaf tried")
  func helpCommand() throws {
    for words in [[], ["font"], ["font", "list"], ["color", "convert"], ["theme"]] {
      let help = try runPickers(["help"] + words)
      let direct = try runPickers(words + ["--help"])
      #expect(help.status == 0 && direct.status == 0)
      #expect(help.output == direct.output, "pickers help \(words.joined(separator: " "))")
      #expect(help.output.hasPrefix("OVERVIEW: "))
    }
    let unknown = try runPickers(["help", "nosuch"])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.hasPrefix("pickers: unknown command 'nosuch'"))
  }

  @Test("a misspelled color name gets the nearest CSS or system name")
  func colorSuggestions() throws {
    let cases = [
      ("system-blu", "system-blue"), ("rebecapurple", "rebeccapurple"), ("blu", "blue"),
      ("Tomatoe", "tomato"),
    ]
    for (typed, near) in cases {
      let result = try runPickers(["color", "convert", typed, "--to", "hex"])
      #expect(result.status == 1)
      #expect(result.stderr.hasSuffix("; did you mean '\(near)'?\n"), "\(typed): \(result.stderr)")
    }
    let far = try runPickers(["color", "convert", "qqqqqq", "--to", "hex"])
    #expect(far.status == 1 && !far.stderr.contains("did you mean"))
  }
}
