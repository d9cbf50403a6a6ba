/// A description of a font to draw with: a family or one face, a size, OpenType features,
/// variation axes, a language and a script.
///
/// A descriptor names what is wanted; ``FontCatalog/resolve(_:)-(FontDescriptor)`` asks
/// fontconfig which face that is and what the user's configuration adds to it (`fontfeatures`
/// and `fontvariations` set by a `<match target="font">` rule), as desktop programs do. It is
/// what a ``PreviewRequest`` draws (``PreviewRequest/descriptor``).
///
///     var descriptor = FontDescriptor(family: "DejaVu Sans", size: 24)
///     descriptor.features = try FontFeature.list("liga=0")
///     descriptor.language = "sr"
///     let resolved = try catalog.resolve(descriptor)
///     resolved.face.path                 // the file fontconfig chose
///     let image = try PreviewRequest(descriptor: descriptor, text: "Hello").render()
public struct FontDescriptor: Hashable, Sendable {
  /// The font a descriptor names.
  public enum Font: Hashable, Sendable {
    /// A family name (exactly, any case), a fontconfig pattern such as `monospace:bold` (drawn
    /// as fontconfig's match, with a warning naming it), or a font file's path.
    case family(String)
    /// One face the catalog lists, such as a member of
    /// ``FontCatalog/availableMembers(ofFontFamily:)``.
    ///
    /// Stored boxed (`indirect`), so a descriptor is as small as its family case. Inline, the
    /// family case left most of the payload unwritten, and the compiler's copy of the enum
    /// read that memory to find its case (valgrind: "conditional jump depends on uninitialised
    /// value", in `scripts/memcheck`'s preview runs).
    indirect case face(FontFace)
  }

  /// The family, pattern, path or face.
  public var font: Font
  /// Pixels per em.
  public var size: Double
  /// The weight: the nearest face of a family, or the `wght` axis of a variable face; `nil`
  /// for regular (and, for a ``Font/face(_:)``, the face as it is).
  public var weight: FontWeight?
  /// Variable-font settings applied on top of the weight: a named instance, then axis values.
  public var variation: FontVariation
  /// OpenType features to turn on or off, as hb-view's `--features` takes them; applied after
  /// the configuration's `fontfeatures`, so these win.
  public var features: [FontFeature]
  /// A BCP 47 language tag for shaping and fallback (`sr`, `ja`), or `nil`.
  public var language: String?
  /// An ISO 15924 script tag (`Cyrl`) that shaping uses for all the text, or `nil` for each
  /// run's own script.
  public var script: String?

  /// Creates a descriptor; the other settings are the defaults (regular, no features or
  /// variations, language and script from the text).
  public init(font: Font, size: Double = 48) {
    self.font = font
    self.size = size
    weight = nil
    variation = .none
    features = []
    language = nil
    script = nil
  }

  /// Creates a descriptor for a family name, a fontconfig pattern or a font file's path.
  public init(family: String, size: Double = 48) {
    self.init(font: .family(family), size: size)
  }

  /// Creates a descriptor for one face.
  public init(face: FontFace, size: Double = 48) {
    self.init(font: .face(face), size: size)
  }

  /// The descriptor with another size.
  public func withSize(_ size: Double) -> FontDescriptor {
    var copy = self
    copy.size = size
    return copy
  }
}

/// What fontconfig made of a ``FontDescriptor``: the face, and the settings the user's
/// configuration and the descriptor give it.
public struct ResolvedFontDescriptor: Hashable, Sendable {
  /// The descriptor.
  public var descriptor: FontDescriptor
  /// The face chosen, with the variation that realizes the requested weight.
  public var font: ResolvedFont
  /// The face's file and index.
  public var face: FontFile { font.file }
  /// The configuration's `fontfeatures` for the face, then the descriptor's features.
  public var features: [FontFeature]
  /// The weight's variation, the configuration's `fontvariations`, then the descriptor's.
  public var variation: FontVariation
  /// The configuration's `fontfeatures` alone, as fontconfig states them (`smcp`, `liga=0`).
  public var configuredFeatures: [String]
  /// The configuration's `fontvariations` alone (`wght=500,wdth=80`), or `nil`.
  public var configuredVariations: String?
  /// Why the face may not be what was asked for.
  public var warnings: [PreviewWarning]

  /// Creates a resolved descriptor.
  public init(
    descriptor: FontDescriptor, font: ResolvedFont, features: [FontFeature],
    variation: FontVariation, configuredFeatures: [String] = [],
    configuredVariations: String? = nil, warnings: [PreviewWarning] = []
  ) {
    self.descriptor = descriptor
    self.font = font
    self.features = features
    self.variation = variation
    self.configuredFeatures = configuredFeatures
    self.configuredVariations = configuredVariations
    self.warnings = warnings
  }
}
