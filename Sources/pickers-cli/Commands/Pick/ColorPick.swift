import Pickers

/// `pickers color pick`: choose a color with sliders and print it.
struct ColorPick: Command {
  static let spec = CommandSpec(
    name: "pick",
    abstract: "Choose a color with sliders in the terminal and print it.",
    discussion: """
      Up/Down choose a slider (the last row holds the accent presets), Left/Right step it \
      (Shift for larger steps), digits type a value, Home/End jump to the ends, Tab switches \
      between rgb, hsl and oklch. Enter prints the color in --format and exits 0; Esc or \
      Ctrl-C prints nothing and exits 1. With a display and the screen sampler installed, e \
      takes the color under the next click on the screen.

      The sliders are drawn on the terminal (/dev/tty), not on standard output, so \
      ACCENT=$(pickers color pick) captures only the answer. Colors are 24-bit when COLORTERM \
      is truecolor or 24bit, else the nearest of 256.

      --gui opens a window instead (sliders and spin buttons per channel, a CSS entry, \
      contrast, accent and recent colors); it is also used without --gui when there is no \
      terminal but DISPLAY or WAYLAND_DISPLAY is set. The answer and exit status are the same.
      """,
    arguments: [
      .option(
        "--initial", value: "COLOR", help: "Start from COLOR (a CSS color; default #3478f6)."),
      .flag("--opacity", help: "Show an opacity slider."),
      .flag("--gui", help: "Open a desktop window (GTK 4) instead of using the terminal."),
      .option(
        "--space", value: "SPACE",
        help: "The sliders shown first: rgb, hsl or oklch (default: rgb).",
        completion: .choices(PickerSpace.allCases.map(\.rawValue))),
      .option(
        "--format", value: "FORMAT",
        help: "How to print the answer: hex, css or json (default: hex).",
        completion: .choices(ColorPickFormat.allCases.map(\.rawValue))),
      .flag("--json", help: "The same as --format json."),
    ],
    examples: [
      "ACCENT=$(pickers color pick --initial '#3478f6')",
      "pickers color pick --opacity --space oklch --format css",
    ])

  var initial: Color
  /// `--initial` as typed, handed to the window unchanged (no rounding on the way).
  var initialText: String
  var showsOpacity: Bool
  var space: PickerSpace
  var format: ColorPickFormat
  var gui: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    let text = arguments.option("--initial") ?? "#3478f6"
    initialText = text
    do {
      initial = try Color(css: text)
    } catch {
      throw UsageError("--initial: \(error)")
    }
    showsOpacity = arguments.flag("--opacity")
    space = try arguments.choice("--space", as: PickerSpace.self) ?? .rgb
    let named = try arguments.choice("--format", as: ColorPickFormat.self)
    if arguments.flag("--json"), let named, named != .json {
      throw UsageError("--json is --format json: it cannot be combined with --format \(named)")
    }
    format = arguments.flag("--json") ? .json : named ?? .hex
    gui = arguments.flag("--gui")
  }

  func run(_ context: CommandContext) throws {
    guard
      case .terminal(let terminal) = try PickSurface.choose(
        gui: gui, environment: context.environment)
    else {
      let line = try PickWindow.run(
        ["color", "--initial", initialText, "--space", space.rawValue]
          + (showsOpacity ? ["--opacity"] : []),
        environment: context.environment)
      guard let answer = ColorPickerAnswer(helperLine: line) else {
        throw PickWindowError.badAnswer(line)
      }
      try print(answer, context)
      return
    }
    let driver = PickerDriver(
      terminal: terminal, colorDepth: ColorDepth(environment: context.environment))
    let picker = ColorPickerTerminalView(
      model: ColorPickerState(color: initial, space: space, showsOpacity: showsOpacity))
    // A test hook: this key crashes the process, to check the crash path restores the terminal.
    let crashKey = context.environment["PICKERS_TEST_CRASH_KEY"].flatMap(\.first).map(Key.character)
    // `e` samples the screen with pickers-sample, when there is a display and the sampler is
    // installed; otherwise it does nothing. The sampler runs before the next frame is drawn.
    let sampler =
      PickWindow.display(in: context.environment) == nil
      ? nil : DesktopHelper.sampler.locate(environment: context.environment)
    var sampleRequested = false
    let final = try driver.run(
      picker,
      prepare: { picker in
        guard sampleRequested else { return picker }
        sampleRequested = false
        guard let color = Self.sampleScreen(context.environment) else { return picker }
        return picker.sending(.setColor(color))
      },
      observeKeys: { key in
        if key == crashKey { fatalError("crash requested by PICKERS_TEST_CRASH_KEY") }
        if key == .character("e"), sampler != nil { sampleRequested = true }
      })
    guard case .accepted(let answer) = final.outcome else { throw CommandFailure(status: 1) }
    try print(answer, context)
  }

  /// The color `pickers-sample pick` reads under a click (`#rrggbb X Y`), or `nil` when the
  /// user cancelled or the sampler failed (it explained a failure on standard error).
  private static func sampleScreen(_ environment: [String: String]) -> Color? {
    guard let result = try? DesktopHelper.sampler.run(["pick"], environment: environment),
      result.status == .accepted,
      let hex = result.output.split(whereSeparator: { $0 == " " || $0 == "\n" }).first
    else { return nil }
    return try? Color(css: String(hex))
  }

  /// Prints the answer in `--format`, whichever picker produced it.
  private func print(_ answer: ColorPickerAnswer, _ context: CommandContext) throws {
    switch format {
    case .hex: context.out(answer.hex + "\n")
    case .css: context.out(answer.css + "\n")
    case .json: try context.json(ColorPickJSON(answer))
    }
  }
}

/// What `pickers color pick` prints.
enum ColorPickFormat: String, CaseIterable, Sendable {
  case hex
  case css
  case json
}

/// The JSON answer: the color as hex and CSS, and its components in the space shown.
struct ColorPickJSON: Encodable {
  var hex: String
  var css: String
  var space: String
  var components: [Double]
  var alpha: Double

  init(_ answer: ColorPickerAnswer) {
    hex = answer.hex
    css = answer.css
    space = answer.space.rawValue
    components = answer.values.map { ($0 * 10_000).rounded() / 10_000 }
    alpha = answer.alpha
  }
}
