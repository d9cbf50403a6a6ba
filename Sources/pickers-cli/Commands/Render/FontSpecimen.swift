import Pickers

/// `pickers font specimen [FAMILY...] -o FILE.png`: one row per family, face or size.
struct FontSpecimen: ConcurrentCommand {
  static let spec = CommandSpec(
    name: "specimen",
    abstract: "Draw a specimen sheet of families, faces or sizes to a PNG.",
    discussion: """
      Each row shows a label in the neutral UI font and a sample in the font itself, chosen to \
      suit its script unless --text is given. Rows are rendered in parallel on every core and \
      written as they finish, so memory stays small for hundreds of families. Progress is shown \
      on standard error when it is a terminal.
      """,
    arguments: [
      .positional(
        "FAMILY", help: "Families to show.", optional: true, repeating: true,
        completion: .fontFamily),
      RenderArguments.outputSpec,
      OutputFolder.mkdirSpec,
      .flag("--all", help: "Show every installed family."),
      .option("--lang", value: "L", help: "Only families that support a language, such as ja."),
      .flag("--faces", help: "One row per face (style) instead of per family."),
      .option("--text", short: "t", value: "T", help: "The sample text of every row."),
      .option(
        "--size", short: "s", value: "PX", help: RenderArguments.fontSizeHelp(default: 32)),
      .option("--width", value: "PX", help: "Sheet width in pixels (default 1400)."),
      .flag("--waterfall", help: "One family at several sizes."),
      .flag(
        "--feature-samples",
        help: "One family's OpenType features: the sample before and after each."),
    ] + TextArguments.specs,
    examples: [
      "pickers font specimen --all -o all.png",
      "pickers font specimen 'DejaVu Sans' 'Noto Serif' --faces -o two.png",
      "pickers font specimen Inter --waterfall -o inter.png",
      "pickers font specimen --lang ja -o japanese.png",
      "pickers font specimen 'DejaVu Serif' --feature-samples -o features.png",
    ])

  static let waterfallSizes: [Double] = [10, 12, 14, 16, 20, 24, 32, 40, 48, 64, 72, 96]

  var families: [String]
  var all: Bool
  var language: String?
  var faces: Bool
  var text: String?
  var size: Double
  var width: Int
  var waterfall: Bool
  var featureSamples: Bool
  var textOptions: TextArguments
  var output: String
  var mkdir: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    families = arguments.positionals("FAMILY")
    all = arguments.flag("--all")
    language = arguments.option("--lang")
    faces = arguments.flag("--faces")
    text = arguments.option("--text")
    size = try RenderArguments.fontSize(arguments, default: 32)
    width = try arguments.integer("--width", in: 16...40_000) ?? 1_400
    waterfall = arguments.flag("--waterfall")
    featureSamples = arguments.flag("--feature-samples")
    textOptions = try TextArguments(arguments)
    output = try RenderArguments.output(arguments)
    mkdir = arguments.flag("--mkdir")
    guard output != "-" else {
      throw UsageError("-o - is not supported for specimens: name a PNG file")
    }
    guard !(all && !families.isEmpty) else {
      throw UsageError("give FAMILY names or --all, not both")
    }
    guard all || !families.isEmpty || language != nil else {
      throw UsageError("missing FAMILY: name families, or use --all or --lang")
    }
    guard !waterfall || families.count == 1 else {
      throw UsageError("--waterfall shows one family: name exactly one FAMILY")
    }
    guard !featureSamples || (families.count == 1 && !waterfall) else {
      throw UsageError("--feature-samples shows one family: name exactly one FAMILY")
    }
    if let text, !text.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) {
      throw UsageError("--text is empty: give at least one visible character")
    }
  }

  func run(concurrently context: CommandContext) async throws {
    let catalog = try FontCatalog()
    var names = families
    if names.isEmpty {
      names =
        if let language {
          try catalog.families(matching: FontFilter(language: language))
        } else {
          try catalog.availableFontFamilies
        }
    }
    let rows = try makeRows(names, catalog: catalog)
    try await Self.write(
      rows, catalog: catalog, width: width, to: output, mkdir: mkdir, name: "specimen", context)
  }

  /// Renders `rows` as a sheet `width` pixels wide and streams it to the PNG at `output`:
  /// the one writer of specimen sheets and `font compare`.
  static func write(
    _ rows: [SpecimenRow], catalog: FontCatalog, width: Int, to output: String, mkdir: Bool,
    name: String, _ context: CommandContext
  ) async throws {
    var options = SpecimenOptions(labelFont: try catalog.labelFont())
    options.width = width
    let (sheetWidth, height) = try Specimen.size(of: rows, options: options)
    try await OutputFolder.writing(to: output, createFolders: mkdir) {
      let writer = try PNGStreamWriter(
        path: output, width: sheetWidth, height: height,
        options: PNGEncodingOptions(compression: .fast), durability: context.fileDurability,
        // An opaque background makes an opaque sheet: RGB, a quarter fewer bytes to compress.
        opaque: options.background.alpha == 255)
      try await Specimen.render(
        rows, options: options,
        progress: { done, total in context.progress("\(name): \(done)/\(total) rows") }
      ) { band in
        try writer.append(rows: band)
      }
      try writer.finish()
    }
    context.progress("")
  }

  private func makeRows(_ names: [String], catalog: FontCatalog) throws -> [SpecimenRow] {
    let sample = text ?? language.flatMap(Self.sample(forLanguage:))
    let languageTag = text == nil ? language : nil
    /// A row's request: the font at `size` with the sheet's text and the text options.
    func request(_ font: PreviewRequest.Font, size: Double) -> PreviewRequest {
      var request = PreviewRequest(font: font, text: sample, size: size)
      request.language = languageTag
      textOptions.apply(to: &request)
      return request
    }
    if featureSamples, let name = names.first {
      return try featureRows(request(.family(name), size: size), catalog: catalog)
    }
    if waterfall, let name = names.first {
      return try Self.waterfallSizes.map { size in
        let preview = try catalog.resolve(request(.family(name), size: size))
        return SpecimenRow(label: "\(preview.font.family) \(Int(size)) px", preview: preview)
      }
    }
    // One listing of every face, grouped by family, instead of one query per family.
    var byFamily: [String: [FontFace]] = [:]
    for face in try catalog.faces() { byFamily[face.family.lowercased(), default: []].append(face) }
    var rows: [SpecimenRow] = []
    for name in names {
      let members = byFamily[name.lowercased()]
      if faces {
        for face in try members ?? catalog.availableMembers(ofFontFamily: name) {
          let preview = try catalog.resolve(request(.face(face), size: size))
          rows.append(SpecimenRow(label: "\(face.family) \(face.style)", preview: preview))
        }
      } else if let members, let face = FontCatalog.bestFace(members, weight: .regular) {
        let preview = try catalog.resolve(request(.face(face), size: size))
        rows.append(SpecimenRow(label: face.family, preview: preview))
      } else {
        let preview = try catalog.resolve(request(.family(name), size: size))
        let family = preview.font.family
        rows.append(SpecimenRow(label: family.isEmpty ? name : family, preview: preview))
      }
    }
    return rows
  }

  /// The features HarfBuzz applies to horizontal text unless told otherwise; the others are
  /// off until asked for.
  static let defaultFeatures: Set<String> = [
    "abvf", "abvm", "abvs", "akhn", "blwf", "blwm", "blws", "calt", "ccmp", "cfar", "cjct",
    "clig", "curs", "dist", "fin2", "fin3", "fina", "half", "haln", "init", "isol", "kern",
    "liga", "ljmo", "locl", "mark", "med2", "medi", "mkmk", "mset", "nukt", "pref", "pres",
    "pstf", "psts", "rclt", "rkrf", "rlig", "rphf", "stch", "tjmo", "vatu", "vjmo",
  ]

  /// One row with the font's default shaping, then each of its features toggled: turned off if
  /// HarfBuzz applies it by default, on otherwise.
  private func featureRows(_ request: PreviewRequest, catalog: FontCatalog) throws
    -> [SpecimenRow]
  {
    let preview = try catalog.resolve(request)
    let font = preview.font
    let typesetter = try Typesetter()
    let tags = try typesetter.featureTags(of: font.file)
    let family = font.family.isEmpty ? try typesetter.familyName(of: font.file) : font.family
    var rows = [SpecimenRow(label: "\(family): default features", preview: preview)]
    for tag in tags.prefix(FontFeature.maximumCount) {
      let on = !Self.defaultFeatures.contains(tag)
      var toggled = request
      toggled.features.append(try FontFeature(parsing: on ? "+\(tag)" : "-\(tag)"))
      rows.append(SpecimenRow(label: "\(tag)=\(on ? 1 : 0)", preview: try catalog.resolve(toggled)))
    }
    return rows
  }

  /// The built-in sample for a language tag (`ja`, `ar`), if there is one.
  static func sample(forLanguage language: String) -> String? {
    let primary = language.lowercased().split(separator: "-").first.map(String.init) ?? ""
    return SampleText.all.first { sample in
      sample.language.lowercased().split(separator: "-").first.map(String.init) == primary
    }?.text
  }
}
