import Glibc
import Testing

@testable import Pickers

/// The README's library example, kept compiling and checked against independent values.
@Suite("README library example")
struct ReadmeExampleTests {
  @Test("the example runs and its values are what the README says")
  func example() throws {
    let fontsConf = #filePath.split(separator: "/").dropLast(2).joined(separator: "/")
    let catalog = try FontCatalog(configFile: "/" + fontsConf + "/Fixtures/fonts.conf")
    let families = try catalog.availableFontFamilies
    let faces = try catalog.availableMembers(ofFontFamily: "DejaVu Sans")
    let mono = try catalog.match(pattern: "monospace")
    #expect(families.contains("DejaVu Sans"))
    #expect(faces.contains { $0.style == "Bold" })
    #expect(mono.family == "Noto Sans Mono")  // what fc-match monospace answers for the test set

    let accent = try Color(css: "oklch(62% 0.19 255)")
    let veil = Color.black.opacity(0.4)
    #expect(veil.alpha == 0.4)
    #expect(accent.converted(to: .hsl).cssString.hasPrefix("hsl("))
    #expect(accent.wcagContrast(on: .white).ratio > 3)
    #expect(Color.system(.blue, scheme: .dark).hex == "#0a84ff")  // Apple's HIG value

    let directory = "/tmp/pickers-readme-\(getpid())"
    mkdir(directory, 0o700)
    defer {
      unlink(directory + "/swatches.png")
      rmdir(directory)
    }
    let image = try SwatchSheet(colors: [accent.rgba8, veil.rgba8]).render()
    try writeAtomically(try image.pngData(), to: directory + "/swatches.png")
    let decoded = try RGBAImage(pngFile: directory + "/swatches.png")
    #expect(decoded[0, 0] == accent.rgba8)
    #expect(decoded[decoded.width - 1, 0] == RGBA8(red: 0, green: 0, blue: 0, alpha: 102))
  }
}
