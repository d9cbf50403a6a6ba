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
  /// A base16 scheme in the flat legacy YAML older builders read (`scheme:`, `base00: "rrggbb"`).
  case base16Legacy = "base16-legacy"
  /// A base24 scheme (YAML).
  case base24
  /// A kitty color and font include file.
  case kitty
  /// An alacritty import: TOML for alacritty 0.13 and later, YAML for an older client version.
  case alacritty
  /// An alacritty 0.11/0.12 YAML import (what Debian 12's alacritty reads).
  case alacrittyYAML = "alacritty-yaml"
  /// A foot `foot.ini` fragment.
  case foot
  /// A wezterm color scheme file (TOML).
  case wezterm
  /// GTK CSS `@define-color` statements: every libadwaita 1.2 named color and the GTK 3 names.
  case gtk
  /// A user stylesheet (`~/.config/gtk-4.0/gtk.css`, `gtk-3.0/gtk.css`) that recolors stock GTK
  /// widgets as well as libadwaita's.
  case gtkUser = "gtk-user"

  /// Whether one file of this format can hold a light and a dark scheme together.
  public var holdsBothSchemes: Bool { self == .json || self == .css }

  /// The program whose release decides this format's syntax (`--client-version`), if any.
  public var client: String? {
    switch self {
    case .alacritty, .alacrittyYAML: "alacritty"
    case .foot: "foot"
    default: nil
    }
  }

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
    case .base16Legacy: "base16.yaml"
    case .base24: "base24.yaml"
    case .kitty: "theme.conf"
    case .alacritty: "theme.toml"
    case .alacrittyYAML: "theme.yml"
    case .foot: "theme.ini"
    case .wezterm: "theme.toml"
    case .gtk: "gtk.css"
    case .gtkUser: "gtk.css"
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
    case .base16Legacy: "base16 scheme, flat legacy YAML (pybase16-builder)"
    case .base24: "base24 scheme (YAML)"
    case .kitty: "kitty include file"
    case .alacritty: "alacritty import (TOML; YAML for alacritty before 0.13)"
    case .alacrittyYAML: "alacritty 0.11/0.12 YAML import"
    case .foot: "foot.ini [colors] section"
    case .wezterm: "wezterm color scheme (TOML)"
    case .gtk: "GTK and libadwaita @define-color statements"
    case .gtkUser: "GTK 3/4 user stylesheet recoloring stock widgets"
    }
  }
}
