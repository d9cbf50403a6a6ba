/// The CSS named colors and the one function that resolves a color name.
///
/// Source: CSS Color 4, section 6.1 "Named Colors" (148 names; `transparent` is handled
/// beside them).
enum NamedColors {
  /// Every CSS named color with its `0xRRGGBB` value, in alphabetical order.
  static let table: [(name: String, rgb: UInt32)] = [
    ("aliceblue", 0xF0F8FF),
    ("antiquewhite", 0xFAEBD7),
    ("aqua", 0x00FFFF),
    ("aquamarine", 0x7FFFD4),
    ("azure", 0xF0FFFF),
    ("beige", 0xF5F5DC),
    ("bisque", 0xFFE4C4),
    ("black", 0x000000),
    ("blanchedalmond", 0xFFEBCD),
    ("blue", 0x0000FF),
    ("blueviolet", 0x8A2BE2),
    ("brown", 0xA52A2A),
    ("burlywood", 0xDEB887),
    ("cadetblue", 0x5F9EA0),
    ("chartreuse", 0x7FFF00),
    ("chocolate", 0xD2691E),
    ("coral", 0xFF7F50),
    ("cornflowerblue", 0x6495ED),
    ("cornsilk", 0xFFF8DC),
    ("crimson", 0xDC143C),
    ("cyan", 0x00FFFF),
    ("darkblue", 0x00008B),
    ("darkcyan", 0x008B8B),
    ("darkgoldenrod", 0xB8860B),
    ("darkgray", 0xA9A9A9),
    ("darkgreen", 0x006400),
    ("darkgrey", 0xA9A9A9),
    ("darkkhaki", 0xBDB76B),
    ("darkmagenta", 0x8B008B),
    ("darkolivegreen", 0x556B2F),
    ("darkorange", 0xFF8C00),
    ("darkorchid", 0x9932CC),
    ("darkred", 0x8B0000),
    ("darksalmon", 0xE9967A),
    ("darkseagreen", 0x8FBC8F),
    ("darkslateblue", 0x483D8B),
    ("darkslategray", 0x2F4F4F),
    ("darkslategrey", 0x2F4F4F),
    ("darkturquoise", 0x00CED1),
    ("darkviolet", 0x9400D3),
    ("deeppink", 0xFF1493),
    ("deepskyblue", 0x00BFFF),
    ("dimgray", 0x696969),
    ("dimgrey", 0x696969),
    ("dodgerblue", 0x1E90FF),
    ("firebrick", 0xB22222),
    ("floralwhite", 0xFFFAF0),
    ("forestgreen", 0x228B22),
    ("fuchsia", 0xFF00FF),
    ("gainsboro", 0xDCDCDC),
    ("ghostwhite", 0xF8F8FF),
    ("gold", 0xFFD700),
    ("goldenrod", 0xDAA520),
    ("gray", 0x808080),
    ("green", 0x008000),
    ("greenyellow", 0xADFF2F),
    ("grey", 0x808080),
    ("honeydew", 0xF0FFF0),
    ("hotpink", 0xFF69B4),
    ("indianred", 0xCD5C5C),
    ("indigo", 0x4B0082),
    ("ivory", 0xFFFFF0),
    ("khaki", 0xF0E68C),
    ("lavender", 0xE6E6FA),
    ("lavenderblush", 0xFFF0F5),
    ("lawngreen", 0x7CFC00),
    ("lemonchiffon", 0xFFFACD),
    ("lightblue", 0xADD8E6),
    ("lightcoral", 0xF08080),
    ("lightcyan", 0xE0FFFF),
    ("lightgoldenrodyellow", 0xFAFAD2),
    ("lightgray", 0xD3D3D3),
    ("lightgreen", 0x90EE90),
    ("lightgrey", 0xD3D3D3),
    ("lightpink", 0xFFB6C1),
    ("lightsalmon", 0xFFA07A),
    ("lightseagreen", 0x20B2AA),
    ("lightskyblue", 0x87CEFA),
    ("lightslategray", 0x778899),
    ("lightslategrey", 0x778899),
    ("lightsteelblue", 0xB0C4DE),
    ("lightyellow", 0xFFFFE0),
    ("lime", 0x00FF00),
    ("limegreen", 0x32CD32),
    ("linen", 0xFAF0E6),
    ("magenta", 0xFF00FF),
    ("maroon", 0x800000),
    ("mediumaquamarine", 0x66CDAA),
    ("mediumblue", 0x0000CD),
    ("mediumorchid", 0xBA55D3),
    ("mediumpurple", 0x9370DB),
    ("mediumseagreen", 0x3CB371),
    ("mediumslateblue", 0x7B68EE),
    ("mediumspringgreen", 0x00FA9A),
    ("mediumturquoise", 0x48D1CC),
    ("mediumvioletred", 0xC71585),
    ("midnightblue", 0x191970),
    ("mintcream", 0xF5FFFA),
    ("mistyrose", 0xFFE4E1),
    ("moccasin", 0xFFE4B5),
    ("navajowhite", 0xFFDEAD),
    ("navy", 0x000080),
    ("oldlace", 0xFDF5E6),
    ("olive", 0x808000),
    ("olivedrab", 0x6B8E23),
    ("orange", 0xFFA500),
    ("orangered", 0xFF4500),
    ("orchid", 0xDA70D6),
    ("palegoldenrod", 0xEEE8AA),
    ("palegreen", 0x98FB98),
    ("paleturquoise", 0xAFEEEE),
    ("palevioletred", 0xDB7093),
    ("papayawhip", 0xFFEFD5),
    ("peachpuff", 0xFFDAB9),
    ("peru", 0xCD853F),
    ("pink", 0xFFC0CB),
    ("plum", 0xDDA0DD),
    ("powderblue", 0xB0E0E6),
    ("purple", 0x800080),
    ("rebeccapurple", 0x663399),
    ("red", 0xFF0000),
    ("rosybrown", 0xBC8F8F),
    ("royalblue", 0x4169E1),
    ("saddlebrown", 0x8B4513),
    ("salmon", 0xFA8072),
    ("sandybrown", 0xF4A460),
    ("seagreen", 0x2E8B57),
    ("seashell", 0xFFF5EE),
    ("sienna", 0xA0522D),
    ("silver", 0xC0C0C0),
    ("skyblue", 0x87CEEB),
    ("slateblue", 0x6A5ACD),
    ("slategray", 0x708090),
    ("slategrey", 0x708090),
    ("snow", 0xFFFAFA),
    ("springgreen", 0x00FF7F),
    ("steelblue", 0x4682B4),
    ("tan", 0xD2B48C),
    ("teal", 0x008080),
    ("thistle", 0xD8BFD8),
    ("tomato", 0xFF6347),
    ("turquoise", 0x40E0D0),
    ("violet", 0xEE82EE),
    ("wheat", 0xF5DEB3),
    ("white", 0xFFFFFF),
    ("whitesmoke", 0xF5F5F5),
    ("yellow", 0xFFFF00),
    ("yellowgreen", 0x9ACD32),
  ]

  /// The table by packed lowercase name, in ascending key order for a binary search.
  ///
  /// A sorted array rather than a `Dictionary`: a dictionary of a new key type costs a scan of
  /// every protocol conformance in the binary the first time it is built (0.4 M instructions,
  /// a twentieth of a one-line preview), and the search is as fast for 148 names.
  static let byKey: [(key: NameKey, rgb: UInt32)] =
    table.compactMap { entry in NameKey(entry.name).map { (key: $0, rgb: entry.rgb) } }
    .sorted { $0.key < $1.key }

  /// The packed color of the name `key`, or `nil`.
  static func rgb(forKey key: NameKey) -> UInt32? {
    var low = 0
    var high = byKey.count
    while low < high {
      let middle = (low + high) / 2
      let candidate = byKey[middle].key
      if candidate == key { return byKey[middle].rgb }
      if candidate < key { low = middle + 1 } else { high = middle }
    }
    return nil
  }

  /// Resolves a color name (already lowercased into `key`) to a color.
  ///
  /// This is the one place names are looked up, by `Color(named:)` and by the CSS parser.
  /// Other vocabularies (for example system accent names such as `system-blue`) are added
  /// here with one line each, after the CSS names so that no CSS name is shadowed.
  static func color(named key: NameKey) -> Color? {
    if let rgb = rgb(forKey: key) { return Color(rgb: rgb) }
    if key == NameKey.transparent { return .clear }
    if let accent = Color.systemAccent(named: key.string) { return accent }
    return nil
  }

  /// Resolves a color name, ignoring ASCII case.
  static func color(named name: String) -> Color? {
    guard let key = NameKey(name) else { return nil }
    return color(named: key)
  }

  /// The closest name to a misspelled one (`rebecapurple` -> `rebeccapurple`, `system-blu` ->
  /// `system-blue`), by the same forgiving matcher as font family names; only for errors.
  static func suggestion(for name: String) -> String? {
    guard name.utf8.count <= 64 else { return nil }
    let accents = SystemAccent.allCases.flatMap { accent in
      ColorScheme.allCases.map { accent.name($0) }
    }
    return FontSearch.suggestions(for: name, among: table.map(\.name) + accents, limit: 1).first
  }

  /// The names whose value is exactly `rgb`, in alphabetical order (`aqua` before `cyan`).
  static func names(for rgb: UInt32) -> [String] {
    table.filter { $0.rgb == rgb }.map(\.name)
  }
}

/// A color name of at most 24 ASCII bytes, lowercased and packed into three words, so that
/// looking it up never allocates.
struct NameKey: Hashable, Comparable, Sendable {
  var word0: UInt64 = 0
  var word1: UInt64 = 0
  var word2: UInt64 = 0
  /// The number of bytes.
  var count = 0

  static let maximumLength = 24

  /// An order on the packed words (not alphabetical), for the binary search.
  static func < (left: NameKey, right: NameKey) -> Bool {
    (left.word0, left.word1, left.word2, left.count)
      < (right.word0, right.word1, right.word2, right.count)
  }
  static let transparent = NameKey(packing: "transparent")

  /// Packs `bytes`, lowercasing ASCII letters; `nil` when too long or not ASCII.
  init?(bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count <= Self.maximumLength else { return nil }
    for index in 0..<bytes.count {
      let byte = bytes[index]
      guard byte < 0x80 else { return nil }
      let lower = UInt64(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
      let shift = UInt64((index % 8) * 8)
      switch index / 8 {
      case 0: word0 |= lower << shift
      case 1: word1 |= lower << shift
      default: word2 |= lower << shift
      }
    }
    count = bytes.count
  }

  /// Packs a string, lowercasing ASCII letters; `nil` when too long or not ASCII.
  init?(_ name: String) {
    var copy = name
    guard let key = copy.withUTF8({ NameKey(bytes: $0) }) else { return nil }
    self = key
  }

  private init(packing name: String) {
    self = NameKey(name) ?? NameKey()
  }

  init() {}

  /// The lowercased name.
  var string: String {
    var bytes: [UInt8] = []
    for index in 0..<count {
      let word = index < 8 ? word0 : index < 16 ? word1 : word2
      bytes.append(UInt8(truncatingIfNeeded: word >> UInt64((index % 8) * 8)))
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension Color {
  /// An opaque sRGB color from `0xRRGGBB`.
  init(rgb: UInt32) {
    self.init(
      red8: UInt8(truncatingIfNeeded: rgb >> 16), green8: UInt8(truncatingIfNeeded: rgb >> 8),
      blue8: UInt8(truncatingIfNeeded: rgb))
  }
}
