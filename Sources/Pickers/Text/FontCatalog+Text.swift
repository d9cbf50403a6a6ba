import Glibc

/// A face chosen for drawing, with the variation that realizes the requested weight.
public struct ResolvedFont: Hashable, Sendable {
  /// The face's file and index.
  public var file: FontFile
  /// The family name, for fallback queries and labels.
  public var family: String
  /// The face's style name (`Bold`, `Book`), or `nil` for a file given by path.
  public var style: String?
  /// Variable-font settings that give the requested weight (empty for static faces).
  public var variation: FontVariation
  /// Why the result may not be what was asked for (a pattern's match), or `nil`.
  public var warning: String?

  /// Creates a resolved font.
  public init(
    file: FontFile, family: String, style: String? = nil, variation: FontVariation = .none,
    warning: String? = nil
  ) {
    self.file = file
    self.family = family
    self.style = style
    self.variation = variation
    self.warning = warning
  }
}

extension FontCatalog {
  /// Generic names that fontconfig resolves through its rules rather than as families.
  static let genericFamilies: Set<String> = [
    "sans-serif", "sans", "serif", "monospace", "mono", "emoji", "system-ui", "cursive",
    "fantasy", "math",
  ]

  /// Chooses the face to draw for what a user typed: a family name (exactly, any case), a
  /// fontconfig pattern (with a warning naming the match), or a font file's path.
  ///
  ///     let font = try catalog.resolveFont("DejaVu Sans", weight: .bold)
  ///
  /// - Parameters:
  ///   - familyOrPattern: `Inter`, `DejaVu Sans:bold`, `monospace` or `/path/font.ttf`.
  ///   - weight: The wanted weight: the closest face of a static family, or the `wght` axis
  ///     of a variable one. `nil` for regular.
  /// - Returns: The face and the variation to apply.
  /// - Throws: ``FontError/unknownFamily(_:suggestions:)`` for a name that is neither a family
  ///   nor a pattern; ``FontError/malformedPattern(_:)``, ``FontError/noMatch(pattern:)``.
  public func resolveFont(_ familyOrPattern: String, weight: FontWeight? = nil)
    throws(FontError) -> ResolvedFont
  {
    let name = familyOrPattern
    if name.contains("/") {
      // A path, never a family name (family names have no slashes).
      guard access(name, R_OK) == 0 else { throw .unreadableFont(path: name) }
      var resolved = ResolvedFont(file: FontFile(path: name), family: "")
      if let weight { resolved.variation = FontVariation(weight: Double(weight.rawValue)) }
      return resolved
    }
    let members: [FontFace]
    do {
      members = try availableMembers(ofFontFamily: name)
    } catch .unknownFamily(let unknown, let suggestions) {
      let isPattern =
        name.contains(":") || name.contains("=")
        || Self.genericFamilies.contains(name.lowercased())
      guard isPattern else { throw .unknownFamily(unknown, suggestions: suggestions) }
      var pattern = name
      if let weight { pattern += ":weight=\(weight.fontconfigValue)" }
      let face = try match(pattern: pattern)
      var resolved = Self.resolved(face, weight: weight)
      resolved.warning = Self.patternWarning(name, family: face.family, style: face.style)
      return resolved
    } catch {
      throw error
    }
    guard let face = Self.bestFace(members, weight: weight ?? .regular) else {
      throw .unknownFamily(name, suggestions: [])
    }
    return Self.resolved(face, weight: weight)
  }

  /// The warning for a name drawn as fontconfig's match for it, the face `family` `style`.
  static func patternWarning(_ pattern: String, family: String, style: String) -> String {
    "'\(pattern)' is not a family name: using fontconfig's match for it, \(family) \(style)"
  }

  /// `face`, with the `wght` setting that realizes `weight` when the face is variable.
  static func resolved(_ face: FontFace, weight: FontWeight?) -> ResolvedFont {
    var variation = FontVariation.none
    if face.isVariable, let weight, face.axes.contains(where: { $0.tag == "wght" }) {
      variation = FontVariation(weight: Double(weight.rawValue))
    }
    return ResolvedFont(
      file: FontFile(path: face.file, index: face.index), family: face.family, style: face.style,
      variation: variation)
  }

  /// The upright, normal-width face closest to `weight`; a variable face wins when its
  /// weight axis spans the request.
  ///
  /// - Parameters:
  ///   - faces: The faces of one family.
  ///   - weight: The wanted weight.
  /// - Returns: The best face, or `nil` when `faces` is empty.
  public static func bestFace(_ faces: [FontFace], weight: FontWeight) -> FontFace? {
    let upright = faces.filter { $0.slant == .roman }
    let pool = upright.isEmpty ? faces : upright
    if let variable = pool.first(where: { face in
      face.isVariable
        && face.axes.contains {
          $0.tag == "wght" && Double(weight.rawValue) >= $0.minimum
            && Double(weight.rawValue) <= $0.maximum
        }
    }) {
      return variable
    }
    return pool.filter { !$0.isVariable || pool.allSatisfy(\.isVariable) }.min { a, b in
      func cost(_ face: FontFace) -> (Int, Int, Int) {
        let styleRank = ["Regular", "Book", "Normal", "Roman"].contains(face.style) ? 0 : 1
        return (
          abs(face.weight.rawValue - weight.rawValue), abs(face.width.rawValue - 100), styleRank
        )
      }
      return cost(a) < cost(b)
    }
  }

  /// The neutral UI font for labels: fontconfig's `sans-serif`.
  public func labelFont() throws(FontError) -> FontFile {
    let face = try match(pattern: "sans-serif")
    return FontFile(path: face.file, index: face.index)
  }
}

extension FontFallback {
  /// Asks the catalog's fontconfig which fonts cover the characters of `text` that the
  /// `family` cannot, in fontconfig's order of preference (`FcFontSort`).
  ///
  ///     let fallback = FontFallback(catalog: catalog, family: "DejaVu Sans", text: "Hi 世界")
  public init(catalog: FontCatalog, family: String, text: String, language: String? = nil) {
    self = catalog.withConfig { config in
      FontFallback.query(config: config, family: family, text: text, language: language)
    }
  }
}
