/// The font picker's model: a filtered, scrolling list of families (or faces) with ratings.
///
/// Surfaces send ``FontPickerEvent``s: the terminal's keys type the filter, move, rate and
/// toggle favourites (``FontPickerTerminalView``); the window's search field, toggles, list
/// and stars do the same. The filter is ``FontSearch``, the catalog's forgiving search.
///
///     let entries = ["DejaVu Sans", "DejaVu Serif"].map { FontPickerState.Entry(family: $0) }
///     var state = FontPickerState(entries: entries)
///     state = FontPickerState.update(state, events: [.setQuery("se"), .choose])
///     state.outcome   // .accepted("DejaVu Serif")
public struct FontPickerState: PickerModel, Hashable {
  /// One row of the list: a family, or one face of it in `--faces` mode.
  public struct Entry: Hashable, Sendable {
    /// The family name.
    public var family: String
    /// The face's style in `--faces` mode (the answer is then `family:style`).
    public var style: String?
    /// The family's style names, for the detail line.
    public var styles: [String]
    /// Languages the family supports (RFC 3066 tags), for the detail line.
    public var languages: [String]
    /// Whether the family is monospaced.
    public var isMonospace: Bool
    /// A file of the family (or of this face).
    public var file: String

    /// Creates an entry; only the family is required.
    public init(
      family: String, style: String? = nil, styles: [String] = [], languages: [String] = [],
      isMonospace: Bool = false, file: String = ""
    ) {
      self.family = family
      self.style = style
      self.styles = styles
      self.languages = languages
      self.isMonospace = isMonospace
      self.file = file
    }

    /// What Enter prints: the family, or `family:style`.
    public var answer: String { style.map { "\(family):\($0)" } ?? family }
  }

  /// A font collection the list can be filtered by: its name and the families it holds now
  /// (``FontCollection/Resolved/families``).
  public struct CollectionFilter: Hashable, Sendable {
    /// The collection's name.
    public var name: String
    /// The families it holds.
    public var families: Set<String>

    /// Creates a filter.
    public init(name: String, families: Set<String>) {
      self.name = name
      self.families = families
    }

    /// The filter of a resolved collection.
    public init(_ collection: FontCollection, resolved: FontCollection.Resolved) {
      self.init(name: collection.name, families: Set(resolved.families))
    }
  }

  /// Every entry, in display order.
  public private(set) var entries: [Entry]
  /// The entries' family names folded for searching, made by the first search.
  private var searchNames = SearchNames()
  /// The filter typed so far.
  public private(set) var query = ""
  /// Indices into `entries` of the rows shown, best match first.
  public private(set) var matches: [Int]
  /// The highlighted row, an index into `matches`.
  public private(set) var selection = 0
  /// The first row shown, an index into `matches`.
  public private(set) var top = 0
  /// How many list rows a surface shows (``FontPickerEvent/setPageSize(_:)``).
  public private(set) var pageSize = 10
  /// Star ratings, 1...5, by family (0 is stored as absent).
  public private(set) var ratings: [String: Int]
  /// Whether only rated families are listed.
  public private(set) var favoritesOnly = false
  /// When set, only these families are listed (a window's monospace, language and color
  /// toggles, answered by the font catalog).
  public private(set) var allowedFamilies: Set<String>?
  /// The collections the list can be filtered by.
  public private(set) var collections: [CollectionFilter] = []
  /// The collection whose families are listed, or `nil` for every family.
  public private(set) var collection: String?
  /// Families pinned for comparison, in the order they were pinned.
  public private(set) var pinned: [String] = []
  /// How the picker ended.
  public private(set) var outcome: PickerOutcome<String> = .running

  /// Creates a picker over `entries` with the saved `ratings`, highlighting `initial` if given.
  ///
  /// - Parameters:
  ///   - entries: The families (or faces) to choose from.
  ///   - ratings: Saved star ratings by family.
  ///   - initial: A family (or `family:style`) to highlight, matched ignoring case.
  public init(entries: [Entry], ratings: [String: Int] = [:], initial: String? = nil) {
    self.entries = entries
    self.ratings = ratings
    self.matches = Array(entries.indices)
    if let initial = initial?.lowercased() {
      let index =
        entries.firstIndex { $0.answer.lowercased() == initial }
        ?? entries.firstIndex { $0.family.lowercased() == initial }
      if let index { move(to: index) }
    }
  }

  /// One entry per family (or per face with `perFace`), in the order of `faces`.
  ///
  /// Both drivers build their list with this: a family's styles, whether any face is
  /// monospaced, and its Regular (or Book, else first) file. Each style is listed once
  /// (``distinctFaces(_:)``); a variable font's faces are its named instances.
  public static func entries(_ faces: [FontFace], perFace: Bool) -> [Entry] {
    var order: [String] = []
    var byFamily: [String: [FontFace]] = [:]
    for face in faces {
      if byFamily[face.family] == nil { order.append(face.family) }
      byFamily[face.family, default: []].append(face)
    }
    return order.flatMap { family -> [Entry] in
      let members = byFamily[family] ?? []
      let faces = distinctFaces(members)
      let styles = faces.map(\.style).filter { !$0.isEmpty }
      let mono = members.contains { $0.spacing != .proportional }
      let file =
        members.first { $0.style == "Regular" || $0.style == "Book" }?.file
        ?? members.first?.file ?? ""
      guard perFace else {
        return [Entry(family: family, styles: styles, isMonospace: mono, file: file)]
      }
      // A variable face without a style of its own is listed through its named instances.
      let named = faces.filter { !$0.style.isEmpty }
      return (named.isEmpty ? faces : named).map { face in
        Entry(
          family: family, style: face.style.isEmpty ? variableStyleName : face.style,
          styles: styles, isMonospace: mono, file: face.file)
      }
    }
  }

  /// What a surface calls a variable font's own face, which has no style name.
  public static let variableStyleName = "Variable"

  /// `faces` with each style once, in their order: the first of several copies of a face (one
  /// family installed as OpenType, Type 1 and PFB files; a named instance in two variable
  /// files) stands for all of them, and one variable face with an empty style is kept.
  ///
  ///     FontPickerState.distinctFaces(try catalog.availableMembers(ofFontFamily: "C059"))
  ///       .map(\.style)   // ["Roman", "Italic", "Bold", "Bold Italic"]
  public static func distinctFaces(_ faces: [FontFace]) -> [FontFace] {
    var seen = Set<String>()
    return faces.filter { seen.insert($0.style).inserted }
  }

  /// Sets the languages of every entry of `family` (looked up lazily, for the detail line).
  public mutating func setLanguages(_ languages: [String], forFamily family: String) {
    for index in entries.indices where entries[index].family == family {
      entries[index].languages = languages
    }
  }

  /// The most families ``pinned`` holds (`pickers font compare` draws two to six).
  public static let maximumPinned = 6

  /// The families a comparison shows: the pinned ones, then the highlighted family when it is
  /// not pinned, at most ``maximumPinned``; empty when nothing is pinned.
  ///
  ///     state = FontPickerState.update(state, events: [.togglePin, .move(by: 1)])
  ///     state.comparedFamilies   // [first family, second family]
  public var comparedFamilies: [String] {
    guard !pinned.isEmpty else { return [] }
    guard let family = selected?.family, !pinned.contains(family) else { return pinned }
    return Array((pinned + [family]).prefix(Self.maximumPinned))
  }

  /// The highlighted entry, if any row matches.
  public var selected: Entry? {
    matches.indices.contains(selection) ? entries[matches[selection]] : nil
  }

  // MARK: Update

  /// The state after `event` (see ``FontPickerEvent``); nothing changes once the picker ended.
  ///
  ///     var state = FontPickerState(entries: entries)
  ///     state = FontPickerState.update(state, events: [.move(by: 2), .rate(4)])
  ///     state.ratings   // [entries[2].family: 4]
  public static func update(_ state: FontPickerState, _ event: FontPickerEvent) -> FontPickerState {
    guard !state.outcome.isFinished else { return state }
    var next = state
    switch event {
    case .setQuery(let query):
      guard query != next.query else { break }
      next.query = String(query.prefix(Self.maximumQueryLength))
      next.refilter()
    case .typeCharacter(let character):
      next.query.append(character)
      next.refilter()
    case .deleteBackward:
      guard !next.query.isEmpty else { break }
      next.query.removeLast()
      next.refilter()
    case .clearQuery:
      next.query = ""
      next.refilter()
    case .setFavoritesOnly(let on):
      guard on != next.favoritesOnly else { break }
      next.favoritesOnly = on
      next.refilter()
    case .allowFamilies(let families):
      let previous = next.selected
      next.allowedFamilies = families
      next.refilter()
      // A toggle keeps the highlighted family when it is still listed.
      if let previous, let index = next.matches.firstIndex(where: { next.entries[$0] == previous })
      {
        next.move(to: index)
      }
    case .setCollections(let collections):
      let active = next.collection.flatMap { name in next.collections.first { $0.name == name } }
      next.collections = collections
      guard let active else { break }  // the list shown is unchanged
      let replacement = collections.first { $0.name == active.name }
      if replacement == nil { next.collection = nil }
      if replacement != active { next.refilter() }
    case .setCollection(let name):
      let known = name.flatMap { name in next.collections.first { $0.name == name }?.name }
      guard known != next.collection else { break }
      next.collection = known
      next.refilter()
    case .nextCollection:
      guard !next.collections.isEmpty else { break }
      let index = next.collection.flatMap { name in
        next.collections.firstIndex { $0.name == name }
      }
      let following = index.map { $0 + 1 } ?? 0
      next.collection =
        following < next.collections.count ? next.collections[following].name : nil
      next.refilter()
    case .move(let offset): next.move(by: offset)
    case .movePage(let pages): next.move(by: pages * max(next.pageSize - 1, 1))
    case .select(let row): next.move(to: row)
    case .setPageSize(let rows):
      next.pageSize = max(rows, 1)
      next.move(to: next.selection)
    case .rate(let stars): next.rate(min(max(stars, 0), 5))
    case .togglePin:
      guard let family = next.selected?.family else { break }
      if let index = next.pinned.firstIndex(of: family) {
        next.pinned.remove(at: index)
      } else {
        if next.pinned.count == Self.maximumPinned { next.pinned.removeFirst() }
        next.pinned.append(family)
      }
    case .clearPins: next.pinned = []
    case .choose:
      if let selected = next.selected { next.outcome = .accepted(selected.answer) }
    case .cancel: next.outcome = .cancelled
    }
    return next
  }

  /// The longest filter ``FontPickerEvent/setQuery(_:)`` keeps (a search field can be pasted
  /// into).
  public static let maximumQueryLength = 200

  private mutating func move(by offset: Int) {
    move(to: selection + offset)
  }

  private mutating func move(to index: Int) {
    selection = min(max(index, 0), max(matches.count - 1, 0))
    if selection < top { top = selection }
    if selection >= top + pageSize { top = selection - pageSize + 1 }
    top = max(min(top, matches.count - pageSize), 0)
  }

  private mutating func rate(_ stars: Int) {
    guard let family = selected?.family else { return }
    ratings[family] = stars == 0 ? nil : stars
    if favoritesOnly, stars == 0 { refilter() }
  }

  /// Folds the family names for searching, as the first search does (a window can do it
  /// while it waits for the first key, so that key does not).
  public mutating func prepareSearch() {
    guard searchNames.names.count != entries.count else { return }
    searchNames.names = entries.map { FontSearch.Name($0.family) }
  }

  /// Recomputes `matches` after the query or the favourites toggle changed, keeping the
  /// highlighted entry when it still matches.
  private mutating func refilter() {
    let previous = selected
    let search = FontSearch(query)
    var found: [Int]
    if search.isEmpty {
      found = Array(entries.indices)
    } else {
      prepareSearch()
      found = search.ranked(searchNames.names)
    }
    if favoritesOnly { found = found.filter { ratings[entries[$0].family] != nil } }
    if let allowedFamilies { found = found.filter { allowedFamilies.contains(entries[$0].family) } }
    if let name = collection, let filter = collections.first(where: { $0.name == name }) {
      found = found.filter { filter.families.contains(entries[$0].family) }
    }
    matches = found
    if let previous, let index = matches.firstIndex(where: { entries[$0] == previous }),
      !query.isEmpty || favoritesOnly
    {
      selection = index
    } else {
      selection = 0
    }
    top = 0
    move(to: selection)
  }
}

/// The entries' family names folded for searching: derived from the entries, so no part of
/// the state's value (every two compare equal).
struct SearchNames: Hashable {
  var names: [FontSearch.Name] = []

  static func == (_: Self, _: Self) -> Bool { true }
  func hash(into _: inout Hasher) {}
}
