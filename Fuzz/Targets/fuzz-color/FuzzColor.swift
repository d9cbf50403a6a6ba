// libFuzzer target: the CSS color parser (`Color(css:)`) and what is done with a parsed color.
//
// Any string must parse to a color or throw a `ColorParseError`; a parsed color must convert to
// every space, print as CSS and hex, and its printed CSS must parse again. The CSS Color 5
// grammar (`CSSColor`, both schemes, and `MixStop`) must accept whatever `Color(css:)` accepts,
// and its computed-value serialization must parse again. Never a crash.
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
  precondition((try? CSSColor(css: text)) != nil, "CSSColor rejects what Color(css:) reads")
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
