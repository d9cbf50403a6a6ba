import Glibc

/// One row of a specimen sheet: a label in the UI font, then a sample in the row's font.
public struct SpecimenRow: Hashable, Sendable {
  /// The label, such as the family name or `Inter Bold` or `48 px`.
  public var label: String
  /// The sample's font, size and variation.
  public var style: TextStyle
  /// The sample text, or `nil` for a sample that suits the font (see ``SampleText``).
  public var text: String?

  /// Creates a row.
  public init(label: String, style: TextStyle, text: String? = nil) {
    self.label = label
    self.style = style
    self.text = text
  }

  /// Creates a row that draws a preview request's first line in its resolved style.
  ///
  /// The face, size, variation, language, script, features and rendering settings are those
  /// ``FontCatalog/resolve(_:)-(PreviewRequest)`` chose; the text is the request's, or the font's sample. A row
  /// draws no fallback fonts and no colors of its own (the sheet's options color every row).
  ///
  ///     let preview = try catalog.resolve(PreviewRequest(family: "Inter", size: 32))
  ///     let row = SpecimenRow(label: preview.font.family, preview: preview)
  public init(label: String, preview: ResolvedPreview) {
    self.init(label: label, style: preview.style, text: preview.request.text)
  }
}

/// How a specimen sheet is drawn.
public struct SpecimenOptions: Hashable, Sendable {
  /// The neutral UI font for labels.
  public var labelFont: FontFile
  /// The label size in pixels.
  public var labelSize: Double = 14
  /// The sheet's width in pixels; samples longer than this are clipped.
  public var width: Int = 1_400
  /// Space around each row, in pixels.
  public var padding: Int = 16
  /// Sample text color.
  public var foreground: RGBA8 = .black
  /// Label color.
  public var labelColor = RGBA8(red: 110, green: 110, blue: 110)
  /// Background color.
  public var background: RGBA8 = .white
  /// Rows rendered at once (at least 1); defaults to the number of processors.
  public var concurrency: Int = Specimen.processorCount

  /// Creates options with the label font.
  public init(labelFont: FontFile) {
    self.labelFont = labelFont
  }
}

/// A specimen sheet: one row per family, face or size, rendered in parallel and delivered in
/// order as bands of pixel rows, so memory stays bounded however many rows there are.
public enum Specimen {
  /// The most rows one sheet holds.
  public static let maximumRows = 100_000

  /// The number of processors that tasks may run on.
  public static var processorCount: Int {
    let count = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    return max(1, count)
  }

  /// The height in pixels of a row whose sample is `size` pixels.
  public static func rowHeight(sampleSize size: Double, options: SpecimenOptions) -> Int {
    let label = (options.labelSize * 1.5).rounded(.up)
    let sample = (size * 1.5).rounded(.up)
    return Int(label + sample) + options.padding
  }

  /// The sheet's size, checked against the limits before anything is drawn.
  ///
  /// - Throws: ``RenderError`` when there are no rows, an option is out of range, or the sheet
  ///   would be over the pixel limit.
  public static func size(of rows: [SpecimenRow], options: SpecimenOptions) throws(RenderError)
    -> (width: Int, height: Int)
  {
    guard !rows.isEmpty else { throw .emptySpecimen }
    guard rows.count <= maximumRows else {
      throw .outOfRange(option: "rows", value: String(rows.count), expected: "at most 100000")
    }
    guard (0...1_000).contains(options.padding) else {
      throw .outOfRange(
        option: "padding", value: String(options.padding), expected: "0 to 1000 pixels")
    }
    guard (16...40_000).contains(options.width) else {
      throw .outOfRange(
        option: "width", value: String(options.width), expected: "16 to 40000 pixels")
    }
    for size in [options.labelSize] + rows.map(\.style.size)
    where !TextLayoutLimits.fontSizes.contains(size) {
      throw .text(.invalidFontSize(size, range: TextLayoutLimits.fontSizes))
    }
    // The sheet is streamed to the PNG writer in bands, so its size is not bounded by what
    // fits in memory (``RGBAImage/maximumPixelCount``) but by libpng's row limit.
    var height = 0
    for row in rows {
      height += rowHeight(sampleSize: row.style.size, options: options)
      guard height <= PNGStreamWriter.maximumHeight else {
        throw .outOfRange(
          option: "rows",
          value: "\(rows.count) (over \(PNGStreamWriter.maximumHeight) pixels high)",
          expected: "a sheet at most \(PNGStreamWriter.maximumHeight) pixels high, libpng's limit")
      }
    }
    return (options.width, height)
  }

  /// Renders the sheet row by row, in parallel, handing each row to `band` in order.
  ///
  /// Each row is laid out and drawn in its own task with its own FreeType faces (FreeType
  /// faces are not thread-safe). At most `2 * options.concurrency` rows are in memory at once.
  /// A row whose font cannot be read shows the label and the reason instead of the sample.
  ///
  ///     try await Specimen.render(rows, options: options) { band in try writer.append(rows: band) }
  ///
  /// - Parameters:
  ///   - rows: The rows, top to bottom.
  ///   - options: Label font, sizes, colors, width, concurrency.
  ///   - progress: Called with (rows done, total) after each band is delivered.
  ///   - band: Receives each row's pixels, in order, all `options.width` wide.
  /// - Throws: ``RenderError`` for bad options, or whatever `band` throws.
  public static func render(
    _ rows: [SpecimenRow], options: SpecimenOptions,
    progress: (Int, Int) -> Void = { _, _ in },
    band: (RGBAImage) throws -> Void
  ) async throws {
    _ = try size(of: rows, options: options)
    // Each task draws `rowsPerTask` consecutive rows with one renderer and its own faces.
    let perTask = rowsPerTask
    let tasks = (rows.count + perTask - 1) / perTask
    let window = max(1, options.concurrency) * 2
    try await withThrowingTaskGroup(of: (Int, [RGBAImage]).self) { group in
      var launched = 0
      var next = 0
      var delivered = 0
      var finished: [Int: [RGBAImage]] = [:]
      func launch() {
        let index = launched
        let slice = Array(rows[index * perTask..<min(rows.count, (index + 1) * perTask)])
        group.addTask {
          let renderer: TextRenderer
          do {
            renderer = try TextRenderer()
          } catch let error as TextError {
            throw RenderError.text(error)
          }
          var images: [RGBAImage] = []
          for row in slice {
            images.append(try renderRow(row, options: options, renderer: renderer))
          }
          return (index, images)
        }
        launched += 1
      }
      while launched < tasks && launched < window { launch() }
      while let (index, images) = try await group.next() {
        finished[index] = images
        while let ready = finished.removeValue(forKey: next) {
          for image in ready {
            try band(image)
            delivered += 1
            progress(delivered, rows.count)
          }
          next += 1
        }
        while launched < tasks && launched < next + window { launch() }
      }
    }
  }

  /// Consecutive rows drawn by one task with one renderer.
  ///
  /// Measured on the 219 families of the test set: 4 rows per task saved no CPU (most of it is
  /// zlib in the PNG writer) and raised peak memory from 33 to 59 MiB (more faces open), so
  /// each task draws one row and closes its faces.
  static let rowsPerTask = 1

  /// Draws one row on its own canvas.
  ///
  /// - Parameters:
  ///   - row: The row.
  ///   - options: The sheet's options.
  ///   - reused: A renderer to reuse (its faces and glyphs), or `nil` for a new one.
  /// - Returns: The row's pixels, `options.width` wide.
  /// - Throws: ``RenderError`` when the label font cannot be read or the row is too large.
  public static func renderRow(
    _ row: SpecimenRow, options: SpecimenOptions, renderer reused: TextRenderer? = nil
  ) throws(RenderError) -> RGBAImage {
    let height = rowHeight(sampleSize: row.style.size, options: options)
    var canvas: Canvas
    let renderer: TextRenderer
    do {
      canvas = try Canvas(width: options.width, height: height, fill: options.background)
      renderer = try reused ?? TextRenderer()
    } catch let error as ImageError {
      throw .image(error)
    } catch let error as TextError {
      throw .text(error)
    } catch {
      preconditionFailure("unexpected error \(error)")
    }
    let padding = Double(options.padding)
    let labelStyle = TextStyle(
      font: options.labelFont, size: options.labelSize, rendering: row.style.rendering)
    let labelBaseline = (padding / 2 + options.labelSize * 1.1).rounded()
    func drawLabel(_ text: String, color: RGBA8) throws(RenderError) {
      do {
        if let line = try renderer.typesetter.layout(text, style: labelStyle).first {
          renderer.draw(
            line, on: &canvas, x: padding, baseline: labelBaseline, color: color,
            rendering: labelStyle.rendering)
        }
      } catch {
        throw .text(error)
      }
    }
    do {
      var style = row.style
      let text = try renderer.typesetter.previewText(row.text, style: &style)
      let firstLine = text.split(separator: "\n").first.map(String.init) ?? text
      let line = try renderer.typesetter.layout(firstLine, style: style).first
      try drawLabel(row.label, color: options.labelColor)
      if let line {
        let labelBottom = (options.labelSize * 1.5).rounded(.up) + padding / 2
        let ascent = min(line.ascent, row.style.size * 1.15)
        renderer.draw(
          line, on: &canvas, x: padding, baseline: (labelBottom + ascent).rounded(),
          color: options.foreground, rendering: style.rendering)
      }
    } catch let error as TextError {
      try drawLabel("\(row.label): \(error)", color: RGBA8(red: 200, green: 0, blue: 0))
    } catch let error as RenderError {
      throw error
    } catch {
      preconditionFailure("unexpected error \(error)")
    }
    return canvas.image
  }
}
