import Pickers

/// The `--json` form of a color that a command computed (`color convert`, `color mix`): the
/// text the plain output prints, its hex value, and its components in the space they are in.
///
/// The field names are those of `color pick --format json` (`hex`, `css`, `space`,
/// `components`, `alpha`), with `input` as in `color info --json`. A missing component
/// (`none`) is `null`; so is the alpha of a mix whose alpha is `none`.
struct ColorResultJSON: Encodable {
  /// What the user gave: one color for `convert`, every color (with its share) for `mix`.
  var input: [String]
  /// What the plain output prints.
  var css: String
  var hex: String
  /// The CSS name of the space `components` are in.
  var space: String
  var components: [Double?]
  var alpha: Double?

  enum CodingKeys: String, CodingKey {
    case input, css, hex, space, components, alpha
  }

  /// `color` as it is printed in `space`, from `input`.
  init(input: [String], css: String, color: Color, alphaIsMissing: Bool = false) {
    self.input = input
    self.css = css
    hex = color.hex
    space = color.space.rawValue
    components = color.channels.values
    alpha = alphaIsMissing ? nil : color.alpha
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    // One string for one input, an array for a mix.
    if input.count == 1 {
      try container.encode(input[0], forKey: .input)
    } else {
      try container.encode(input, forKey: .input)
    }
    try container.encode(css, forKey: .css)
    try container.encode(hex, forKey: .hex)
    try container.encode(space, forKey: .space)
    var array = container.nestedUnkeyedContainer(forKey: .components)
    for component in components {
      if let component { try array.encode(component) } else { try array.encodeNil() }
    }
    if let alpha {
      try container.encode(alpha, forKey: .alpha)
    } else {
      try container.encodeNil(forKey: .alpha)
    }
  }
}

/// Writes the `--json` answers of a color command: one object for one color, or an array
/// written element by element as standard input's lines come (as `color info` does).
struct ColorJSONOutput {
  private var array: JSONArrayStream
  private let context: CommandContext

  init(_ context: CommandContext) {
    self.context = context
    array = JSONArrayStream(context)
  }

  /// Writes `value`, the answer for `item`.
  mutating func write(_ value: some Encodable, for item: ColorInputs.Item) throws {
    if item.line == nil { try context.json(value) } else { try array.append(value) }
  }

  /// Ends the array when the colors came from standard input.
  func close(_ outcome: ColorInputs.Outcome) {
    if outcome.fromStandardInput { array.close() }
  }
}
