import Foundation
import Glibc
import Pickers
import Testing

/// A private session bus whose stand-in Settings portal
/// (Tests/Fixtures/desktop/settings-standin.py) holds `mode`, kept up until `stop()` removes
/// its folder (20 minutes at most).
///
/// It must not end on a clock of its own: in the full suite a test's child tasks wait behind
/// hundreds of queued tests in a 2-thread pool, and a bus that left after 60 s took the
/// SettingChanged signals with it.
private final class SettingsPortal {
  let process: BackgroundProcess
  let folder: String
  let address: String
  var control: String { folder + "/control" }

  init(_ mode: String) throws {
    try #require(programExists("dbus-run-session"), "dbus is installed by scripts/install-deps")
    folder = try makeTemporaryDirectory()
    let desktop = fixturesDirectory + "/desktop"
    let addressFile = folder + "/address"
    process = try BackgroundProcess(
      "/usr/bin/dbus-run-session",
      [
        "--config-file=\(desktop)/session.conf", "--", "/usr/bin/python3",
        "\(desktop)/settings-standin.py", mode, "--", "/bin/sh", "-c",
        "echo \"$DBUS_SESSION_BUS_ADDRESS\" > \(addressFile).part && mv \(addressFile).part "
          + "\(addressFile) && n=0; while [ -d \(folder) ] && [ $n -lt 6000 ]; do sleep 0.2; "
          + "n=$((n + 1)); done",
      ],
      environment: ["STANDIN_CONTROL": folder + "/control"], ownGroup: true)
    var found = ""
    for _ in 0..<400 {
      found = String(decoding: BackgroundProcess.contents(addressFile), as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      if !found.isEmpty { break }
      usleep(25_000)
    }
    try #require(!found.isEmpty, "the stand-in portal did not start")
    address = found
  }

  /// The environment of a desktop whose only appearance source is this portal.
  func environment(gtkSettings: String? = nil) throws -> [String: String] {
    if let gtkSettings {
      _ = try runProgram("/bin/mkdir", ["-p", folder + "/config/gtk-4.0"])
      try writeText(gtkSettings, to: folder + "/config/gtk-4.0/settings.ini")
    }
    return [
      "DBUS_SESSION_BUS_ADDRESS": address, "GTK_THEME": "",
      "XDG_CONFIG_HOME": folder + "/config", "HOME": folder,
    ]
  }

  /// Makes the stand-in behind `control` change its settings to `mode`.
  static func change(_ control: String, to mode: String) throws {
    try writeText(mode + "\n", to: control + ".part")
    rename(control + ".part", control)
  }

  func stop() {
    process.terminate()
    removeTree(folder)
  }
}

/// Runs `pickers ARGUMENTS` inside a private bus whose stand-in portal holds `mode`, with no
/// GTK preference.
private func pickersWithPortal(_ mode: String, _ arguments: [String]) throws -> PickersResult {
  let desktop = fixturesDirectory + "/desktop"
  let process = try BackgroundProcess(
    "/usr/bin/dbus-run-session",
    [
      "--config-file=\(desktop)/session.conf", "--", "/usr/bin/python3",
      "\(desktop)/settings-standin.py", mode, "--", pickersBinary,
    ] + arguments,
    environment: ["GTK_THEME": "", "XDG_CONFIG_HOME": "/nonexistent-pickers-test"], ownGroup: true)
  var result = try process.wait(timeout: 60)
  result.stderr = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    .filter { !$0.hasPrefix("dbus-daemon[") }.joined(separator: "\n")
  return result
}

@Suite("Appearance against a stand-in Settings portal on a private bus", .tags(.desktop))
struct AppearancePortalTests {
  @Test(
    "the portal's color-scheme decides: 2 light, 1 dark",
    arguments: [("light", ColorScheme.light), ("dark", .dark)])
  func portalScheme(mode: String, expected: ColorScheme) throws {
    let portal = try SettingsPortal(mode)
    defer { portal.stop() }
    // GTK's settings say the opposite: the portal comes first.
    let opposite = expected == .dark ? "0" : "1"
    let environment = try portal.environment(
      gtkSettings: "[Settings]\ngtk-application-prefer-dark-theme=\(opposite)\n")
    let appearance = Appearance.current(environment: environment)
    #expect(appearance.scheme == expected)
    #expect(appearance.origin == .portal)
    #expect(appearance.accentColor == nil)
  }

  @Test(
    "no preference, no color-scheme key or no portal: GTK's settings.ini, then light",
    arguments: ["none", "missing", "no-service"])
  func fallThrough(mode: String) throws {
    let portal = try SettingsPortal(mode)
    defer { portal.stop() }
    let bare = Appearance.current(environment: try portal.environment())
    #expect(bare.scheme == .light)
    #expect(bare.origin == .fallback)
    let gtk = Appearance.current(
      environment: try portal.environment(
        gtkSettings: "[Settings]\ngtk-application-prefer-dark-theme = true\n"))
    #expect(gtk.scheme == .dark)
    #expect(gtk.origin == .gtkSettings)
  }

  @Test("accent-color (0.2, 0.4, 0.8) is the appearance's accent, #3366cc")
  func accent() throws {
    let portal = try SettingsPortal("dark+accent:0.2:0.4:0.8")
    defer { portal.stop() }
    let appearance = Appearance.current(environment: try portal.environment())
    #expect(appearance.scheme == .dark)
    #expect(appearance.accentColor?.hex == "#3366cc")
    let unset = try SettingsPortal("light+accent:-1:-1:-1")
    defer { unset.stop() }
    #expect(Appearance.current(environment: try unset.environment()).accentColor == nil)
  }

  @Test("changes() starts with the current answer and follows SettingChanged")
  func changes() async throws {
    let portal = try SettingsPortal("dark")
    defer { portal.stop() }
    let environment = try portal.environment()
    let stream = Appearance.changes(environment: environment)
    let control = portal.control
    let seen = try await withThrowingTaskGroup(of: [ColorScheme].self) { group in
      group.addTask {
        var schemes: [ColorScheme] = []
        for await appearance in stream {
          schemes.append(appearance.scheme)
          switch schemes.count {
          // The watch is running once the first answer is out; give the match rule a moment
          // to reach the bus before the change.
          case 1:
            try await Task.sleep(for: .milliseconds(300))
            try SettingsPortal.change(control, to: "light")
          // "none" with no GTK settings is light again: no element; then dark.
          case 2:
            try SettingsPortal.change(control, to: "none")
            try await Task.sleep(for: .milliseconds(400))
            try SettingsPortal.change(control, to: "dark")
          default: return schemes
          }
        }
        return schemes
      }
      group.addTask {
        // A guard against a hang, not a time limit: the whole suite shares a 2-thread pool on
        // a 2-core machine, and each resumption of the stream's consumer waits behind the
        // tests queued before it.
        try await Task.sleep(for: .seconds(600))
        throw HarnessError(description: "no SettingChanged arrived in 600 s")
      }
      let first = try await group.next() ?? []
      group.cancelAll()
      return first
    }
    #expect(seen == [.dark, .light, .dark])
  }

  @Test("without a bus, changes() gives the current answer and ends")
  func noBus() async {
    var seen: [Appearance] = []
    let environment = [
      "DBUS_SESSION_BUS_ADDRESS": "", "GTK_THEME": "Adwaita:dark", "XDG_RUNTIME_DIR": "",
    ]
    for await appearance in Appearance.changes(environment: environment) {
      seen.append(appearance)
    }
    #expect(seen == [Appearance(scheme: .dark, origin: .gtkThemeVariable)])
  }

  @Test(
    "light-dark() without --scheme follows the portal",
    arguments: [("dark", "#000000\n"), ("light", "#ffffff\n"), ("none", "#ffffff\n")])
  func lightDark(mode: String, expected: String) throws {
    let result = try pickersWithPortal(
      mode, ["color", "convert", "light-dark(white, black)", "--to", "hex"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.output == expected)
  }

  @Test("palette accents --scheme auto lists the portal's scheme's variants")
  func accentsAuto() throws {
    for scheme in ["dark", "light"] {
      let result = try pickersWithPortal(
        scheme, ["palette", "accents", "--scheme", "auto", "--format", "hex"])
      #expect(result.status == 0, "\(result.stderr)")
      let pinned = try runPickers(["palette", "accents", "--scheme", scheme, "--format", "hex"])
      #expect(result.output == pinned.output)
      #expect(result.output.split(separator: "\n").count == 13)
    }
  }
}
