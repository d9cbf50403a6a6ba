import FoundationEssentials
import Glibc
import Testing

/// Every shell format `pickers theme` writes, sourced with `.` under `set -eu` in bash,
/// `bash --posix`, dash and zsh, with the variables pywal's layout extends (`FZF_DEFAULT_OPTS`,
/// `LS_COLORS`) unset and set; each variable's value is then read back and compared with the
/// theme's JSON form.
@Suite("Shell themes source under set -eu")
struct ThemeStrictShellTests {
  /// The formats a shell sources.
  static let shellFormats = ["shell", "pywal-sh"]
  /// The other formats, so that a new format has to be placed in one list or the other.
  static let otherFormats: Set = [
    "json", "css", "pywal-json", "xresources", "base16", "base16-legacy", "base24", "kitty",
    "alacritty", "alacritty-yaml", "foot", "wezterm", "gtk", "gtk-user",
  ]

  /// A shell as the test runs it: its name in messages, the program and its flags.
  struct Shell: CustomTestStringConvertible, Sendable {
    var name: String
    var program: String
    var flags: [String]
    var testDescription: String { name }
  }

  static let shells = [
    Shell(name: "bash", program: "bash", flags: []),
    Shell(name: "bash --posix", program: "bash", flags: ["--posix"]),
    Shell(name: "dash", program: "dash", flags: []),
    Shell(name: "zsh", program: "zsh", flags: []),
  ]

  /// What pywal's layout adds to, before the file is sourced: unset, or set to these.
  static let priorValues: [[String: String]] = [
    [:], ["FZF_DEFAULT_OPTS": "--height 40%", "LS_COLORS": "di=01;34:ln=01;36"],
  ]

  struct PickersTheme: Decodable {
    struct Scheme: Decodable {
      var roles: [String: String]
      var terminal: [String]
    }
    var fonts: [String: String]
    var schemes: [String: Scheme]
  }

  /// The full path of `name` on `PATH`.
  static func which(_ name: String) throws -> String {
    let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") where access("\(folder)/\(name)", X_OK) == 0 {
      return "\(folder)/\(name)"
    }
    throw HarnessError(description: "\(name) is not installed: run scripts/install-deps --test")
  }

  /// The variables `format`'s file sets and the value each must have after sourcing it, given
  /// what `FZF_DEFAULT_OPTS` and `LS_COLORS` were before.
  static func expectedValues(_ format: String, prior: [String: String]) throws -> [(
    String, String
  )] {
    let result = try runPickers(
      ["theme", "--accent", "system-blue", "--scheme", "dark", "--format", "json"])
    guard result.status == 0 else { throw HarnessError(description: result.stderr) }
    let theme = try JSONDecoder().decode(PickersTheme.self, from: Data(result.stdout))
    let scheme = try #require(theme.schemes["dark"])
    let terminal = scheme.terminal.enumerated().map { ("color\($0.offset)", $0.element) }
    switch format {
    case "shell":
      let roles = scheme.roles.sorted { $0.key < $1.key }.map {
        ($0.key.replacing("-", with: "_"), $0.value)
      }
      let fonts = [("font_ui", theme.fonts["ui"] ?? ""), ("font_mono", theme.fonts["mono"] ?? "")]
      return [("scheme", "dark")] + fonts + roles + terminal
    case "pywal-sh":
      let fzf =
        "\n    \(prior["FZF_DEFAULT_OPTS"] ?? "")\n"
        + "    --color fg:7,bg:0,hl:1,fg+:232,bg+:1,hl+:255\n"
        + "    --color info:7,prompt:2,spinner:1,pointer:232,marker:1\n"
      return [
        ("wallpaper", ""), ("background", scheme.roles["background"] ?? ""),
        ("foreground", scheme.roles["foreground"] ?? ""),
        ("cursor", scheme.roles["accent"] ?? ""),
      ] + terminal + [
        ("FZF_DEFAULT_OPTS", fzf),
        ("LS_COLORS", (prior["LS_COLORS"] ?? "") + ":su=30;41:ow=30;42:st=30;44:"),
      ]
    default:
      throw HarnessError(description: "no expectations for \(format)")
    }
  }

  @Test("every format of --format list is classed as shell or not")
  func formatsClassified() throws {
    let result = try runPickers(["theme", "--format", "list"])
    #expect(result.status == 0)
    let names = result.output.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
    #expect(Set(names) == Set(Self.shellFormats).union(Self.otherFormats))
  }

  @Test(
    "the file sources under set -eu and sets each variable to the theme's value",
    arguments: shellFormats, shells)
  func sourcesStrictly(format: String, shell: Shell) throws {
    let program = try Self.which(shell.program)
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let file = folder + "/theme.sh"
    let written = try runPickers(
      ["theme", "--accent", "system-blue", "--scheme", "dark", "--format", format, "-o", file])
    #expect(written.status == 0, "\(written.stderr)")
    for prior in Self.priorValues {
      let expected = try Self.expectedValues(format, prior: prior)
      // Each value NUL-terminated, as read in the shell after sourcing; then the exported
      // ones as a child process sees them.
      var script = "set -eu\n"
      for name in ["FZF_DEFAULT_OPTS", "LS_COLORS"] {
        if let value = prior[name] {
          script += "\(name)='\(value)'; export \(name)\n"
        } else {
          script += "unset \(name)\n"
        }
      }
      script += ". \"$1\"\n"
      for (name, _) in expected { script += "printf '%s\\000' \"$\(name)\"\n" }
      let exported = format == "pywal-sh" ? ["FZF_DEFAULT_OPTS", "LS_COLORS"] : []
      for name in exported {
        script += "/bin/sh -euc 'printf \"%s\\000\" \"$\(name)\"'\n"
      }
      let result = try runProgram(program, shell.flags + ["-c", script, "sh", file])
      let context = "\(format) in \(shell.name), prior \(prior)"
      #expect(result.status == 0, "\(context): \(result.stderr)")
      #expect(result.stderr.isEmpty, "\(context)")
      let values = result.output.split(separator: "\0", omittingEmptySubsequences: false)
        .dropLast().map(String.init)
      let expectedValues =
        expected.map(\.1) + exported.compactMap { name in expected.first { $0.0 == name }?.1 }
      #expect(values == expectedValues, "\(context)")
    }
  }
}
