import Testing

@testable import Pickers

/// Inputs fuzz-color crashed on, kept as regression tests (and as seeds in Fuzz/Corpus/color).
@Suite("Color fuzz regressions", .tags(.reliability))
struct ReliabilityColorFuzzTests {
  // fuzz-color: `lab(02% 4666…(90 digits)…811 -30)` parsed, then `hex` trapped converting a NaN
  // channel to UInt8 (`pickers color info`, `convert --to hex` and `swatch` crashed with it).
  @Test(
    "colors with channels too large to convert still print as hex and pixels",
    arguments: ["lab(2% 1e300 -30)", "lab(50 -1e308 1e308)", "oklab(0.5 1e300 1e300)"])
  func hugeChannels(_ text: String) throws {
    let color = try Color(css: text)
    let hex = color.hex
    #expect(hex.count == 7 && hex.hasPrefix("#"))
    _ = color.rgba8
    _ = color.cssString
  }
}
