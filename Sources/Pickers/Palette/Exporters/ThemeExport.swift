extension ThemeDocument {
  /// The text of this document in `format`.
  ///
  /// Single-scheme formats write ``primary``.
  func rendered(as format: ThemeFormat) -> String {
    switch format {
    case .json: JSONExporter.render(self)
    case .css: CSSExporter.render(self)
    case .shell: ShellExporter.render(self)
    case .pywalJSON: PywalExporter.renderJSON(self)
    case .pywalShell: PywalExporter.renderShell(self)
    case .xresources: XresourcesExporter.render(self)
    case .base16: Base16Exporter.render(self, base24: false)
    case .base16Legacy: Base16Exporter.renderLegacy(self)
    case .base24: Base16Exporter.render(self, base24: true)
    case .kitty: KittyExporter.render(self)
    case .alacritty:
      if let version = clientVersion, version < ClientVersion(0, 13) {
        AlacrittyExporter.renderYAML(self)
      } else {
        AlacrittyExporter.render(self)
      }
    case .alacrittyYAML: AlacrittyExporter.renderYAML(self)
    case .foot: FootExporter.render(self)
    case .wezterm: WeztermExporter.render(self)
    case .gtk: GTKExporter.render(self)
    case .gtkUser: GTKStylesheetExporter.render(self)
    }
  }
}
