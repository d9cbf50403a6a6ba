import Pickers

/// `pickers color info COLOR [--json]`: a color in every space.
struct ColorInfo: Command {
  static let spec = CommandSpec(
    name: "info",
    abstract: "Show a color in every color space, with its hex value and nearest CSS name.",
    discussion: """
      COLOR is any CSS color (hex, a name, rgb(), hsl(), hwb(), lab(), lch(), oklab(), \
      oklch(), color(), and CSS Color 5: color-mix(), relative colors, calc() and the other \
      math functions, light-dark(), contrast-color(), currentcolor, system colors), or - to \
      read one color per line from standard input. "computed" is the CSS computed value as a \
      browser serializes it. Values are exact conversions, not clamped; hex is the \
      gamut-mapped sRGB value. A hue that has no meaning (a gray) is shown as none (null in \
      JSON).
      """,
    arguments: [
      .positional("COLOR", help: "A CSS color, or - for one per line of standard input."),
      .flag("--json", help: "Print JSON (an array when reading standard input)."),
    ] + ColorContextOptions.arguments,
    examples: [
      "pickers color info rebeccapurple",
      "pickers color info 'oklch(70% 0.1 200 / 50%)' --json",
      "printf '#f00\\n#0f0\\n' | pickers color info - --json",
      "pickers color info 'color-mix(in oklch, #3478f6 30%, white)'",
      "pickers color info 'light-dark(Canvas, CanvasText)' --scheme dark",
    ])

  var color: String
  var json: Bool
  var options: ColorContextOptions

  init(_ arguments: ParsedArguments) throws(UsageError) {
    color = arguments.positional("COLOR") ?? ""
    json = arguments.flag("--json")
    options = try ColorContextOptions(arguments)
  }

  /// The JSON form: keys as the issue specifies them.
  struct Info: Encodable {
    var input: String
    var computed: String
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
      case input, computed, hex, alpha, srgb, hsl, hsv, hwb, lab, lch, oklab, oklch
      case displayP3 = "display-p3"
      case inSRGBGamut, name
    }

    init(input: String, color: Color, computed: String) {
      func values(_ space: ColorSpace) -> [Double?] { color.converted(to: space).channels.values }
      self.input = input
      self.computed = computed
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
      try container.encode(computed, forKey: .computed)
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
    let css = try options.context(context)
    let outcome = try ColorInputs.forEach(color, context: context, css: css) { item in
      let computed = Self.computed(item, css)
      if json {
        let info = Info(input: item.text, color: item.color, computed: computed)
        if item.line == nil { try context.json(info) } else { try array.append(info) }
      } else {
        if printed > 0 { context.out("\n") }
        context.out(Self.text(item.color, input: item.text, computed: computed))
        printed += 1
      }
    }
    if json && outcome.fromStandardInput { array.close() }
    try outcome.finish()
  }

  /// The CSS computed value of an input that `ColorInputs` has already parsed.
  static func computed(_ item: ColorInputs.Item, _ css: CSSColorContext) -> String {
    (try? CSSColor(css: item.text, context: css))?.cssText ?? CSSColor(item.color).cssText
  }

  /// The aligned text form.
  static func text(_ color: Color, input: String, computed: String) -> String {
    var rows: [(String, String)] = [
      ("input", input), ("computed", computed), ("hex", color.hex),
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
