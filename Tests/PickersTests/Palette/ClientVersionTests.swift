import Testing

@testable import Pickers

/// Versions as the clients print them (`alacritty --version`, `foot --version` of Debian 12),
/// and the syntax each release gets.
@Suite("Client versions")
struct ClientVersionTests {
  @Test(
    "the version in each client's --version line",
    arguments: [
      ("alacritty 0.11.0", [0, 11, 0]),
      ("foot version: 1.13.1 +pgo +ime +graphemes -assertions", [1, 13, 1]),
      ("kitty 0.26.5 created by Kovid Goyal", [0, 26, 5]),
      ("1.26", [1, 26]),
      ("v2.0-beta", [2, 0]),
    ])
  func parse(text: String, components: [Int]) throws {
    #expect(try #require(ClientVersion(text)).components == components)
  }

  @Test("text without a dotted number is no version", arguments: ["", "foot", "version 3", "1."])
  func none(text: String) {
    #expect(ClientVersion(text) == nil)
  }

  @Test("versions compare numerically, missing components count as 0")
  func order() throws {
    #expect(ClientVersion(0, 11) < ClientVersion(0, 13))
    #expect(ClientVersion(0, 9) < ClientVersion(0, 11))
    #expect(try #require(ClientVersion("1.13")) == ClientVersion(1, 13, 0))
    #expect(ClientVersion(1, 23) > ClientVersion(1, 13, 1))
  }

  static let theme = Theme(accent: Color.system(.blue, scheme: .dark), schemes: [.dark])

  @Test("alacritty gets YAML before 0.13 and TOML from 0.13 or with no version")
  func alacritty() throws {
    for (version, yaml) in [
      (ClientVersion(0, 11), true), (ClientVersion(0, 12, 0), true), (ClientVersion(0, 13), false),
      (nil, false),
    ] {
      let text = try Self.theme.exported(
        as: .alacritty, options: ThemeExportOptions(clientVersion: version))
      #expect(text.contains("colors:\n  primary:\n") == yaml, "\(String(describing: version))")
      #expect(text.contains("[colors.primary]") == !yaml, "\(String(describing: version))")
    }
  }

  @Test("foot: [cursor] before 1.23, [colors] cursor= from 1.23, [colors-dark] from 1.26")
  func foot() throws {
    func foot(_ version: ClientVersion?) throws -> String {
      try Self.theme.exported(as: .foot, options: ThemeExportOptions(clientVersion: version))
    }
    #expect(try foot(nil) == (try foot(ClientVersion(1, 13, 1))))
    #expect(try foot(ClientVersion(1, 22)).contains("\n[cursor]\ncolor="))
    let middle = try foot(ClientVersion(1, 23))
    #expect(!middle.contains("[cursor]") && middle.contains("\n[colors]\n"))
    #expect(middle.contains("\ncursor="))
    let newest = try foot(ClientVersion(1, 26))
    #expect(newest.contains("\n[colors-dark]\n") && !newest.contains("\n[colors]\n"))
  }

  @Test("--fonts none: no format names a font; a written font gets foot's and X's size")
  func fonts() throws {
    var theme = Self.theme
    theme.uiFont = "UI Family"
    theme.monoFont = "Mono Family"
    for format in ThemeFormat.allCases {
      let text = try theme.exported(
        as: format, options: ThemeExportOptions(includeFonts: false))
      #expect(!text.contains("Family"), "\(format)")
    }
    let foot = try theme.exported(as: .foot, options: ThemeExportOptions(fontSize: 14))
    #expect(foot.contains("font=Mono Family:size=14\n"))
    let x = try theme.exported(as: .xresources, options: ThemeExportOptions(fontSize: 14))
    #expect(x.contains("*.faceName: Mono Family\n*.faceSize: 14\n"))
  }

  @Test("the light and the dark file of one theme never share a name, in any one-scheme format")
  func distinctNames() throws {
    let light = Theme(accent: Color.system(.blue, scheme: .light), schemes: [.light])
    // pywal's files record no name.
    let named = ThemeFormat.allCases.filter {
      !$0.holdsBothSchemes && $0 != .pywalJSON && $0 != .pywalShell
    }
    for format in named {
      let dark = try Self.theme.exported(as: format)
      let other = try light.exported(as: format)
      #expect(dark.contains("pickers #0a84ff dark"), "\(format)")
      #expect(other.contains("pickers #007aff light"), "\(format)")
    }
  }
}
