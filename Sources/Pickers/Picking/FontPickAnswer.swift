/// What a font picker answers: the family, the face (style) and the size chosen.
///
/// Every surface builds one: the terminal picker from its highlighted row and `--size`, the
/// window from its list, face chooser and size stepper. ``text(_:)`` and the `Encodable` form
/// print it as `pickers font pick --format` asks, so both surfaces answer alike.
///
///     let answer = FontPickAnswer(family: "DejaVu Sans", style: "Bold", size: 48)
///     answer.text(.familyStyle)   // "DejaVu Sans:Bold"
///     answer.text(.familySize)    // "DejaVu Sans 48"
public struct FontPickAnswer: Hashable, Sendable, Encodable {
  /// How an answer is printed (`pickers font pick --format`).
  public enum Format: String, CaseIterable, Hashable, Sendable {
    /// The family alone: `DejaVu Sans`.
    case family
    /// The family and the face: `DejaVu Sans:Bold` (the family alone when no style is
    /// known), as `--faces` prints it.
    case familyStyle = "family:style"
    /// The family and the size in pixels per em: `DejaVu Sans 48`.
    case familySize = "family size"
    /// JSON with the family, the style (or `null`) and the size.
    case json
  }

  /// The family name.
  public var family: String
  /// The face's style name (``FontPickerState/variableStyleName`` for a variable font's own
  /// face, as the pickers list it), or `nil` when the family lists no style.
  public var style: String?
  /// The size in pixels per em.
  public var size: Double

  /// The size an answer carries when nothing else was chosen: where the window's size stepper
  /// starts.
  public static let defaultSize = 36.0
  /// The sizes an answer may carry, in pixels per em.
  public static let sizeRange = 6.0...240.0

  /// Creates an answer; the size is clamped to ``sizeRange`` and rounded to 0.01 px.
  public init(family: String, style: String? = nil, size: Double = FontPickAnswer.defaultSize) {
    self.family = family
    self.style = style.flatMap { $0.isEmpty ? nil : $0 }
    let bounded =
      size.isFinite
      ? min(max(size, Self.sizeRange.lowerBound), Self.sizeRange.upperBound) : Self.defaultSize
    self.size = (bounded * 100).rounded() / 100
  }

  /// The answer for a picker row: its face in `--faces` mode, else the family's regular face
  /// (Regular, else Book, else its first style), at `size`.
  public init(entry: FontPickerState.Entry, size: Double = FontPickAnswer.defaultSize) {
    let style =
      entry.style ?? entry.styles.first { $0 == "Regular" } ?? entry.styles.first { $0 == "Book" }
      ?? entry.styles.first
    self.init(family: entry.family, style: style, size: size)
  }

  /// The size as text: whole pixels without a fraction (`48`), else up to two decimals.
  public var sizeText: String {
    size == size.rounded() ? String(Int(size)) : "\(size)"
  }

  /// The answer printed in `format` (JSON is ``encode(to:)``'s object, written by
  /// ``JSONWriter``).
  public func text(_ format: Format) -> String {
    switch format {
    case .family: family
    case .familyStyle: style.map { "\(family):\($0)" } ?? family
    case .familySize: "\(family) \(sizeText)"
    case .json:
      (try? JSONWriter().encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? family
    }
  }

  /// `{"family": …, "size": …, "style": … or null}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: AnswerKey.self)
    try familyAndStyle.encode(into: &container)
    try container.encode(size, forKey: .size)
  }

  /// The answer without its size, as `pickers font pick --json` prints it:
  /// `{"family": …, "style": … or null}`.
  ///
  ///     FontPickAnswer(family: "DejaVu Sans", style: "Bold").familyAndStyle
  ///     // encodes as {"family" : "DejaVu Sans", "style" : "Bold"}
  public var familyAndStyle: FamilyAndStyle { FamilyAndStyle(family: family, style: style) }

  /// The family and style of an answer, encoded without the size (``familyAndStyle``).
  public struct FamilyAndStyle: Hashable, Sendable, Encodable {
    /// The family name.
    public var family: String
    /// The style, or `nil` (encoded as `null`).
    public var style: String?

    /// `{"family": …, "style": … or null}`.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: AnswerKey.self)
      try encode(into: &container)
    }

    /// The family, then the style or `null`.
    fileprivate func encode(into container: inout KeyedEncodingContainer<AnswerKey>) throws {
      try container.encode(family, forKey: .family)
      if let style {
        try container.encode(style, forKey: .style)
      } else {
        try container.encodeNil(forKey: .style)
      }
    }
  }

  /// One line that carries the answer between processes without loss: the family, the style
  /// (empty for none) and the size, separated by tabs (`DejaVu Sans\tBold\t48`).
  ///
  /// The font window prints it; the `pickers` binary reads it back with
  /// ``init(helperLine:)`` and prints it as the terminal picker's answer is printed.
  public var helperLine: String {
    [family, style ?? "", "\(size)"].joined(separator: "\t")
  }

  /// Reads a ``helperLine``; `nil` unless it is a family, a style and a finite size in
  /// ``sizeRange``.
  public init?(helperLine: String) {
    let line = helperLine.hasSuffix("\n") ? String(helperLine.dropLast()) : helperLine
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
    guard fields.count == 3, !fields[0].isEmpty, let size = Double(String(fields[2])),
      Self.sizeRange.contains(size)
    else { return nil }
    self.init(family: String(fields[0]), style: String(fields[1]), size: size)
  }
}

/// The keys of an answer's JSON object.
private enum AnswerKey: String, CodingKey {
  case family, style, size
}
