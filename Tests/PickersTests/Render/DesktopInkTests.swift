import Glibc
import Testing

@testable import Pickers

/// Ink of a picture drawn black on white: the mass (the sum of every pixel's darkness, 1 for a
/// black pixel) and a mask of the pixels at least half dark, cropped to its bounding box.
struct Ink {
  var mass: Double
  var width: Int
  var height: Int
  var bits: [Bool]
  /// Whether any pixel's channels differ by more than 16 (subpixel color fringes).
  var hasColorFringes: Bool

  init(_ image: RGBAImage) {
    var mass = 0.0
    var points: [(Int, Int)] = []
    var fringes = false
    for y in 0..<image.height {
      for x in 0..<image.width {
        let pixel = image[x, y]
        let alpha = Double(pixel.alpha) / 255
        // Over white, then the mean darkness of the three channels.
        let channels = [pixel.red, pixel.green, pixel.blue].map {
          255 - (Double($0) * alpha + 255 * (1 - alpha))
        }
        let darkness = channels.reduce(0, +) / 3 / 255
        if (channels.max() ?? 0) - (channels.min() ?? 0) > 16 { fringes = true }
        mass += darkness
        if darkness >= 0.5 { points.append((x, y)) }
      }
    }
    self.mass = mass
    hasColorFringes = fringes
    let minX = points.map(\.0).min() ?? 0
    let minY = points.map(\.1).min() ?? 0
    width = (points.map(\.0).max() ?? -1) - minX + 1
    height = (points.map(\.1).max() ?? -1) - minY + 1
    bits = [Bool](repeating: false, count: max(width * height, 0))
    for (x, y) in points { bits[(y - minY) * width + (x - minX)] = true }
  }

  private func bit(_ x: Int, _ y: Int) -> Bool {
    x >= 0 && y >= 0 && x < width && y < height && bits[y * width + x]
  }

  /// The mask grown by one pixel in every direction (a 3 x 3 square), on a canvas with a
  /// one-pixel border.
  private func dilated(width w: Int, height h: Int) -> [Bool] {
    var result = [Bool](repeating: false, count: (w + 2) * (h + 2))
    for y in -1...h {
      for x in -1...w {
        var on = false
        for dy in -1...1 where !on {
          for dx in -1...1 where bit(x + dx, y + dy) { on = true }
        }
        result[(y + 1) * (w + 2) + (x + 1)] = on
      }
    }
    return result
  }

  /// Intersection over union of the two masks after both grow by one pixel (which forgives a
  /// pixel of rounding), bounding boxes aligned at their top-left corners; the best of that
  /// placement and the eight one-pixel shifts around it, since a box edge that rounds the
  /// other way moves the whole box by a pixel.
  func dilatedIntersectionOverUnion(_ other: Ink) -> Double {
    let w = max(width, other.width) + 2
    let h = max(height, other.height) + 2
    let a = dilated(width: w, height: h)
    let b = other.dilated(width: w, height: h)
    let stride = w + 2
    var best = 0.0
    for dy in -1...1 {
      for dx in -1...1 {
        var intersection = 0
        var union = 0
        for y in 0..<(h + 2) {
          for x in 0..<stride {
            let p = a[y * stride + x]
            let (sx, sy) = (x + dx, y + dy)
            let q = sx >= 0 && sy >= 0 && sx < stride && sy < h + 2 && b[sy * stride + sx]
            if p && q { intersection += 1 }
            if p || q { union += 1 }
          }
        }
        if union > 0 { best = max(best, Double(intersection) / Double(union)) }
      }
    }
    return best
  }
}

/// One font of the comparison matrix: a family of the test font set and a string in its script.
struct InkSample: Sendable, CustomTestStringConvertible {
  var family: String
  var text: String
  var testDescription: String { family }

  /// Latin serif and sans, Greek, Cyrillic, Arabic, Devanagari, CJK serif and sans, a variable
  /// font and a monospace.
  static let matrix: [InkSample] = [
    InkSample(family: "DejaVu Serif", text: "Hamburgefonstiv"),
    InkSample(family: "DejaVu Sans", text: "Hamburgefonstiv"),
    InkSample(family: "Noto Sans", text: "Καλημέρα κόσμε"),
    InkSample(family: "Noto Serif", text: "Съешь же ещё"),
    InkSample(family: "Noto Sans Arabic", text: "مرحبا بالعالم"),
    InkSample(family: "Noto Sans Devanagari", text: "नमस्ते दुनिया"),
    InkSample(family: "Noto Serif CJK JP", text: "永和九年の春"),
    InkSample(family: "Noto Sans CJK JP", text: "永和九年の春"),
    InkSample(family: "Inter", text: "Hamburgefonstiv"),
    InkSample(family: "DejaVu Sans Mono", text: "Hamburgefonstiv"),
  ]
}

/// The reference pictures: `pango-view` and `hb-view` on the test font set.
enum DesktopText {
  static let catalog: FontCatalog? = try? FontCatalog(
    configFile: ExternalTool.fontsConf, cache: .disabled)

  /// `pango-view` with the test fonts.conf (or `configFile`), black on white.
  static func pangoView(
    _ sample: InkSample, size: Int, extra: [String] = [], configFile: String? = nil
  ) throws -> RGBAImage {
    let folder = try TemporaryFolder()
    let path = folder.path + "/pango-view.png"
    _ = try ExternalTool.run(
      "pango-view",
      [
        "-q", "--font=\(sample.family) \(size)px", "--margin=8", "--text=\(sample.text)",
        "--output=\(path)",
      ] + extra, configFile: configFile)
    return try RGBAImage(pngFile: path)
  }

  /// `hb-view` (unhinted outlines, gray anti-aliasing) on the face pickers resolves.
  static func hbView(_ font: FontFile, _ text: String, size: Int) throws -> RGBAImage {
    let folder = try TemporaryFolder()
    let path = folder.path + "/hb-view.png"
    _ = try ExternalTool.run(
      "hb-view",
      [
        "--font-size=\(size)", "--face-index=\(font.index & 0xFFFF)", "--output-format=png",
        "--output-file=\(path)", "--", font.path, text,
      ])
    return try RGBAImage(pngFile: path)
  }

  /// pickers' preview of `sample` at `size`, with fontconfig's settings (or `rendering`).
  static func pickers(
    _ sample: InkSample, size: Int, rendering: GlyphRendering? = nil,
    catalog: FontCatalog? = catalog
  ) throws -> (RGBAImage, FontFile) {
    let catalog = try #require(catalog)
    let font = try catalog.resolveFont(sample.family)
    let settings = try rendering ?? catalog.rendering(for: font.file, size: Double(size))
    let style = TextStyle(
      font: font.file, size: Double(size), variation: font.variation, rendering: settings)
    return (try Preview.render(sample.text, options: PreviewOptions(style: style)), font.file)
  }

  /// Checks the matrix's bounds: ink mass within 8%, dilated IoU at least 0.9.
  static func expectSameInk(
    _ ours: RGBAImage, _ theirs: RGBAImage, _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let a = Ink(ours)
    let b = Ink(theirs)
    let ratio = a.mass / max(b.mass, 1)
    let iou = a.dilatedIntersectionOverUnion(b)
    #expect(
      abs(ratio - 1) <= 0.08, "\(what): ink \(ratio) of the reference's",
      sourceLocation: sourceLocation)
    #expect(
      iou >= 0.9,
      "\(what): dilated IoU \(iou), ink boxes \(a.width)x\(a.height) and \(b.width)x\(b.height)",
      sourceLocation: sourceLocation)
  }
}

@Suite("Text that looks like the desktop's")
struct DesktopInkTests {
  @Test(
    "with fontconfig's settings, a preview has pango-view's ink",
    arguments: InkSample.matrix, [12, 16, 48])
  func matchesPangoView(sample: InkSample, size: Int) throws {
    let (ours, _) = try DesktopText.pickers(sample, size: size)
    let theirs = try DesktopText.pangoView(sample, size: size)
    DesktopText.expectSameInk(ours, theirs, "\(sample.family) \(size) px vs pango-view")
  }

  @Test(
    "unhinted gray outlines have hb-view's ink",
    arguments: InkSample.matrix, [12, 16, 48])
  func matchesHBView(sample: InkSample, size: Int) throws {
    let (ours, font) = try DesktopText.pickers(
      sample, size: size, rendering: GlyphRendering(hinting: .none, antialias: .gray))
    let theirs = try DesktopText.hbView(font, sample.text, size: size)
    DesktopText.expectSameInk(ours, theirs, "\(sample.family) \(size) px vs hb-view")
  }

  /// A fonts.conf that includes the test one and then sets `property` to `constant`.
  static func configuration(
    in folder: borrowing TemporaryFolder, _ property: String, _ constant: String
  )
    throws -> String
  {
    let path = folder.path + "/fonts.conf"
    let text = """
      <?xml version="1.0"?>
      <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
      <fontconfig>
        <include ignore_missing="no">\(ExternalTool.fontsConf)</include>
        <match target="pattern">
          <edit name="\(property)" mode="assign"><const>\(constant)</const></edit>
        </match>
      </fontconfig>
      """
    guard let file = fopen(path, "w") else { throw ExternalTool.Failure(description: path) }
    defer { fclose(file) }
    guard fputs(text, file) >= 0 else { throw ExternalTool.Failure(description: path) }
    return path
  }

  @Test("the test configuration renders with hintslight and gray anti-aliasing, as fc-match says")
  func defaultSettings() throws {
    let catalog = try #require(DesktopText.catalog)
    let font = try catalog.resolveFont("Noto Sans")
    let rendering = try catalog.rendering(for: font.file, size: 14)
    // fc-match -v 'Noto Sans:pixelsize=14' prints hintstyle 1, antialias True, no rgba.
    let printed = try ExternalTool.run(
      "fc-match", ["-f", "%{hintstyle} %{antialias} %{rgba}", "Noto Sans:pixelsize=14"])
    #expect(String(decoding: printed, as: UTF8.self) == "1 True ")
    #expect(rendering.hinting == .slight)
    #expect(rendering.antialias == .gray)
  }

  @Test("a configuration with hintnone changes the output as it changes pango-view's")
  func hintNone() throws {
    let folder = try TemporaryFolder()
    let conf = try Self.configuration(in: folder, "hintstyle", "hintnone")
    let catalog = try FontCatalog(configFile: conf, cache: .disabled)
    let sample = InkSample(family: "DejaVu Serif", text: "Hamburgefonstiv")
    let font = try catalog.resolveFont(sample.family)
    #expect(try catalog.rendering(for: font.file, size: 16).hinting == .none)
    let (hinted, _) = try DesktopText.pickers(sample, size: 16)
    let (unhinted, _) = try DesktopText.pickers(sample, size: 16, catalog: catalog)
    let pangoHinted = try DesktopText.pangoView(sample, size: 16)
    let pangoUnhinted = try DesktopText.pangoView(sample, size: 16, configFile: conf)
    // Both change, and both stay alike.
    #expect(hinted != unhinted)
    #expect(pangoHinted != pangoUnhinted)
    DesktopText.expectSameInk(unhinted, pangoUnhinted, "hintnone vs pango-view")
  }

  @Test("a configuration with rgba rgb gives color fringes, as pango-view's")
  func subpixel() throws {
    let folder = try TemporaryFolder()
    let conf = try Self.configuration(in: folder, "rgba", "rgb")
    let catalog = try FontCatalog(configFile: conf, cache: .disabled)
    let sample = InkSample(family: "DejaVu Sans", text: "Hamburgefonstiv")
    let font = try catalog.resolveFont(sample.family)
    let rendering = try catalog.rendering(for: font.file, size: 16)
    #expect(rendering.antialias == .subpixel && rendering.subpixelOrder == .rgb)
    let (gray, _) = try DesktopText.pickers(sample, size: 16)
    let (colored, _) = try DesktopText.pickers(sample, size: 16, catalog: catalog)
    let pangoGray = try DesktopText.pangoView(sample, size: 16)
    let pangoColored = try DesktopText.pangoView(sample, size: 16, configFile: conf)
    #expect(!Ink(gray).hasColorFringes && !Ink(pangoGray).hasColorFringes)
    #expect(Ink(colored).hasColorFringes && Ink(pangoColored).hasColorFringes)
    DesktopText.expectSameInk(colored, pangoColored, "rgba rgb vs pango-view")
  }
}
