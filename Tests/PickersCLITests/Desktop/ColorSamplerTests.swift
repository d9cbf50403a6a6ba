import Glibc
import Pickers
import Testing

/// The screen of the fixture windows (#ff0000 at 100,100 200x150, #3366cc at 400,100 200x150).
private let samplerScreen: Result<VirtualScreen, HarnessError> = {
  do {
    return .success(try VirtualScreen())
  } catch {
    return .failure(HarnessError(description: "\(error)"))
  }
}()

/// A stand-in portal (Tests/Fixtures/desktop/portal-standin.py) on a private bus in `mode`,
/// kept up while `body` runs with the bus's address.
private func withStandIn<T>(
  _ mode: String, _ body: (String) async throws -> T
) async throws -> T {
  let folder = try makeTemporaryDirectory()
  defer { removeTree(folder) }
  let desktop = fixturesDirectory + "/desktop"
  let process = try BackgroundProcess(
    "/usr/bin/dbus-run-session",
    [
      "--config-file=\(desktop)/session.conf", "--", "/usr/bin/python3",
      "\(desktop)/portal-standin.py", mode, "--", "/bin/sh", "-c",
      "echo \"$DBUS_SESSION_BUS_ADDRESS\" > \"$0\"; sleep 60", folder + "/address",
    ], ownGroup: true)
  defer { process.send(SIGKILL) }
  var address = ""
  for _ in 0..<600 where address.isEmpty {
    address =
      String(decoding: BackgroundProcess.contents(folder + "/address"), as: UTF8.self)
      .split(separator: "\n").first.map(String.init) ?? ""
    if address.isEmpty { usleep(50_000) }
  }
  try #require(!address.isEmpty, "the stand-in's bus comes up")
  return try await body(address)
}

@Suite(
  "ColorSampler (the library) on X11 and through a stand-in portal", .serialized, .tags(.desktop))
struct ColorSamplerTests {
  @Test("sample(at:) reads the fixture's pixels on Xvfb, as xwd does")
  func sampleAt() async throws {
    let screen = try samplerScreen.get()
    let shot = try screen.screenshot()
    let sampler = ColorSampler(environment: screen.environment)
    for (x, y) in [(150, 150), (450, 150), (5, 5)] {
      let color = try await sampler.sample(at: x, y)
      #expect(color.hex == shot.hex(x, y), "\(x),\(y)")
    }
  }

  @Test("sample() returns the pixel clicked on Xvfb")
  func sampleByClick() async throws {
    let screen = try samplerScreen.get()
    try screen.run("xdotool", ["mousemove", "450", "150"])
    let sampler = ColorSampler(environment: screen.environment, timeout: 30)
    async let picked = sampler.sample()
    _ = try #require(try await screen.awaitWindow(named: "pickers-sample magnifier"))
    try screen.run("xdotool", ["click", "1"])
    let color = try await picked
    #expect(color?.hex == "#3366cc")
  }

  @Test("cancelling the task ends the pick: nil, and no sampler is left")
  func taskCancellation() async throws {
    let screen = try samplerScreen.get()
    let sampler = ColorSampler(environment: screen.environment, timeout: 60)
    let task = Task { try await sampler.sample() }
    _ = try #require(try await screen.awaitWindow(named: "pickers-sample magnifier"))
    let helper = try #require(helperProcess(named: "pickers-sample", parent: getpid()))
    task.cancel()
    let start = monotonicNow()
    let color = try await task.value
    #expect(color == nil)
    #expect(monotonicNow() - start < 10)
    #expect(processEnds(helper))
  }

  @Test("sample(at:) in a Wayland session is the typed positionNeedsX11 error")
  func atNeedsX11() async throws {
    let sampler = ColorSampler(environment: ["WAYLAND_DISPLAY": "wayland-9"])
    await #expect(throws: ColorSamplerError.self) { _ = try await sampler.sample(at: 1, 1) }
    do {
      _ = try await sampler.sample(at: 1, 1)
    } catch {
      #expect(error.kind == .positionNeedsX11)
    }
  }

  @Test("no display is the typed noDisplay error, with the CLI's message")
  func noDisplay() async throws {
    do {
      _ = try await ColorSampler(environment: [:]).sample()
      Issue.record("no error")
    } catch {
      #expect(error.kind == .noDisplay)
      #expect(error.message.hasPrefix("no display to sample"))
    }
  }

  @Test("through the stand-in portal: success, cancel, wlroots cancel, missing service and method")
  func portal() async throws {
    try #require(programExists("dbus-run-session"), "dbus is installed by scripts/install-deps")
    func sampler(_ address: String) -> ColorSampler {
      ColorSampler(
        environment: ["DBUS_SESSION_BUS_ADDRESS": address, "WAYLAND_DISPLAY": "wayland-9"],
        timeout: 20)
    }
    try await withStandIn("success:0.2,0.4,0.8") { address in
      let color = try await sampler(address).sample()
      #expect(color?.hex == "#3366cc")
    }
    try await withStandIn("cancel") { address in
      let color = try await sampler(address).sample()
      #expect(color == nil)
    }
    try await withStandIn("wlr-cancel") { address in
      let color = try await sampler(address).sample()
      #expect(color == nil)
    }
    for (mode, kind) in [
      ("no-service", ColorSamplerError.Kind.noPortalService), ("no-method", .noPickColor),
      ("other", .failed),
    ] {
      try await withStandIn(mode) { address in
        do {
          _ = try await sampler(address).sample()
          Issue.record("\(mode): no error")
        } catch let error as ColorSamplerError {
          #expect(error.kind == kind, "\(mode): \(error)")
        }
      }
    }
  }
}
