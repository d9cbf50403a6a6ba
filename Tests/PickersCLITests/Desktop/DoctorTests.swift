import Foundation
import Glibc
import Testing

/// One Xvfb for the suite (its fixture windows are not looked at).
private let sharedScreen: Result<VirtualScreen, HarnessError> = {
  do {
    return .success(try VirtualScreen())
  } catch {
    return .failure(HarnessError(description: "\(error)"))
  }
}()

/// An environment with no display, no bus and a private home, so that only what a test adds
/// is there to be found.
private func isolated(_ home: String, _ extra: [String: String] = [:]) -> [String: String] {
  var environment = [
    "DISPLAY": "", "WAYLAND_DISPLAY": "", "XDG_SESSION_TYPE": "", "DBUS_SESSION_BUS_ADDRESS": "",
    "HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_CACHE_HOME": home + "/cache",
    "XDG_DATA_HOME": home + "/data", "XDG_STATE_HOME": home + "/state",
  ]
  for (key, value) in extra { environment[key] = value }
  return environment
}

/// `pickers doctor --json`, parsed: check name -> its object.
private func doctorJSON(_ environment: [String: String]) throws -> [String: [String: Any]] {
  let result = try runPickers(["doctor", "--json"], environment: environment, timeout: 60)
  #expect(result.status == 0, "\(result.stderr)")
  return try #require(
    try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: [String: Any]])
}

/// Runs `COMMAND` on a private session bus where a stand-in portal (a script of
/// Tests/Fixtures/desktop) answers as `mode` says.
private func onPrivateBus(
  _ script: String, _ mode: String, _ command: [String], environment: [String: String]
) throws -> PickersResult {
  try #require(programExists("dbus-run-session"), "dbus is installed by scripts/install-deps")
  let desktop = fixturesDirectory + "/desktop"
  let process = try BackgroundProcess(
    "/usr/bin/dbus-run-session",
    [
      "--config-file=\(desktop)/session.conf", "--", "/usr/bin/python3", "\(desktop)/\(script)",
      mode, "--",
    ] + command, environment: environment, ownGroup: true)
  return try process.wait(timeout: 60)
}

@Suite("pickers doctor", .serialized, .tags(.desktop))
struct DoctorTests {
  @Test("under Xvfb: display and x11 are ok, as xdotool finds the same display answering")
  func x11() throws {
    let screen = try sharedScreen.get()
    let home = try makeTemporaryDirectory()
    defer { removeTree(home) }
    let geometry = try screen.run("xdotool", ["getdisplaygeometry"])
    try #require(geometry.status == 0, "xdotool: \(geometry.stderr)")
    let report = try doctorJSON(isolated(home, screen.environment))
    #expect(report["x11"]?["status"] as? String == "ok")
    #expect((report["x11"]?["details"] as? [String: Any])?["display"] as? String == screen.display)
    #expect(report["display"]?["status"] as? String == "ok")
    #expect((report["display"]?["details"] as? [String: Any])?["server"] as? String == "x11")
  }

  @Test("with DISPLAY unset, x11 and display are missing and say what to set; exit 0")
  func noDisplay() throws {
    let home = try makeTemporaryDirectory()
    defer { removeTree(home) }
    let result = try runPickers(["doctor"], environment: isolated(home))
    #expect(result.status == 0)
    let lines = result.output.split(separator: "\n")
    #expect(lines.contains { $0.hasPrefix("x11: missing: an X server: set DISPLAY") })
    #expect(lines.contains { $0.hasPrefix("display: missing: a display server: set DISPLAY") })
  }

  @Test("a DISPLAY nobody serves is missing, within the probe's bound")
  func deadDisplay() throws {
    let home = try makeTemporaryDirectory()
    defer { removeTree(home) }
    let start = monotonicNow()
    let report = try doctorJSON(isolated(home, ["DISPLAY": ":989"]))
    #expect(monotonicNow() - start < 20)
    #expect(report["x11"]?["status"] as? String == "missing")
    #expect((report["x11"]?["fix"] as? String)?.contains("DISPLAY=:989") == true)
  }

  @Test("a portal with PickColor: ok, with the version the bus itself reports")
  func portalPresent() throws {
    let home = try makeTemporaryDirectory()
    defer { removeTree(home) }
    let out = home + "/doctor.json"
    let version = home + "/version"
    let script =
      "'\(pickersBinary)' doctor --json > '\(out)' && gdbus call --session --dest "
      + "org.freedesktop.portal.Desktop --object-path /org/freedesktop/portal/desktop --method "
      + "org.freedesktop.DBus.Properties.Get org.freedesktop.portal.Screenshot version > "
      + "'\(version)'"
    let result = try onPrivateBus(
      "portal-standin.py", "cancel", ["/bin/sh", "-c", script], environment: isolated(home))
    #expect(result.status == 0, "\(result.stderr)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(BackgroundProcess.contents(out)))
        as? [String: [String: Any]])
    // gdbus prints "(<uint32 2>,)".
    let answer = String(decoding: BackgroundProcess.contents(version), as: UTF8.self)
    let number = try #require(answer.firstMatch(of: /uint32 (\d+)/)?.1).description
    #expect(report["portal"]?["status"] as? String == "ok")
    let details = report["portal"]?["details"] as? [String: Any]
    #expect((details?["screenshotVersion"] as? Int).map(String.init) == number)
    #expect(report["portal-pick-color"]?["status"] as? String == "ok")
  }

  @Test(
    "the Settings color-scheme is the one the stand-in holds",
    arguments: [("dark", 1), ("light", 2), ("none", 0)])
  func colorScheme(mode: String, value: Int) throws {
    let home = try makeTemporaryDirectory()
    defer { removeTree(home) }
    let out = home + "/doctor.json"
    let result = try onPrivateBus(
      "settings-standin.py", mode,
      ["/bin/sh", "-c", "'\(pickersBinary)' doctor --json > '\(out)'"],
      environment: isolated(home))
    #expect(result.status == 0, "\(result.stderr)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(BackgroundProcess.contents(out)))
        as? [String: [String: Any]])
    let scheme = report["portal-color-scheme"]
    #expect(scheme?["status"] as? String == "ok")
    #expect((scheme?["details"] as? [String: Any])?["value"] as? Int == value)
    // That stand-in has no Screenshot interface.
    #expect(report["portal-pick-color"]?["status"] as? String == "missing")
  }

  @Test(
    "no portal on the bus, a portal without PickColor, and no bus at all are reported",
    arguments: ["no-service", "no-method", "no-bus"])
  func portalAbsent(mode: String) throws {
    let home = try makeTemporaryDirectory()
    defer { removeTree(home) }
    let out = home + "/doctor.json"
    if mode == "no-bus" {
      let report = try doctorJSON(isolated(home))
      #expect(report["portal"]?["status"] as? String == "missing")
      #expect((report["portal"]?["fix"] as? String)?.contains("D-Bus session bus") == true)
      #expect(report["portal-pick-color"]?["status"] as? String == "unknown")
      return
    }
    let result = try onPrivateBus(
      "portal-standin.py", mode, ["/bin/sh", "-c", "'\(pickersBinary)' doctor --json > '\(out)'"],
      environment: isolated(home))
    #expect(result.status == 0, "\(result.stderr)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(BackgroundProcess.contents(out)))
        as? [String: [String: Any]])
    let portal = report["portal"]?["status"] as? String
    let pickColor = report["portal-pick-color"]?["status"] as? String
    if mode == "no-service" {
      #expect(portal == "missing")
      #expect((report["portal"]?["fix"] as? String)?.contains("xdg-desktop-portal") == true)
      #expect(pickColor == "unknown")
    } else {
      #expect(portal == "ok")
      #expect(pickColor == "missing")
    }
  }

  @Test("--json parses with python3 and says what the text says, check by check")
  func jsonMatchesText() throws {
    let home = try makeTemporaryDirectory()
    defer { removeTree(home) }
    let environment = isolated(home)
    let text = try runPickers(["doctor"], environment: environment)
    let json = try runPickers(["doctor", "--json"], environment: environment)
    #expect(text.status == 0 && json.status == 0)
    let parse = """
      import json, sys
      report = json.load(sys.stdin)
      for name, check in report.items():
          assert set(check) == {"status", "value", "fix", "details"}, name
          if check["status"] == "ok":
              print(f"{name}: ok ({check['value']})")
          elif check["status"] == "missing":
              print(f"{name}: missing: {check['fix']} ({check['value']})")
          else:
              print(f"{name}: unknown ({check['value']})")
      """
    let python = try runProgram("/usr/bin/python3", ["-c", parse], stdin: json.stdout)
    #expect(python.status == 0, "\(python.stderr)")
    #expect(Set(python.output.split(separator: "\n")) == Set(text.output.split(separator: "\n")))
    #expect(text.output.split(separator: "\n").count == 16)
  }

  @Test("fontconfig: the font count is fc-list's under the test fonts.conf, which was read")
  func fonts() throws {
    let home = try makeTemporaryDirectory()
    defer { removeTree(home) }
    let environment = isolated(home)
    let listed = try runProgram("/usr/bin/fc-list", [], environment: environment)
    try #require(listed.status == 0)
    let count = listed.output.split(separator: "\n").count
    let report = try doctorJSON(environment)
    let details = try #require(report["fontconfig"]?["details"] as? [String: Any])
    #expect(details["fonts"] as? Int == count)
    #expect(details["file"] as? String == testFontsConf)
    #expect((details["configFiles"] as? [String])?.contains(testFontsConf) == true)
    #expect(report["fontconfig"]?["status"] as? String == "ok")
    let folders = try #require(report["pickers-folders"]?["details"] as? [String: Any])
    #expect(folders["config"] as? String == home + "/config/pickers")
    #expect(folders["cache"] as? String == home + "/cache/pickers")
  }

  @Test("a missing GTK 4 says what to install; both helpers are found beside pickers")
  func missingPieces() throws {
    let home = try makeTemporaryDirectory()
    defer { removeTree(home) }
    let report = try doctorJSON(
      isolated(home, ["PICKERS_TEST_GTK_LIBRARY": "libgtk-4-absent.so.9"]))
    #expect(report["gtk4"]?["status"] as? String == "missing")
    #expect((report["gtk4"]?["fix"] as? String)?.contains("Debian: libgtk-4-1") == true)
    // The build folder holds both helpers beside pickers.
    for helper in ["pickers-gtk", "pickers-sample"] {
      let path = (report[helper]?["details"] as? [String: Any])?["path"] as? String
      #expect(path == buildProductsDirectory + "/" + helper)
    }
  }

  @Test(
    "a Wayland compositor's data-control global is found, and its absence reported",
    arguments: [
      ("wl_compositor,ext_data_control_manager_v1,wl_seat", "ok"),
      ("wl_compositor,zwlr_data_control_manager_v1", "ok"), ("wl_compositor,wl_seat", "missing"),
    ])
  func dataControl(globals: String, expected: String) throws {
    let home = try makeTemporaryDirectory()
    defer { removeTree(home) }
    let socket = home + "/wayland-test"
    let out = home + "/doctor.json"
    let result = try runProgram(
      "/usr/bin/python3",
      [
        fixturesDirectory + "/desktop/wayland-standin.py", socket, globals, "--", "/bin/sh", "-c",
        "'\(pickersBinary)' doctor --json > '\(out)'",
      ], environment: isolated(home))
    #expect(result.status == 0, "\(result.stderr)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(BackgroundProcess.contents(out)))
        as? [String: [String: Any]])
    #expect(report["wayland"]?["status"] as? String == "ok")
    let count = globals.split(separator: ",").count
    #expect((report["wayland"]?["details"] as? [String: Any])?["globals"] as? Int == count)
    #expect(report["wayland-data-control"]?["status"] as? String == expected)
    let offered = globals.split(separator: ",").first { $0.contains("data_control") }
    let interface = (report["wayland-data-control"]?["details"] as? [String: Any])?["interface"]
    #expect((interface as? String) == offered.map(String.init))
    #expect(report["display"]?["status"] as? String == "ok")
  }

  @Test(
    "an X server and a bus that accept and never answer are reported within the bounds",
    .tags(.slow))
  func silentServers() throws {
    let home = try makeTemporaryDirectory()
    defer { removeTree(home) }
    // A display number no server uses: its socket must not exist yet.
    var number = 900 + Int(getpid() % 90)
    while access("/tmp/.X11-unix/X\(number)", F_OK) == 0 { number += 1 }
    let xSocket = "/tmp/.X11-unix/X\(number)"
    let busSocket = home + "/bus"
    let listen = """
      import os, socket, sys, time
      os.makedirs("/tmp/.X11-unix", exist_ok=True)
      held = []
      for path in sys.argv[1:]:
          server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
          server.bind(path)
          server.listen(8)
          held.append(server)
      print("ready", flush=True)
      time.sleep(120)
      """
    let silent = try BackgroundProcess("/usr/bin/python3", ["-c", listen, xSocket, busSocket])
    defer {
      silent.terminate()
      unlink(xSocket)
    }
    let start = monotonicNow()
    while access(busSocket, F_OK) != 0 && monotonicNow() - start < 10 { usleep(20_000) }
    let began = monotonicNow()
    let report = try doctorJSON(
      isolated(
        home, ["DISPLAY": ":\(number)", "DBUS_SESSION_BUS_ADDRESS": "unix:path=" + busSocket]))
    #expect(monotonicNow() - began < 30)
    #expect(report["x11"]?["status"] as? String == "missing")
    #expect((report["x11"]?["value"] as? String)?.hasPrefix("no answer in") == true)
    #expect(report["portal"]?["status"] as? String == "missing")
  }

  @Test("other commands load no libX11, GIO or GTK; doctor loads GTK (the dynamic loader's log)")
  func othersLoadNothing() throws {
    func loaded(_ arguments: [String]) throws -> String {
      let result = try runPickers(arguments, environment: ["LD_DEBUG": "files"])
      #expect(result.status == 0, "\(result.stderr)")
      return result.stderr
    }
    for arguments in [["--version"], ["color", "convert", "red", "--to", "hex"]] {
      let log = try loaded(arguments)
      for library in ["libX11.so", "libgio-2.0.so", "libgtk-4.so"] {
        #expect(!log.contains(library), "\(arguments) loads \(library)")
      }
    }
    let log = try loaded(["doctor"])
    #expect(log.contains("libgtk-4.so"))
  }

  @Test(
    "the clipboard check says what pickers-sample clipboard says, with and without a display",
    arguments: [false, true])
  func clipboard(onScreen: Bool) throws {
    let home = try makeTemporaryDirectory()
    defer { removeTree(home) }
    let environment = isolated(home, onScreen ? try sharedScreen.get().environment : [:])
    let helper = try runProgram(
      buildProductsDirectory + "/pickers-sample", ["clipboard"], environment: environment,
      timeout: 30)
    let report = try doctorJSON(environment)
    let check = try #require(report["clipboard"])
    let target = (check["details"] as? [String: Any])?["target"]
    switch helper.status {
    case 0:
      let line = helper.output.split(separator: "\n").first.map(String.init)
      #expect(check["status"] as? String == "ok")
      #expect(target as? String == line)
    case 3:
      #expect(check["status"] as? String == "missing")
      #expect(target is NSNull)
    default:
      // A helper without the verb (usage error): nothing to say.
      #expect(check["status"] as? String == "unknown")
    }
  }
}
