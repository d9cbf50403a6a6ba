import FoundationEssentials
import Glibc
import Testing

/// `pickers theme --template`: the three shipped examples (docs/templates) filled and loaded
/// where their program can check them, and the command's errors.
@Suite("pickers theme --template")
struct ThemeTemplateCommandTests {
  static let templates = fixturesDirectory + "/../../docs/templates"

  static func fill(_ name: String, _ extra: [String] = []) throws -> PickersResult {
    try runPickers(
      ["theme", "--accent", "system-blue", "--template", templates + "/" + name] + extra)
  }

  static func roles() throws -> [String: String] { try ThemeClientTests.roles() }

  @Test("the tmux example loads in tmux (source-file) and sets the theme's colors", .tags(.clients))
  func tmux() throws {
    #expect(programExists("tmux"), "install tmux")
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let result = try Self.fill("tmux.conf.in", ["-o", folder + "/colors.conf"])
    #expect(result.status == 0, "\(result.stderr)")
    let socket = "pickers-theme-\(getpid())"
    let tmux = try runProgram(
      "/usr/bin/env",
      [
        "tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", ";", "source-file",
        folder + "/colors.conf", ";", "show-options", "-g", "status-style", ";",
        "show-options", "-g", "pane-active-border-style", ";", "kill-server",
      ])
    #expect(tmux.status == 0, "\(tmux.stderr)")
    let roles = try Self.roles()
    // tmux prints each option back as it stored it, quoted.
    #expect(
      tmux.output
        == "status-style \"bg=\(roles["surface"]!),fg=\(roles["foreground"]!)\"\n"
        + "pane-active-border-style \"fg=\(roles["accent"]!)\"\n")
  }

  @Test("the dunst example is INI that Python's configparser reads, with the theme's colors")
  func dunst() throws {
    let result = try Self.fill("dunstrc.in")
    #expect(result.status == 0, "\(result.stderr)")
    let parsed = try runProgram(
      "/usr/bin/env",
      [
        "python3", "-c",
        """
        import sys, configparser
        p = configparser.ConfigParser()
        p.read_string(sys.stdin.read())
        print(p['urgency_normal']['background'], p['urgency_critical']['frame_color'])
        """,
      ], stdin: result.stdout)
    #expect(parsed.status == 0, "\(parsed.stderr)")
    let roles = try Self.roles()
    #expect(parsed.output == "\"\(roles["surface"]!)\" \"\(roles["error"]!)\"\n")
  }

  @Test("the rofi example fills every placeholder, rgba() with the background at 95% opacity")
  func rofi() throws {
    let result = try Self.fill("rofi.rasi.in")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.output.contains("{{"))
    let roles = try Self.roles()
    let background = roles["background"]!
    let value = Int(background.dropFirst(), radix: 16)!
    #expect(
      result.output.contains(
        "background-color: rgba(\(value >> 16), \((value >> 8) & 255), \(value & 255), 0.949);"))
    #expect(result.output.contains("border-color:     \(roles["accent"]!);"))
    #expect(programExists("rofi"), "install rofi (scripts/install-deps)")
    do {
      let folder = try makeTemporaryDirectory()
      defer { removeTree(folder) }
      try writeText(result.output, to: folder + "/pickers.rasi")
      let dump = try ThemeClientTests.underXvfb(
        "rofi -theme '\(folder)/pickers.rasi' -dump-theme 2>&1",
        environment: ["HOME": folder, "XDG_CONFIG_HOME": folder])
      #expect(dump.status == 0, "\(dump.output)")
      // rofi prints the colors it parsed as rgba ( R, G, B, A % ).
      let accent = Int(roles["accent"]!.dropFirst(), radix: 16)!
      #expect(
        dump.output.contains(
          "border-color:     rgba ( \(accent >> 16), \((accent >> 8) & 255), \(accent & 255), "
            + "100 % );"), "\(dump.output)")
      #expect(
        dump.output.contains(
          "background-color: rgba ( \(value >> 16), \((value >> 8) & 255), \(value & 255), 95 % );"
        ), "\(dump.output)")
    }
  }

  @Test("an unknown placeholder exits 1 naming the line, and writes nothing")
  func unknown() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    try writeText("ok {{ accent }}\nbad {{ acent }}\n", to: folder + "/t.in")
    let result = try runPickers(
      ["theme", "--accent", "red", "--template", folder + "/t.in", "-o", folder + "/out"])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "pickers: template line 2: unknown placeholder 'acent' (see pickers theme --help)\n")
    #expect(directoryEntries(folder) == ["t.in"])
  }

  @Test("--template with --format, or with both schemes, is refused")
  func conflicts() throws {
    let template = Self.templates + "/tmux.conf.in"
    let both = try runPickers(
      ["theme", "--accent", "red", "--template", template, "--format", "kitty"])
    #expect(both.status == 2)
    #expect(both.stderr.hasPrefix("pickers: give --format or --template, not both"))
    let schemes = try runPickers(
      ["theme", "--accent", "red", "--template", template, "--scheme", "both"])
    #expect(schemes.status == 1)
    #expect(
      schemes.stderr
        == "pickers: a template is filled with one scheme: choose --scheme light or --scheme dark\n"
    )
    let missing = try runPickers(
      ["theme", "--accent", "red", "--template", "/nonexistent/t.in"])
    #expect(missing.status == 1)
    #expect(missing.stderr.hasPrefix("pickers: "))
  }
}

/// The options of `pickers theme` around client versions and fonts.
@Suite("pickers theme --client-version, --fonts, --font-size")
struct ThemeOptionTests {
  @Test("--client-version chooses the syntax whatever is installed")
  func clientVersion() throws {
    let yaml = try runPickers(
      ["theme", "--accent", "red", "--format", "alacritty", "--client-version", "0.12.3"])
    #expect(yaml.status == 0)
    #expect(yaml.output.contains("colors:\n  primary:\n"))
    let toml = try runPickers(
      ["theme", "--accent", "red", "--format", "alacritty", "--client-version", "0.13.2"])
    #expect(toml.output.contains("[colors.primary]"))
  }

  @Test(
    "a bad --client-version, or one for a format without versions, exits 1",
    arguments: [
      (
        ["--format", "kitty", "--client-version", "0.26"],
        "pickers: --client-version applies to the alacritty and foot formats, not kitty\n"
      ),
      (
        ["--format", "foot", "--client-version", "new"],
        "pickers: --client-version takes a foot release such as 0.11 or 1.13.1, not 'new'\n"
      ),
    ])
  func badClientVersion(arguments: [String], message: String) throws {
    let result = try runPickers(["theme", "--accent", "red"] + arguments)
    #expect(result.status == 1)
    #expect(result.stderr == message)
    #expect(result.stdout.isEmpty)
  }

  @Test("--font-size outside 1-200 and an unknown --fonts are usage errors")
  func usage() throws {
    for arguments in [["--font-size", "0"], ["--font-size", "201"], ["--fonts", "some"]] {
      let result = try runPickers(["theme", "--accent", "red", "--format", "foot"] + arguments)
      #expect(result.status == 2, "\(arguments)")
    }
    let sized = try runPickers(
      [
        "theme", "--accent", "red", "--format", "foot", "--font-size", "13", "--client-version",
        "1.13",
      ])
    #expect(sized.output.contains(":size=13\n"))
  }
}
