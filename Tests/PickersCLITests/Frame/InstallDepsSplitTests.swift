import Testing

/// `scripts/install-deps` installs what building and running pickers needs, and `--test` adds
/// what the test command needs: the quick start gets the first set, scripts/test the union.
@Suite("install-deps: the quick start's set and the test command's")
struct InstallDepsSplitTests {
  static let root = fixturesDirectory + "/../.."

  /// The words of one bash array of scripts/install-deps.
  static func array(_ name: String) throws -> Set<String> {
    let script = """
      source <(sed -n "/^\(name)=(/,/^)/p" "$1/scripts/install-deps")
      printf '%s\\n' "${\(name)[@]}"
      """
    let result = try runProgram("/bin/bash", ["-c", script, "bash", root])
    #expect(result.status == 0, "\(result.stderr)")
    return Set(result.output.split(separator: "\n").map(String.init))
  }

  /// The lines of a script that run install-deps.
  static func installLines(_ script: String) throws -> [String] {
    let result = try runProgram("/bin/cat", [root + "/scripts/" + script])
    return result.output.split(separator: "\n").map(String.init)
      .filter { $0.hasPrefix("scripts/install-deps") }
  }

  @Test("the build set holds the libraries pickers links and no test-only tool")
  func buildSet() throws {
    let base = try Self.array("packages")
    for needed in [
      "pkg-config", "libfontconfig-dev", "libfreetype-dev", "libharfbuzz-dev", "libpng-dev",
      "libfribidi-dev", "zlib1g-dev", "libicu-dev", "fonts-dejavu-core",
    ] {
      #expect(base.contains(needed), "\(needed)")
    }
    let tests = try Self.array("test_packages")
    for testOnly in [
      "kitty", "alacritty", "foot", "rofi", "lintian", "zsh", "fish", "dash", "xvfb", "python3-tk",
      "imagemagick", "libgtk-4-dev", "fonts-noto-cjk",
    ] {
      #expect(!base.contains(testOnly), "\(testOnly) is only for the tests")
      #expect(tests.contains(testOnly), "\(testOnly) missing from the test set")
    }
  }

  @Test("scripts/quickstart installs the build set, scripts/test the test set")
  func callers() throws {
    #expect(try Self.installLines("quickstart") == ["scripts/install-deps"])
    #expect(try Self.installLines("test") == ["scripts/install-deps --test"])
  }

  @Test("an unknown flag is refused")
  func usage() throws {
    let result = try runProgram(Self.root + "/scripts/install-deps", ["--tests"])
    #expect(result.status == 2)
    #expect(result.stderr == "usage: scripts/install-deps [--test | --bench]\n")
  }
}
