import Pickers

#if canImport(Glibc)
  import Glibc
#endif

/// Reads the COLOR arguments of the color commands: a CSS color, or `-` for one color per line
/// of standard input.
///
/// With `-` the lines are streamed: each color is handed to the command as soon as its line is
/// read, so answers appear as they come and memory does not grow with the input. A line that is
/// not a color (or not UTF-8) is reported as `pickers: line N: ...` and skipped; the others
/// are still processed, and the command ends with status 1 (``Outcome/finish()``).
enum ColorInputs {
  /// A color and where it came from (its line number for standard input).
  struct Item {
    var text: String
    var color: Color
    var line: Int?
  }

  /// What a pass over the inputs found.
  struct Outcome {
    /// Whether the colors came from standard input (`-`).
    var fromStandardInput: Bool
    /// Lines that were reported and skipped.
    var failures: Int

    /// Ends the command with status 1 if any line could not be read (already reported).
    func finish() throws {
      if failures > 0 { throw CommandFailure(status: 1) }
    }
  }

  /// Calls `body` with the color `argument` names, or with each color of standard input for `-`;
  /// `css` gives `currentcolor`, the scheme and the system colors.
  ///
  /// - Throws: ``ColorParseError`` for a single bad color (status 1), `InputError` when
  ///   standard input cannot be read, or whatever `body` throws.
  @discardableResult
  static func forEach(
    _ argument: String, context: CommandContext, css: CSSColorContext = CSSColorContext(),
    _ body: (Item) throws -> Void
  ) throws -> Outcome {
    guard argument == "-" else {
      try body(Item(text: argument, color: try Color(css: argument, context: css), line: nil))
      return Outcome(fromStandardInput: false, failures: 0)
    }
    var failures = 0
    failures += try context.forEachStandardInputLine { line, number in
      if line.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
      let color: Color
      do throws(ColorParseError) {
        color = try Color(css: line, context: css)
      } catch {
        context.reportLine(number, excerpted(error))
        failures += 1
        return
      }
      try body(Item(text: line, color: color, line: number))
    }
    return Outcome(fromStandardInput: true, failures: failures)
  }

  /// Converts every line of standard input with `batch`, writing to standard output and
  /// reporting each bad line as ``forEach(_:context:css:_:)`` does (the same bytes, in the same
  /// order, converted in blocks across the processors).
  ///
  /// - Returns: The outcome, and how many colors were written.
  /// - Throws: `InputError` when standard input cannot be read.
  static func convertStandardInput(_ batch: ColorBatch, context: CommandContext) throws(InputError)
    -> (Outcome, colors: Int)
  {
    if CommandContext.closedAtStart.input {
      throw InputError.readFailed(source: "standard input", reason: "Bad file descriptor")
    }
    let limit = batch.maximumLineLength
    let summary: ColorBatch.Summary
    do {
      summary = try batch.run(
        reading: STDIN_FILENO, write: { context.outputNow($0) },
        report: { line, problem in
          switch problem {
          case .notUTF8: context.reportLine(line, "not valid UTF-8")
          case .tooLong: context.reportLine(line, "longer than \(limit / 1024) KiB; skipped")
          case .notAColor(let error): context.reportLine(line, excerpted(error))
          }
        })
    } catch {
      throw InputError.readFailed(
        source: "standard input", reason: String(cString: strerror(error.code)))
    }
    return (Outcome(fromStandardInput: true, failures: summary.problems), summary.colors)
  }

  /// Every color `argument` names, for commands that need them all at once.
  static func all(
    _ argument: String, context: CommandContext, css: CSSColorContext = CSSColorContext()
  ) throws -> ([Item], Outcome) {
    var items: [Item] = []
    let outcome = try forEach(argument, context: context, css: css) { items.append($0) }
    return (items, outcome)
  }
}

/// A parse error's message with the input quoted at most once, and only its first
/// ``excerptLength`` characters when it is long (a 10 MB line is not echoed back).
func excerpted(_ error: ColorParseError) -> String {
  guard error.input.utf8.count > excerptLength else { return error.description }
  let shown = String(error.input.prefix(excerptLength))
  return
    "cannot parse color \"\(shown)…\" (\(error.input.utf8.count) bytes): \(error.reason.brief) "
    + "at column \(error.column)"
}

/// How many characters of a long bad input a message quotes.
let excerptLength = 60

extension ColorParseError.Reason {
  /// The reason, with any quoted piece of the input cut to ``excerptLength`` characters.
  var brief: String {
    let text = description
    guard text.count > excerptLength else { return text }
    return String(text.prefix(excerptLength)) + "…"
  }
}

/// `value` with at most `decimals` digits after the point, without trailing zeros or `-0`.
func fixed(_ value: Double, _ decimals: Int) -> String {
  // NaN and infinities as CSS serializes them, and as `--json` writes them (JSONWriter's
  // clampedAsCSS), so the text and the JSON agree.
  guard value.isFinite else { return value.isNaN ? "0" : value > 0 ? "1e308" : "-1e308" }
  var scale = 1.0
  for _ in 0..<decimals { scale *= 10 }
  let rounded = (value * scale).rounded() / scale
  if rounded == 0 { return "0" }
  var text = String(rounded)
  if text.contains("e") { return text }
  if text.hasSuffix(".0") { text.removeLast(2) }
  return text
}

/// The names `--to` and `--in` accept: every color space by each of its names, from the
/// library's registry (``ColorSpace/names``).
struct SpaceChoice: RawRepresentable, CaseIterable {
  var rawValue: String
  var space: ColorSpace

  static var allCases: [SpaceChoice] {
    ColorSpace.allCases.flatMap { space in
      space.names.map { SpaceChoice(name: $0, space: space) }
    }
  }

  init?(rawValue: String) {
    guard let space = ColorSpace(name: rawValue) else { return nil }
    self.init(name: rawValue, space: space)
  }

  private init(name: String, space: ColorSpace) {
    rawValue = name
    self.space = space
  }
}
