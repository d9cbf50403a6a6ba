import Foundation
import Glibc
import Testing

/// Runs `pickers ARGUMENTS` on a private session bus where the stand-in portal
/// (Tests/Fixtures/desktop/portal-standin.py) answers PickColor the way `mode` says.
///
/// dbus-daemon's own notice about file limits (it runs as root here) is dropped from
/// standard error; everything else is kept.
private func withPortal(
  _ mode: String, _ arguments: [String], program: String = pickersBinary,
  environment: [String: String] = [:], log: String? = nil
) throws -> PickersResult {
  try #require(programExists("dbus-run-session"), "dbus is installed by scripts/install-deps")
  let desktop = fixturesDirectory + "/desktop"
  var env = ["DISPLAY": "", "WAYLAND_DISPLAY": "", "XDG_SESSION_TYPE": ""]
  if let log { env["STANDIN_LOG"] = log }
  for (key, value) in environment { env[key] = value }
  let process = try BackgroundProcess(
    "/usr/bin/dbus-run-session",
    [
      "--config-file=\(desktop)/session.conf", "--", "/usr/bin/python3",
      "\(desktop)/portal-standin.py", mode, "--", program,
    ] + arguments,
    environment: env, ownGroup: true)
  var result = try process.wait(timeout: 60)
  result.stderr = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    .filter { !$0.hasPrefix("dbus-daemon[") }.joined(separator: "\n")
  return result
}

@Suite(
  "pickers color sample through the desktop portal (a stand-in on a private bus)", .tags(.desktop))
struct ColorSamplePortalTests {
  @Test("success with (0.2, 0.4, 0.8) prints #3366cc; the request carried a handle token")
  func success() throws {
    let directory = try makeTemporaryDirectory()
    defer { removeTree(directory) }
    let log = directory + "/calls"
    let result = try withPortal(
      "success:0.2,0.4,0.8", ["color", "sample", "--backend", "portal"], log: log)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.output == "#3366cc\n")
    #expect(result.stderr.isEmpty)
    let calls = String(decoding: BackgroundProcess.contents(log), as: UTF8.self)
    #expect(calls.wholeMatch(of: /PickColor parent= token=pickers_\d+_\d+\n/) != nil, "\(calls)")
  }

  @Test("the stand-in answers before the call returns: the response is still caught")
  func answerBeforeReply() throws {
    // The success mode sends Response before the method's reply, as a fast back end may;
    // only a client that subscribed to the predicted path first sees it. Five in a row.
    for _ in 0..<5 {
      let result = try withPortal(
        "success:1,0.5,0", ["color", "sample", "--backend", "portal", "--timeout", "20"])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.output == "#ff8000\n")
    }
  }

  @Test("--json has a null position and names the portal backend")
  func json() throws {
    let result = try withPortal(
      "success:0.2,0.4,0.8", ["color", "sample", "--backend", "portal", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
    #expect(object["hex"] as? String == "#3366cc")
    #expect(object["x"] is NSNull && object["y"] is NSNull)
    #expect(object["backend"] as? String == "portal")
  }

  @Test(
    "a Wayland session chooses the portal without --backend",
    arguments: [
      ["WAYLAND_DISPLAY": "wayland-7"], ["XDG_SESSION_TYPE": "wayland", "DISPLAY": ":93"],
    ])
  func waylandSession(environment: [String: String]) throws {
    let result = try withPortal(
      "success:0.2,0.4,0.8", ["color", "sample"], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.output == "#3366cc\n")
  }

  @Test("a handle other than the predicted one is followed")
  func movedHandle() throws {
    let result = try withPortal(
      "moved:0.2,0.4,0.8", ["color", "sample", "--backend", "portal"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.output == "#3366cc\n")
  }

  @Test("--count 2 asks twice")
  func count() throws {
    let result = try withPortal(
      "success:0,0,0", ["color", "sample", "--backend", "portal", "--count", "2"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.output == "#000000\n#000000\n")
  }

  @Test("--copy that fails after the pick still prints the color first, then says why, exit 1")
  func copyFailsAfterPick() throws {
    // DISPLAY names an X server that is not there: the clipboard check before the pick finds
    // a path (X11), the copy itself fails; the answer is out by then.
    for arguments in [
      ["color", "sample", "--backend", "portal", "--copy"],
      ["color", "sample", "--backend", "portal", "--copy", "--json"],
    ] {
      let result = try withPortal(
        "success:0.2,0.4,0.8", arguments, environment: ["DISPLAY": ":93"])
      #expect(result.status == 1, "\(arguments)")
      #expect(result.output.contains("#3366cc"), "\(arguments): \(result.output)")
      #expect(
        result.stderr
          == "pickers: cannot open the X display ':93' (is DISPLAY right and the X server "
          + "running?)\n", "\(arguments)")
    }
    // The helper's own pick --copy prints its line before copying, too.
    let helper = try withPortal(
      "success:0.2,0.4,0.8", ["pick", "--backend", "portal", "--copy"],
      program: buildProductsDirectory + "/pickers-sample", environment: ["DISPLAY": ":93"])
    #expect(helper.status == 3)
    #expect(helper.output == "#3366cc -1 -1\n")
  }

  @Test("response 1 (cancelled) exits 1 and prints nothing")
  func cancelled() throws {
    let result = try withPortal("cancel", ["color", "sample", "--backend", "portal"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.isEmpty)
  }

  @Test("response 2 (other) exits 1 with a message")
  func other() throws {
    let result = try withPortal("other", ["color", "sample", "--backend", "portal"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "pickers: the desktop portal could not pick a color: the request ended with "
        + "response 2\n")
  }

  @Test("response 2 from xdg-desktop-portal-wlr (Esc in slurp) is a quiet cancel")
  func wlrCancel() throws {
    let result = try withPortal("wlr-cancel", ["color", "sample", "--backend", "portal"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.isEmpty, "\(result.stderr)")
  }

  @Test("a portal without PickColor gets one message naming the missing method")
  func noPickColor() throws {
    let result = try withPortal("no-method", ["color", "sample", "--backend", "portal"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("pickers: the desktop portal has no "))
    #expect(result.stderr.contains("org.freedesktop.portal.Screenshot.PickColor"))
    #expect(result.stderr.split(separator: "\n").count == 1)
  }

  @Test("no portal service gets one message naming the missing service")
  func noService() throws {
    let result = try withPortal("no-service", ["color", "sample", "--backend", "portal"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("pickers: no desktop portal on the session bus"))
    #expect(result.stderr.contains("org.freedesktop.portal.Desktop"))
    #expect(result.stderr.split(separator: "\n").count == 1)
  }

  @Test("a portal that never answers is given up after --timeout")
  func silent() throws {
    let result = try withPortal(
      "silent", ["color", "sample", "--backend", "portal", "--timeout", "1"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "pickers: no answer after 1 s waiting for the desktop portal's answer "
        + "(--timeout sets the limit)\n")
  }

  @Test("no session bus at all is one clear message")
  func noBus() throws {
    let result = try runPickers(
      ["color", "sample", "--backend", "portal"],
      environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/pickers-bus"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("pickers: no D-Bus session bus for the desktop portal: "))
  }

  @Test("--notify sends the answer to the notification service")
  func notify() throws {
    let directory = try makeTemporaryDirectory()
    defer { removeTree(directory) }
    let log = directory + "/calls"
    let result = try withPortal(
      "success:0.2,0.4,0.8", ["color", "sample", "--backend", "portal", "--notify"],
      environment: ["STANDIN_NOTIFICATIONS": "1"], log: log)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.output == "#3366cc\n")
    let calls = String(decoding: BackgroundProcess.contents(log), as: UTF8.self)
    #expect(
      calls.split(separator: "\n").last
        == "Notify app=pickers summary=#3366cc body=Picked from the screen by pickers.")
  }

  @Test("--notify without a notification service is only a warning")
  func notifyWithoutService() throws {
    let result = try withPortal(
      "success:0.2,0.4,0.8", ["color", "sample", "--backend", "portal", "--notify"])
    #expect(result.status == 0)
    #expect(result.output == "#3366cc\n")
    #expect(result.stderr.hasPrefix("pickers: warning: cannot show a notification: "))
  }

  @Test("the helper's own protocol prints -1 -1 for the unknown position")
  func helperProtocol() throws {
    let result = try withPortal(
      "success:0.2,0.4,0.8", ["pick", "--backend", "portal"],
      program: buildProductsDirectory + "/pickers-sample")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.output == "#3366cc -1 -1\n")
    let cancelled = try withPortal(
      "cancel", ["pick", "--backend", "portal"],
      program: buildProductsDirectory + "/pickers-sample")
    #expect(cancelled.status == 1 && cancelled.stdout.isEmpty)
    let failed = try withPortal(
      "other", ["pick", "--backend", "portal"],
      program: buildProductsDirectory + "/pickers-sample")
    #expect(failed.status == 3 && failed.stderr.hasPrefix("pickers: "))
  }
}

@Suite("pickers color sample: usage")
struct ColorSampleUsageTests {
  @Test(
    "bad arguments are usage errors, exit 2, before any display is needed",
    arguments: [
      (["--at", "5"], "--at takes X,Y, two whole numbers from 0 to 32767, not '5'"),
      (["--at", "-1,4"], "--at takes X,Y, two whole numbers from 0 to 32767, not '-1,4'"),
      (["--at", "40000,1"], "--at takes X,Y, two whole numbers from 0 to 32767, not '40000,1'"),
      (["--count", "0"], "--count must be between 1 and 100, not 0"),
      (["--count", "101"], "--count must be between 1 and 100, not 101"),
      (["--at", "1,2", "--count", "2"], "--at reads one pixel: it cannot be used with --count"),
      (
        ["--at", "1,2", "--backend", "portal"],
        "--at needs the x11 backend: the desktop portal cannot read a given pixel"
      ),
      (["--backend", "wayland"], "--backend must be one of x11, portal; 'wayland' is not"),
      (["--timeout", "0"], "--timeout must be between 1 and 86400, not 0"),
    ])
  func usage(arguments: [String], message: String) throws {
    let result = try runPickers(["color", "sample"] + arguments)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr == "pickers: \(message)\nSee 'pickers color sample --help'.\n")
  }

  @Test("with no display at all it says so, exit 1")
  func noDisplay() throws {
    let result = try runPickers(
      ["color", "sample"],
      environment: ["DISPLAY": "", "WAYLAND_DISPLAY": "", "XDG_SESSION_TYPE": ""])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "pickers: no display to sample: DISPLAY and WAYLAND_DISPLAY are unset (pass "
        + "--backend x11 or portal)\n")
  }

  @Test("an X display that cannot be opened is one message, exit 1")
  func badDisplay() throws {
    let result = try runPickers(
      ["color", "sample", "--at", "1,1"], environment: ["DISPLAY": ":32000"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "pickers: cannot open the X display ':32000' (is DISPLAY right and the X server "
        + "running?)\n")
  }

  @Test("the helper rejects bad arguments with exit 2")
  func helperUsage() throws {
    let helper = buildProductsDirectory + "/pickers-sample"
    let cases = [
      [], ["grab"], ["pick", "--count", "0"], ["pick", "--at", "1"], ["pick", "extra"],
      ["pick", "--at", "1,1", "--count", "2"], ["copy"], ["copy", "a", "b"],
      ["copy", "--backend", "x11", "a"], ["notify", "only-summary"], ["clipboard", "x"],
      ["clipboard", "--copy"],
    ]
    for arguments in cases {
      let result = try runProgram(helper, arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.stderr.hasPrefix("pickers-sample: "), "\(arguments)")
    }
  }
}
