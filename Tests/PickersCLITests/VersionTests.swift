import Testing

@Suite("pickers --version")
struct VersionTests {
  @Test("the binary target builds alongside the tests")
  func placeholderRemovedWhenFrameLands() {
    #expect(Bool(true))
  }
}
