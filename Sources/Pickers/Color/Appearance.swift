/// The desktop's appearance: light or dark, and its accent color where the desktop has one.
///
/// ``current`` asks the desktop in this order:
///
/// 1. `GTK_THEME` (`Adwaita:dark`, a name ending in `-dark`), which overrides the desktop for
///    one process, as it does for GTK itself;
/// 2. the desktop portal's `org.freedesktop.appearance` `color-scheme` on the session bus
///    (`DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`), when it prefers dark or light;
/// 3. GTK's `settings.ini` (GTK 4's, else GTK 3's, in `$XDG_CONFIG_HOME`):
///    `gtk-application-prefer-dark-theme`, or a `gtk-theme-name` ending in `-dark`;
/// 4. light.
///
/// The accent color is the portal's `accent-color`, when it offers one. The portal is reached
/// through GIO, loaded on first use; without GIO or a bus the other sources decide.
///
///     let appearance = Appearance.current
///     let ink = DynamicColor(light: .black, dark: .white).resolve(in: appearance)
public struct Appearance: Hashable, Sendable {
  /// Light or dark.
  public var scheme: ColorScheme
  /// The desktop's accent color, or `nil` when it has none (or none was asked for).
  public var accentColor: Color?
  /// Which source decided ``scheme``.
  public var origin: Origin

  /// The source an appearance came from.
  public enum Origin: String, CaseIterable, Hashable, Sendable, Codable {
    /// Made in code.
    case explicit
    /// The `GTK_THEME` environment variable.
    case gtkThemeVariable
    /// The desktop portal's `color-scheme` setting.
    case portal
    /// GTK's `settings.ini`.
    case gtkSettings
    /// Nothing said: light.
    case fallback
  }

  /// Creates an appearance.
  public init(scheme: ColorScheme, accentColor: Color? = nil, origin: Origin = .explicit) {
    self.scheme = scheme
    self.accentColor = accentColor
    self.origin = origin
  }

  /// The light appearance, with no accent color.
  public static let light = Appearance(scheme: .light)
  /// The dark appearance, with no accent color.
  public static let dark = Appearance(scheme: .dark)

  /// The running desktop's appearance (``current(environment:)`` of this process's
  /// environment).
  public static var current: Appearance { current(environment: ProcessEnvironment.variables()) }

  /// The appearance the desktop described by `environment` has.
  ///
  /// - Parameter environment: The variables that locate the desktop's settings: `GTK_THEME`,
  ///   `DBUS_SESSION_BUS_ADDRESS` (empty for no bus), `XDG_RUNTIME_DIR`, `XDG_CONFIG_HOME`,
  ///   `HOME`.
  /// - Returns: The scheme, the source that decided it, and the portal's accent color.
  public static func current(environment: [String: String]) -> Appearance {
    if let scheme = gtkThemeVariableScheme(environment) {
      return Appearance(scheme: scheme, origin: .gtkThemeVariable)
    }
    let portal = DesktopPortalSettings.read(environment)
    let accent = portal?.accentColor
    if let scheme = portal?.scheme {
      return Appearance(scheme: scheme, accentColor: accent, origin: .portal)
    }
    if let scheme = gtkSettingsScheme(environment) {
      return Appearance(scheme: scheme, accentColor: accent, origin: .gtkSettings)
    }
    return Appearance(scheme: .light, accentColor: accent, origin: .fallback)
  }

  /// The desktop's appearance now and after each change the portal signals
  /// (`SettingChanged` of `org.freedesktop.appearance`); a change that leaves the scheme and
  /// the accent as they were (only the ``origin`` differs) is left out.
  ///
  /// The first element is ``current(environment:)``. Without a session bus, or without GIO,
  /// the stream ends after it. Ending the iteration (or its task) stops the watch.
  ///
  ///     for await appearance in Appearance.changes() {
  ///       redraw(accent.resolve(in: appearance))
  ///     }
  public static func changes(
    environment: [String: String] = ProcessEnvironment.variables()
  ) -> AsyncStream<Appearance> {
    AsyncStream { continuation in
      DesktopPortalSettings.watch(environment, continuation: continuation)
    }
  }

  /// `GTK_THEME=Name:dark` or `Name-dark` is dark, any other non-empty value light; `nil` when
  /// it is unset or empty.
  static func gtkThemeVariableScheme(_ environment: [String: String]) -> ColorScheme? {
    guard let theme = environment["GTK_THEME"]?.lowercased(), !theme.isEmpty else { return nil }
    return theme.hasSuffix(":dark") || theme.hasSuffix("-dark") ? .dark : .light
  }

  /// The scheme GTK 4's `settings.ini` (else GTK 3's) names, or `nil` without a file.
  static func gtkSettingsScheme(_ environment: [String: String]) -> ColorScheme? {
    let config: String
    if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") {
      config = base
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      config = home + "/.config"
    } else {
      return nil
    }
    for version in ["gtk-4.0", "gtk-3.0"] {
      let bytes: [UInt8]
      do {
        bytes = try readFilePrefix(config + "/" + version + "/settings.ini", maximumSize: 65_536)
      } catch {
        // A folder in the file's place counts as an empty file, as it always did.
        if case .isDirectory = error { return .light }
        continue
      }
      for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline) {
        let parts = line.split(separator: "=", maxSplits: 1)
        guard parts.count == 2 else { continue }
        let key = parts[0].filter { $0 != " " && $0 != "\t" }
        let value = parts[1].filter { $0 != " " && $0 != "\t" }.lowercased()
        if key == "gtk-application-prefer-dark-theme" {
          return value == "1" || value == "true" ? .dark : .light
        }
        if key == "gtk-theme-name" && value.hasSuffix("-dark") { return .dark }
      }
      return .light
    }
    return nil
  }
}
