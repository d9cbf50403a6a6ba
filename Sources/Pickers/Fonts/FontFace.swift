/// One face of an installed font: a file (and a face index inside it) with its names and traits.
///
/// Everything is copied out of fontconfig, so a face outlives the catalog that found it.
///
///     let face = try catalog.match(pattern: "monospace:bold")
///     print(face.family, face.style, face.file)   // DejaVu Sans Mono Bold /usr/share/...
public struct FontFace: Hashable, Sendable, Codable {
  /// The primary family name (fontconfig's `family[0]`).
  public var family: String
  /// Every family name the face has (localized, legacy, typographic), primary first.
  public var familyNames: [String]
  /// The style name (`Bold Italic`); empty for the default face of a variable font.
  public var style: String
  /// The full name (`DejaVu Sans Bold`), when the font has one.
  public var fullName: String?
  /// The PostScript name (`DejaVuSans-Bold`), when the font has one.
  public var postScriptName: String?
  /// The weight on the CSS scale (for a variable face: its default instance).
  public var weight: FontWeight
  /// The width.
  public var width: FontWidth
  /// Roman, italic or oblique.
  public var slant: FontSlant
  /// Proportional, dual, mono or charcell.
  public var spacing: FontSpacing
  /// The font file's path.
  public var file: String
  /// The face index inside `file` (collections and named instances of variable fonts use it:
  /// fontconfig's encoding, instance number times 65536 plus the face number).
  public var index: Int
  /// Whether the face has color glyphs (emoji).
  public var isColor: Bool
  /// Whether this is the variable face itself (its ``axes`` can be set freely).
  public var isVariable: Bool
  /// The variation axes of a variable face; empty otherwise.
  public var axes: [FontAxis]
  /// The named instances a variable face defines; empty otherwise.
  public var namedInstances: [FontInstance]

  /// Creates a face description.
  public init(
    family: String, familyNames: [String], style: String, fullName: String? = nil,
    postScriptName: String? = nil, weight: FontWeight = .regular, width: FontWidth = .normal,
    slant: FontSlant = .roman, spacing: FontSpacing = .proportional, file: String, index: Int = 0,
    isColor: Bool = false, isVariable: Bool = false, axes: [FontAxis] = [],
    namedInstances: [FontInstance] = []
  ) {
    self.family = family
    self.familyNames = familyNames
    self.style = style
    self.fullName = fullName
    self.postScriptName = postScriptName
    self.weight = weight
    self.width = width
    self.slant = slant
    self.spacing = spacing
    self.file = file
    self.index = index
    self.isColor = isColor
    self.isVariable = isVariable
    self.axes = axes
    self.namedInstances = namedInstances
  }
}

/// One variation axis of a variable font (`wght` from 100 to 900, default 400).
public struct FontAxis: Hashable, Sendable, Codable {
  /// The four-letter OpenType tag (`wght`, `wdth`, `opsz`, `slnt`, `ital`).
  public var tag: String
  /// The axis name from the font (`Weight`).
  public var name: String
  /// The smallest value.
  public var minimum: Double
  /// The value of the default instance.
  public var defaultValue: Double
  /// The largest value.
  public var maximum: Double

  /// Creates an axis description.
  public init(tag: String, name: String, minimum: Double, defaultValue: Double, maximum: Double) {
    self.tag = tag
    self.name = name
    self.minimum = minimum
    self.defaultValue = defaultValue
    self.maximum = maximum
  }
}

/// A named instance of a variable font (`Semi Bold`, with its axis values).
public struct FontInstance: Hashable, Sendable, Codable {
  /// The instance's style name.
  public var name: String
  /// The value of each axis, by tag.
  public var coordinates: [String: Double]

  /// Creates an instance description.
  public init(name: String, coordinates: [String: Double]) {
    self.name = name
    self.coordinates = coordinates
  }
}

/// An installed family: its primary name and every other name its faces carry.
public struct FontFamily: Hashable, Sendable, Codable {
  /// The primary name (fontconfig's `family[0]`).
  public var name: String
  /// Other names (localized, legacy, typographic) that also find this family.
  public var aliases: [String]

  /// Creates a family description.
  public init(name: String, aliases: [String] = []) {
    self.name = name
    self.aliases = aliases
  }
}

/// What a face says about itself beyond its traits: languages and code points.
public struct FontFaceInfo: Hashable, Sendable, Codable {
  /// The face.
  public var face: FontFace
  /// The languages fontconfig considers covered (`en`, `ja`, `zh-cn`).
  public var languages: [String]
  /// How many Unicode code points have a glyph.
  public var codePointCount: Int

  /// Creates a description.
  public init(face: FontFace, languages: [String], codePointCount: Int) {
    self.face = face
    self.languages = languages
    self.codePointCount = codePointCount
  }
}

/// How much of a text one family can draw.
public struct FontCoverage: Hashable, Sendable, Codable {
  /// The family.
  public var family: String
  /// How many of the text's distinct code points the family's best face has.
  public var covered: Int
  /// How many distinct code points the text has.
  public var total: Int

  /// Creates a coverage record.
  public init(family: String, covered: Int, total: Int) {
    self.family = family
    self.covered = covered
    self.total = total
  }

  /// The covered share, 0 to 1.
  public var fraction: Double { total == 0 ? 1 : Double(covered) / Double(total) }
}

/// Conditions a face must meet; every set condition must hold (they combine with "and").
///
///     var filter = FontFilter()
///     filter.language = "ja"
///     filter.monospaced = true
///     let families = try catalog.families(matching: filter)
public struct FontFilter: Hashable, Sendable {
  /// A language fontconfig knows (`ja`, `ar`, `hi`, `zh-cn`) the face must cover.
  public var language: String?
  /// Only monospaced faces (fontconfig spacing mono or charcell).
  public var monospaced: Bool
  /// Only faces with color glyphs.
  public var color: Bool
  /// Text whose every code point the face must have.
  public var covers: String?
  /// A style name the face must have (`Bold`, compared as fontconfig compares).
  public var style: String?
  /// The weight the face must have (a variable face matches when its range holds it).
  public var weight: FontWeight?

  /// Creates a filter; with no arguments it lets every face through.
  public init(
    language: String? = nil, monospaced: Bool = false, color: Bool = false, covers: String? = nil,
    style: String? = nil, weight: FontWeight? = nil
  ) {
    self.language = language
    self.monospaced = monospaced
    self.color = color
    self.covers = covers
    self.style = style
    self.weight = weight
  }

  /// Whether no condition is set.
  public var isEmpty: Bool { self == FontFilter() }

  /// A stable text form, used as the cache key.
  var cacheKey: String {
    var parts: [String] = []
    if let language { parts.append("lang=\(language)") }
    if monospaced { parts.append("mono") }
    if color { parts.append("color") }
    if let covers { parts.append("covers=\(covers)") }
    if let style { parts.append("style=\(style)") }
    if let weight { parts.append("weight=\(weight.rawValue)") }
    return parts.joined(separator: "&")
  }
}

extension FontFace {
  /// The JSON text ``JSONWriter`` writes for `faces`, without building its tree of nodes.
  ///
  /// Listing every face as JSON was a tree node, a box and a sort of keys per field; this
  /// writes the same bytes directly (the keys in their sorted order, numbers and strings as the
  /// writer formats them). `nil` when a number is not finite, which the writer refuses.
  package static func jsonArray(_ faces: [FontFace]) -> [UInt8]? {
    var output: [UInt8] = []
    output.reserveCapacity(faces.count * 560)
    let written = FaceJSON.array(faces, indent: 0, into: &output) { face, indent, output in
      FaceJSON.face(face, indent, into: &output)
    }
    return written ? output : nil
  }
}

/// Writes faces as ``JSONWriter`` does: two-space indentation, `"key" : value`, sorted keys.
private enum FaceJSON {
  static func face(_ face: FontFace, _ indent: Int, into output: inout [UInt8]) -> Bool {
    var object = Object(indent: indent)
    object.key("axes", &output)
    let axes = array(face.axes, indent: indent + 1, into: &output) { axis, indent, output in
      self.axis(axis, indent, into: &output)
    }
    guard axes else { return false }
    object.key("family", &output)
    string(face.family, &output)
    object.key("familyNames", &output)
    _ = array(face.familyNames, indent: indent + 1, into: &output) { name, _, output in
      string(name, &output)
      return true
    }
    object.key("file", &output)
    string(face.file, &output)
    if let fullName = face.fullName {
      object.key("fullName", &output)
      string(fullName, &output)
    }
    object.key("index", &output)
    output.append(contentsOf: String(face.index).utf8)
    object.key("isColor", &output)
    output.append(contentsOf: (face.isColor ? "true" : "false").utf8)
    object.key("isVariable", &output)
    output.append(contentsOf: (face.isVariable ? "true" : "false").utf8)
    object.key("namedInstances", &output)
    let instances = array(face.namedInstances, indent: indent + 1, into: &output) {
      instance, indent, output in
      self.instance(instance, indent, into: &output)
    }
    guard instances else { return false }
    if let postScriptName = face.postScriptName {
      object.key("postScriptName", &output)
      string(postScriptName, &output)
    }
    object.key("slant", &output)
    string(face.slant.rawValue, &output)
    object.key("spacing", &output)
    string(face.spacing.rawValue, &output)
    object.key("style", &output)
    string(face.style, &output)
    object.key("weight", &output)
    output.append(contentsOf: String(face.weight.rawValue).utf8)
    object.key("width", &output)
    output.append(contentsOf: String(face.width.rawValue).utf8)
    object.close(&output)
    return true
  }

  static func axis(_ axis: FontAxis, _ indent: Int, into output: inout [UInt8]) -> Bool {
    var object = Object(indent: indent)
    object.key("defaultValue", &output)
    guard number(axis.defaultValue, &output) else { return false }
    object.key("maximum", &output)
    guard number(axis.maximum, &output) else { return false }
    object.key("minimum", &output)
    guard number(axis.minimum, &output) else { return false }
    object.key("name", &output)
    string(axis.name, &output)
    object.key("tag", &output)
    string(axis.tag, &output)
    object.close(&output)
    return true
  }

  static func instance(_ instance: FontInstance, _ indent: Int, into output: inout [UInt8])
    -> Bool
  {
    var object = Object(indent: indent)
    object.key("coordinates", &output)
    var coordinates = Object(indent: indent + 1)
    for key in instance.coordinates.keys.sorted(by: JSONWriter.keyPrecedes) {
      coordinates.dynamicKey(key, &output)
      guard let value = instance.coordinates[key], number(value, &output) else { return false }
    }
    coordinates.close(&output)
    object.key("name", &output)
    string(instance.name, &output)
    object.close(&output)
    return true
  }

  /// Writes `elements` as an array: `[`, one element a line, `]`; an empty one as `[`, a blank
  /// line, `]`.
  static func array<Element>(
    _ elements: [Element], indent: Int, into output: inout [UInt8],
    _ element: (Element, Int, inout [UInt8]) -> Bool
  ) -> Bool {
    if elements.isEmpty {
      output.append(contentsOf: "[\n\n".utf8)
      self.indent(indent, &output)
      output.append(UInt8(ascii: "]"))
      return true
    }
    output.append(contentsOf: "[\n".utf8)
    for (position, value) in elements.enumerated() {
      if position > 0 { output.append(contentsOf: ",\n".utf8) }
      self.indent(indent + 1, &output)
      guard element(value, indent + 1, &output) else { return false }
    }
    output.append(UInt8(ascii: "\n"))
    self.indent(indent, &output)
    output.append(UInt8(ascii: "]"))
    return true
  }

  static func indent(_ level: Int, _ output: inout [UInt8]) {
    var count = level * 2
    while count > 0 {
      let piece = min(count, spaces.count)
      spaces.withUnsafeBufferPointer { output.append(contentsOf: $0[0..<piece]) }
      count -= piece
    }
  }

  private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

  /// A string as ``JSONNode/writeQuoted(_:into:)`` writes it; text with nothing to escape (all
  /// but the rarest names) is copied from its UTF-8 storage in one piece.
  static func string(_ text: String, _ output: inout [UInt8]) {
    var text = text
    let plain = text.withUTF8 { bytes in
      for byte in bytes where byte < 0x20 || byte == 0x22 || byte == 0x5C { return false }
      output.append(0x22)
      output.append(contentsOf: bytes)
      output.append(0x22)
      return true
    }
    if !plain { JSONNode.writeQuoted(text, into: &output) }
  }

  /// A double as the writer prints it (shortest form, `.0` dropped); `false` when not finite.
  static func number(_ value: Double, _ output: inout [UInt8]) -> Bool {
    guard value.isFinite else { return false }
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    output.append(contentsOf: text.utf8)
    return true
  }

  /// One object's members, written in the order given (callers give them sorted).
  struct Object {
    let indent: Int
    private var count = 0

    init(indent: Int) { self.indent = indent }

    /// Starts a member whose key needs no escaping (the fields' own names).
    mutating func key(_ name: StaticString, _ output: inout [UInt8]) {
      separate(&output)
      output.append(0x22)
      name.withUTF8Buffer { output.append(contentsOf: $0) }
      output.append(contentsOf: "\" : ".utf8)
    }

    /// Starts a member with any key.
    mutating func dynamicKey(_ name: String, _ output: inout [UInt8]) {
      separate(&output)
      FaceJSON.string(name, &output)
      output.append(contentsOf: " : ".utf8)
    }

    private mutating func separate(_ output: inout [UInt8]) {
      if count == 0 {
        output.append(UInt8(ascii: "{"))
      } else {
        output.append(UInt8(ascii: ","))
      }
      output.append(UInt8(ascii: "\n"))
      count += 1
      FaceJSON.indent(indent + 1, &output)
    }

    /// Closes the object (an empty one as `{`, a blank line, `}`).
    func close(_ output: inout [UInt8]) {
      output.append(contentsOf: (count == 0 ? "{\n\n" : "\n").utf8)
      FaceJSON.indent(indent, &output)
      output.append(UInt8(ascii: "}"))
    }
  }
}
