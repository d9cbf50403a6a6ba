import Glibc
import Pickers

/// `--current COLOR` and `--scheme light|dark`, shared by every command that reads colors:
/// what `currentcolor`, `light-dark()` and the system colors (`Canvas`, `AccentColor`, ...)
/// resolve to.
struct ColorContextOptions {
  /// `--scheme`: without it the desktop's appearance decides (``Appearance``).
  static let schemeOption = Option<ColorScheme?>(
    "--scheme", value: "SCHEME",
    help: "{choices}, for light-dark() and system colors (default: the desktop's).")

  static let arguments: [ArgumentSpec] = [
    .option(
      "--current", value: "COLOR",
      help: "The value of currentcolor (default: the scheme's CanvasText)."),
    schemeOption.argument,
  ]

  var scheme: ColorScheme?
  var current: String?
  /// Whether the scheme can change a result.
  ///
  /// It can when an argument uses `light-dark()`, a system color or `currentcolor`, or colors
  /// come from standard input. Only then is the desktop asked
  /// (the portal is a D-Bus call through GIO, which a plain `color convert` never loads).
  var schemeMatters: Bool

  /// Reads `--scheme` and `--current`.
  init(_ arguments: ParsedArguments) throws(UsageError) {
    scheme = try arguments.value(Self.schemeOption)
    current = arguments.option("--current")
    let texts =
      Array(arguments.positionalValues.values.joined()) + Array(arguments.values.values.joined())
    schemeMatters = texts.contains { Self.mayDependOnScheme($0) }
  }

  /// Whether `text` may read the scheme: `-` (standard input), or it names `light-dark`,
  /// `currentcolor` or a system color.
  static func mayDependOnScheme(_ text: String) -> Bool {
    if text == "-" { return true }
    let lower = text.lowercased()
    if lower.contains("light-dark") || lower.contains("currentcolor") { return true }
    return SystemColors.Name.allCases.contains { lower.contains($0.rawValue.lowercased()) }
  }

  /// The context the options ask for.
  ///
  /// Without `--scheme`, the desktop's appearance decides (``desktopScheme(_:)``) when the
  /// scheme matters; the system colors a GTK user stylesheet defines (``gtkSystemColors(_:)``)
  /// replace the built-in ones.
  func context(_ command: CommandContext) throws(UsageError) -> CSSColorContext {
    let scheme = scheme ?? (schemeMatters ? Self.desktopScheme(command.environment) : .light)
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

  /// The desktop's scheme (``Appearance/current(environment:)``): `GTK_THEME`, the desktop
  /// portal's `color-scheme`, GTK's `settings.ini`, else light.
  static func desktopScheme(_ environment: [String: String]) -> ColorScheme {
    Appearance.current(environment: environment).scheme
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
