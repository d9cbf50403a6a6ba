/// Everything a font preview is drawn from: a face or family, text, size, shaping, rendering,
/// colors and layout.
///
/// One request, one entry point, ``FontCatalog/render(_:renderer:)``: `pickers font preview`,
/// the terminal picker's inline preview, the font window and specimen rows (through
/// ``FontCatalog/resolve(_:)-(PreviewRequest)``) all build a request and draw it, so the rules live once:
/// a name that is not a family is drawn as fontconfig's match with a warning, characters the
/// font lacks (and emoji that want color) are drawn by fallback fonts, and a picture in which no
/// glyph could be drawn is a damaged font, not a blank image.
///
///     var request = PreviewRequest(family: "DejaVu Sans", text: "Hi 世界 😀", size: 48)
///     request.features = [try FontFeature(parsing: "liga=0")]
///     let result = try catalog.render(request)
///     for warning in result.warnings { print("warning: \(warning)") }
///     try writeAtomically(try result.pngData(), to: "hello.png")
public struct PreviewRequest: Hashable, Sendable {
  /// The font a preview is drawn in: a family, pattern or path, or one face.
  public typealias Font = FontDescriptor.Font

  /// The font, size, weight, variation, features, language and script: what the text is set
  /// in, resolved by ``FontCatalog/resolve(_:)-(FontDescriptor)``.
  public var descriptor: FontDescriptor

  /// The font.
  public var font: Font {
    get { descriptor.font }
    set { descriptor.font = newValue }
  }
  /// The text; `nil` draws the font's own sample (a pangram in a language it covers).
  public var text: String?
  /// Pixels per em.
  public var size: Double {
    get { descriptor.size }
    set { descriptor.size = newValue }
  }
  /// The weight: the nearest face of a family, or the `wght` axis of a variable face; `nil`
  /// for regular (and, for a ``FontDescriptor/Font/face(_:)``, the face as it is).
  public var weight: FontWeight? {
    get { descriptor.weight }
    set { descriptor.weight = newValue }
  }
  /// Variable-font settings applied on top of the weight: a named instance, then axis values.
  public var variation: FontVariation {
    get { descriptor.variation }
    set { descriptor.variation = newValue }
  }
  /// OpenType features to turn on or off, as hb-view's `--features` takes them.
  public var features: [FontFeature] {
    get { descriptor.features }
    set { descriptor.features = newValue }
  }
  /// A BCP 47 language tag for shaping and fallback (`sr`, `ja`), or `nil`: the sample's
  /// language when the font's sample is drawn, else guessed from the text.
  public var language: String? {
    get { descriptor.language }
    set { descriptor.language = newValue }
  }
  /// An ISO 15924 script tag (`Cyrl`) that shaping uses for all the text, or `nil` for each
  /// run's own script.
  public var script: String? {
    get { descriptor.script }
    set { descriptor.script = newValue }
  }
  /// The hinting, or `nil` for fontconfig's setting for the face at this size (what the
  /// desktop draws).
  public var hinting: GlyphRendering.Hinting?
  /// The anti-aliasing, or `nil` for fontconfig's setting for the face at this size.
  ///
  /// With both ``hinting`` and ``antialias`` given fontconfig is not asked, and the other
  /// settings are those of ``GlyphRendering/unhinted``.
  public var antialias: GlyphRendering.Antialias?
  /// Whether unhinted glyphs sit at quarter pixels instead of whole ones.
  public var subpixelPositioning: Bool
  /// The text color (may be translucent).
  public var foreground: Color
  /// The background color (may be translucent or clear).
  public var background: Color
  /// Space around the text, in pixels (``PreviewOptions/paddingRange``).
  public var padding: Int
  /// The picture's width: text wraps to fit; `nil` for one line per paragraph.
  public var width: Int?
  /// Whether characters the font lacks are drawn with the fallback fonts fontconfig chooses.
  public var usesFallback: Bool

  /// Creates a request; every other setting has `pickers font preview`'s default (black on
  /// white, 16 pixels of padding, one line per paragraph, fontconfig's rendering, fallback on).
  public init(font: Font, text: String? = nil, size: Double = 48) {
    self.init(descriptor: FontDescriptor(font: font, size: size), text: text)
  }

  /// Creates a request that draws `text` as `descriptor` describes; every other setting has
  /// `pickers font preview`'s default.
  ///
  ///     var descriptor = FontDescriptor(family: "DejaVu Serif", size: 32)
  ///     descriptor.features = try FontFeature.list("smcp")
  ///     let image = try PreviewRequest(descriptor: descriptor, text: "Small caps").render()
  public init(descriptor: FontDescriptor, text: String? = nil) {
    self.descriptor = descriptor
    self.text = text
    hinting = nil
    antialias = nil
    subpixelPositioning = false
    foreground = .black
    background = .white
    padding = 16
    width = nil
    usesFallback = true
  }

  /// Creates a request for a family name, a fontconfig pattern or a font file's path.
  ///
  ///     let image = try PreviewRequest(family: "DejaVu Sans", text: "Hi 世界 😀").render()
  public init(family: String, text: String? = nil, size: Double = 48) {
    self.init(font: .family(family), text: text, size: size)
  }

  /// Draws the preview: ``FontCatalog/render(_:renderer:)``'s picture.
  ///
  /// - Parameter catalog: The fonts to choose from; `nil` loads the system's configuration.
  /// - Returns: The picture, sized to the text plus padding (or to ``width``).
  /// - Throws: ``FontError`` for an unknown family or pattern; ``RenderError`` for bad sizes,
  ///   empty text, a damaged font, or a picture over the pixel limit.
  public func render(catalog: FontCatalog? = nil) throws -> RGBAImage {
    try (catalog ?? FontCatalog()).render(self).image
  }
}

/// The name of ``PreviewRequest`` in earlier releases: `FontPreview(family:text:size:).render()`.
public typealias FontPreview = PreviewRequest

/// A request whose face and text style are chosen: what ``FontCatalog/resolve(_:)-(PreviewRequest)`` returns.
///
/// The style holds the face, size, variation, language, script, features and rendering
/// settings the request asks for; a specimen row draws it as it is
/// (``SpecimenRow/init(label:preview:)``).
public struct ResolvedPreview: Hashable, Sendable {
  /// The request.
  public var request: PreviewRequest
  /// The face chosen, with the variation that realizes the requested weight.
  public var font: ResolvedFont
  /// The text style the request's text is set in (before the sample's language is known).
  public var style: TextStyle
  /// Why the face may not be what was asked for.
  public var warnings: [PreviewWarning]

  /// Creates a resolved request.
  public init(
    request: PreviewRequest, font: ResolvedFont, style: TextStyle, warnings: [PreviewWarning] = []
  ) {
    self.request = request
    self.font = font
    self.style = style
    self.warnings = warnings
  }
}
