/// SwiftUI's weight names, as aliases of the CSS weights.
///
/// pickers numbers weights as CSS and OpenType do (100 to 1000), where `thin` (100) is the
/// lightest name. SwiftUI orders `ultraLight` below `thin`; here `ultraLight` is CSS's
/// extra-light (200), so the two names swap places against Apple's order, on purpose: a
/// font's `wght` axis and fontconfig's answers use the CSS numbers.
extension FontWeight {
  /// SwiftUI's `ultraLight`: CSS 200, the same as ``extraLight``.
  public static let ultraLight = extraLight
  /// SwiftUI's `semibold`: CSS 600, the same as ``semiBold``.
  public static let semibold = semiBold
  /// SwiftUI's `heavy`: CSS 800, the same as ``extraBold``.
  public static let heavy = extraBold
}

/// The style traits of `NSFontManager.availableFontNames(with:)`.
public struct FontTraits: OptionSet, Hashable, Sendable {
  public let rawValue: Int

  /// Creates traits from their bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Weight 600 or more.
  public static let bold = FontTraits(rawValue: 1 << 0)
  /// Italic or oblique.
  public static let italic = FontTraits(rawValue: 1 << 1)
  /// Every glyph has the same advance (``FontFace/isFixedPitch``).
  public static let fixedPitch = FontTraits(rawValue: 1 << 2)
  /// Narrower than normal.
  public static let condensed = FontTraits(rawValue: 1 << 3)
  /// Wider than normal.
  public static let expanded = FontTraits(rawValue: 1 << 4)

  /// The traits `face` has.
  public init(of face: FontFace) {
    var traits: FontTraits = []
    if face.weight.rawValue >= FontWeight.semiBold.rawValue { traits.insert(.bold) }
    if face.slant != .roman { traits.insert(.italic) }
    if face.isFixedPitch { traits.insert(.fixedPitch) }
    if face.width.rawValue < FontWidth.normal.rawValue { traits.insert(.condensed) }
    if face.width.rawValue > FontWidth.normal.rawValue { traits.insert(.expanded) }
    self = traits
  }
}

extension FontFace {
  /// Whether every glyph has the same advance: fontconfig's `mono` or `charcell` spacing, as
  /// `NSFont.isFixedPitch` (dual-width CJK monospace faces are ``FontSpacing/dual``, not this).
  public var isFixedPitch: Bool { spacing == .mono || spacing == .charcell }
}

extension FontCatalog {
  /// The PostScript name of every face, sorted, as `NSFontManager.availableFonts`.
  ///
  /// Faces without a PostScript name are listed by their full name.
  ///
  ///     let names = try catalog.availableFonts   // ["DejaVuSans", "DejaVuSans-Bold", ...]
  public var availableFonts: [String] {
    get throws(FontError) { try Self.names(of: faces()) }
  }

  /// The PostScript names of the faces that have every one of `traits`, sorted, as
  /// `NSFontManager.availableFontNames(with:)`.
  ///
  ///     let boldMono = try catalog.availableFontNames(with: [.bold, .fixedPitch])
  public func availableFontNames(with traits: FontTraits) throws(FontError) -> [String] {
    try Self.names(of: faces().filter { FontTraits(of: $0).isSuperset(of: traits) })
  }

  private static func names(of faces: [FontFace]) -> [String] {
    Array(Set(faces.map { $0.postScriptName ?? $0.fullName ?? "\($0.family) \($0.style)" }))
      .sorted()
  }
}
