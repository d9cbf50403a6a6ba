import Glibc
import Pickers

/// Shaping and rasterising throughput of the text pipeline (issue 8 micro-benchmarks).
///
/// For each script: glyphs shaped per second (itemize, bidi and HarfBuzz for one line, faces
/// already open), glyphs rasterised per second (a new renderer for every line, so FreeType
/// renders every glyph), and glyphs drawn per second from the renderer's glyph cache.
enum TextBenchmarks {
  static let samples: [(script: String, path: String, text: String)] = [
    (
      "latin", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
      "The quick brown fox jumps over the lazy dog. AVATAR office 0123456789"
    ),
    (
      "arabic", "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf",
      "نص حكيم له سر قاطع وذو شأن عظيم مكتوب على ثوب أخضر"
    ),
    (
      "devanagari", "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf",
      "सभी मनुष्यों को गौरव और अधिकारों के मामले में जन्मजात स्वतन्त्रता प्राप्त है"
    ),
    (
      "cjk", "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
      "人人生而自由，在尊严和权利上一律平等。他们赋有理性和良心。"
    ),
  ]

  static func run(quick: Bool) throws -> [BenchmarkResult] {
    let lines = quick ? 50 : 2_000
    let fresh = quick ? 5 : 100
    var results: [BenchmarkResult] = []
    var canvas = try Canvas(width: 2_400, height: 64, fill: .white)
    for sample in samples where access(sample.path, R_OK) == 0 {
      let style = TextStyle(font: FontFile(path: sample.path), size: 32)
      let typesetter = try Typesetter()
      var shaped = 0
      let shaping = try medianSeconds(repetitions: 3) {
        shaped = 0
        for _ in 0..<lines {
          for line in try typesetter.layout(sample.text, style: style) {
            shaped += line.runs.reduce(0) { $0 + $1.glyphs.count }
          }
        }
      }
      var rendered = 0
      let rasterising = try medianSeconds(repetitions: 3) {
        rendered = 0
        for index in 0..<fresh {
          let renderer = try TextRenderer()
          let sized = TextStyle(font: style.font, size: 24 + Double(index % 8))
          for line in try renderer.typesetter.layout(sample.text, style: sized) {
            renderer.draw(line, on: &canvas, x: 4, baseline: 48, color: .black)
          }
          rendered += renderer.glyphsRendered
        }
      }
      let renderer = try TextRenderer()
      let laidOut = try renderer.typesetter.layout(sample.text, style: style)
      let perLine = laidOut.reduce(0) { $0 + $1.runs.reduce(0) { $0 + $1.glyphs.count } }
      let drawing = medianSeconds(repetitions: 3) {
        for _ in 0..<lines {
          for line in laidOut {
            renderer.draw(line, on: &canvas, x: 4, baseline: 48, color: .black)
          }
        }
      }
      let note = "\(sample.script), 24-32 px, \(URLLite.lastComponent(sample.path))"
      results += [
        BenchmarkResult(
          name: "text.shape.\(sample.script)", value: Double(shaped) / shaping, unit: "glyphs/s",
          note: note),
        BenchmarkResult(
          name: "text.rasterise.\(sample.script)", value: Double(rendered) / rasterising,
          unit: "glyphs/s", note: note + ", new renderer per line"),
        BenchmarkResult(
          name: "text.draw-cached.\(sample.script)", value: Double(perLine * lines) / drawing,
          unit: "glyphs/s", note: note + ", glyph cache warm"),
      ]
    }
    blackHole(canvas)
    return results
  }
}

/// File-name helper without Foundation.
enum URLLite {
  static func lastComponent(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}
