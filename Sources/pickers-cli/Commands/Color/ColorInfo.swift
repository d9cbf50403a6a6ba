import Pickers

/// `pickers color info COLOR [--json]`: a color in every space.
struct ColorInfo: Command {
  static let spec = CommandSpec(
    name: "info",
    abstract: "Show a color in every color space, with its hex value and nearest CSS name.",
    discussion: """
      COLOR is any CSS Color 4 color (hex, a name, rgb(), hsl(), hwb(), lab(), lch(), \
      oklab(), oklch(), color()), or - to read one color per line from standard input.
      Values are exact conversions, not clamped; hex is the gamut-mapped sRGB value. \
      A hue that has no meaning (a gray) is shown as none (null in JSON).
      """,
    arguments: [
      .positional("COLOR", help: "A CSS color, or - for one per line of standard input."),
      .flag("--json", help: "Print JSON (an array when reading standard input)."),
    ],
    examples: [
      "pickers color info rebeccapurple",
      "pickers color info 'oklch(70% 0.1 200 / 50%)' --json",
      "printf '#f00\\n#0f0\\n' | pickers color info - --json",
    ])

  var color: String
  var json: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    color = arguments.positional("COLOR") ?? ""
    json = arguments.flag("--json")
  }

  /// The JSON form: keys as the issue specifies them.
  struct Info: Encodable {
    var input: String
    var hex: String
    var alpha: Double
    var srgb: [Double?]
    var hsl: [Double?]
    var hsv: [Double?]
    var hwb: [Double?]
    var lab: [Double?]
    var lch: [Double?]
    var oklab: [Double?]
    var oklch: [Double?]
    var displayP3: [Double?]
    var inSRGBGamut: Bool
    var name: String

    enum CodingKeys: String, CodingKey {
      case input, hex, alpha, srgb, hsl, hsv, hwb, lab, lch, oklab, oklch
      case displayP3 = "display-p3"
      case inSRGBGamut, name
    }

    init(input: String, color: Color) {
      func values(_ space: ColorSpace) -> [Double?] { color.converted(to: space).channels.values }
      self.input = input
      hex = color.hex
      alpha = color.alpha
      srgb = values(.srgb)
      hsl = values(.hsl)
      hsv = values(.hsv)
      hwb = values(.hwb)
      lab = values(.lab)
      lch = values(.lch)
      oklab = values(.oklab)
      oklch = values(.oklch)
      displayP3 = values(.displayP3)
      inSRGBGamut = color.isInGamut()
      name = color.nearestCSSName
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(input, forKey: .input)
      try container.encode(hex, forKey: .hex)
      try container.encode(alpha, forKey: .alpha)
      // Missing components are written as null, not left out.
      for (key, value) in [
        (CodingKeys.srgb, srgb), (.hsl, hsl), (.hsv, hsv), (.hwb, hwb), (.lab, lab),
        (.lch, lch), (.oklab, oklab), (.oklch, oklch), (.displayP3, displayP3),
      ] {
        var array = container.nestedUnkeyedContainer(forKey: key)
        for component in value {
          if let component { try array.encode(component) } else { try array.encodeNil() }
        }
      }
      try container.encode(inSRGBGamut, forKey: .inSRGBGamut)
      try container.encode(name, forKey: .name)
    }
  }

  func run(_ context: CommandContext) throws {
    // Standard input gives a JSON array, written element by element as the lines come.
    var array = JSONArrayStream(context)
    var printed = 0
    let outcome = try ColorInputs.forEach(color, context: context) { item in
      if json {
        let info = Info(input: item.text, color: item.color)
        if item.line == nil { try context.json(info) } else { try array.append(info) }
      } else {
        if printed > 0 { context.out("\n") }
        context.out(Self.text(item.color, input: item.text))
        printed += 1
      }
    }
    if json && outcome.fromStandardInput { array.close() }
    try outcome.finish()
  }

  /// The aligned text form.
  static func text(_ color: Color, input: String) -> String {
    var rows: [(String, String)] = [
      ("input", input), ("hex", color.hex),
      ("name", color.cssName ?? "\(color.nearestCSSName) (nearest)"),
      ("alpha", fixed(color.alpha, 4)),
    ]
    let spaces: [ColorSpace] = [.srgb, .hsl, .hsv, .hwb, .lab, .lch, .oklab, .oklch, .displayP3]
    for space in spaces {
      rows.append((space.rawValue, color.converted(to: space).withOpacity(1).cssString))
    }
    rows.append(("in sRGB gamut", color.isInGamut() ? "yes" : "no"))
    let width = rows.map(\.0.count).max() ?? 0
    return rows.map { name, value in
      name + String(repeating: " ", count: width - name.count + 2) + value + "\n"
    }.joined()
  }
}
