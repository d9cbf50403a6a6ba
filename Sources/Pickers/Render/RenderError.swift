/// Why a picture could not be drawn.
public enum RenderError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A numeric option outside its allowed range, such as `--size 0x10` or `--gap -1`.
  case outOfRange(option: String, value: String, expected: String)
  /// No colors were given to a swatch.
  case noColors
  /// ``SwatchSheet/showsLabels`` is set but ``SwatchSheet/labelFont`` is not.
  case missingLabelFont
  /// More swatches than ``SwatchSheet/maximumSwatches``.
  case tooManySwatches(count: Int, limit: Int)
  /// The picture would be larger than the pixel limit.
  case image(ImageError)
  /// Text could not be laid out.
  case text(TextError)
  /// No rows to draw in a specimen.
  case emptySpecimen
  /// FreeType opened the font but could not load any of its glyphs.
  case damagedFont(path: String)

  public var description: String {
    switch self {
    case .outOfRange(let option, let value, let expected):
      "\(option) '\(value)' is out of range: expected \(expected)"
    case .noColors: "no colors given: name at least one color"
    case .missingLabelFont:
      "labels were asked for without a label font: set labelFont (FontCatalog.labelFont())"
    case .tooManySwatches(let count, let limit):
      "\(count) swatches are more than the limit of \(limit)"
    case .image(let error): error.description
    case .text(let error): error.description
    case .emptySpecimen: "the specimen has no rows: name a family or use --all"
    case .damagedFont(let path):
      "no glyph could be drawn from \"\(path)\": the font file is damaged"
    }
  }
}
