import Testing

// The kinds of test that cut across the folders (the folders mirror Sources/Pickers), to run or
// skip together by name: `swift test --filter tag:reliability`. The CLI tests declare the same
// tags, so one filter selects both targets' tests.
extension Tag {
  /// Never crash, hang or give a wrong answer: corrupt and oversized input, fuzz regressions,
  /// concurrent use, merged saves.
  @Tag static var reliability: Self
}
