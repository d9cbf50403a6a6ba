/// One glyph placed by the shaper, in pixels at the run's font size.
public struct ShapedGlyph: Hashable, Sendable {
  /// The glyph id in the run's font (0 is `.notdef`, the font's "missing" box).
  public var id: UInt32
  /// The index of the first Unicode scalar of the text this glyph came from.
  public var cluster: Int
  /// How far the pen moves after this glyph, in pixels.
  public var xAdvance: Double
  /// Vertical pen movement (0 for horizontal text), in pixels.
  public var yAdvance: Double
  /// Horizontal shift of this glyph from the pen position, in pixels.
  public var xOffset: Double
  /// Vertical shift of this glyph from the baseline, up positive, in pixels.
  public var yOffset: Double
}

/// A run of glyphs in one font, script and direction, as HarfBuzz shaped it.
///
/// Glyphs are in visual order (left to right on the page) even for right-to-left runs, as
/// HarfBuzz returns them.
public struct GlyphRun: Hashable, Sendable {
  /// The font face that draws this run.
  public var font: FontFile
  /// The variation the face was set to.
  public var variation: FontVariation
  /// The font size in pixels per em.
  public var size: Double
  /// The ISO 15924 script tag of the run, such as `Latn`, `Arab`, `Deva`.
  public var script: String
  /// Whether the run reads right to left (an odd bidi embedding level).
  public var isRightToLeft: Bool
  /// The range of Unicode scalar indices of the text that this run covers.
  public var textRange: Range<Int>
  /// The glyphs, left to right.
  public var glyphs: [ShapedGlyph]

  /// The run's total horizontal advance in pixels.
  public var width: Double { glyphs.reduce(0) { $0 + $1.xAdvance } }
}

/// One laid-out line: its runs in visual order, with the line's vertical metrics.
public struct TextLine: Hashable, Sendable {
  /// The runs, left to right on the page.
  public var runs: [GlyphRun]
  /// The sum of the runs' advances, in pixels.
  public var width: Double
  /// The largest ascent of the fonts on the line, in pixels above the baseline.
  public var ascent: Double
  /// The largest descent of the fonts on the line, in pixels below the baseline (positive).
  public var descent: Double
  /// The primary font's recommended distance between baselines, in pixels.
  public var lineHeight: Double
  /// Whether the line's paragraph reads right to left (so the line aligns to the right).
  public var isRightToLeft: Bool = false
}
