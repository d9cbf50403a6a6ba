import Glibc
import Pickers
import Testing

/// One headless sway session for the suite (Support/SwaySession.swift), up while the test
/// process lives.
private let swaySession: Result<SwaySession, HarnessError> = {
  if let missing = SwaySession.missing { return .failure(HarnessError(description: missing)) }
  do {
    return .success(try SwaySession())
  } catch {
    return .failure(HarnessError(description: "\(error)"))
  }
}()

/// The session, or a skip saying what is missing on this machine.
private func session() throws -> SwaySession {
  switch swaySession {
  case .success(let session): return session
  case .failure(let error):
    // A machine without the packages skips; one that has them and fails to start fails.
    try #require(SwaySession.missing == nil, "\(error)")
    throw error
  }
}

/// The color of the screen pixel at `x`,`y`, read with `grim` (a binary PPM, parsed here).
private func screenPixel(_ session: SwaySession, _ x: Int, _ y: Int) throws -> String {
  let shot = try session.run("/usr/bin/grim", ["-g", "\(x),\(y) 1x1", "-t", "ppm", "-"])
  guard shot.status == 0, shot.stdout.count >= 3 else {
    throw HarnessError(description: "grim failed: \(shot.stderr)")
  }
  return "#"
    + shot.stdout.suffix(3).map { byte in
      let digits = String(byte, radix: 16)
      return digits.count == 1 ? "0" + digits : digits
    }.joined()
}

@Suite(
  "pickers against the real portal: xdg-desktop-portal-wlr on headless sway",
  .serialized, .tags(.desktop),
  .enabled(if: SwaySession.missing == nil, "\(SwaySession.missing ?? "")"))
struct RealPortalTests {
  @Test("color sample prints the pixel slurp points at: the output's background, as grim reads it")
  func sample() throws {
    let session = try session()
    try session.slurpAnswers("point 100,100")
    let result = try session.run(pickersBinary, ["color", "sample", "--timeout", "30"])
    #expect(result.status == 0, "\(result.stderr) \(session.log("xdpw.log").suffix(2000))")
    #expect(result.stderr.isEmpty)
    // The sway config paints the output #336699; grim reads the same pixel independently.
    #expect(try screenPixel(session, 100, 100) == "#336699")
    #expect(result.output == "#336699\n")
    #expect(session.log("slurp.log").contains("slurp -p"))
  }

  @Test("Esc in slurp (response 2 from the wlr back end) is a quiet cancel: exit 1, no output")
  func cancel() throws {
    let session = try session()
    try session.slurpAnswers("cancel")
    let result = try session.run(pickersBinary, ["color", "sample", "--timeout", "30"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.isEmpty, "\(result.stderr)")
  }

  @Test("--timeout 1 gives up on a pick that takes 4 s: exit 1, said on stderr")
  func timeout() throws {
    let session = try session()
    try session.slurpAnswers("delay 4 100,100")
    let before = session.log("slurp.log")
    let start = monotonicNow()
    let result = try session.run(pickersBinary, ["color", "sample", "--timeout", "1"])
    let elapsed = monotonicNow() - start
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "pickers: no answer after 1 s waiting for the desktop portal's answer (--timeout "
        + "sets the limit)\n")
    #expect(elapsed < 3.5, "took \(elapsed) s")
    // Let the slow slurp finish before the next test's pick.
    try session.awaitSlurpStarted(since: before)
    try session.awaitPicksEnded()
  }

  @Test("--copy: printed, and what wl-paste reads, under the five text types, until replaced")
  func copy() throws {
    let session = try session()
    try session.slurpAnswers("point 100,100")
    let helper = try session.run(buildProductsDirectory + "/pickers-sample", ["clipboard"])
    #expect(helper.status == 0, "\(helper.stderr)")
    #expect(helper.output == "wayland zwlr_data_control_manager_v1\n")

    let clipboardSeconds = ["PICKERS_CLIPBOARD_SECONDS": "60"]
    let result = try session.run(
      pickersBinary, ["color", "sample", "--format", "srgb", "--copy"],
      environment: clipboardSeconds)
    #expect(result.status == 0, "\(result.stderr)")
    let converted = try runPickers(["color", "convert", "#336699", "--to", "srgb"]).output
    #expect(result.output == converted)
    let pasted = try session.run("/usr/bin/wl-paste", ["--no-newline"])
    #expect(pasted.status == 0, "\(pasted.stderr)")
    #expect(pasted.output + "\n" == converted)
    let types = try session.run("/usr/bin/wl-paste", ["--list-types"]).output
    #expect(
      Set(types.split(separator: "\n"))
        == ["text/plain;charset=utf-8", "text/plain", "UTF8_STRING", "TEXT", "STRING"])
    for type in ["text/plain", "STRING"] {
      let typed = try session.run("/usr/bin/wl-paste", ["--no-newline", "--type", type])
      #expect(typed.output + "\n" == converted, "\(type)")
    }

    // The server ends once another client owns the clipboard.
    let server = try #require(clipboardServer())
    // wl-copy serves in the background too, holding its output open: none is collected.
    let replaced = try session.run(
      "/bin/sh", ["-c", "exec /usr/bin/wl-copy 'other text' > /dev/null 2>&1"])
    #expect(replaced.status == 0, "\(replaced.stderr)")
    #expect(processEnds(server), "the clipboard server \(server) outlived its selection")
    #expect(try session.run("/usr/bin/wl-paste", ["--no-newline"]).output == "other text")

    // The longest text the helper takes (64 KiB, a whole pipe buffer) pastes whole.
    let long = String(repeating: "#336699 ", count: 8 * 1024)
    let copied = try session.run(buildProductsDirectory + "/pickers-sample", ["copy", long])
    #expect(copied.status == 0, "\(copied.stderr)")
    #expect(try session.run("/usr/bin/wl-paste", ["--no-newline"]).output == long)

    // And after its time: PICKERS_CLIPBOARD_SECONDS=1.
    let short = try session.run(
      buildProductsDirectory + "/pickers-sample", ["copy", "brief"],
      environment: ["PICKERS_CLIPBOARD_SECONDS": "1"])
    #expect(short.status == 0, "\(short.stderr)")
    #expect(try session.run("/usr/bin/wl-paste", ["--no-newline"]).output == "brief")
    let briefServer = try #require(clipboardServer())
    #expect(processEnds(briefServer, timeout: 5))
  }

  @Test("no data-control and no X server: said before the pick starts, with what would work")
  func noClipboard() throws {
    let session = try session()
    try session.slurpAnswers("point 100,100")
    let before = session.log("slurp.log")
    // No compositor at this WAYLAND_DISPLAY: the portal (on D-Bus) could still pick, so only a
    // check made first keeps slurp from running.
    let result = try session.run(
      pickersBinary, ["color", "sample", "--copy"],
      environment: ["WAYLAND_DISPLAY": "no-such-compositor"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "pickers: cannot copy to the clipboard: cannot connect to the Wayland compositor "
        + "'no-such-compositor' (No such file or directory), and there is no X server (DISPLAY "
        + "is unset); run pickers where Xwayland's DISPLAY is set, or without --copy and pipe "
        + "the color to a clipboard tool of this desktop (wl-copy)\n")
    #expect(session.log("slurp.log") == before, "slurp ran although the copy could not happen")
  }

  @Test(
    "a compositor without data-control (weston, as GNOME's mutter): said before the pick; X11 when DISPLAY is set",
    .enabled(if: programExists("weston"), "weston is installed by scripts/install-deps --test"))
  func compositorWithoutDataControl() throws {
    let session = try session()
    try session.slurpAnswers("point 100,100")
    let socket = "weston-test"
    let weston = try session.start(
      "/usr/bin/weston",
      ["--backend=headless-backend.so", "--use-pixman", "--socket=\(socket)", "--idle-time=0"])
    defer { weston.terminate() }
    let start = monotonicNow()
    while access(session.variables["XDG_RUNTIME_DIR", default: ""] + "/" + socket, F_OK) != 0 {
      try #require(monotonicNow() - start < 20, "weston's socket appears")
      usleep(50_000)
    }
    let before = session.log("slurp.log")
    let result = try session.run(
      pickersBinary, ["color", "sample", "--copy"], environment: ["WAYLAND_DISPLAY": socket])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "pickers: cannot copy to the clipboard: the Wayland compositor offers no data-control "
        + "protocol (ext_data_control_manager_v1 or zwlr_data_control_manager_v1; GNOME has "
        + "neither), and there is no X server (DISPLAY is unset); run pickers where Xwayland's "
        + "DISPLAY is set, or without --copy and pipe the color to a clipboard tool of this "
        + "desktop (wl-copy)\n")
    #expect(session.log("slurp.log") == before, "slurp ran although the copy could not happen")
    // With Xwayland's DISPLAY the copy goes to X11's CLIPBOARD instead.
    let fallback = try session.run(
      buildProductsDirectory + "/pickers-sample", ["clipboard"],
      environment: ["WAYLAND_DISPLAY": socket, "DISPLAY": ":0"])
    #expect(fallback.output == "x11\n", "\(fallback.stderr)")
  }

  @Test("the color window runs natively (app_id pickers in sway's tree); Enter picks")
  func colorWindow() throws {
    let session = try session()
    let picker = try session.start(
      pickersBinary, ["color", "pick", "--gui", "--initial", "#3478f6"])
    #expect(
      try session.awaitWindow(appID: "pickers"), "no pickers window: \(session.log("sway.log"))")
    // The window is in sway's tree before it takes keys: on a busy machine a Return sent then
    // is lost, so Return is pressed again until the picker answers (at most 10 times).
    var answered: PickersResult?
    for _ in 0..<10 where answered == nil {
      try session.keys("Return")
      answered = picker.ended(within: 3)
    }
    let result = try answered ?? picker.wait(timeout: 30)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.output == "#3478f6\n")
  }

  @Test("the font window runs natively; typing filters, Enter picks a family fc-list knows")
  func fontWindow() throws {
    let session = try session()
    // The window's test copy of its preview names the family the search selected.
    let preview = session.directory + "/font-preview.png"
    let picker = try session.start(
      pickersBinary, ["font", "pick", "--gui"], environment: ["PICKERS_GTK_PREVIEW_PNG": preview])
    #expect(try session.awaitWindow(appID: "pickers"))
    _ = FontWindowTests.dump(preview)
    // The window is in sway's tree before it takes keys: text typed then is lost on a busy
    // machine, so it is typed again (over what arrived) until the search selects the family.
    var selected = false
    for _ in 0..<5 where !selected {
      let typed = try session.run(
        "/usr/bin/wtype",
        ["-s", "300", "-M", "ctrl", "a", "-m", "ctrl", "dejavu sans mono", "-s", "300"])
      #expect(typed.status == 0, "\(typed.stderr)")
      let deadline = monotonicNow() + 5
      while !selected && monotonicNow() < deadline {
        selected = FontWindowTests.dump(preview, tries: 1).arguments.first == "DejaVu Sans Mono"
        if !selected { usleep(50_000) }
      }
    }
    try #require(selected, "the search never selected DejaVu Sans Mono")
    try session.keys("Return")
    let result = try picker.wait(timeout: 30)
    #expect(result.status == 0, "\(result.stderr)")
    let families = try runProgram("/usr/bin/fc-list", [":", "family"]).output
    #expect(result.output == "DejaVu Sans Mono\n")
    #expect(families.split(separator: "\n").contains("DejaVu Sans Mono"))
  }

  @Test("kill -TERM of pickers leaves no helper: the window and the sampler end with it")
  func noHelperLeft() throws {
    let session = try session()
    let window = try session.start(pickersBinary, ["color", "pick", "--gui"])
    let gtk = try #require(helperProcess(named: "pickers-gtk", parent: window.pid))
    #expect(try session.awaitWindow(appID: "pickers"))
    kill(window.pid, SIGTERM)
    let closed = try window.wait(timeout: 20)
    #expect(closed.status == 128 + SIGTERM)
    #expect(processEnds(gtk), "pickers-gtk \(gtk) outlived pickers")
    #expect(try !session.appIDs().contains("pickers"))

    try session.slurpAnswers("delay 3 100,100")
    let slurped = session.log("slurp.log")
    let sampling = try session.start(pickersBinary, ["color", "sample", "--timeout", "30"])
    let sampler = try #require(helperProcess(named: "pickers-sample", parent: sampling.pid))
    // The signal comes while the pick is pending at the back end.
    try session.awaitSlurpStarted(since: slurped)
    kill(sampling.pid, SIGTERM)
    let ended = try sampling.wait(timeout: 20)
    #expect(ended.status == 128 + SIGTERM)
    #expect(ended.stdout.isEmpty)
    #expect(processEnds(sampler), "pickers-sample \(sampler) outlived pickers")
    try session.awaitPicksEnded()  // the slow slurp ends before the next test's pick
  }

  @Test("ColorSampler (the library, in this process) gets the color, and nil for a cancel")
  func library() async throws {
    let session = try session()
    let sampler = ColorSampler(environment: session.environment(), timeout: 30)
    #expect(try sampler.chosenBackend() == .portal)
    try session.slurpAnswers("point 100,100")
    let color = try await sampler.sample()
    #expect(color?.hex == "#336699")
    try session.slurpAnswers("cancel")
    #expect(try await sampler.sample() == nil)
    let twice = try await sampler.samples(count: 2)
    #expect(twice == nil)
    try session.slurpAnswers("point 100,100")
    let samples = try #require(try await sampler.samples(count: 2))
    #expect(samples.map(\.color.hex) == ["#336699", "#336699"])
    #expect(samples.allSatisfy { $0.x == nil && $0.y == nil })
  }
}

/// The clipboard server: a `pickers-sample` whose parent is not a test process (it left its
/// starter behind with `setsid`), waited for up to 5 s.
private func clipboardServer() -> pid_t? {
  let start = monotonicNow()
  while monotonicNow() - start < 5 {
    for entry in directoryEntries("/proc") {
      guard let pid = pid_t(entry) else { continue }
      let command = String(decoding: BackgroundProcess.contents("/proc/\(pid)/comm"), as: UTF8.self)
      guard command.hasPrefix("pickers-sample") else { continue }
      let stat = String(decoding: BackgroundProcess.contents("/proc/\(pid)/stat"), as: UTF8.self)
      // pid (comm) state ppid pgrp session: a server leads its own session.
      let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
      if fields.count > 3, fields[0] != "Z", pid_t(fields[3]) == pid { return pid }
    }
    usleep(50_000)
  }
  return nil
}
