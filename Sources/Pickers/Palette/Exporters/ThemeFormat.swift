/// A file format a ``Theme`` can be written in.
///
/// The raw value is the name `pickers theme --format` takes.
///
///     let text = try theme.exported(as: .kitty)
public enum ThemeFormat: String, CaseIterable, Sendable, Codable, Hashable {
  /// Every role and the 16 terminal colors, both schemes, as JSON.
  case json
  /// CSS custom properties on `:root`; a dark scheme goes in a `prefers-color-scheme` query.
  case css
  /// A POSIX shell file of `name='#rrggbb'` assignments, for `.` / `source`.
  case shell
  /// pywal's `colors.json` (also read by wallust and pywal16 templates).
  case pywalJSON = "pywal-json"
  /// pywal's `colors.sh`.
  case pywalShell = "pywal-sh"
  /// X resources (`*.color0: #rrggbb`), for `xrdb -merge`.
  case xresources
  /// A base16 scheme (YAML).
  case base16
  /// A base24 scheme (YAML).
  case base24
  /// A kitty color and font include file.
  case kitty
  /// An alacritty (0.13 and later) TOML import.
  case alacritty
  /// A foot `foot.ini` fragment.
  case foot
  /// A wezterm color scheme file (TOML).
  case wezterm
  /// GTK CSS `@define-color` statements (GTK 3 and libadwaita names).
  case gtk

  /// Whether one file of this format can hold a light and a dark scheme together.
  public var holdsBothSchemes: Bool { self == .json || self == .css }

  /// The usual file name for this format, for messages and examples.
  public var suggestedFileName: String {
    switch self {
    case .json: "theme.json"
    case .css: "theme.css"
    case .shell: "theme.sh"
    case .pywalJSON: "colors.json"
    case .pywalShell: "colors.sh"
    case .xresources: "colors.Xresources"
    case .base16: "base16.yaml"
    case .base24: "base24.yaml"
    case .kitty: "theme.conf"
    case .alacritty: "theme.toml"
    case .foot: "theme.ini"
    case .wezterm: "theme.toml"
    case .gtk: "gtk.css"
    }
  }

  /// What the format is, in a few words, for `--format list`.
  public var summary: String {
    switch self {
    case .json: "every role and terminal color, both schemes (JSON)"
    case .css: "CSS custom properties, dark scheme in a media query"
    case .shell: "sourceable shell variables"
    case .pywalJSON: "pywal colors.json (wallust, pywal16 templates)"
    case .pywalShell: "pywal colors.sh"
    case .xresources: "X resources for xrdb"
    case .base16: "base16 scheme (YAML)"
    case .base24: "base24 scheme (YAML)"
    case .kitty: "kitty include file"
    case .alacritty: "alacritty TOML import"
    case .foot: "foot.ini [colors] section"
    case .wezterm: "wezterm color scheme (TOML)"
    case .gtk: "GTK @define-color statements"
    }
  }
}
