import Pickers
import Testing

/// A type of the test's own named like the library's, as SwiftUI's `Color` would be.
private struct Color {}

@Suite("Module name")
struct ModuleNameTests {
  @Test("Pickers.Color names the library's Color even where another Color is in scope")
  func qualifiedNames() throws {
    let red: Pickers.Color = try Pickers.Color(css: "red")
    #expect(red.hex == "#ff0000")
    let catalogType: Pickers.FontCatalog.Type = Pickers.FontCatalog.self
    #expect(catalogType == FontCatalog.self)
    _ = Color()
  }

  @Test("the version is one semantic version string")
  func version() {
    let parts = PickersLibrary.version.split(separator: ".")
    #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil })
  }
}
