import Pickers

/// Reading the picture commands' values: colors, sizes and output paths.
enum RenderArguments {
  /// Parses a CSS color typed by the user into an 8-bit pixel.
  static func color(_ text: String) throws -> RGBA8 {
    // Interim until the color branch's `Color(css:)` lands: hex forms and a few names.
    let names: [String: RGBA8] = [
      "black": .black, "white": .white, "transparent": .clear,
      "red": RGBA8(red: 255, green: 0, blue: 0), "blue": RGBA8(red: 0, green: 0, blue: 255),
    ]
    if let named = names[text.lowercased()] { return named }
    let digits = Array(text.lowercased().dropFirst(text.hasPrefix("#") ? 1 : 0))
    let values = digits.compactMap(\.hexDigitValue).map(UInt8.init)
    guard text.hasPrefix("#"), values.count == digits.count, [3, 4, 6, 8].contains(values.count)
    else { throw InterimColorError(text: text) }
    let short = values.count <= 4
    var channels: [UInt8] = []
    if short {
      for value in values { channels.append(value &* 17) }
    } else {
      for index in stride(from: 0, to: values.count, by: 2) {
        channels.append(values[index] &* 16 &+ values[index + 1])
      }
    }
    return RGBA8(
      red: channels[0], green: channels[1], blue: channels[2],
      alpha: channels.count == 4 ? channels[3] : 255)
  }

  struct InterimColorError: Error, CustomStringConvertible {
    var text: String
    var description: String { "'\(text)' is not a color: expected a CSS color such as #ff8800" }
  }

  /// Parses `WxH` (or `N` for a square) with both sides in `range`.
  static func size(_ text: String, option: String, in range: ClosedRange<Int>) throws(UsageError)
    -> (width: Int, height: Int)
  {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    let numbers: [Int?] = parts.map { Int($0) }
    let sides: [Int?] = numbers.count == 1 ? numbers + numbers : numbers
    guard sides.count == 2, let width = sides[0], let height = sides[1] else {
      throw UsageError("\(option) '\(text)' is not a size: expected WxH such as 128x64")
    }
    guard range.contains(width), range.contains(height) else {
      throw UsageError(
        "\(option) '\(text)' is out of range: expected sides from \(range.lowerBound) to "
          + "\(range.upperBound) pixels")
    }
    return (width, height)
  }

  /// A font size in pixels from `--size`, refusing zero, negative and absurd values.
  static func fontSize(_ arguments: ParsedArguments, default value: Double) throws(UsageError)
    -> Double
  {
    try arguments.double("--size", in: TextLayoutLimits.fontSizes) ?? value
  }

  /// The output path from `-o`, required.
  static func output(_ arguments: ParsedArguments) throws(UsageError) -> String {
    guard let path = arguments.option("--output"), !path.isEmpty else {
      throw UsageError("missing -o FILE.png: name the picture to write")
    }
    return path
  }

  static let outputSpec = ArgumentSpec.option(
    "--output", short: "o", value: "FILE.png", help: "The PNG to write ('-' for standard output).",
    required: true, completion: .file)

  /// Writes `image` to `path` (atomically) or to standard output for `-`.
  static func write(_ image: RGBAImage, to path: String, context: CommandContext) throws {
    if path == "-" {
      context.outputBytes(try image.pngData())
    } else {
      try image.writePNG(to: path)
    }
  }
}
