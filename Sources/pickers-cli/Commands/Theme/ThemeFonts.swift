import Pickers

/// Resolving `--font` and `--mono-font` to families the system really has.
enum ThemeFonts {
  /// The family and face for `name` (a family, or a fontconfig pattern with a warning), or for
  /// fontconfig's match of `generic` when `name` is `nil`.
  ///
  /// - Throws: ``FontError/unknownFamily(_:suggestions:)`` when `name` is neither an installed
  ///   family nor a pattern.
  static func resolve(
    _ name: String?, generic: String, catalog: FontCatalog, context: CommandContext
  ) throws -> (family: String, file: FontFile) {
    guard let name else {
      let face = try catalog.match(pattern: generic)
      return (face.family, FontFile(path: face.file, index: face.index))
    }
    let resolved = try catalog.resolveFont(name)
    if let warning = resolved.warning { context.warn(warning) }
    guard !resolved.family.isEmpty else {
      // A font file's path: name the family the file declares.
      let face = try catalog.info(name).first
      return (face?.face.family ?? name, resolved.file)
    }
    return (resolved.family, resolved.file)
  }
}
