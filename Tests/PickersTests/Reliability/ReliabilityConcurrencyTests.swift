import Glibc
import Testing

@testable import Pickers

/// Rendering from many tasks at once gives the bytes rendering one by one gives.
///
/// FreeType faces are not thread-safe; the renderer gives each task its own. These tests render
/// the same pictures one by one and then from many tasks at once, and compare every byte.
@Suite("Concurrent rendering", .tags(.reliability))
struct ReliabilityConcurrencyTests {
  static let configFile: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // ReliabilityConcurrencyTests.swift, Reliability, PickersTests
    return parts.joined(separator: "/") + "/Fixtures/fonts.conf"
  }()

  /// A preview job: family, text (Latin, Arabic, CJK with fallback, emoji), size.
  struct Job: Sendable {
    var family: String
    var text: String
    var size: Double
  }

  static let jobs: [Job] = [
    Job(family: "DejaVu Sans", text: "Hamburgefonstiv 0123", size: 32),
    Job(family: "DejaVu Serif", text: "The quick brown fox", size: 20),
    Job(family: "Liberation Mono", text: "let x = 42 // ok", size: 18),
    Job(family: "Noto Sans Arabic", text: "مرحبا بالعالم", size: 36),
    Job(family: "DejaVu Sans", text: "Hi 世界 ✓", size: 28),
    Job(family: "Noto Sans Devanagari", text: "नमस्ते दुनिया", size: 30),
    Job(family: "Inter", text: "Variable Inter", size: 40),
    Job(family: "Noto Color Emoji", text: "😀🎨", size: 64),
  ]

  static func preview(_ job: Job, catalog: FontCatalog) throws -> RGBAImage {
    let font = try catalog.resolveFont(job.family)
    let fallback = FontFallback(catalog: catalog, family: font.family, text: job.text)
    let options = PreviewOptions(
      style: TextStyle(font: font.file, size: job.size, variation: font.variation),
      foreground: RGBA8(red: 20, green: 30, blue: 200, alpha: 230), background: .white,
      fallback: fallback)
    return try Preview.render(job.text, options: options)
  }

  static func swatch(_ index: Int, catalog: FontCatalog) throws -> RGBAImage {
    let colors = (0..<6).map { step in
      RGBA8(
        red: UInt8((index * 37 + step * 11) % 256), green: UInt8((index * 91 + step) % 256),
        blue: UInt8((step * 53) % 256), alpha: UInt8(128 + step * 20))
    }
    var sheet = SwatchSheet(colors: colors)
    sheet.swatchWidth = 40
    sheet.swatchHeight = 30
    sheet.columns = 3
    sheet.gap = 2
    sheet.cornerRadius = 6
    sheet.showsLabels = true
    sheet.checkerboard = index % 2 == 0
    sheet.labelFont = try catalog.labelFont()
    return try sheet.render()
  }

  @Test("previews and swatches rendered by 64 tasks at once equal those rendered one by one")
  func parallelEqualsSerial() async throws {
    let catalog = try FontCatalog(configFile: Self.configFile, cache: .disabled)
    let previews = try Self.jobs.map { try Self.preview($0, catalog: catalog) }
    let swatches = try (0..<8).map { try Self.swatch($0, catalog: catalog) }
    for image in previews { #expect(image.width > 0 && image.height > 0) }

    let tasks = 64
    let results = try await withThrowingTaskGroup(of: (Int, RGBAImage, RGBAImage).self) { group in
      for task in 0..<tasks {
        group.addTask {
          let job = Self.jobs[task % Self.jobs.count]
          return (
            task, try Self.preview(job, catalog: catalog),
            try Self.swatch(task % 8, catalog: catalog)
          )
        }
      }
      var all: [(Int, RGBAImage, RGBAImage)] = []
      for try await result in group { all.append(result) }
      return all
    }
    #expect(results.count == tasks)
    for (task, preview, swatch) in results {
      #expect(preview == previews[task % Self.jobs.count], "preview of task \(task) differs")
      #expect(swatch == swatches[task % 8], "swatch of task \(task) differs")
    }
  }

  @Test("a specimen rendered with 8 parallel rows equals the one rendered with 1")
  func specimenConcurrency() async throws {
    let catalog = try FontCatalog(configFile: Self.configFile, cache: .disabled)
    let families = Array(try catalog.availableFontFamilies.prefix(24))
    let rows = try families.map { family in
      let font = try catalog.resolveFont(family)
      return SpecimenRow(label: family, style: TextStyle(font: font.file, size: 20))
    }
    func sheet(concurrency: Int) async throws -> [UInt8] {
      var options = SpecimenOptions(labelFont: try catalog.labelFont())
      options.width = 500
      options.concurrency = concurrency
      var bytes: [UInt8] = []
      try await Specimen.render(rows, options: options) { band in bytes += band.bytes }
      return bytes
    }
    let serial = try await sheet(concurrency: 1)
    let parallel = try await sheet(concurrency: 8)
    #expect(!serial.isEmpty)
    #expect(serial == parallel)
  }
}
