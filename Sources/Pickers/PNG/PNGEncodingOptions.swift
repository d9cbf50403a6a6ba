/// How ``RGBAImage`` is written as PNG: the compression effort and the text chunks.
///
///     var options = PNGEncodingOptions(compression: .smallest)
///     options.title = "Swatch of #3366cc"
///     try image.writePNG(to: "swatch.png", options: options)
public struct PNGEncodingOptions: Hashable, Sendable {
  /// How hard the encoder works to make the file small.
  public enum Compression: String, CaseIterable, Hashable, Sendable {
    /// Deflate level 1 with no row filter or Up (chosen from the rows' statistics): several
    /// times faster, files up to 3x larger.
    case fast
    /// Deflate level 6 with no row filter or Up: about half the time of adaptive filtering,
    /// for files within a few percent of its size.
    ///
    /// A whole image is compressed by libdeflate at that level when it is installed (about
    /// half of zlib's instructions, much the same size), else by zlib.
    case `default`
    /// zlib level 9 with adaptive row filters (libpng picks the best of five for every row).
    case smallest
  }

  /// The compression effort; `.default` unless set.
  public var compression: Compression
  /// The `Software` text chunk; `"pickers <version>"` unless set, `nil` writes none.
  public var software: String?
  /// The `Title` text chunk, written when set.
  public var title: String?
  /// The `Description` text chunk, written when set.
  public var description: String?

  /// Creates options; every text is optional, and `Software` names pickers.
  public init(
    compression: Compression = .default, software: String? = "pickers \(PickersLibrary.version)",
    title: String? = nil, description: String? = nil
  ) {
    self.compression = compression
    self.software = software
    self.title = title
    self.description = description
  }

  /// The text chunks as (keyword, text) pairs in the order they are written.
  var textChunks: [(keyword: String, text: String)] {
    [("Software", software), ("Title", title), ("Description", description)].compactMap {
      keyword, text in text.map { (keyword, $0) }
    }
  }
}
