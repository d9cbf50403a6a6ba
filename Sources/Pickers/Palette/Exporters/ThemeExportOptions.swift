/// How a ``Theme`` is written: for which release of the reading program, and with or without
/// fonts.
///
///     let options = ThemeExportOptions(clientVersion: ClientVersion(0, 11), includeFonts: false)
///     let yaml = try theme.exported(as: .alacritty, options: options)
public struct ThemeExportOptions: Hashable, Sendable {
  /// The release of the format's client (``ThemeFormat/client``) that will read the file.
  ///
  /// `nil` writes the newest syntax for alacritty (TOML) and the syntax every foot release
  /// reads (foot 1.13's). Formats whose syntax has not changed ignore it.
  public var clientVersion: ClientVersion?
  /// Whether font settings are written.
  ///
  /// They are kitty `font_family`, foot `font`, X `faceName`, alacritty `font`, CSS `--font-*`
  /// and shell `font_*`. Without them the user's own font settings stay in force wherever the
  /// theme file is included.
  public var includeFonts: Bool
  /// The monospace font's size in points, for formats whose font setting needs one (foot,
  /// X resources); 1-200.
  public var fontSize: Int

  /// Options for `clientVersion`, with fonts of `fontSize` points.
  public init(clientVersion: ClientVersion? = nil, includeFonts: Bool = true, fontSize: Int = 11) {
    self.clientVersion = clientVersion
    self.includeFonts = includeFonts
    self.fontSize = min(max(fontSize, 1), 200)
  }
}
