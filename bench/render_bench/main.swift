// Micro-benchmark of the text pipeline: glyphs shaped and glyphs rasterised per second.
//
//     swift build -c release --product render-bench && .build/release/render-bench
import Glibc
import Pickers

func now() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func pad(_ text: String, _ width: Int) -> String {
  text + String(repeating: " ", count: max(0, width - text.count))
}

let fonts: [(String, FontFile, String)] = [
  (
    "Latin", FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
    "The quick brown fox jumps over the lazy dog. AVATAR office"
  ),
  (
    "Arabic", FontFile(path: "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf"),
    "نص حكيم له سر قاطع وذو شأن عظيم مكتوب على ثوب أخضر"
  ),
  (
    "Devanagari", FontFile(path: "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf"),
    "सभी मनुष्यों को गौरव और अधिकारों के मामले में जन्मजात स्वतन्त्रता प्राप्त है"
  ),
]

print("script       shaped glyphs/s   rasterised glyphs/s (uncached)   drawn glyphs/s (cached)")
for (name, font, text) in fonts {
  let style = TextStyle(font: font, size: 32)
  let typesetter = try Typesetter()
  // Shaping: layout (itemize, bidi, HarfBuzz) of the same line, faces already open.
  var glyphs = 0
  _ = try typesetter.layout(text, style: style)
  var start = now()
  for _ in 0..<2_000 {
    for line in try typesetter.layout(text, style: style) {
      glyphs += line.runs.reduce(0) { $0 + $1.glyphs.count }
    }
  }
  let shaped = Double(glyphs) / (now() - start)

  // Rasterising: a new renderer per line, so every glyph is rendered by FreeType.
  var rendered = 0
  var canvas = try Canvas(width: 2_000, height: 64, fill: .white)
  start = now()
  for index in 0..<200 {
    let renderer = try TextRenderer()
    let sized = TextStyle(font: font, size: 24 + Double(index % 8))
    guard let line = try renderer.typesetter.layout(text, style: sized).first else { continue }
    renderer.draw(line, on: &canvas, x: 4, baseline: 48, color: .black)
    rendered += renderer.glyphsRendered
  }
  let rasterised = Double(rendered) / (now() - start)

  // Drawing from the cache: the same renderer for every line.
  let renderer = try TextRenderer()
  let line = try renderer.typesetter.layout(text, style: style)[0]
  let count = line.runs.reduce(0) { $0 + $1.glyphs.count }
  start = now()
  for _ in 0..<2_000 {
    renderer.draw(line, on: &canvas, x: 4, baseline: 48, color: .black)
  }
  let drawn = Double(count * 2_000) / (now() - start)
  print(pad(name, 12), pad(String(Int(shaped)), 17), pad(String(Int(rasterised)), 32), Int(drawn))
}
