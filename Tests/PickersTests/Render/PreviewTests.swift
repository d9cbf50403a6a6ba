import Testing

@testable import Pickers

/// The ink of a black-on-white picture: pixels at least half covered, cropped to their bounding
/// box.
///
/// Coverage is recovered from the gray value the way the picture was composited: in linear
/// light for ours (half coverage is sRGB 187.5), in sRGB values for cairo's (`hb-view`: 127.5).
struct InkMask: Equatable {
  var width: Int
  var height: Int
  var bits: [Bool]

  init(_ image: RGBAImage, linearLight: Bool = true) {
    let threshold = linearLight ? 187_500 : 127_500
    var points: [(Int, Int)] = []
    for y in 0..<image.height {
      for x in 0..<image.width {
        let pixel = image[x, y]
        let luminance = (Int(pixel.red) * 299 + Int(pixel.green) * 587 + Int(pixel.blue) * 114)
        let composited = (luminance * Int(pixel.alpha) + 255_000 * (255 - Int(pixel.alpha))) / 255
        if composited <= threshold { points.append((x, y)) }
      }
    }
    let minX = points.map(\.0).min() ?? 0
    let minY = points.map(\.1).min() ?? 0
    width = (points.map(\.0).max() ?? -1) - minX + 1
    height = (points.map(\.1).max() ?? -1) - minY + 1
    bits = [Bool](repeating: false, count: max(width * height, 0))
    for (x, y) in points { bits[(y - minY) * width + (x - minX)] = true }
  }

  /// Intersection over union with the bounding boxes aligned, the best over shifts of up to
  /// 2 pixels (rounding of the pen position and of the box edges differs by a pixel).
  func intersectionOverUnion(_ other: InkMask) -> Double {
    var best = 0.0
    for dy in -2...2 {
      for dx in -2...2 {
        best = max(best, intersectionOverUnion(other, dx: dx, dy: dy))
      }
    }
    return best
  }

  private func bit(_ x: Int, _ y: Int) -> Bool {
    x >= 0 && y >= 0 && x < width && y < height && bits[y * width + x]
  }

  private func intersectionOverUnion(_ other: InkMask, dx: Int, dy: Int) -> Double {
    var intersection = 0
    var union = 0
    for y in -2..<max(height, other.height) + 2 {
      for x in -2..<max(width, other.width) + 2 {
        let a = bit(x, y)
        let b = other.bit(x + dx, y + dy)
        if a && b { intersection += 1 }
        if a || b { union += 1 }
      }
    }
    return union == 0 ? 0 : Double(intersection) / Double(union)
  }
}

@Suite("Previews")
struct PreviewTests {
  func hbView(_ font: FontFile, _ text: String, size: Int) throws -> RGBAImage {
    let folder = try TemporaryFolder()
    let path = folder.path + "/hb-view.png"
    _ = try ExternalTool.run(
      "hb-view",
      [
        "--font-size=\(size)", "--output-format=png", "--output-file=\(path)", "--", font.path,
        text,
      ])
    return try RGBAImage(pngFile: path)
  }

  @Test(
    "preview ink matches hb-view's rendering of the same font, text and size",
    arguments: [
      (TestFonts.dejaVuSans, "AVATAR office Tyrannosaurus"),
      (TestFonts.notoSansArabic, "مرحبا بالعالم"),
      (TestFonts.notoSansDevanagari, "क्षत्रिय हिन्दी"),
    ])
  func matchesHBView(font: FontFile, text: String) throws {
    let ours = try Preview.render(
      text, options: PreviewOptions(style: TextStyle(font: font, size: 48)))
    let theirs = try hbView(font, text, size: 48)
    // Glyph coverage is composited in sRGB values, as cairo's is.
    let a = InkMask(ours, linearLight: false)
    let b = InkMask(theirs, linearLight: false)
    #expect(abs(a.width - b.width) <= 2, "ink widths \(a.width) vs \(b.width)")
    #expect(abs(a.height - b.height) <= 2, "ink heights \(a.height) vs \(b.height)")
    let iou = a.intersectionOverUnion(b)
    #expect(iou > 0.9, "IoU \(iou)")
  }

  @Test("rendering previews concurrently from many tasks gives the same bytes as one by one")
  func concurrency() async throws {
    let jobs: [(String, FontFile)] = [
      ("Hamburgefonstiv", TestFonts.dejaVuSans), ("مرحبا", TestFonts.notoSansArabic),
      ("हिन्दी", TestFonts.notoSansDevanagari), ("Inter 123", TestFonts.inter),
      ("a😀b", TestFonts.dejaVuSans),
    ]
    let emoji = FontFallback(candidates: [
      .init(font: TestFonts.notoColorEmoji, isColor: true, covered: [0x1F600])
    ])
    func render(_ index: Int) throws -> RGBAImage {
      let (text, font) = jobs[index % jobs.count]
      let options = PreviewOptions(
        style: TextStyle(font: font, size: Double(20 + index % 7 * 6)), fallback: emoji)
      return try Preview.render(text, options: options)
    }
    let count = 40
    let sequential = try (0..<count).map(render)
    let concurrent = try await withThrowingTaskGroup(of: (Int, RGBAImage).self) { group in
      for index in 0..<count {
        group.addTask { (index, try render(index)) }
      }
      var results = [RGBAImage?](repeating: nil, count: count)
      for try await (index, image) in group { results[index] = image }
      return results
    }
    for index in 0..<count {
      #expect(concurrent[index] == sequential[index], "preview \(index)")
    }
  }

  @Test("color emoji are drawn in color")
  func emojiColors() throws {
    let fallback = try FontFallback.query(
      configFile: ExternalTool.fontsConf, family: "DejaVu Sans", text: "😀🌈", language: nil)
    let image = try Preview.render(
      "😀🌈",
      options: PreviewOptions(
        style: TextStyle(font: TestFonts.dejaVuSans, size: 40), fallback: fallback))
    var colored = 0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let p = image[x, y]
        let spread = Int(max(p.red, p.green, p.blue)) - Int(min(p.red, p.green, p.blue))
        if spread > 80 { colored += 1 }
      }
    }
    #expect(colored > 200)
  }

  @Test("a heavier wght setting of a variable font puts down more ink")
  func variableWeight() throws {
    func ink(_ weight: Double) throws -> Int {
      let style = TextStyle(
        font: TestFonts.inter, size: 40, variation: FontVariation(weight: weight))
      let mask = InkMask(try Preview.render("Weight", options: PreviewOptions(style: style)))
      return mask.bits.filter { $0 }.count
    }
    let thin = try ink(100)
    let regular = try ink(400)
    let black = try ink(900)
    #expect(thin < regular && regular < black)
    let named = TextStyle(
      font: TestFonts.inter, size: 40, variation: FontVariation(instance: "Black"))
    let instance = InkMask(try Preview.render("Weight", options: PreviewOptions(style: named)))
    #expect(instance.bits.filter { $0 }.count == black)
  }

  @Test("text wraps to the requested width")
  func wrapping() throws {
    let options = PreviewOptions(style: TextStyle(font: TestFonts.dejaVuSans, size: 20), width: 200)
    let text = "The quick brown fox jumps over the lazy dog"
    let image = try Preview.render(text, options: options)
    #expect(image.width == 200)
    let lines = try Typesetter().layout(text, style: options.style, maxWidth: 168)
    #expect(lines.count >= 3)
    #expect(lines.allSatisfy { $0.width <= 168 + 20 })
    #expect(image.height > Int(lines[0].lineHeight) * 3)
  }

  @Test("bad preview input is refused with a clear error")
  func badInput() {
    let style = TextStyle(font: TestFonts.dejaVuSans, size: 20)
    #expect(throws: RenderError.text(.emptyText)) {
      try Preview.render("", options: PreviewOptions(style: style))
    }
    #expect(throws: RenderError.self) {
      try Preview.render("a", options: PreviewOptions(style: style, padding: -1))
    }
    #expect(throws: RenderError.self) {
      try Preview.render("a", options: PreviewOptions(style: style, padding: 16, width: 10))
    }
    // 1000 W at 4000 px is about 4 million pixels wide: refused before the canvas exists.
    let huge = TextStyle(font: TestFonts.dejaVuSans, size: 4_000)
    do {
      _ = try Preview.render(
        String(repeating: "W", count: 1_000), options: PreviewOptions(style: huge))
      Issue.record("a picture over the pixel limit was drawn")
    } catch .image(.tooLarge(let width, _, let limit)) {
      #expect(width > 3_000_000)
      #expect(limit == RGBAImage.maximumPixelCount)
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }
}

@Suite("Right-to-left previews")
struct RightToLeftPreviewTests {
  @Test("wrapped right-to-left lines align to the right edge")
  func alignment() throws {
    let options = PreviewOptions(
      style: TextStyle(font: TestFonts.notoSansArabic, size: 24), padding: 10, width: 400)
    let image = try Preview.render("نص حكيم", options: options)
    var minX = image.width
    var maxX = 0
    for y in 0..<image.height {
      for x in 0..<image.width where image[x, y].red < 128 {
        minX = min(minX, x)
        maxX = max(maxX, x)
      }
    }
    #expect(maxX > 400 - 10 - 6)
    #expect(minX > 200)
  }
}
