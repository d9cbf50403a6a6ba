/// Why text could not be laid out.
public enum TextError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The text to draw is empty (or only whitespace where something visible was expected).
  case emptyText
  /// More characters than ``TextLayoutLimits/maximumCharacters``.
  case textTooLong(count: Int, limit: Int)
  /// A font size outside the allowed range.
  case invalidFontSize(Double, range: ClosedRange<Double>)
  /// FreeType could not open the face.
  case unreadableFont(path: String, index: Int)
  /// A `--variation` string that is not `tag=value[,tag=value...]`.
  case malformedVariation(String)
  /// An axis the font does not have.
  case unknownAxis(String, available: [String])
  /// A named instance the font does not have.
  case unknownInstance(String, available: [String])
  /// A `--features` setting that is not in hb-view's syntax.
  case invalidFeature(String)
  /// A `--script` value that is not an ISO 15924 script tag HarfBuzz knows.
  case unknownScript(String)
  /// A C call failed for a reason outside our control.
  case libraryFailure(call: String, code: Int32)

  public var description: String {
    switch self {
    case .emptyText: "the text is empty: give at least one visible character"
    case .textTooLong(let count, let limit):
      "the text has \(count) characters, more than the limit of \(limit)"
    case .invalidFontSize(let size, let range):
      "font size \(Self.format(size)) is out of range: expected \(Self.format(range.lowerBound))"
        + " to \(Self.format(range.upperBound)) pixels"
    case .unreadableFont(let path, let index):
      "cannot read font face \(index) of '\(path)': not a font FreeType can open"
    case .malformedVariation(let text):
      "malformed variation '\(text)': expected axis=value pairs such as 'wght=650,wdth=80'"
    case .unknownAxis(let tag, let available):
      available.isEmpty
        ? "the font has no variation axes, so '\(tag)' cannot be set"
        : "the font has no axis '\(tag)': its axes are \(available.joined(separator: ", "))"
    case .unknownInstance(let name, let available):
      available.isEmpty
        ? "the font has no named instances, so '\(name)' cannot be used"
        : "the font has no instance '\(name)': its instances are \(available.joined(separator: ", "))"
    case .invalidFeature(let text):
      "malformed feature '\(text)': expected OpenType settings such as 'liga=0,smcp,+kern'"
    case .unknownScript(let text):
      "unknown script '\(text)': expected an ISO 15924 tag such as Latn, Cyrl or Hani"
    case .libraryFailure(let call, let code): "\(call) failed with error \(code)"
    }
  }

  static func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}

/// Bounds on what text layout accepts, checked before anything is allocated.
public enum TextLayoutLimits {
  /// The largest text, in Unicode scalars, that a preview or specimen row lays out.
  public static let maximumCharacters = 10_000
  /// Font sizes in pixels per em that can be drawn.
  public static let fontSizes: ClosedRange<Double> = 1...4_096
}
