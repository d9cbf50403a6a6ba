/// One face of a font file: the path and the face index inside it.
///
/// Collections (`.ttc`) hold several faces; variable fonts may encode a named instance in the
/// upper 16 bits of `index`, as fontconfig and FreeType do.
///
///     let dejaVu = FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
public struct FontFile: Hashable, Sendable, Codable {
  /// The font file's path.
  public var path: String
  /// The face index inside the file (0 for single-face files).
  public var index: Int

  /// Creates a reference to face `index` of the file at `path`.
  public init(path: String, index: Int = 0) {
    self.path = path
    self.index = index
  }
}
