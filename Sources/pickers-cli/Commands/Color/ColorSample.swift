import Pickers

/// `pickers color sample`: pick a color from anywhere on the screen.
///
/// The screen is read through the library's ``ColorSampler`` (the `pickers-sample` helper: X11
/// or the desktop portal), so that this binary links neither Xlib nor GIO; this command reads
/// its options, asks the sampler and formats the answer.
struct ColorSample: Command {
  static let spec = CommandSpec(
    name: "sample",
    abstract: "Pick a color from anywhere on the screen and print it.",
    discussion: """
      Waits for a click anywhere on the screen and prints the color under the pointer. On \
      X11 the pointer becomes a crosshair and a magnifier beside it shows the pixels around \
      it, the center one framed and its value written; the arrow keys move the pointer one \
      pixel (ten with Shift) and Enter picks, so a 1-pixel line can be hit. Esc or a right \
      click cancels: nothing is printed and the exit status is 1. Positions are in screen \
      pixels (device pixels, also on HiDPI screens).

      In a Wayland session (WAYLAND_DISPLAY set, or XDG_SESSION_TYPE=wayland) the desktop \
      portal's color picker is used instead (org.freedesktop.portal.Screenshot.PickColor, \
      offered by the GNOME, KDE and wlroots portals); it does not say where the user \
      clicked, so the position is unknown (null in JSON). --backend overrides the choice.

      Typical use from a hotkey or a script: COLOR=$(pickers color sample --format oklch). \
      --at reads one pixel with no interaction (X11 only). --copy also puts the answer on \
      the clipboard (the Wayland compositor's data-control clipboard where it offers one, \
      else X11's), served in the background for up to 10 minutes or until something else \
      is copied (PICKERS_CLIPBOARD_SECONDS changes the limit); the answer is printed first, \
      and a copy that cannot happen is reported before the pick. --notify shows the answer \
      in a desktop notification (org.freedesktop.Notifications); without a notification \
      service that is only a warning.
      """,
    arguments: [
      .option(
        "--format", value: "FORMAT",
        help: "How to print each color: hex (default) or a space `color convert --to` knows.",
        completion: .choices(ColorConvert.Target.allCases.map(\.rawValue))),
      .flag(
        "--json",
        help: "Print JSON with the position: an object, or an array when --count is given."),
      .option(
        "--at", value: "X,Y",
        help: "Read the pixel at X,Y (screen pixels from the top left) without interaction."),
      countOption.argument,
      .flag("--copy", help: "Also put the answer on the clipboard."),
      .flag("--notify", help: "Also show the answer in a desktop notification."),
      backendOption.argument,
      timeoutOption.argument,
    ],
    examples: [
      "pickers color sample --at 450,150",
      "pickers color sample --at 450,150 --format oklch --json",
      "pickers color sample --at 700,200 --copy",
    ])

  /// `--count`: without it one color is picked, and `--json` prints an object, not an array.
  static let countOption = Option<Int?>(
    "--count", value: "N", range: 1...100,
    help: "Pick N colors in a row, one line each ({min} to {max}; default 1).")
  /// `--backend`: without it ``ScreenSampleBackend/preferred(environment:)`` decides.
  static let backendOption = Option<ScreenSampleBackend?>(
    "--backend", value: "BACKEND",
    help: "{choices} (default: portal in a Wayland session, else x11).")
  /// Seconds to wait for each pick.
  static let timeoutOption = Option<Int>(
    "--timeout", value: "SECONDS", default: 120, range: 1...86_400,
    help: "Give up after SECONDS without a pick, exit 1 (default {default}).")

  var format: ColorConvert.Target
  var json: Bool
  var position: (x: Int, y: Int)?
  var count: Int?
  var copy: Bool
  var notify: Bool
  var backend: ScreenSampleBackend?
  var timeout: Int

  init(_ arguments: ParsedArguments) throws(UsageError) {
    format = try arguments.choice("--format", as: ColorConvert.Target.self) ?? .hex
    json = arguments.flag("--json")
    if let text = arguments.option("--at") { position = try Self.position(text) }
    count = try arguments.value(Self.countOption)
    copy = arguments.flag("--copy")
    notify = arguments.flag("--notify")
    backend = try arguments.value(Self.backendOption)
    timeout = try arguments.value(Self.timeoutOption)
    if position != nil && count != nil {
      throw UsageError("--at reads one pixel: it cannot be used with --count")
    }
    if position != nil && backend == .portal {
      throw UsageError("--at needs the x11 backend: the desktop portal cannot read a given pixel")
    }
  }

  /// Reads `X,Y`: two whole numbers from 0 to 32767, the largest X11 coordinate.
  static func position(_ text: String) throws(UsageError) -> (x: Int, y: Int) {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2, let x = Int(parts[0]), let y = Int(parts[1]),
      (0...32_767).contains(x), (0...32_767).contains(y)
    else {
      throw UsageError("--at takes X,Y, two whole numbers from 0 to 32767, not '\(text)'")
    }
    return (x, y)
  }

  func run(_ context: CommandContext) throws {
    let sampler = ColorSampler(
      environment: context.environment, backend: backend, timeout: timeout)
    let backend = try sampler.chosenBackend()
    if position != nil && backend == .portal {
      throw UsageError(
        "--at needs the x11 backend, and this is a Wayland session (pass --backend x11 for "
          + "Xwayland's own windows)")
    }
    if copy {
      // A copy that cannot happen (no data-control and no X server) is said before the pick:
      // the helper prints why and what would work.
      let clipboard = try DesktopHelper.sampler.run(["clipboard"], environment: context.environment)
      guard clipboard.status == .accepted else { throw CommandFailure(status: 1) }
    }
    guard
      let samples = try sampler.samplesWaiting(
        count: count ?? 1, at: position, forwardingSignals: true)
    else { throw CommandFailure(status: 1) }
    let values = samples.map { ColorConvert.convert($0.color, to: format) }
    try printAnswer(samples: samples, values: values, backend: backend, context)
    // The answer is out before the copy: a copy that fails never loses it.
    context.flush()
    var copied = true
    if copy {
      copied =
        try DesktopHelper.sampler.run(
          ["copy", values.joined(separator: "\n")], environment: context.environment
        ).status == .accepted
    }
    if notify {
      // A failed notification is only a warning (the helper prints it): the answer stands.
      _ = try DesktopHelper.sampler.run(
        [
          "notify", values.joined(separator: " "),
          copy && copied
            ? "Copied to the clipboard by pickers." : "Picked from the screen by pickers.",
        ], environment: context.environment)
    }
    if !copied { throw CommandFailure(status: 1) }
  }

  /// Prints the picked colors as lines, or as JSON with their positions.
  private func printAnswer(
    samples: [ScreenSample], values: [String], backend: ScreenSampleBackend,
    _ context: CommandContext
  ) throws {
    if json {
      let items = zip(samples, values).map { SampleJSON(sample: $0, value: $1, backend: backend) }
      if count == nil, let item = items.first {
        try context.json(item)
      } else {
        try context.json(items)
      }
    } else {
      for value in values { context.out(value + "\n") }
    }
  }
}

/// One sample as JSON: the color in the asked format, its hex value and where it was.
struct SampleJSON: Encodable {
  var sample: ScreenSample
  var value: String
  var backend: ScreenSampleBackend

  enum CodingKeys: String, CodingKey {
    case color, hex, x, y, backend
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(value, forKey: .color)
    try container.encode(sample.color.hex, forKey: .hex)
    if let x = sample.x {
      try container.encode(x, forKey: .x)
    } else {
      try container.encodeNil(forKey: .x)
    }
    if let y = sample.y {
      try container.encode(y, forKey: .y)
    } else {
      try container.encodeNil(forKey: .y)
    }
    try container.encode(backend.rawValue, forKey: .backend)
  }
}
