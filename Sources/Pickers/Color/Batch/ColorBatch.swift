import Glibc

/// Converts a stream of CSS colors, one per line, to text: what `pickers color convert -` and
/// `pickers color info -` do with standard input.
///
/// The lines are read in large blocks, parsed straight from their bytes (no string per line
/// for the common forms) and written into reused byte buffers; a block is split at line ends
/// across the online processors and the parts are written back in order, so the output is the
/// same, byte for byte and problem for problem, as converting one line after another.
/// Memory is bounded by the block size whatever the input's length.
///
/// A line is read as ``Color/init(css:context:)`` reads it, without its newline and one final
/// carriage return; lines of spaces and tabs are skipped; a line that is not UTF-8, longer than
/// ``maximumLineLength`` or not a color is reported as a ``Problem`` and the others go on.
///
///     let batch = ColorBatch(output: .css(.oklch))
///     var piece = ColorBatch.Piece()
///     Array("red\n#00f\n".utf8).withUnsafeBufferPointer { batch.convert($0, into: &piece) }
///     // piece.bytes: "oklch(0.627955 0.257683 29.2339)\noklch(0.452014 0.313214 264.052)\n"
public struct ColorBatch: Sendable {
  /// What each color becomes.
  public enum Output: Sendable, Hashable {
    /// The color gamut mapped into the space (``Color/gamutMapped(to:)``) as its CSS string
    /// (``Color/cssString``), and a newline.
    case css(ColorSpace)
    /// ``Color/hex`` and a newline.
    case hex
    /// ``ColorReport/text``, the reports separated by a blank line.
    case report
    /// ``ColorReport/json`` as the elements of one JSON array, written as ``JSONWriter``
    /// writes the whole array (see ``arrayEnd(count:)``).
    case reportJSON
  }

  /// Why a line gave no color.
  public enum Problem: Error, Sendable, Equatable {
    /// The line is not valid UTF-8.
    case notUTF8
    /// The line is longer than ``ColorBatch/maximumLineLength`` bytes; it was skipped unread.
    case tooLong
    /// The line is not a color.
    case notAColor(ColorParseError)
  }

  /// What each color becomes.
  public var output: Output
  /// The scheme, current color and system colors the lines are read in.
  public var context: CSSColorContext
  /// The longest line read, in bytes (a final carriage return included, the newline not).
  public var maximumLineLength: Int
  /// A block size for tests, which move block boundaries through every offset.
  var testingBlockSize: Int? = nil
  /// A block's most lines for tests (``blockLines``), which cross its boundaries in a few
  /// thousand lines.
  var testingBlockLines: Int? = nil
  /// Reports name the nearest color from ``NearestName``'s grid: set by ``run(reading:processors:write:report:)``
  /// once ``nearestGridAfterLines`` lines are read, so that only a batch long enough to repay
  /// the grid's making pays for it.
  var nearestGrid = false
  /// Lines read before the grid is made (about where its cost is repaid).
  static let nearestGridAfterLines = 30_000
  /// ``nearestGridAfterLines`` for tests, which cross the switch in a few thousand lines.
  var testingNearestGridAfterLines: Int? = nil

  /// Creates a batch converter.
  public init(
    output: Output, context: CSSColorContext = CSSColorContext(),
    maximumLineLength: Int = 64 * 1024
  ) {
    self.output = output
    self.context = context
    self.maximumLineLength = maximumLineLength
  }

  /// The text that ends a ``Output/reportJSON`` array of `count` elements: `[`, an empty
  /// line and `]` when there are none, as ``JSONWriter`` writes an empty array.
  public static func arrayEnd(count: Int) -> String { count == 0 ? "[\n\n]\n" : "\n]\n" }

  /// The converted text of some lines, and their problems.
  public struct Piece: Sendable {
    /// The output, in the order of the lines.
    public var bytes: [UInt8] = []
    /// Each problem: how many bytes of ``bytes`` come before it, the line's index in the
    /// piece (from 0) and what was wrong.
    public var problems: [(offset: Int, line: Int, problem: Problem)] = []
    /// How many lines the piece held.
    public var lines = 0
    /// How many colors were written.
    public var colors = 0

    /// An empty piece.
    public init() {}

    mutating func removeAll() {
      bytes.removeAll(keepingCapacity: true)
      problems.removeAll(keepingCapacity: true)
      lines = 0
      colors = 0
    }
  }

  /// Converts every line of `text` into `piece`, which is emptied first.
  ///
  /// Each line ends with a newline except perhaps the last. Every color is written as if it
  /// came after another, so each ``Output/report`` starts with the blank line that
  /// separates it from the one before, and each ``Output/reportJSON`` element with `,`: the
  /// first color of a whole batch drops that byte or makes it `[` (``run(reading:processors:write:report:)``
  /// does).
  public func convert(_ text: UnsafeBufferPointer<UInt8>, into piece: inout Piece) {
    piece.removeAll()
    guard let base = text.baseAddress else { return }
    var start = 0
    while start < text.count {
      let end: Int
      if let newline = memchr(base + start, 0x0A, text.count - start) {
        end = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(newline))
      } else {
        end = text.count
      }
      convertLine(UnsafeBufferPointer(rebasing: text[start..<end]), into: &piece)
      piece.lines += 1
      start = end + 1
    }
  }

  /// Converts one line (without its newline).
  @inline(__always)
  func convertLine(
    _ raw: UnsafeBufferPointer<UInt8>, into piece: inout Piece
  ) {
    guard raw.count <= maximumLineLength else {
      return piece.problems.append((piece.bytes.count, piece.lines, .tooLong))
    }
    var line = raw
    if let last = line.last, last == 0x0D { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
    // Blank: a line of spaces and tabs (most lines end this at their first byte).
    guard line.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
    let ascii = Self.isASCII(line)
    if ascii, case .success(let color) = CSSColorParser.parse(line) {
      return write(color, input: line, fast: true, into: &piece)
    }
    // Non-ASCII text and what the byte parser cannot read take the full path, as one line
    // read on its own does.
    guard
      let text = ascii
        ? String(decoding: line, as: UTF8.self) : String(validating: line, as: UTF8.self)
    else {
      return piece.problems.append((piece.bytes.count, piece.lines, .notUTF8))
    }
    do throws(ColorParseError) {
      let color = try Color(css: text, context: context)
      write(color, input: line, fast: false, into: &piece)
    } catch {
      piece.problems.append((piece.bytes.count, piece.lines, .notAColor(error)))
    }
  }

  /// Whether every byte of `line` is below 0x80, read eight bytes at a time.
  @inline(__always)
  static func isASCII(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = line.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    var bits: UInt64 = 0
    var offset = 0
    while offset + 8 <= line.count {
      bits |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      offset += 8
    }
    while offset < line.count {
      bits |= UInt64(line[offset])
      offset += 1
    }
    return bits & 0x8080_8080_8080_8080 == 0
  }

  /// Writes the output of one color read from `input`.
  @inline(__always)
  func write(
    _ color: Color, input: UnsafeBufferPointer<UInt8>, fast: Bool, into piece: inout Piece
  ) {
    piece.colors += 1
    switch output {
    case .css(let space):
      color.gamutMapped(to: space).appendCSSString(to: &piece.bytes)
      piece.bytes.append(0x0A)
    case .hex:
      ColorReport.appendHex(color.rgba8, to: &piece.bytes)
      piece.bytes.append(0x0A)
    case .report:
      let computed = computed(color, input, fast)
      let bound = ColorReport.bound(inputCount: input.count, computed: computed) + 1
      ByteCursor.append(to: &piece.bytes, bound: bound) { output in
        output.put(0x0A)
        ColorReport.writeText(
          color, input: input, computed: computed, nearestGrid: nearestGrid, to: &output)
      }
    case .reportJSON:
      let computed = computed(color, input, fast)
      let bound = ColorReport.bound(inputCount: input.count, computed: computed) + 4
      ByteCursor.append(to: &piece.bytes, bound: bound) { output in
        output.put(",\n  ")
        ColorReport.writeJSON(
          color, input: input, computed: computed, indent: 1, nearestGrid: nearestGrid,
          to: &output)
      }
    }
  }

  /// How the computed value of a color read from `input` is written.
  func computed(_ color: Color, _ input: UnsafeBufferPointer<UInt8>, _ fast: Bool)
    -> ColorReport.Computed
  {
    if fast, let style = ColorReport.fastStyle(input) {
      return .fast(style.style, alphaIsMissing: style.alphaIsMissing)
    }
    let text = String(decoding: input, as: UTF8.self)
    return .text(Array(ColorReport.computed(text, color: color, context).utf8))
  }
}
