import Pickers

/// Reads the COLOR arguments of the color commands: a CSS color, or `-` for one color per line
/// of standard input.
///
/// With `-`, a line that is not a color is reported as `pickers: line N: ...` and skipped; the
/// others are still processed, and the command ends with status 1 (``finish()``).
struct ColorInputs {
  /// A color and where it came from (its line number for standard input).
  struct Item {
    var text: String
    var color: Color
    var line: Int?
  }

  private(set) var items: [Item] = []
  private(set) var failures = 0
  let fromStandardInput: Bool

  /// Parses `argument` (or standard input when it is `-`); `css` gives `currentcolor`, the
  /// scheme and the system colors.
  ///
  /// - Throws: ``ColorParseError`` for a single bad color (status 1), `InputError` when
  ///   standard input cannot be read.
  init(_ argument: String, context: CommandContext, css: CSSColorContext = CSSColorContext())
    throws
  {
    fromStandardInput = argument == "-"
    guard fromStandardInput else {
      items = [Item(text: argument, color: try Color(css: argument, context: css), line: nil)]
      return
    }
    for (index, line) in try context.stdinLines().enumerated() {
      if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
      do {
        items.append(Item(text: line, color: try Color(css: line, context: css), line: index + 1))
      } catch {
        context.flush()
        CommandContext.writeError("pickers: line \(index + 1): \(error)\n")
        failures += 1
      }
    }
  }

  /// Ends the command with status 1 if any line could not be read (already reported).
  func finish() throws {
    if failures > 0 { throw CommandFailure(status: 1) }
  }
}

/// `value` with at most `decimals` digits after the point, without trailing zeros or `-0`.
func fixed(_ value: Double, _ decimals: Int) -> String {
  guard value.isFinite else { return String(value) }
  var scale = 1.0
  for _ in 0..<decimals { scale *= 10 }
  let rounded = (value * scale).rounded() / scale
  if rounded == 0 { return "0" }
  var text = String(rounded)
  if text.contains("e") { return text }
  if text.hasSuffix(".0") { text.removeLast(2) }
  return text
}

/// The names `--to` and `--in` accept: every color space by its CSS name.
enum SpaceChoice: String, CaseIterable {
  case srgb, srgbLinear = "srgb-linear", displayP3 = "display-p3"
  case displayP3Linear = "display-p3-linear", a98RGB = "a98-rgb"
  case prophotoRGB = "prophoto-rgb", rec2020, xyz, xyzD65 = "xyz-d65", xyzD50 = "xyz-d50"
  case lab, lch, oklab, oklch, hsl, hsv, hwb

  var space: ColorSpace { self == .xyz ? .xyzD65 : ColorSpace(rawValue: rawValue) ?? .srgb }
}
