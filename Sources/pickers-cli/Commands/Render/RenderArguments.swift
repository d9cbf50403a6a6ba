import Pickers

/// Reading the picture commands' values: colors, sizes and output paths.
enum RenderArguments {
  /// Parses a CSS color typed by the user into an 8-bit pixel.
  static func color(_ text: String) throws -> RGBA8 {
    try Color(css: text).rgba8
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
      try image.writePNG(to: path, durability: context.fileDurability)
    }
  }

  /// Writes an encoded PNG to `path`, or to standard output for `-`.
  static func write(png: [UInt8], to path: String, context: CommandContext) throws {
    if path == "-" {
      context.outputBytes(png)
    } else {
      do {
        try writeAtomically(png, to: path, durability: context.fileDurability)
      } catch {
        throw PNGError.unwritable(error)
      }
    }
  }
}
