/// A named set of fonts: a stored fontconfig query, or a list of families and faces.
///
/// A *smart* collection keeps a fontconfig pattern (`:lang=ja:spacing=100`) and runs it again
/// each time it is used, so fonts installed later join it, as the descriptors of an
/// `NSFontCollection` do. An *explicit* collection lists families (`DejaVu Sans`) or faces
/// (`DejaVu Sans:style=Bold`); a member that is no longer installed stays in the list and is
/// reported by ``resolved(in:)``.
///
///     let japanese = try FontCollection(locale: "ja_JP.UTF-8")   // ":lang=ja"
///     let faces = try japanese.matchingFaces()                    // what `fc-list :lang=ja` lists
///     let mine = FontCollection(name: "Mine", members: [.init("DejaVu Sans")])
///
/// Collections are stored by ``FontCollectionStore``.
public struct FontCollection: Hashable, Sendable {
  /// What the collection holds.
  public enum Content: Hashable, Sendable {
    /// A fontconfig pattern, listed as `fc-list PATTERN` lists it.
    case query(String)
    /// Families and faces, in the order they were added.
    case members([Member])
  }

  /// A family, or one face of a family (a style name such as `Bold`).
  public struct Member: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The family name, as typed (compared case-insensitively).
    public var family: String
    /// A style of the family, or `nil` for every face.
    public var style: String?

    /// Creates a member for a family, or one of its styles.
    public init(_ family: String, style: String? = nil) {
      self.family = family
      self.style = style
    }

    /// Reads `Family` or `Family:style=Bold` (the forms the CLI takes), or `nil` for an empty
    /// family or style.
    public init?(parsing text: String) {
      let family: Substring
      var style: String?
      if let range = text.firstRange(of: ":style=") {
        family = text[..<range.lowerBound]
        style = String(text[range.upperBound...])
        guard style?.isEmpty == false else { return nil }
      } else {
        family = Substring(text)
      }
      let trimmed = family.trimmingSpaces
      guard !trimmed.isEmpty else { return nil }
      self.init(trimmed, style: style)
    }

    /// `Family` or `Family:style=Bold`.
    public var description: String {
      style.map { "\(family):style=\($0)" } ?? family
    }

    /// The member in a form that ignores case, for comparing members.
    var key: String {
      String(FontSearch.fold(family)) + (style.map { ":" + String(FontSearch.fold($0)) } ?? "")
    }

    /// Orders members by family, then style, ignoring case.
    public static func < (lhs: Member, rhs: Member) -> Bool { lhs.key < rhs.key }
  }

  /// The collection's name (unique in a store).
  public var name: String
  /// The query or the members.
  public var content: Content

  /// Creates a collection.
  public init(name: String, content: Content) {
    self.name = name
    self.content = content
  }

  /// Creates a smart collection: `query` is run again each time the collection is used.
  public init(name: String, query: String) {
    self.init(name: name, content: .query(query))
  }

  /// Creates an explicit collection of families and faces.
  public init(name: String, members: [Member]) {
    self.init(name: name, content: .members(members))
  }

  /// The fonts for a language or locale: a smart collection named after its language tag with
  /// the query `:lang=TAG`.
  ///
  /// The locale may be a POSIX one (`ja_JP.UTF-8`, `sr@latin`) or a BCP 47 tag (`zh-CN`);
  /// it is reduced to the tag fontconfig knows (`ja`, `zh-cn`), as `font list --lang` does.
  ///
  /// - Throws: ``FontError/unknownLanguage(_:)`` when fontconfig knows no such language.
  public init(locale: String) throws(FontError) {
    guard let tag = FontCatalog.normalizedLanguage(locale) else {
      throw .unknownLanguage(locale)
    }
    self.init(name: tag, query: ":lang=\(tag)")
  }

  /// Whether the collection is a query.
  public var isSmart: Bool {
    if case .query = content { true } else { false }
  }

  /// The query of a smart collection.
  public var query: String? {
    if case .query(let query) = content { query } else { nil }
  }

  /// The members of an explicit collection (empty for a smart one).
  public var members: [Member] {
    if case .members(let members) = content { members } else { [] }
  }

  /// The collection with `added` appended (members it already has are skipped).
  ///
  /// A smart collection is returned unchanged.
  public func adding(_ added: [Member]) -> FontCollection {
    guard case .members(var members) = content else { return self }
    var keys = Set(members.map(\.key))
    for member in added where keys.insert(member.key).inserted { members.append(member) }
    return FontCollection(name: name, members: members)
  }

  /// The collection without `removed` (compared ignoring case).
  ///
  /// A smart collection is returned unchanged.
  public func removing(_ removed: [Member]) -> FontCollection {
    guard case .members(let members) = content else { return self }
    let keys = Set(removed.map(\.key))
    return FontCollection(name: name, members: members.filter { !keys.contains($0.key) })
  }

  /// What a collection holds on one configuration: its faces, and the members not installed.
  public struct Resolved: Hashable, Sendable {
    /// The faces, sorted like ``FontCatalog/faces(matching:)``.
    public var faces: [FontFace]
    /// Members of an explicit collection that match no installed face.
    public var missing: [Member]

    /// Creates a resolution from faces and missing members.
    public init(faces: [FontFace], missing: [Member] = []) {
      self.faces = faces
      self.missing = missing
    }

    /// The families of ``faces`` (their primary names), sorted, without repeats.
    public var families: [String] {
      FontCatalog.sortedNames(Array(Set(faces.map(\.family))))
    }
  }

  /// The faces the collection holds now, and the members that are not installed.
  ///
  /// A smart collection runs its query as `fc-list QUERY` does; an explicit one takes each
  /// family's faces (``FontCatalog/availableMembers(ofFontFamily:)``), or only the faces
  /// with the member's style.
  ///
  /// - Parameter given: The fonts to look in; `nil` loads the system's configuration.
  /// - Returns: The faces, sorted, and the explicit members no face matches.
  /// - Throws: ``FontError/malformedPattern(_:)`` for a query fontconfig cannot parse, or the
  ///   catalog's errors.
  public func resolved(in given: FontCatalog? = nil) throws(FontError) -> Resolved {
    let catalog: FontCatalog
    if let given { catalog = given } else { catalog = try FontCatalog() }
    switch content {
    case .query(let query):
      return Resolved(faces: try catalog.faces(matchingPattern: query), missing: [])
    case .members(let members):
      var faces: [FontFace] = []
      var seen = Set<FontFace>()
      var missing: [Member] = []
      for member in members {
        let found: [FontFace]
        do throws(FontError) {
          found = try catalog.availableMembers(ofFontFamily: member.family).filter { face in
            guard let style = member.style else { return true }
            return FontSearch.fold(face.style) == FontSearch.fold(style)
          }
        } catch {
          guard case .unknownFamily = error else { throw error }
          found = []
        }
        if found.isEmpty { missing.append(member) }
        for face in found where seen.insert(face).inserted { faces.append(face) }
      }
      return Resolved(faces: FontCatalog.sortedFaces(faces), missing: missing)
    }
  }

  /// The faces the collection holds now (see ``resolved(in:)``).
  ///
  ///     let faces = try FontCollection(name: "Mono", query: ":spacing=100").matchingFaces()
  ///
  /// - Parameter catalog: The fonts to look in; `nil` loads the system's configuration.
  /// - Returns: The faces, sorted like ``FontCatalog/faces(matching:)``.
  /// - Throws: The errors of ``resolved(in:)``.
  public func matchingFaces(in catalog: FontCatalog? = nil) throws(FontError) -> [FontFace] {
    try resolved(in: catalog).faces
  }
}

extension Substring {
  /// The text without leading and trailing spaces and tabs.
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
