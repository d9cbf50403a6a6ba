import Pickers

/// Reading the picture commands' values: colors, sizes and output paths.
enum RenderArguments {
  /// Parses a CSS color typed by the user into an 8-bit pixel.
  static func color(_ text: String) throws -> RGBA8 {
    try Color(css: text).rgba8
  }

  /// Parses a picture size, `WxH` (or `N` for a square), with both sides in `range`.
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

  /// A text size in pixels from `--size`, refusing zero, negative and absurd values.
  ///
  /// The text commands take one number (`48`, `14.5`); a picture size with equal sides
  /// (`48x48`) means the same, and one with two different sides is refused with a message
  /// that says what a text size is.
  static func fontSize(_ arguments: ParsedArguments, default value: Double) throws(UsageError)
    -> Double
  {
    guard let text = arguments.option("--size") else { return value }
    let range = TextLayoutLimits.fontSizes
    let expected = "the text size is a number of pixels, such as 48"
    var number = text
    if text.lowercased().contains("x") {
      let sides = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
      guard sides.count == 2, let width = Double(sides[0]), let height = Double(sides[1]),
        width.isFinite, height.isFinite
      else { throw UsageError("--size '\(text)' is not a text size: \(expected)") }
      guard width == height else {
        throw UsageError(
          "--size '\(text)' is a picture size (WxH): \(expected) (or NxN with equal sides)")
      }
      number = String(sides[0])
    }
    guard let size = Double(number), size.isFinite else {
      throw UsageError("--size takes a number, not '\(text)': \(expected)")
    }
    guard range.contains(size) else {
      throw UsageError(
        "--size must be between \(formatNumber(range.lowerBound)) and "
          + "\(formatNumber(range.upperBound)), not \(text)")
    }
    return size
  }

  /// The help of a text `--size`, with its default.
  static func fontSizeHelp(default value: Int) -> String {
    "Text size in pixels, a number (default \(value)); NxN is read as N."
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

  /// Writes `image` to `path` (atomically) or to standard output for `-`; `createFolders`
  /// (`--mkdir`) makes the file's missing folders first.
  static func write(
    _ image: RGBAImage, to path: String, createFolders: Bool, context: CommandContext
  ) throws {
    if path == "-" {
      context.outputBytes(try image.pngData())
    } else {
      try OutputFolder.writing(to: path, createFolders: createFolders) {
        try image.writePNG(to: path, durability: context.fileDurability)
      }
    }
  }

  /// Writes an encoded PNG to `path` (creating missing folders when asked), or to standard
  /// output for `-`.
  static func write(
    png: [UInt8], to path: String, createFolders: Bool, context: CommandContext
  ) throws {
    if path == "-" {
      context.outputBytes(png)
    } else {
      try OutputFolder.writing(to: path, createFolders: createFolders) {
        try writeFile(png, to: path, durability: context.fileDurability)
      }
    }
  }

  /// Writes PNG bytes atomically, a failure reported as ``PNGError/unwritable(_:)`` as
  /// `RGBAImage.writePNG` reports it.
  private static func writeFile(
    _ png: [UInt8], to path: String, durability: FileDurability
  ) throws(PNGError) {
    do { try writeAtomically(png, to: path, durability: durability) } catch {
      throw .unwritable(error)
    }
  }
}
