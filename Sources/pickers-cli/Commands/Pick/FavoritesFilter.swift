import Pickers

/// `font list --favorites [--min-stars N]`: keeps the families rated in the font picker.
struct FavoritesFilter {
  var minimumStars: Int

  /// Reads the two options; `nil` without `--favorites`.
  init?(_ arguments: ParsedArguments, faces: Bool) throws(UsageError) {
    let stars = try arguments.integer("--min-stars", in: 1...5)
    guard arguments.flag("--favorites") else {
      if stars != nil { throw UsageError("--min-stars needs --favorites") }
      return nil
    }
    if faces {
      throw UsageError("--favorites lists families: it cannot be combined with --faces or --format")
    }
    minimumStars = stars ?? 1
  }

  /// The rated families among `names`, most stars first, then by name.
  ///
  /// Listing never changes the file: one that cannot be understood is an error (exit 1) and
  /// stays where it is; only the picker, which is about to write, moves it aside.
  func apply(to names: [String], _ context: CommandContext) throws -> [String] {
    let favorites = try FavoriteStore(environment: context.environment).read()
    let installed = Set(names)
    return favorites.ranked(minimumStars: minimumStars).map(\.family).filter {
      installed.contains($0)
    }
  }
}
