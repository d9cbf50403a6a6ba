import Testing

@testable import Pickers

@Suite("DynamicColor and Appearance without a desktop")
struct DynamicColorTests {
  /// An environment with no bus and no GTK settings: nothing but the given variables speak.
  static let bare = [
    "DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": "", "GTK_THEME": "",
    "XDG_CONFIG_HOME": "/nonexistent-pickers-test",
  ]

  @Test("resolve(in:) picks the scheme's variant; Color(light:dark:in:) resolves at once")
  func resolve() {
    let text = DynamicColor(light: .black, dark: .white)
    #expect(text.resolve(in: .light) == .black)
    #expect(text.resolve(scheme: .dark) == .white)
    #expect(text.resolve(in: Appearance(scheme: .dark, accentColor: .red)) == .white)
    #expect(Color(light: .black, dark: .white, in: .dark) == .white)
    #expect(Color(light: .black, dark: .white, in: .light) == .black)
  }

  @Test("cssText is light-dark() that the CSS parser reads back in both schemes")
  func css() throws {
    let dynamic = DynamicColor(light: .teal, dark: Color(red8: 52, green8: 120, blue8: 246))
    for scheme in ColorScheme.allCases {
      let parsed = try Color(css: dynamic.cssText, context: CSSColorContext(scheme: scheme))
      #expect(parsed.hex == dynamic.resolve(scheme: scheme).hex)
    }
  }

  @Test("GTK_THEME comes first; with nothing set the appearance is light")
  func environmentOrder() {
    var dark = Self.bare
    dark["GTK_THEME"] = "Adwaita:dark"
    #expect(
      Appearance.current(environment: dark) == Appearance(scheme: .dark, origin: .gtkThemeVariable))
    var named = Self.bare
    named["GTK_THEME"] = "Adwaita"
    #expect(Appearance.current(environment: named).scheme == .light)
    #expect(
      Appearance.current(environment: Self.bare) == Appearance(scheme: .light, origin: .fallback))
  }

  @Test("the bus address: DBUS_SESSION_BUS_ADDRESS, empty for none, else $XDG_RUNTIME_DIR/bus")
  func busAddress() {
    #expect(
      DesktopPortalSettings.busAddress(["DBUS_SESSION_BUS_ADDRESS": "unix:path=/x"])
        == "unix:path=/x")
    #expect(DesktopPortalSettings.busAddress(["DBUS_SESSION_BUS_ADDRESS": ""]) == nil)
    #expect(
      DesktopPortalSettings.busAddress(["XDG_RUNTIME_DIR": "/nonexistent-pickers-test"]) == nil)
    #expect(DesktopPortalSettings.busAddress([:]) == nil)
  }

  @Test("an accent channel outside 0...1 means the portal has none")
  func accentRange() {
    #expect(DesktopPortalSettings.accent(0.2, 0.4, 0.8)?.hex == "#3366cc")
    #expect(DesktopPortalSettings.accent(-1, -1, -1) == nil)
    #expect(DesktopPortalSettings.accent(0.5, .nan, 0.5) == nil)
  }
}
