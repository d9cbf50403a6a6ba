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
  /// A favourites file that cannot be read is moved aside and reported as a warning.
  func apply(to names: [String], _ context: CommandContext) throws -> [String] {
    let loaded = try FavoriteStore(environment: context.environment).load()
    if let warning = loaded.warning { context.warn(warning) }
    let installed = Set(names)
    return loaded.favorites.ranked(minimumStars: minimumStars).map(\.family).filter {
      installed.contains($0)
    }
  }
}
