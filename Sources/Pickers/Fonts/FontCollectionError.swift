/// Why a font collection could not be read, written or changed.
public enum FontCollectionError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No `XDG_CONFIG_HOME` and no `HOME` to find the collections folder.
  case noConfigDirectory
  /// A name that cannot be a collection's (empty, too long, a leading dot, a slash, a control
  /// character).
  case invalidName(String)
  /// A collection of this name (ignoring case) already exists.
  case exists(String)
  /// No collection has this name; `available` lists the names there are.
  case notFound(String, available: [String])
  /// A smart collection was asked to add or remove members.
  case smart(name: String, query: String)
  /// An explicit collection does not have the member asked to be removed.
  case notMember(name: String, member: String)
  /// fontconfig cannot parse the query.
  case malformedQuery(String)
  /// The file exists but is not a collection file (reported where it is not moved aside).
  case invalid(path: String)
  /// A change found the collection's file corrupt and moved it aside to `aside` instead.
  case movedAside(path: String, aside: String)
  /// A file exists but could not be read.
  case readFailed(path: String, reason: String)
  /// A file could not be written, or its folder created or locked.
  case writeFailed(path: String, reason: String)

  public var description: String {
    switch self {
    case .noConfigDirectory:
      "cannot find the collections folder: neither XDG_CONFIG_HOME nor HOME is set"
    case .invalidName(let name):
      "'\(name)' cannot be a collection name; expected 1-200 bytes with no '/', no control "
        + "characters and no leading '.'"
    case .exists(let name): "a collection named '\(name)' already exists"
    case .notFound(let name, let available):
      available.isEmpty
        ? "no collection named '\(name)'; there are none yet ('pickers font collection create')"
        : "no collection named '\(name)'; the collections are "
          + available.map { "'\($0)'" }.joined(separator: ", ")
    case .smart(let name, let query):
      "collection '\(name)' is the query '\(query)'; only explicit collections have members "
        + "to add or remove"
    case .notMember(let name, let member): "collection '\(name)' has no member '\(member)'"
    case .malformedQuery(let query):
      "cannot parse the font pattern \"\(query)\"; expected fontconfig syntax such as "
        + "\":lang=ja:spacing=100\" or \"DejaVu Sans:style=Bold\""
    case .invalid(let path):
      "collection file '\(path)' is not valid (expected \(FontCollectionStore.expectedFormat)); "
        + "a command that changes collections moves it aside"
    case .movedAside(let path, let aside):
      "collection file '\(path)' is not valid (expected \(FontCollectionStore.expectedFormat)); "
        + "moved it to '\(aside)' and changed nothing"
    case .readFailed(let path, let reason): "cannot read collection '\(path)': \(reason)"
    case .writeFailed(let path, let reason): "cannot write collection '\(path)': \(reason)"
    }
  }
}
