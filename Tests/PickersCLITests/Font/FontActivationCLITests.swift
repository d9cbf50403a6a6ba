import FoundationEssentials
import Glibc
import Testing

@Suite("pickers font disable and enable")
struct FontActivationCLITests {
  /// A private folder with a configuration that reads the test fonts and the user's conf.d
  /// (as Debian's 50-user.conf does), and the environment to use it.
  static func setUp() throws -> (folder: String, environment: [String: String]) {
    let folder = try makeTemporaryDirectory()
    let conf = folder + "/fonts.conf"
    try writeText(
      """
      <?xml version="1.0"?>
      <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
      <fontconfig>
        <include ignore_missing="no">\(testFontsConf)</include>
        <include ignore_missing="yes" prefix="xdg">fontconfig/conf.d</include>
      </fontconfig>
      """, to: conf)
    return (
      folder,
      [
        "FONTCONFIG_FILE": conf, "XDG_CONFIG_HOME": folder + "/config",
        "XDG_CACHE_HOME": folder + "/cache",
      ]
    )
  }

  /// Everything fontconfig answers that disabling could change.
  static func answers(_ env: [String: String]) throws -> [String] {
    var lines = outputLines(try fcList(["--format", "%{file}#%{index}\n"], environment: env))
      .sorted()
    for generic in ["sans-serif", "serif", "monospace", "DejaVu Serif:bold"] {
      lines.append(try runProgram("/usr/bin/fc-match", [generic], environment: env).output)
    }
    return lines
  }

  @Test("disable hides a family from fc-list and fc-match; enable brings every answer back")
  func disableAndEnable() throws {
    let (folder, env) = try Self.setUp()
    defer { removeTree(folder) }
    let before = try Self.answers(env)
    let listBefore = try runPickers(["font", "list"], environment: env)
    let serif = try runProgram(
      "/usr/bin/fc-match", ["serif", "--format", "%{family[0]}"], environment: env
    ).output
    let disable = try runPickers(["font", "disable", serif, "DejaVu Sans"], environment: env)
    #expect(disable.status == 0)
    let now = try runProgram(
      "/usr/bin/fc-match", ["serif", "--format", "%{family[0]}"], environment: env
    ).output
    #expect(now != serif)
    #expect(
      disable.stderr.contains("serif resolved to \"\(serif)\"; it now resolves to \"\(now)\""))
    let families = Set(outputLines(try fcList(["--format", "%{family[0]}\n"], environment: env)))
    #expect(!families.contains(serif) && !families.contains("DejaVu Sans"))
    // pickers' own (cached) answer agrees with fontconfig's at once.
    let listAfter = try runPickers(["font", "list"], environment: env)
    #expect(Set(outputLines(listAfter)) == families)
    let disabled = try runPickers(["font", "disabled", "--json"], environment: env)
    #expect(
      try JSONDecoder().decode([String].self, from: Data(disabled.stdout)) == [
        serif, "DejaVu Sans",
      ])
    #expect(
      directoryEntries(folder + "/config/fontconfig/conf.d") == ["80-pickers-disabled.conf"])
    let notDisabled = try runPickers(
      ["font", "enable", "DejaVu Serif Condensed"], environment: env)
    #expect(notDisabled.status == 1)
    #expect(try runPickers(["font", "enable", "DejaVu Sans"], environment: env).status == 0)
    #expect(try runPickers(["font", "enable", "--all"], environment: env).status == 0)
    #expect(try Self.answers(env) == before)
    #expect(try runPickers(["font", "list"], environment: env).stdout == listBefore.stdout)
    #expect(directoryEntries(folder + "/config/fontconfig/conf.d").isEmpty)
  }

  @Test("eight concurrent disables lose nothing")
  func concurrentWriters() async throws {
    let (folder, env) = try Self.setUp()
    defer { removeTree(folder) }
    let all = outputLines(try fcList(["--format", "%{family[0]}\n"], environment: env))
    let chosen = Array(Set(all).sorted().prefix(8))
    try await withThrowingTaskGroup(of: Int32.self) { group in
      for family in chosen {
        group.addTask { try runPickers(["font", "disable", family], environment: env).status }
      }
      for try await status in group { #expect(status == 0) }
    }
    let disabled = try runPickers(["font", "disabled"], environment: env)
    #expect(Set(outputLines(disabled)) == Set(chosen))
    let remaining = Set(outputLines(try fcList(["--format", "%{family[0]}\n"], environment: env)))
    #expect(remaining.isDisjoint(with: chosen))
  }

  @Test("a file pickers did not write is reported by disabled and moved aside by disable")
  func foreignFile() throws {
    let (folder, env) = try Self.setUp()
    defer { removeTree(folder) }
    let confd = folder + "/config/fontconfig/conf.d"
    _ = try runProgram("/bin/mkdir", ["-p", confd])
    let path = confd + "/80-pickers-disabled.conf"
    try writeText("<fontconfig><!-- mine --></fontconfig>\n", to: path)
    let read = try runPickers(["font", "disabled"], environment: env)
    #expect(read.status == 1)
    #expect(read.stderr.hasPrefix("pickers: '\(path)' was not written by pickers"))
    let write = try runPickers(["font", "disable", "DejaVu Sans"], environment: env)
    #expect(write.status == 0)
    #expect(write.stderr.contains("moved it to '\(path).corrupt-"))
    let aside = directoryEntries(confd).filter { $0.contains(".corrupt-") }
    #expect(aside.count == 1)
    #expect(try String(contentsOfFile: confd + "/" + aside[0], encoding: .utf8).contains("mine"))
  }

  @Test("a configuration that does not read conf.d gets a warning")
  func unreadFolder() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let result = try runPickers(
      ["font", "disable", "DejaVu Sans"], environment: ["XDG_CONFIG_HOME": folder])
    #expect(result.status == 0)
    #expect(result.stderr.contains("does not read $XDG_CONFIG_HOME/fontconfig/conf.d"))
  }
}
