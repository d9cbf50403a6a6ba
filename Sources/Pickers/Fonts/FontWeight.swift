import CFontconfig

/// How heavy a face is, on the CSS and OpenType scale from 1 to 1000 (400 regular, 700 bold).
///
/// Fontconfig keeps weights on its own scale (bold is 200 there); ``init(fontconfig:)`` and
/// ``fontconfigValue`` convert with fontconfig's own `FcWeightToOpenTypeDouble` and
/// `FcWeightFromOpenTypeDouble`.
///
///     FontWeight.bold.rawValue                 // 700
///     FontWeight(fontconfig: 200) == .bold     // true
public struct FontWeight: RawRepresentable, Hashable, Comparable, Sendable, Codable {
  /// The CSS weight, 1 to 1000.
  public var rawValue: Int

  /// Creates a weight from a CSS value, clamped to `1...1000`.
  public init(rawValue: Int) { self.rawValue = min(max(rawValue, 1), 1000) }

  /// Creates a weight from a value on fontconfig's scale (`FC_WEIGHT_*`).
  ///
  /// The corresponding C function is `FcWeightToOpenTypeDouble`.
  public init(fontconfig value: Double) {
    self.init(rawValue: Int(FcWeightToOpenTypeDouble(value).rounded()))
  }

  /// The same weight on fontconfig's scale.
  ///
  /// The corresponding C function is `FcWeightFromOpenTypeDouble`.
  public var fontconfigValue: Double { FcWeightFromOpenTypeDouble(Double(rawValue)) }

  public static func < (lhs: FontWeight, rhs: FontWeight) -> Bool { lhs.rawValue < rhs.rawValue }

  public init(from decoder: any Decoder) throws {
    self.init(rawValue: try decoder.singleValueContainer().decode(Int.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  /// CSS 100.
  public static let thin = FontWeight(rawValue: 100)
  /// CSS 200.
  public static let extraLight = FontWeight(rawValue: 200)
  /// CSS 300.
  public static let light = FontWeight(rawValue: 300)
  /// CSS 350, fontconfig's "demilight" (also "semilight").
  public static let semiLight = FontWeight(rawValue: 350)
  /// CSS 380, fontconfig's "book".
  public static let book = FontWeight(rawValue: 380)
  /// CSS 400.
  public static let regular = FontWeight(rawValue: 400)
  /// CSS 500.
  public static let medium = FontWeight(rawValue: 500)
  /// CSS 600.
  public static let semiBold = FontWeight(rawValue: 600)
  /// CSS 700.
  public static let bold = FontWeight(rawValue: 700)
  /// CSS 800.
  public static let extraBold = FontWeight(rawValue: 800)
  /// CSS 900.
  public static let black = FontWeight(rawValue: 900)
  /// CSS 1000, fontconfig's "extrablack".
  public static let extraBlack = FontWeight(rawValue: 1000)

  /// The named weights and the fontconfig constant each one stands for.
  static let fontconfigTable: [(weight: FontWeight, name: String, fontconfig: Int32)] = [
    (.thin, "thin", FC_WEIGHT_THIN),
    (.extraLight, "extralight", FC_WEIGHT_EXTRALIGHT),
    (.light, "light", FC_WEIGHT_LIGHT),
    (.semiLight, "semilight", FC_WEIGHT_DEMILIGHT),
    (.book, "book", FC_WEIGHT_BOOK),
    (.regular, "regular", FC_WEIGHT_REGULAR),
    (.medium, "medium", FC_WEIGHT_MEDIUM),
    (.semiBold, "semibold", FC_WEIGHT_DEMIBOLD),
    (.bold, "bold", FC_WEIGHT_BOLD),
    (.extraBold, "extrabold", FC_WEIGHT_EXTRABOLD),
    (.black, "black", FC_WEIGHT_BLACK),
    (.extraBlack, "extrablack", FC_WEIGHT_EXTRABLACK),
  ]

  /// Reads a CSS number (`"650"`) or a weight name (`"bold"`, `"semi-bold"`, `"Extra Light"`).
  ///
  ///     FontWeight(parsing: "Semi Bold")   // .semiBold
  public init?(parsing text: String) {
    if let number = Int(text), (1...1000).contains(number) {
      self.init(rawValue: number)
      return
    }
    let key = String(text.lowercased().filter { $0.isLetter })
    let aliases = [
      "normal": "regular", "demibold": "semibold", "demilight": "semilight",
      "ultralight": "extralight", "ultrabold": "extrabold", "heavy": "black",
      "hairline": "thin", "ultrablack": "extrablack",
    ]
    let name = aliases[key] ?? key
    guard let entry = Self.fontconfigTable.first(where: { $0.name == name }) else { return nil }
    self = entry.weight
  }
}

/// How condensed or expanded a face is, as a percentage of normal width (CSS `font-stretch`).
///
/// Fontconfig uses the same numbers (`FC_WIDTH_CONDENSED` is 75).
///
///     FontWidth.condensed.rawValue   // 75
public struct FontWidth: RawRepresentable, Hashable, Comparable, Sendable, Codable {
  /// Percent of the normal width.
  public var rawValue: Int

  /// Creates a width from a percentage of normal.
  public init(rawValue: Int) { self.rawValue = rawValue }

  public static func < (lhs: FontWidth, rhs: FontWidth) -> Bool { lhs.rawValue < rhs.rawValue }

  public init(from decoder: any Decoder) throws {
    self.init(rawValue: try decoder.singleValueContainer().decode(Int.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  /// 50 %.
  public static let ultraCondensed = FontWidth(rawValue: 50)
  /// 63 % (CSS 62.5 %).
  public static let extraCondensed = FontWidth(rawValue: 63)
  /// 75 %.
  public static let condensed = FontWidth(rawValue: 75)
  /// 87 % (CSS 87.5 %).
  public static let semiCondensed = FontWidth(rawValue: 87)
  /// 100 %.
  public static let normal = FontWidth(rawValue: 100)
  /// 113 % (CSS 112.5 %).
  public static let semiExpanded = FontWidth(rawValue: 113)
  /// 125 %.
  public static let expanded = FontWidth(rawValue: 125)
  /// 150 %.
  public static let extraExpanded = FontWidth(rawValue: 150)
  /// 200 %.
  public static let ultraExpanded = FontWidth(rawValue: 200)

  /// The named widths and the fontconfig constant each one stands for.
  static let fontconfigTable: [(width: FontWidth, fontconfig: Int32)] = [
    (.ultraCondensed, FC_WIDTH_ULTRACONDENSED),
    (.extraCondensed, FC_WIDTH_EXTRACONDENSED),
    (.condensed, FC_WIDTH_CONDENSED),
    (.semiCondensed, FC_WIDTH_SEMICONDENSED),
    (.normal, FC_WIDTH_NORMAL),
    (.semiExpanded, FC_WIDTH_SEMIEXPANDED),
    (.expanded, FC_WIDTH_EXPANDED),
    (.extraExpanded, FC_WIDTH_EXTRAEXPANDED),
    (.ultraExpanded, FC_WIDTH_ULTRAEXPANDED),
  ]
}

/// Whether a face is upright, italic or slanted.
public enum FontSlant: String, Hashable, Sendable, Codable, CaseIterable {
  /// Upright.
  case roman
  /// A true italic design.
  case italic
  /// The roman design, slanted.
  case oblique

  /// The fontconfig constant for each slant.
  static let fontconfigTable: [(slant: FontSlant, fontconfig: Int32)] = [
    (.roman, FC_SLANT_ROMAN), (.italic, FC_SLANT_ITALIC), (.oblique, FC_SLANT_OBLIQUE),
  ]

  /// Reads fontconfig's slant value; values between the constants go to the nearest one below.
  init(fontconfig value: Int32) {
    self = Self.fontconfigTable.last(where: { $0.fontconfig <= value })?.slant ?? .roman
  }

  /// The fontconfig constant.
  var fontconfigValue: Int32 {
    Self.fontconfigTable.first(where: { $0.slant == self })?.fontconfig ?? FC_SLANT_ROMAN
  }
}

/// How a face spaces its glyphs.
public enum FontSpacing: String, Hashable, Sendable, Codable, CaseIterable {
  /// Glyphs have their own widths.
  case proportional
  /// Two widths: narrow and wide (CJK monospace fonts).
  case dual
  /// Every glyph has the same advance.
  case mono
  /// Monospaced and every glyph fits its cell (terminal bitmap fonts).
  case charcell

  /// The fontconfig constant for each spacing.
  static let fontconfigTable: [(spacing: FontSpacing, fontconfig: Int32)] = [
    (.proportional, FC_PROPORTIONAL), (.dual, FC_DUAL), (.mono, FC_MONO),
    (.charcell, FC_CHARCELL),
  ]

  /// Reads fontconfig's spacing value (absent means proportional).
  init(fontconfig value: Int32) {
    self = Self.fontconfigTable.last(where: { $0.fontconfig <= value })?.spacing ?? .proportional
  }

  /// The fontconfig constant.
  var fontconfigValue: Int32 {
    Self.fontconfigTable.first(where: { $0.spacing == self })?.fontconfig ?? FC_PROPORTIONAL
  }

  /// Whether every glyph has one advance (mono or charcell).
  public var isMonospaced: Bool { self == .mono || self == .charcell }
}
