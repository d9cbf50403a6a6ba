import Pickers

/// `pickers palette ...`: accent palettes, scales, harmonies, distinct colors, image colors, CVD.
struct PaletteGroup: CommandGroup {
  static let spec = CommandSpec(
    name: "palette",
    abstract:
      "Make palettes: system accents, tonal scales, harmonies, distinct colors, image colors.",
    subcommands: [
      PaletteAccents.self, PaletteScale.self, PaletteHarmony.self, PaletteDistinct.self,
      PaletteFromImage.self, PaletteSimulate.self, PaletteConvert.self, PaletteList.self,
      PaletteShow.self,
    ])
}

/// `pickers palette accents`: Apple's system colors.
struct PaletteAccents: Command {
  static let spec = CommandSpec(
    name: "accents",
    abstract: "List the system accent colors (Apple's system colors), light and dark.",
    discussion: """
      Each name works anywhere pickers takes a color: system-blue (light), system-blue-light, \
      system-blue-dark.
      """,
    arguments: [scheme.argument] + PaletteOutput.arguments,
    examples: [
      "pickers palette accents --scheme dark", "pickers palette accents -o accents.png",
      "pickers palette accents --scheme auto --format hex",
    ])

  /// `--scheme`: without it, both; `auto` is the desktop's (``Appearance``).
  static let scheme = Option<SchemeChoice?>(
    "--scheme", value: "SCHEME",
    help: "Only the light or the dark variants, or auto: the desktop's scheme.")

  /// A scheme, or `auto` for the desktop's.
  enum SchemeChoice: String, ArgumentChoice {
    case light, dark, auto
  }

  var choice: SchemeChoice?
  var options: PaletteOutput.Options

  init(_ arguments: ParsedArguments) throws(UsageError) {
    choice = try arguments.value(Self.scheme)
    options = PaletteOutput.Options(arguments)
  }

  func run(_ context: CommandContext) throws {
    let schemes: [ColorScheme]
    switch choice {
    case nil: schemes = ColorScheme.allCases
    case .light: schemes = [.light]
    case .dark: schemes = [.dark]
    case .auto: schemes = [Appearance.current(environment: context.environment).scheme]
    }
    let entries = schemes.flatMap { SystemAccent.palette($0) }
    try PaletteOutput.emit(entries, title: "System accents", options: options, context: context)
  }
}

/// `pickers palette scale COLOR`: tints and shades.
struct PaletteScale: Command {
  static let spec = CommandSpec(
    name: "scale",
    abstract: "Tints and shades of COLOR at evenly spaced perceptual lightness (OKLCH).",
    discussion: """
      Steps run from 50 (lightest) to 950 (darkest); COLOR itself is kept at the step nearest \
      its own lightness. --material gives Material-style tones instead: 0 (black) to 100 \
      (white), with CIE lightness equal to the tone.
      """,
    arguments: [
      .positional("COLOR", help: "A CSS color or system accent name."),
      .option("--steps", value: "LIST", help: "Comma-separated steps (1-999) or tones (0-100)."),
      .flag("--material", help: "Material-style tones 0-100 instead of steps."),
    ] + PaletteOutput.arguments,
    examples: [
      "pickers palette scale system-blue", "pickers palette scale '#3478f6' --material --json",
    ])

  var color: String
  var steps: [Int]?
  var material: Bool
  var options: PaletteOutput.Options

  init(_ arguments: ParsedArguments) throws(UsageError) {
    color = arguments.positional("COLOR") ?? ""
    material = arguments.flag("--material")
    options = PaletteOutput.Options(arguments)
    if let list = arguments.option("--steps") {
      let range = material ? 0...100 : 1...999
      var values: [Int] = []
      for part in list.split(separator: ",", omittingEmptySubsequences: false) {
        guard let value = Int(part.filter { $0 != " " }), range.contains(value) else {
          throw UsageError(
            "--steps takes whole numbers from \(range.lowerBound) to \(range.upperBound) "
              + "separated by commas, not '\(list)'")
        }
        values.append(value)
      }
      steps = values
    }
  }

  func run(_ context: CommandContext) throws {
    let base = try PaletteOutput.color(color)
    let entries =
      material
      ? TonalScale.tones(of: base, tones: steps ?? TonalScale.defaultTones)
      : TonalScale.steps(of: base, steps: steps ?? TonalScale.defaultSteps)
    try PaletteOutput.emit(entries, title: "Scale of \(color)", options: options, context: context)
  }
}

/// `pickers palette harmony COLOR`: hue rotations in OKLCH.
struct PaletteHarmony: Command {
  static let spec = CommandSpec(
    name: "harmony",
    abstract: "Color harmonies of COLOR, rotated in OKLCH hue.",
    arguments: [
      .positional("COLOR", help: "A CSS color or system accent name."),
      type.argument,
    ] + PaletteOutput.arguments,
    examples: ["pickers palette harmony system-teal --type triadic"])

  static let type = Option<AllOr<Harmony>>(
    "--type", short: "t", value: "TYPE", default: .all, help: "{choices}.")

  var color: String
  /// The harmonies to print: every one unless `--type` names one.
  var kinds: [Harmony]
  var options: PaletteOutput.Options

  init(_ arguments: ParsedArguments) throws(UsageError) {
    color = arguments.positional("COLOR") ?? ""
    kinds = try arguments.value(Self.type).cases
    options = PaletteOutput.Options(arguments)
  }

  func run(_ context: CommandContext) throws {
    let base = try PaletteOutput.color(color)
    let entries = kinds.flatMap { kind in
      kind.colors(for: base).map {
        PaletteEntry(
          name: kinds.count > 1 ? "\(kind.rawValue) \($0.name)" : $0.name, color: $0.color)
      }
    }
    try PaletteOutput.emit(
      entries, title: "Harmonies of \(color)", options: options, context: context)
  }
}

/// `pickers palette distinct N`: maximally distinct colors.
struct PaletteDistinct: Command {
  static let spec = CommandSpec(
    name: "distinct",
    abstract: "N colors as different from each other as possible (deltaE OK).",
    discussion: """
      Counts are given with --count N, as in every pickers command that takes one (palette \
      from-image, color sample); the count alone as an argument (palette distinct 8) is \
      accepted too.
      """,
    arguments: [
      count.argument,
      .positional("N", help: "The same as --count N.", optional: true),
      .option(
        "--avoid", value: "COLOR", help: "Stay away from COLOR (a background); repeatable.",
        repeating: true),
      .option(
        "--lightness", value: "MIN-MAX",
        help: "Only OKLCH lightness in this range, such as 0.4-0.8."),
    ] + PaletteOutput.arguments,
    examples: [
      "pickers palette distinct --count 8 --avoid white --avoid black",
      "pickers palette distinct 5 --format hex",
    ])

  /// How many colors one run makes: `--count` or the positional N.
  static let countRange = 1...256
  static let count = Option<Int?>(
    "--count", short: "n", value: "N", range: countRange, help: "How many colors, {min}-{max}.")

  var count: Int
  var avoid: [String]
  var lightness: ClosedRange<Double>
  var options: PaletteOutput.Options

  init(_ arguments: ParsedArguments) throws(UsageError) {
    let option = try arguments.value(Self.count)
    let range = Self.countRange
    var positional: Int?
    if let text = arguments.positional("N") {
      guard let value = Int(text), range.contains(value) else {
        throw UsageError(
          "N must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
      }
      positional = value
    }
    if let option, let positional, option != positional {
      throw UsageError("--count \(option) and N \(positional) disagree: give the count once")
    }
    guard let count = option ?? positional else {
      throw UsageError(
        "missing --count N: how many colors, \(range.lowerBound)-\(range.upperBound)")
    }
    self.count = count
    avoid = arguments.options("--avoid")
    options = PaletteOutput.Options(arguments)
    lightness = 0...1
    if let range = arguments.option("--lightness") {
      let parts = range.split(separator: "-").compactMap { Double($0) }
      guard parts.count == 2, parts[0] >= 0, parts[1] <= 1, parts[0] < parts[1] else {
        throw UsageError("--lightness takes MIN-MAX within 0-1, such as 0.4-0.8, not '\(range)'")
      }
      lightness = parts[0]...parts[1]
    }
  }

  func run(_ context: CommandContext) throws {
    var avoided: [Color] = []
    for text in avoid { avoided.append(try PaletteOutput.color(text)) }
    let colors = DistinctColors.generate(count: count, avoiding: avoided, lightness: lightness)
    if colors.count < count {
      context.warn("only \(colors.count) colors have lightness in the range asked for")
    }
    let entries = colors.enumerated().map {
      PaletteEntry(name: String($0.offset + 1), color: $0.element)
    }
    try PaletteOutput.emit(
      entries, title: "\(count) distinct colors", options: options, context: context)
  }
}

/// `pickers palette from-image FILE.png`: dominant colors.
struct PaletteFromImage: Command {
  static let spec = CommandSpec(
    name: "from-image",
    abstract: "The dominant colors of a PNG, most common first (quantised in OKLab).",
    discussion: "Transparent pixels are ignored. Names give each color's share of the image.",
    arguments: [
      .positional("FILE", help: "A PNG image.", completion: .file),
      count.argument,
    ] + PaletteOutput.arguments,
    examples: ["pickers palette from-image wallpaper.png --count 6"])

  static let count = Option<Int>(
    "--count", short: "n", value: "N", default: 8, range: 1...64,
    help: "How many colors, {min}-{max} (default {default}).")

  var path: String
  var count: Int
  var options: PaletteOutput.Options

  init(_ arguments: ParsedArguments) throws(UsageError) {
    path = arguments.positional("FILE") ?? ""
    count = try arguments.value(Self.count)
    options = PaletteOutput.Options(arguments)
  }

  func run(_ context: CommandContext) throws {
    _ = try options.resolvedFormat()
    let image = try RGBAImage(pngFile: path)
    let colors = ImageQuantizer(count: count).dominantColors(in: image)
    guard !colors.isEmpty else { throw PaletteCommandError.emptyImage(path) }
    let entries = colors.map { dominant in
      let percent = (dominant.fraction * 1000).rounded() / 10
      return PaletteEntry(name: "\(percent)%", color: dominant.color)
    }
    try PaletteOutput.emit(entries, title: "Colors of \(path)", options: options, context: context)
  }
}

/// `pickers palette simulate COLOR...`: color-vision deficiency simulation.
struct PaletteSimulate: Command {
  static let spec = CommandSpec(
    name: "simulate",
    abstract: "How colors look with protanopia, deuteranopia or tritanopia (Machado 2009).",
    discussion: """
      Warns when the deficiency makes two of the colors hard to tell apart (deltaE OK below \
      0.05 and at most half their normal difference). COLOR - reads colors from standard input, \
      one a line: pickers palette accents --format hex | pickers palette simulate -
      """,
    arguments: [
      .positional(
        "COLOR", help: "CSS colors or system accent names.", optional: true, repeating: true),
      .option(
        "--palette", short: "p", value: "FILE|NAME",
        help:
          "Also take the colors of a palette file (.gpl .ase .soc .kpl, CSS, JSON) or a named "
          + "palette (see palette list).",
        completion: .file),
      deficiency.argument,
      severity.argument,
    ] + PaletteOutput.arguments,
    examples: [
      "pickers palette simulate red green system-orange --deficiency deuteranopia",
      "pickers palette accents --format gpl -o accents.gpl && pickers palette simulate "
        + "--palette accents.gpl -d protanopia",
    ])

  /// Which deficiencies are shown.
  static let deficiency = Option<AllOr<ColorVisionDeficiency>>(
    "--deficiency", short: "d", value: "KIND", default: .all, help: "{choices}.")
  /// 1, the default, is dichromacy.
  static let severity = Option<Double>(
    "--severity", value: "S", default: 1, range: 0...1,
    help: "From {min} (normal) to {max} (dichromacy, the default).")

  var colors: [String]
  var palette: String?
  var deficiencies: [ColorVisionDeficiency]
  var severity: Double
  var options: PaletteOutput.Options

  init(_ arguments: ParsedArguments) throws(UsageError) {
    colors = arguments.positionals("COLOR")
    palette = arguments.option("--palette")
    if colors.isEmpty && palette == nil { throw UsageError("missing argument <COLOR>") }
    deficiencies = try arguments.value(Self.deficiency).cases
    severity = try arguments.value(Self.severity)
    options = PaletteOutput.Options(arguments)
  }

  func run(_ context: CommandContext) throws {
    _ = try options.resolvedFormat()
    var inputs: [String] = []
    for text in colors {
      if text == "-" {
        let read = try context.standardInputLines()
        // Bad lines were reported by number; nothing is drawn from a partial list.
        if read.bad > 0 { throw CommandFailure(status: 1) }
        inputs += read.lines.filter { !$0.isEmpty }
      } else {
        inputs.append(text)
      }
    }
    var parsed: [Color] = []
    for text in inputs { parsed.append(try PaletteOutput.color(text)) }
    if let palette {
      for entry in try PaletteOutput.palette(palette, environment: context.environment) {
        inputs.append(entry.name)
        parsed.append(entry.color)
      }
    }
    var entries: [PaletteEntry] = []
    for (index, color) in parsed.enumerated() {
      entries.append(PaletteEntry(name: inputs[index], color: color))
      for deficiency in deficiencies {
        entries.append(
          PaletteEntry(
            name: "\(inputs[index]) \(deficiency.rawValue)",
            color: color.simulating(deficiency, severity: severity)))
      }
    }
    for deficiency in deficiencies {
      for pair in deficiency.confusablePairs(in: parsed, severity: severity) {
        let before = (pair.normalDifference * 1000).rounded() / 1000
        let after = (pair.simulatedDifference * 1000).rounded() / 1000
        context.warn(
          "'\(inputs[pair.first])' and '\(inputs[pair.second])' are hard to tell apart with "
            + "\(deficiency.rawValue) (deltaE OK \(before) becomes \(after))")
      }
    }
    try PaletteOutput.emit(
      entries, title: "Color-vision deficiency", options: options, context: context)
  }
}

/// `pickers palette convert FILE`: a palette file in another format.
struct PaletteConvert: Command {
  static let spec = CommandSpec(
    name: "convert",
    abstract: "Read a palette file (.gpl .ase .soc .kpl, CSS or JSON) and write it in any format.",
    discussion: """
      The input format is told from the file's contents: GIMP/Inkscape .gpl, Adobe Swatch \
      Exchange .ase (RGB, CMYK, Lab and gray swatches), LibreOffice .soc, Krita .kpl, CSS custom \
      properties or pickers' JSON. Names are kept.
      """,
    arguments: [
      .positional(
        "FILE", help: "The palette file to read, or a named palette (see palette list).",
        completion: .file)
    ] + PaletteOutput.arguments,
    examples: [
      "pickers palette scale system-blue --format ase -o blues.ase && "
        + "pickers palette convert blues.ase --format gpl -o blues.gpl",
      "pickers palette accents --format gpl -o \"$HOME/.local/share/pickers/palettes/Accents.gpl\" "
        + "--mkdir && pickers palette convert Accents --format css",
    ])

  var path: String
  var options: PaletteOutput.Options

  init(_ arguments: ParsedArguments) throws(UsageError) {
    path = arguments.positional("FILE") ?? ""
    options = PaletteOutput.Options(arguments)
  }

  func run(_ context: CommandContext) throws {
    _ = try options.resolvedFormat()
    let entries = try PaletteOutput.palette(path, environment: context.environment)
    let file = path.split(separator: "/").last.map(String.init) ?? path
    let title = file.split(separator: ".").dropLast().joined(separator: ".")
    try PaletteOutput.emit(
      entries, title: title.isEmpty ? file : title, options: options, context: context)
  }
}
