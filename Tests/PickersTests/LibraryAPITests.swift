import Pickers
import Testing

/// The library's SwiftUI- and AppKit-style spellings (issue 21), checked against SwiftUI's
/// documented semantics and fontconfig's own answers.
@Suite("Library API in Apple's terms")
struct LibraryAPITests {
  static let catalog = Result { try FontCatalog(configFile: FontTools.fixturesConf) }

  @Test("opacity(_:) multiplies, as SwiftUI's does; withOpacity(_:) sets")
  func opacityMultiplies() throws {
    #expect(Color.black.opacity(0.5).opacity(0.5).alpha == 0.25)
    #expect(Color.black.opacity(0.4).alpha == 0.4)
    #expect(Color.black.opacity(0.5).opacity(2).alpha == 0.5)
    #expect(Color.black.opacity(0.5).withOpacity(1).alpha == 1)
    #expect(try Color(css: "rgb(0 0 0 / 50%)").opacity(0.5).cssString == "rgb(0 0 0 / 0.25)")
  }

  @Test("Color(red:green:blue:opacity:) is sRGB in 0...1, as in SwiftUI")
  func componentInitializer() throws {
    #expect(Color(red: 1, green: 0.5, blue: 0).hex == "#ff8000")
    #expect(Color(red: 0, green: 0, blue: 0, opacity: 0.4) == (try Color(css: "rgb(0 0 0 / 0.4)")))
    #expect(Color(white: 1) == .white)
  }

  @Test("SwiftUI's weight names are aliases of the CSS weights")
  func weightNames() {
    #expect(FontWeight.semibold.rawValue == 600)
    #expect(FontWeight.heavy.rawValue == 800)
    #expect(FontWeight.ultraLight.rawValue == 200)
  }

  @Test("availableFontNames(with:) equals fc-list's monospace bold faces")
  func fontNamesWithTraits() throws {
    let catalog = try Self.catalog.get()
    let names = try catalog.availableFontNames(with: [.bold, .fixedPitch])
    // fontconfig: spacing 100 is mono, weight 180 is demibold (CSS 600).
    let listed = try FontTools.run(
      "fc-list", [":spacing=100", "--format", "%{weight} %{postscriptname}\n"])
    let expected = Set(
      listed.split(separator: "\n").compactMap { line -> String? in
        let parts = line.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, let weight = Double(parts[0].split(separator: ".")[0]),
          weight >= 180
        else { return nil }
        return String(parts[1])
      })
    #expect(!names.isEmpty)
    #expect(Set(names) == expected)
    #expect(names.contains("DejaVuSansMono-Bold"))
    let all = try catalog.availableFonts
    #expect(all.contains("DejaVuSans") && all.contains("DejaVuSansMono-Bold"))
    #expect(all == all.sorted())
  }

  @Test("isFixedPitch follows fontconfig's spacing")
  func fixedPitch() throws {
    let catalog = try Self.catalog.get()
    #expect(
      try catalog.availableMembers(ofFontFamily: "DejaVu Sans Mono").allSatisfy(\.isFixedPitch))
    #expect(
      try !catalog.availableMembers(ofFontFamily: "DejaVu Sans").contains(where: \.isFixedPitch))
  }

  @Test("FontPreview draws fallback fonts by default: emoji in color, CJK not as boxes")
  func previewWithFallback() throws {
    let catalog = try Self.catalog.get()
    let text = "Hi 世界 😀"
    let withFallback = try FontPreview(family: "DejaVu Sans", text: text, size: 32)
      .render(catalog: catalog)
    var plain = FontPreview(family: "DejaVu Sans", text: text, size: 32)
    plain.usesFallback = false
    let without = try plain.render(catalog: catalog)
    func colored(_ image: RGBAImage) -> Int {
      var count = 0
      for y in 0..<image.height {
        for x in 0..<image.width {
          let p = image[x, y]
          if max(p.red, p.green, p.blue) - min(p.red, p.green, p.blue) > 60 { count += 1 }
        }
      }
      return count
    }
    // Black text on white is gray; only the color emoji font brings colored pixels.
    #expect(colored(withFallback) > 100)
    #expect(colored(without) == 0)
    #expect(withFallback != without)
  }

  @Test("FontPreview takes Color values and rejects a family that does not exist")
  func previewColorsAndErrors() throws {
    let catalog = try Self.catalog.get()
    var preview = FontPreview(family: "DejaVu Sans", text: "x", size: 20)
    preview.background = Color(red: 0, green: 0, blue: 1)
    let image = try preview.render(catalog: catalog)
    #expect(image[0, 0] == RGBA8(red: 0, green: 0, blue: 255))
    #expect(throws: FontError.self) {
      try FontPreview(family: "No Such Family", text: "x").render(catalog: catalog)
    }
  }

  @Test("labels without a label font are an error, not a silent sheet without labels")
  func labelsNeedAFont() {
    var sheet = SwatchSheet(colors: [Color.red])
    sheet.showsLabels = true
    #expect(throws: RenderError.missingLabelFont) { try sheet.render() }
    sheet.labelFont = TestFonts.dejaVuSans
    #expect(throws: Never.self) { try sheet.render() }
  }
}
