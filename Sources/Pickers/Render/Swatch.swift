/// A sheet of color swatches: one color or many, in a row or a grid.
///
///     var sheet = SwatchSheet(colors: [RGBA8(red: 255, green: 136, blue: 0)])
///     sheet.cornerRadius = 12
///     let image = try sheet.render()
public struct SwatchSheet: Hashable, Sendable {
  /// One swatch: its color and the label drawn on it when labels are shown.
  public struct Swatch: Hashable, Sendable {
    /// The color, straight alpha.
    public var color: RGBA8
    /// The text drawn on the swatch with ``SwatchSheet/showsLabels`` (a hex string or a name).
    public var label: String

    /// Creates a swatch; the label defaults to the color's hex string.
    public init(color: RGBA8, label: String? = nil) {
      self.color = color
      self.label = label ?? SwatchSheet.hex(color)
    }
  }

  /// The swatches, left to right then top to bottom.
  public var swatches: [Swatch]
  /// Width of one swatch in pixels.
  public var swatchWidth: Int = 128
  /// Height of one swatch in pixels.
  public var swatchHeight: Int = 128
  /// Swatches per row, or `nil` for a single row.
  public var columns: Int?
  /// Space between swatches in pixels (transparent).
  public var gap: Int = 0
  /// Corner radius in pixels; edges are anti-aliased.
  public var cornerRadius: Double = 0
  /// Whether each swatch shows its label in black or white, whichever contrasts more.
  public var showsLabels = false
  /// The font for labels (required when ``showsLabels`` is set).
  public var labelFont: FontFile?
  /// Whether a checkerboard is drawn under each swatch, to show translucency.
  public var checkerboard = false

  /// The most swatches one sheet holds.
  public static let maximumSwatches = 10_000
  /// Side lengths a swatch may have, in pixels.
  public static let sideRange = 1...16_384
  /// Gaps that may be asked for, in pixels.
  public static let gapRange = 0...4_096

  /// Creates a sheet of swatches of `colors`.
  @_disfavoredOverload  // `[.black]` means Colors (SwatchSheet(colors: [Color])); same pixels
  public init(colors: [RGBA8]) {
    swatches = colors.map { Swatch(color: $0) }
  }

  /// Creates a sheet of labelled swatches.
  public init(swatches: [Swatch]) {
    self.swatches = swatches
  }

  /// `#rrggbb`, or `#rrggbbaa` when translucent.
  public static func hex(_ color: RGBA8) -> String {
    let digits = Array("0123456789abcdef")
    var text = "#"
    let channels = [color.red, color.green, color.blue] + (color.alpha == 255 ? [] : [color.alpha])
    for value in channels {
      text.append(digits[Int(value >> 4)])
      text.append(digits[Int(value & 15)])
    }
    return text
  }

  /// The picture's size, after checking every option (nothing is allocated).
  ///
  /// - Throws: ``RenderError`` for an option out of range or a picture over the pixel limit.
  public func validatedSize() throws(RenderError) -> (width: Int, height: Int) {
    guard !swatches.isEmpty else { throw .noColors }
    // Labels need a font: without one they would silently not be drawn.
    guard !showsLabels || labelFont != nil else { throw .missingLabelFont }
    guard swatches.count <= Self.maximumSwatches else {
      throw .tooManySwatches(count: swatches.count, limit: Self.maximumSwatches)
    }
    guard Self.sideRange.contains(swatchWidth), Self.sideRange.contains(swatchHeight) else {
      throw .outOfRange(
        option: "size", value: "\(swatchWidth)x\(swatchHeight)",
        expected: "WxH with sides from 1 to 16384 pixels")
    }
    guard Self.gapRange.contains(gap) else {
      throw .outOfRange(option: "gap", value: String(gap), expected: "0 to 4096 pixels")
    }
    guard cornerRadius >= 0, cornerRadius.isFinite, cornerRadius <= 16_384 else {
      throw .outOfRange(
        option: "radius", value: String(cornerRadius), expected: "0 to 16384 pixels")
    }
    if let columns {
      guard (1...Self.maximumSwatches).contains(columns) else {
        throw .outOfRange(option: "columns", value: String(columns), expected: "1 to 10000")
      }
    }
    let perRow = min(columns ?? swatches.count, swatches.count)
    let rows = (swatches.count + perRow - 1) / perRow
    // Sides are at most 16384 and counts at most 10000, so these products cannot overflow.
    let width = perRow * swatchWidth + (perRow - 1) * gap
    let height = rows * swatchHeight + (rows - 1) * gap
    do {
      try RGBAImage.validate(width: width, height: height)
    } catch {
      throw .image(error)
    }
    return (width, height)
  }

  /// Draws the sheet.
  ///
  /// Without labels and checkerboard, each swatch's pixels equal its color exactly (alpha
  /// kept) except at anti-aliased corners; gaps are transparent.
  ///
  /// - Parameter renderer: A renderer for labels to reuse, or `nil` for a new one.
  /// - Returns: The sheet as an image.
  /// - Throws: ``RenderError`` for bad options, an unreadable label font, or a picture over
  ///   the pixel limit.
  public func render(renderer: TextRenderer? = nil) throws(RenderError) -> RGBAImage {
    let (width, height) = try validatedSize()
    let perRow = min(columns ?? swatches.count, swatches.count)
    var canvas: Canvas
    do {
      canvas = try Canvas(width: width, height: height)
    } catch {
      throw .image(error)
    }
    var labelRenderer: TextRenderer?
    if showsLabels {
      do {
        labelRenderer = try renderer ?? TextRenderer()
      } catch let error as TextError {
        throw .text(error)
      } catch {
        preconditionFailure("unexpected error \(error)")
      }
    }
    for (index, swatch) in swatches.enumerated() {
      let x = (index % perRow) * (swatchWidth + gap)
      let y = (index / perRow) * (swatchHeight + gap)
      let color = swatch.color
      if checkerboard {
        canvas.fillRoundedRect(
          x: x, y: y, width: swatchWidth, height: swatchHeight, radius: cornerRadius
        ) { column, row in
          ((column - x) / 8 + (row - y) / 8) % 2 == 0 ? .white : Self.checkerGray
        }
      }
      canvas.fillRoundedRect(
        x: x, y: y, width: swatchWidth, height: swatchHeight, radius: cornerRadius, color: color)
      if let labelRenderer, let labelFont {
        try drawLabel(swatch, at: (x, y), on: &canvas, renderer: labelRenderer, font: labelFont)
      }
    }
    return canvas.image
  }

  static let checkerGray = RGBA8(red: 204, green: 204, blue: 204)

  private func drawLabel(
    _ swatch: Swatch, at origin: (x: Int, y: Int), on canvas: inout Canvas,
    renderer: TextRenderer, font: FontFile
  ) throws(RenderError) {
    let size = min(max(Double(swatchHeight) / 8, 9), 32).rounded()
    let margin = max(4, Double(min(swatchWidth, swatchHeight)) / 16).rounded()
    let lines: [TextLine]
    do {
      lines = try renderer.typesetter.layout(swatch.label, style: TextStyle(font: font, size: size))
    } catch .emptyText {
      return
    } catch {
      throw .text(error)
    }
    guard let line = lines.first else { return }
    // What the label is read against: the color over the checkerboard's mean, or over white.
    let under = checkerboard ? RGBA8(red: 230, green: 230, blue: 230) : .white
    let ink = Self.labelColor(on: swatch.color.composited(over: under))
    var clipped = try Self.canvas(width: swatchWidth, height: swatchHeight)
    renderer.draw(
      line, on: &clipped, x: margin, baseline: Double(swatchHeight) - margin - line.descent,
      color: ink)
    // Copy the label's coverage onto the sheet, clipped to the swatch.
    for row in 0..<swatchHeight {
      for column in 0..<swatchWidth {
        let pixel = clipped[column, row]
        guard pixel.alpha > 0 else { continue }
        canvas.blend(
          x: origin.x + column, y: origin.y + row,
          color: RGBA8(
            red: pixel.red, green: pixel.green, blue: pixel.blue),
          coverage: Float(pixel.alpha) / 255)
      }
    }
  }

  private static func canvas(width: Int, height: Int) throws(RenderError) -> Canvas {
    do {
      return try Canvas(width: width, height: height)
    } catch {
      throw .image(error)
    }
  }

  /// Black or white, whichever has the higher WCAG 2 contrast ratio against `background`.
  public static func labelColor(on background: RGBA8) -> RGBA8 {
    let luminance = relativeLuminance(background)
    let againstBlack = (luminance + 0.05) / 0.05
    let againstWhite = 1.05 / (luminance + 0.05)
    return againstBlack >= againstWhite ? .black : .white
  }

  /// WCAG 2 relative luminance of an sRGB color (its alpha ignored).
  static func relativeLuminance(_ color: RGBA8) -> Double {
    let linear = Gamma.toLinear
    return 0.2126 * Double(linear[Int(color.red)]) + 0.7152 * Double(linear[Int(color.green)])
      + 0.0722 * Double(linear[Int(color.blue)])
  }
}

extension SwatchSheet {
  /// Creates a sheet of unlabelled swatches from colors, each rounded to 8 bits per channel
  /// after gamut mapping into sRGB.
  ///
  ///     let sheet = SwatchSheet(colors: [Color.red, Color.black.opacity(0.4)])
  public init(colors: [Color]) {
    self.init(colors: colors.map(\.rgba8))
  }
}
