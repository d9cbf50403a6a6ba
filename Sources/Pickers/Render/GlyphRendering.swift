/// How glyph outlines become pixels: hinting, anti-aliasing, subpixel order, LCD filter and
/// synthetic bold, as fontconfig describes them for a face and cairo applies them.
///
/// A desktop's text comes from these settings (fontconfig's `hinting`, `hintstyle`, `autohint`,
/// `antialias`, `rgba`, `lcdfilter` and `embolden`); ``FontCatalog/rendering(for:size:)``
/// reads them for one face, and the rasterizer applies them as cairo does: the hint style picks
/// FreeType's load target (`slight` is `FT_LOAD_TARGET_LIGHT`), no anti-aliasing renders
/// one-bit glyphs, subpixel anti-aliasing renders three coverages per pixel.
///
///     var rendering = try catalog.rendering(for: font.file, family: font.family, size: 14)
///     rendering.hinting = .none  // what hb-view draws
public struct GlyphRendering: Hashable, Sendable, CustomStringConvertible {
  /// How strongly outlines are fitted to the pixel grid.
  public enum Hinting: String, CaseIterable, Hashable, Sendable {
    /// Unhinted outlines at their exact positions (`hintnone`, or `hinting` false).
    case none
    /// Vertical fitting only, advances unchanged (`hintslight`: FreeType's light target).
    case slight
    /// FreeType's normal hinting (`hintmedium`).
    case medium
    /// FreeType's normal hinting, or its LCD target with subpixel anti-aliasing (`hintfull`).
    case full
  }

  /// How partly covered pixels are drawn.
  public enum Antialias: String, CaseIterable, Hashable, Sendable {
    /// One-bit glyphs: a pixel is on or off.
    case none
    /// 256 levels of gray coverage.
    case gray
    /// One coverage per color channel (ClearType-like), in ``GlyphRendering/subpixelOrder``.
    case subpixel
  }

  /// The order of a screen's color stripes, for subpixel anti-aliasing.
  public enum SubpixelOrder: String, CaseIterable, Hashable, Sendable {
    case rgb, bgr, vrgb, vbgr

    /// Whether the stripes run horizontally (rows of subpixels).
    var isVertical: Bool { self == .vrgb || self == .vbgr }
  }

  /// The filter FreeType runs over subpixel coverage to tame color fringes.
  public enum LCDFilter: String, CaseIterable, Hashable, Sendable {
    case none, `default`, light, legacy
  }

  /// How strongly outlines are fitted to the pixel grid.
  public var hinting: Hinting
  /// How partly covered pixels are drawn.
  public var antialias: Antialias
  /// The stripe order for ``Antialias/subpixel``.
  public var subpixelOrder: SubpixelOrder
  /// The filter for ``Antialias/subpixel``.
  public var lcdFilter: LCDFilter
  /// Whether FreeType's auto-hinter replaces the font's own instructions.
  public var autohint: Bool
  /// Whether outlines are made bolder (fontconfig's synthetic bold for a family without one).
  public var embolden: Bool
  /// Whether unhinted glyphs are drawn at quarter-pixel positions (pango-view's
  /// `--subpixel-positions`) instead of whole pixels, as cairo 1.16 draws them.
  ///
  /// Not a fontconfig setting; hinted glyphs always sit on whole pixels.
  public var subpixelPositioning: Bool

  /// Creates rendering settings.
  public init(
    hinting: Hinting, antialias: Antialias = .gray, subpixelOrder: SubpixelOrder = .rgb,
    lcdFilter: LCDFilter = .default, autohint: Bool = false, embolden: Bool = false,
    subpixelPositioning: Bool = false
  ) {
    self.subpixelPositioning = subpixelPositioning
    self.hinting = hinting
    self.antialias = antialias
    self.subpixelOrder = subpixelOrder
    self.lcdFilter = lcdFilter
    self.autohint = autohint
    self.embolden = embolden
  }

  /// Unhinted gray outlines at exact positions: what `hb-view` draws, and the settings of text
  /// whose style names none.
  public static let unhinted = GlyphRendering(hinting: .none)

  /// Whether glyphs sit on whole pixels with whole-pixel advances.
  ///
  /// Hinted outlines are fitted to the pixel grid, so they are drawn at whole pixels, and their
  /// advances are rounded as pango rounds glyph positions; unhinted text keeps the shaper's
  /// fractional positions.
  public var snapsToPixels: Bool { hinting != .none }

  /// The settings as fontconfig spells them: `hintslight antialias gray lcddefault`.
  public var description: String {
    var words = ["hint\(hinting.rawValue)", "antialias \(antialias.rawValue)"]
    if antialias == .subpixel { words += ["rgba \(subpixelOrder.rawValue)", "lcd\(lcdFilter)"] }
    if autohint { words.append("autohint") }
    if embolden { words.append("embolden") }
    if subpixelPositioning { words.append("subpixel positions") }
    return words.joined(separator: " ")
  }

  /// One line for the catalog's answer cache: the raw values, space-separated.
  var cacheLine: String {
    [
      hinting.rawValue, antialias.rawValue, subpixelOrder.rawValue, lcdFilter.rawValue,
      autohint ? "1" : "0", embolden ? "1" : "0",
    ].joined(separator: " ")
  }

  /// Reads ``cacheLine`` back, or `nil` for a line that is not one.
  init?(cacheLine: String) {
    let words = cacheLine.split(separator: " ").map(String.init)
    guard words.count == 6, let hinting = Hinting(rawValue: words[0]),
      let antialias = Antialias(rawValue: words[1]),
      let order = SubpixelOrder(rawValue: words[2]), let filter = LCDFilter(rawValue: words[3])
    else { return nil }
    self.init(
      hinting: hinting, antialias: antialias, subpixelOrder: order, lcdFilter: filter,
      autohint: words[4] == "1", embolden: words[5] == "1")
  }
}
