import Testing

@Suite("Memory over many iterations", .tags(.reliability, .slow))
struct ReliabilityMemoryTests {
  @Test("1,000 font lists and specimens in one process grow the resident set by under 20 MB")
  func loop() throws {
    let result = try runProgram(
      buildProductsDirectory + "/pickers-memory-loop", ["1000", "20"], timeout: 900)
    #expect(result.status == 0, "\(result.output) \(result.stderr)")
    #expect(result.output.hasPrefix("iterations 1000, "))
  }
}
