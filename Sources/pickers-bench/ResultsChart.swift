import FoundationEssentials
import Glibc
import Pickers

/// Draws the ratios of `bench/results.json` as a bar chart, with pickers' own text and PNG code.
///
///     pickers-bench chart bench/results.json bench/results.png
///
/// One bar per pair on a logarithmic axis of pickers time / anchor time: green where the
/// issue's target is met, red where it is missed, a black tick at the target and a gray line
/// at 1 (as fast as the anchor).
enum ResultsChart {
  struct File: Decodable {
    var date: String?
    var mode: String?
    var pairs: [Pair]
  }

  struct Pair: Decodable {
    var job: String
    var anchor: String
    var ratio: Double?
    var target: Double?
    var met: Bool?
  }

  static let font = FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
  static let width = 1_280
  static let labelWidth = 560
  static let rowHeight = 40
  static let top = 70
  static let axisRange = (low: -3.0, high: 1.0)  // log10 of the ratio: 0.001 ... 10

  static func run(_ arguments: [String]) throws {
    guard arguments.count == 2 else {
      throw ChartError.usage
    }
    let bytes = try readFile(arguments[0])
    let file = try JSONDecoder().decode(File.self, from: Data(bytes))
    let height = top + rowHeight * file.pairs.count + 60
    var canvas = try Canvas(width: width, height: height, fill: .white)
    let renderer = try TextRenderer()
    let gray = RGBA8(red: 110, green: 110, blue: 110)
    let light = RGBA8(red: 225, green: 225, blue: 225)

    func text(_ string: String, x: Double, baseline: Double, size: Double, color: RGBA8) throws {
      let style = TextStyle(font: font, size: size)
      for line in try renderer.typesetter.layout(string, style: style) {
        renderer.draw(line, on: &canvas, x: x, baseline: baseline, color: color)
      }
    }
    func textWidth(_ string: String, size: Double) throws -> Double {
      try renderer.typesetter.layout(string, style: TextStyle(font: font, size: size))
        .reduce(0) { max($0, $1.width) }
    }
    let plotLeft = Double(labelWidth + 20)
    let plotRight = Double(width - 90)
    func x(_ ratio: Double) -> Double {
      let clamped = min(max(log10(max(ratio, 1e-9)), axisRange.low), axisRange.high)
      return plotLeft + (clamped - axisRange.low) / (axisRange.high - axisRange.low)
        * (plotRight - plotLeft)
    }

    let title = "pickers / anchor, time ratio (below 1 is faster; tick = target)"
    try text(title, x: 20, baseline: 30, size: 20, color: .black)
    let subtitle = [file.date, file.mode].compactMap { $0 }.joined(separator: ", ")
    if !subtitle.isEmpty { try text(subtitle, x: 20, baseline: 54, size: 14, color: gray) }
    let plotBottom = top + rowHeight * file.pairs.count
    for exponent in Int(axisRange.low)...Int(axisRange.high) {
      let value = pow(10, Double(exponent))
      let column = Int(x(value).rounded())
      let color = exponent == 0 ? gray : light
      canvas.fillRect(
        x: column, y: top - 6, width: exponent == 0 ? 2 : 1, height: plotBottom - top + 6,
        color: color)
      let label =
        exponent >= 0 ? "\(Int(value))" : "0." + String(repeating: "0", count: -exponent - 1) + "1"
      let labelWidth = try textWidth(label, size: 13)
      try text(
        label, x: Double(column) - labelWidth / 2, baseline: Double(plotBottom + 22), size: 13,
        color: gray)
    }
    for (index, pair) in file.pairs.enumerated() {
      let rowTop = top + index * rowHeight
      let baseline = Double(rowTop + rowHeight / 2 + 6)
      try text("\(pair.job) vs \(pair.anchor)", x: 20, baseline: baseline, size: 15, color: .black)
      guard let ratio = pair.ratio else {
        try text("not measured", x: plotLeft + 4, baseline: baseline, size: 14, color: gray)
        continue
      }
      let met = pair.met ?? (ratio <= (pair.target ?? 1))
      let color =
        met
        ? RGBA8(red: 46, green: 158, blue: 91) : RGBA8(red: 214, green: 69, blue: 65)
      let end = Int(x(ratio).rounded())
      canvas.fillRect(
        x: Int(plotLeft), y: rowTop + 8, width: max(2, end - Int(plotLeft)), height: rowHeight - 16,
        color: color)
      if let target = pair.target {
        canvas.fillRect(
          x: Int(x(target).rounded()) - 1, y: rowTop + 3, width: 3, height: rowHeight - 6,
          color: .black)
      }
      let after = max(end, pair.target.map { Int(x($0).rounded()) + 2 } ?? end)
      try text(formatted(ratio), x: Double(after + 8), baseline: baseline, size: 14, color: .black)
    }
    try canvas.image.writePNG(to: arguments[1])
  }

  /// Two significant digits, plain decimal notation.
  static func formatted(_ value: Double) -> String {
    guard value > 0, value.isFinite else { return "\(value)" }
    let digits = max(0, 1 - Int(floor(log10(value))))
    let scale = pow(10, Double(digits))
    let rounded = (value * scale).rounded() / scale
    var text = "\(rounded)"
    if let dot = text.firstIndex(of: "."), text.distance(from: dot, to: text.endIndex) - 1 < digits
    {
      text += String(
        repeating: "0", count: digits - (text.distance(from: dot, to: text.endIndex) - 1))
    }
    if digits == 0, text.hasSuffix(".0") { text.removeLast(2) }
    return text
  }

  static func readFile(_ path: String) throws -> [UInt8] {
    do { return try Pickers.readFile(path, maximumSize: .max) } catch {
      throw ChartError.unreadable(path)
    }
  }
}

/// Why the chart could not be drawn.
enum ChartError: Error, CustomStringConvertible {
  case usage
  case unreadable(String)

  var description: String {
    switch self {
    case .usage: "usage: pickers-bench chart RESULTS.json OUTPUT.png"
    case .unreadable(let path): "cannot read '\(path)'"
    }
  }
}
