import FoundationEssentials
import Glibc
import Synchronization
import Testing

/// Theme files loaded into the real programs that read them, as Debian 12 ships them: foot's
/// `--check-config`, kitty's own config parser, `xrdb -merge` and alacritty 0.11 under Xvfb,
/// GTK 4's CSS parser, and plain GTK 4 and libadwaita windows photographed under Xvfb.
///
/// Every client is installed by `scripts/install-deps`; a missing one fails the test.
@Suite("Theme files in their real clients", .tags(.clients))
struct ThemeClientTests {
  static let clients = fixturesDirectory + "/themes/clients"
  /// Debian's own Python, where python3-gi lives (a python3 earlier on PATH may lack it).
  static let python = "/usr/bin/python3"

  /// Writes `pickers theme --accent system-blue ARGUMENTS` into `folder/name` and returns the
  /// path.
  static func theme(_ arguments: [String], into folder: String, name: String) throws -> String {
    let path = folder + "/" + name
    let result = try runPickers(["theme", "--accent", "system-blue"] + arguments + ["-o", path])
    guard result.status == 0 else {
      throw HarnessError(description: "pickers theme \(arguments) failed: \(result.stderr)")
    }
    return path
  }

  /// The theme's roles for `scheme`, from pickers' own JSON.
  static func roles(scheme: String = "dark") throws -> [String: String] {
    let result = try runPickers(["theme", "--accent", "system-blue", "--format", "json"])
    struct Theme: Decodable {
      struct Scheme: Decodable {
        var roles: [String: String]
        var terminal: [String]
      }
      var schemes: [String: Scheme]
    }
    let theme = try JSONDecoder().decode(Theme.self, from: Data(result.stdout))
    guard let colors = theme.schemes[scheme] else { throw HarnessError(description: "no scheme") }
    var roles = colors.roles
    for (index, color) in colors.terminal.enumerated() { roles["color\(index)"] = color }
    return roles
  }

  /// Display numbers for this process's X servers: one per test, never reused.
  static let displays = DisplayCounter()

  /// Runs `script` with `sh` while an Xvfb server runs on `$DISPLAY`; the server is killed
  /// when the script ends.
  ///
  /// The kill is SIGKILL, which is why the lock file and socket are removed by hand: a child
  /// of the test process inherits its blocked signals, so SIGTERM would never arrive.
  static func underXvfb(_ script: String, environment: [String: String] = [:]) throws
    -> PickersResult
  {
    let display = displays.next()
    let wrapper = """
      Xvfb :\(display) -screen 0 1024x768x24 -nolisten tcp -noreset >/dev/null 2>&1 &
      xvfb=$!
      trap 'kill -KILL $xvfb 2>/dev/null; wait $xvfb 2>/dev/null; rm -f /tmp/.X\(display)-lock /tmp/.X11-unix/X\(display)' EXIT
      i=0
      while [ ! -S /tmp/.X11-unix/X\(display) ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done
      export DISPLAY=:\(display)
      \(script)
      """
    return try runProgram(
      "/bin/sh", ["-c", wrapper],
      environment: environment.merging(["GSK_RENDERER": "cairo"]) {
        $1
      }, timeout: 120)
  }

  @Test("foot 1.13 loads the default output without a warning, and rejects the 1.23/1.26 keys")
  func foot() throws {
    #expect(programExists("foot"), "install foot (scripts/install-deps)")
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    // No --client-version: the installed foot is asked which release it is.
    for scheme in ["dark", "light"] {
      let file = try Self.theme(
        ["--format", "foot", "--scheme", scheme], into: folder, name: "\(scheme).ini")
      let check = try runProgram("/usr/bin/env", ["foot", "--check-config", "-c", file])
      #expect(check.status == 0, "\(check.stderr)")
      let complaints = check.stderr.split(separator: "\n").filter {
        $0.contains("warn:") || $0.contains("err:")
      }
      #expect(complaints.isEmpty, "\(complaints)")
    }
    // The newer spellings are what foot 1.13 refuses: the reason the release matters.
    for version in ["1.23", "1.26"] {
      let file = try Self.theme(
        ["--format", "foot", "--client-version", version], into: folder, name: "\(version).ini")
      let check = try runProgram("/usr/bin/env", ["foot", "--check-config", "-c", file])
      #expect(check.status != 0)
      #expect(check.stderr.contains("err:"), "\(check.stderr)")
    }
  }

  @Test("kitty's own parser reads the include file with no complaint and the theme's colors")
  func kitty() throws {
    #expect(programExists("kitty"), "install kitty (scripts/install-deps)")
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let file = try Self.theme(["--format", "kitty"], into: folder, name: "theme.conf")
    let result = try runProgram(
      "/usr/bin/env", ["kitty", "+launch", Self.clients + "/kitty-check.py", file])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.output.contains("problem:"), "\(result.output)")
    let roles = try Self.roles()
    func kittyColor(_ hex: String?) -> String {
      guard let hex, hex.count == 7 else { return "?" }
      let value = Int(hex.dropFirst(), radix: 16) ?? 0
      return "Color(\(value >> 16), \((value >> 8) & 255), \(value & 255))"
    }
    let expected = [
      kittyColor(roles["foreground"]), kittyColor(roles["background"]),
      kittyColor(roles["accent"]), kittyColor(roles["color0"]), kittyColor(roles["color15"]),
    ].joined(separator: " ")
    #expect(result.output.hasPrefix(expected), "\(result.output) vs \(expected)")
    // --fonts none leaves kitty's own font_family default in force.
    let plain = try Self.theme(
      ["--format", "kitty", "--fonts", "none"], into: folder, name: "plain.conf")
    let unfonted = try runProgram(
      "/usr/bin/env", ["kitty", "+launch", Self.clients + "/kitty-check.py", plain])
    #expect(unfonted.output.hasSuffix(" monospace\n"), "\(unfonted.output)")
  }

  @Test("xrdb -merge under Xvfb stores every resource with the file's value", .tags(.desktop))
  func xrdb() throws {
    #expect(programExists("xrdb") && programExists("Xvfb"), "install x11-xserver-utils, xvfb")
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let file = try Self.theme(["--format", "xresources"], into: folder, name: "colors.Xresources")
    let result = try Self.underXvfb("xrdb -merge '\(file)' && xrdb -query")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    var stored: [String: String] = [:]
    for line in result.output.split(separator: "\n") {
      let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
      if parts.count == 2 { stored[parts[0]] = parts[1] }
    }
    let text = String(decoding: try readFileBytes(file), as: UTF8.self)
    var count = 0
    for line in text.split(separator: "\n") where !line.hasPrefix("!") {
      let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
      guard parts.count == 2 else { continue }
      #expect(stored[parts[0]] == parts[1], "\(parts[0])")
      count += 1
    }
    #expect(count == 22)
    let roles = try Self.roles()
    #expect(stored["*.background:"] == roles["background"])
    #expect(stored["*.faceSize:"] == "11")
  }

  @Test(
    "alacritty 0.11 loads the output for the installed release without a warning, shows its background",
    .tags(.desktop))
  func alacritty() throws {
    #expect(programExists("alacritty") && programExists("xwd"), "install alacritty, x11-apps")
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    // No --client-version: alacritty --version says 0.11, so the file is YAML.
    let theme = try Self.theme(["--format", "alacritty"], into: folder, name: "theme.yml")
    let text = String(decoding: try readFileBytes(theme), as: UTF8.self)
    #expect(text.contains("colors:\n  primary:\n"))
    let config = folder + "/alacritty.yml"
    try writeText("import:\n  - \(theme)\n", to: config)
    let result = try Self.underXvfb(
      """
      alacritty --config-file '\(config)' -e sleep 6 >'\(folder)/log' 2>&1 &
      term=$!
      sleep 4
      xwd -root -silent | convert xwd:- -crop 1x1+400+300 txt:- | tail -1
      wait $term
      cat '\(folder)/log' >&2
      """)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      !result.stderr.contains("[WARN") && !result.stderr.contains("[ERROR"), "\(result.stderr)")
    let roles = try Self.roles()
    let pixel = result.output.split(separator: " ").first { $0.hasPrefix("#") }
    #expect(pixel?.lowercased() == roles["background"], "\(result.output)")
    // The TOML that alacritty 0.13 reads is what 0.11 refuses.
    let toml = try Self.theme(
      ["--format", "alacritty", "--client-version", "0.13"], into: folder, name: "theme.toml")
    try writeText("import:\n  - \(toml)\n", to: config)
    let refused = try Self.underXvfb("alacritty --config-file '\(config)' -e true 2>&1")
    #expect(refused.output.contains("did not find expected <document start>"), "\(refused.output)")
  }

  @Test(
    "GTK 4's and GTK 3's CSS parsers read the gtk and gtk-user files without an error",
    .tags(.desktop),
    arguments: [("gtk", "4.0"), ("gtk-user", "4.0"), ("gtk", "3.0"), ("gtk-user", "3.0")])
  func gtkParser(format: String, gtk: String) throws {
    #expect(FileManager.default.fileExists(atPath: Self.python), "install python3-gi")
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    for scheme in ["dark", "light"] {
      let file = try Self.theme(
        ["--format", format, "--scheme", scheme], into: folder, name: "\(scheme).css")
      let result = try Self.underXvfb(
        "\(Self.python) '\(Self.clients)/gtk-css-check.py' \(gtk) '\(file)'")
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.output == "errors 0\n", "\(result.output)")
    }
  }

  @Test("the gtk file defines every named color libadwaita's own stylesheet defines")
  func libadwaitaNames() throws {
    let library = "/usr/lib/x86_64-linux-gnu/libadwaita-1.so.0"
    #expect(programExists("gresource"), "install libglib2.0-bin")
    let listing = try runProgram(
      "/bin/sh",
      [
        "-c",
        "gresource extract \(library) /org/gnome/Adwaita/styles/defaults-dark.css",
      ])
    #expect(listing.status == 0, "\(listing.stderr)")
    let named = Set(
      listing.output.split(separator: "\n").compactMap { line -> String? in
        guard line.hasPrefix("@define-color ") else { return nil }
        return line.split(separator: " ").dropFirst().first.map(String.init)
      })
    #expect(named.count == 33, "libadwaita 1.2 defines 33 named colors")
    let ours = try runPickers(["theme", "--accent", "system-blue", "--format", "gtk"]).output
    let defined = Set(
      ours.split(separator: "\n").compactMap { line -> String? in
        guard line.hasPrefix("@define-color ") else { return nil }
        return line.split(separator: " ").dropFirst().first.map(String.init)
      })
    #expect(named.subtracting(defined).isEmpty, "missing: \(named.subtracting(defined).sorted())")
  }

  @Test(
    "a stock GTK 4 window with gtk-user, and a libadwaita window with gtk, show the theme's window and accent colors",
    .tags(.desktop), arguments: [("gtk", "gtk-user"), ("adw", "gtk")])
  func window(kind: String, format: String) throws {
    #expect(programExists("xwd") && programExists("convert"), "install x11-apps, imagemagick")
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let config = folder + "/config"
    _ = try runProgram("/bin/mkdir", ["-p", config + "/gtk-4.0"])
    _ = try Self.theme(["--format", format], into: config + "/gtk-4.0", name: "gtk.css")
    let result = try Self.underXvfb(
      "\(Self.python) '\(Self.clients)/gtk-window.py' \(kind)",
      environment: ["XDG_CONFIG_HOME": config, "HOME": folder])
    #expect(result.status == 0, "\(result.stderr)")
    let roles = try Self.roles()
    #expect(
      result.output == "window \(roles["background"] ?? "")\nbutton \(roles["accent"] ?? "")\n")
  }
}

/// Hands out X display numbers, different for every test in this process and unlikely to be
/// used by another process (they start from a number derived from the process id).
final class DisplayCounter: Sendable {
  private let base: Int
  private let counter = Mutex(0)

  init() { base = 200 + Int(getpid() % 400) * 8 }

  func next() -> Int {
    counter.withLock { value in
      value += 1
      return base + value
    }
  }
}

/// The bytes of the file at `path`.
func readFileBytes(_ path: String) throws -> [UInt8] {
  let result = try runProgram("/bin/cat", [path])
  guard result.status == 0 else { throw HarnessError(description: "cannot read \(path)") }
  return result.stdout
}
