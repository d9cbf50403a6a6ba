import Pickers

/// The shaping and rendering options of the font pictures: hinting, anti-aliasing, OpenType
/// features and script.
struct TextArguments: Sendable {
  var hinting: GlyphRendering.Hinting?
  var antialias: GlyphRendering.Antialias?
  var features: [FontFeature] = []
  var script: String?
  var subpixelPositions = false

  static let specs: [ArgumentSpec] = [
    .option(
      "--hinting", value: "H", help: "none, slight, medium or full (default: fontconfig's).",
      completion: .choices(GlyphRendering.Hinting.allCases.map(\.rawValue))),
    .option(
      "--antialias", value: "A", help: "gray, subpixel or none (default: fontconfig's).",
      completion: .choices(GlyphRendering.Antialias.allCases.map(\.rawValue))),
    .option(
      "--features", value: "LIST", help: "OpenType features as hb-view takes them: liga=0,smcp."),
    .option("--script", value: "TAG", help: "Shape as this ISO 15924 script, such as Cyrl."),
    .flag(
      "--subpixel-positions", help: "Place unhinted glyphs at quarter pixels, not whole ones."),
  ]

  init(_ arguments: ParsedArguments) throws(UsageError) {
    subpixelPositions = arguments.flag("--subpixel-positions")
    hinting = try arguments.choice("--hinting", as: GlyphRendering.Hinting.self)
    antialias = try arguments.choice("--antialias", as: GlyphRendering.Antialias.self)
    if let list = arguments.option("--features") {
      do {
        features = try FontFeature.list(list)
      } catch {
        throw UsageError("--features: \(error.description)")
      }
    }
    if let tag = arguments.option("--script") {
      // Title case, as ISO 15924 writes tags: cyrl -> Cyrl.
      let normalized = tag.prefix(1).uppercased() + tag.dropFirst().lowercased()
      guard FontFeature.isKnownScript(normalized) else {
        throw UsageError(TextError.unknownScript(tag).description)
      }
      script = normalized
    }
  }

  /// Sets the request's rendering overrides, features and script from the options.
  func apply(to request: inout PreviewRequest) {
    request.hinting = hinting
    request.antialias = antialias
    request.subpixelPositioning = subpixelPositions
    request.features = features
    request.script = script
  }
}
