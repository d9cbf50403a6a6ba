import Glibc
import Pickers

/// `--current COLOR` and `--scheme light|dark`, shared by every command that reads colors:
/// what `currentcolor`, `light-dark()` and the system colors (`Canvas`, `AccentColor`, ...)
/// resolve to.
struct ColorContextOptions {
  /// `--scheme`: without it the desktop's GTK preference decides (``desktopScheme(_:)``).
  static let schemeOption = Option<ColorScheme?>(
    "--scheme", value: "SCHEME",
    help: "{choices}, for light-dark() and system colors (default: the GTK theme's).")

  static let arguments: [ArgumentSpec] = [
    .option(
      "--current", value: "COLOR",
      help: "The value of currentcolor (default: the scheme's CanvasText)."),
    schemeOption.argument,
  ]

  var scheme: ColorScheme?
  var current: String?

  /// Reads `--scheme` and `--current`.
  init(_ arguments: ParsedArguments) throws(UsageError) {
    scheme = try arguments.value(Self.schemeOption)
    current = arguments.option("--current")
  }

  /// The context the options ask for.
  ///
  /// Without `--scheme`, the desktop's GTK preference decides; the system colors a GTK user
  /// stylesheet defines (``gtkSystemColors(_:)``) replace the built-in ones.
  func context(_ command: CommandContext) throws(UsageError) -> CSSColorContext {
    let scheme = scheme ?? Self.desktopScheme(command.environment)
    var context = CSSColorContext(scheme: scheme)
    let themed = Self.gtkSystemColors(command.environment)
    if !themed.isEmpty {
      context.systemColors = SystemColors(
        light: scheme == .light ? themed : [:], dark: scheme == .dark ? themed : [:])
    }
    if let current {
      do {
        context.currentColor = try CSSColor(css: current, context: context)
      } catch {
        throw UsageError("--current: \(error)")
      }
    }
    return context
  }

  /// The GTK theme's scheme: `GTK_THEME=Name:dark`, else `gtk-application-prefer-dark-theme`
  /// or a theme name ending in `-dark` in GTK 4's or GTK 3's `settings.ini`; light otherwise.
  static func desktopScheme(_ environment: [String: String]) -> ColorScheme {
    if let theme = environment["GTK_THEME"], !theme.isEmpty {
      return theme.lowercased().hasSuffix(":dark") || theme.lowercased().hasSuffix("-dark")
        ? .dark : .light
    }
    guard let config = configFolder(environment) else { return .light }
    for version in ["gtk-4.0", "gtk-3.0"] {
      guard let text = smallFile(config + "/" + version + "/settings.ini") else { continue }
      for line in text.split(whereSeparator: \.isNewline) {
        let parts = line.split(separator: "=", maxSplits: 1)
        guard parts.count == 2 else { continue }
        let key = parts[0].trimmingSpaces
        let value = parts[1].trimmingSpaces.lowercased()
        if key == "gtk-application-prefer-dark-theme" {
          return value == "1" || value == "true" ? .dark : .light
        }
        if key == "gtk-theme-name" && value.hasSuffix("-dark") { return .dark }
      }
      return .light
    }
    return .light
  }

  /// The libadwaita named colors a user stylesheet (`gtk.css` of GTK 4, else GTK 3, in the
  /// config folder) defines with `@define-color`, as CSS system colors.
  static let gtkNames: [String: SystemColors.Name] = [
    "accent_bg_color": .accentColor, "accent_fg_color": .accentColorText,
    "window_bg_color": .canvas, "window_fg_color": .canvasText, "view_bg_color": .field,
    "view_fg_color": .fieldText, "accent_color": .linkText,
  ]

  static func gtkSystemColors(_ environment: [String: String]) -> [SystemColors.Name: Color] {
    guard let config = configFolder(environment) else { return [:] }
    for version in ["gtk-4.0", "gtk-3.0"] {
      guard let text = smallFile(config + "/" + version + "/gtk.css") else { continue }
      var colors: [SystemColors.Name: Color] = [:]
      for line in text.split(whereSeparator: \.isNewline) {
        // @define-color accent_bg_color #3584e4;
        let words = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        guard words.count == 3, words[0] == "@define-color",
          let name = gtkNames[String(words[1])]
        else { continue }
        var value = words[2].trimmingSpaces
        if value.hasSuffix(";") { value.removeLast() }
        // References to other @define-color names are not followed.
        if let color = try? Color(css: value) { colors[name] = color }
      }
      return colors
    }
    return [:]
  }

  static func configFolder(_ environment: [String: String]) -> String? {
    if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") { return base }
    if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.config" }
    return nil
  }

  /// A file of at most 64 KiB as text, or `nil`.
  static func smallFile(_ path: String) -> String? {
    do {
      return String(decoding: try readFilePrefix(path, maximumSize: 65_536), as: UTF8.self)
    } catch {
      // A folder opens but reads nothing: it counts as an empty file, as it always did.
      if case .isDirectory = error { return "" }
      return nil
    }
  }
}

extension Substring {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
