// libFuzzer target: the CSS color parser (`Color(css:)`) and what is done with a parsed color.
//
// Any string must parse to a color or throw a `ColorParseError`; a parsed color must convert to
// every space, print as CSS and hex, and its printed CSS must parse again. The CSS Color 5
// grammar (`CSSColor`, both schemes, and `MixStop`) must accept whatever `Color(css:)` accepts
// and give the same value: `Color(css:)` reads plain colors with the byte parser, `CSSColor`
// always with the tokenizer, so the two parsers must agree on the space, every channel and the
// alpha bit for bit (any NaN matches any NaN; `none` matches only `none`). Its computed-value
// serialization must parse again. Never a crash.
import Pickers

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzColor(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  for scheme in ColorScheme.allCases {
    let context = CSSColorContext(scheme: scheme)
    if let value = try? CSSColor(css: text, context: context) {
      precondition(
        (try? CSSColor(css: value.cssText, context: context)) != nil,
        "cannot re-parse \(value.cssText)")
    }
  }
  _ = try? MixStop(css: text)
  guard let color = try? Color(css: text) else { return 0 }
  guard let full = try? CSSColor(css: text) else {
    preconditionFailure("CSSColor rejects what Color(css:) reads")
  }
  precondition(
    sameValue(color, full.color),
    "the byte parser and the full grammar disagree: \(color) against \(full.color)")
  _ = color.hex
  _ = color.cssName
  for space in ColorSpace.allCases {
    let converted = color.converted(to: space)
    // What we print, we must read back (NaN channels print as `none`, so this holds too).
    precondition(
      (try? Color(css: converted.cssString)) != nil, "cannot re-parse \(converted.cssString)")
  }
  return 0
}

/// Whether two parsed colors are the same value: space, channels and alpha bit for bit.
func sameValue(_ a: Color, _ b: Color) -> Bool {
  func same(_ x: Double?, _ y: Double?) -> Bool {
    switch (x, y) {
    case (nil, nil): true
    case (let x?, let y?): x.isNaN ? y.isNaN : x.bitPattern == y.bitPattern
    default: false
    }
  }
  return a.space == b.space && same(a.alpha, b.alpha)
    && (0..<3).allSatisfy { same(a.channels[$0], b.channels[$0]) }
}
