import Pickers

/// `pickers font pick`: choose a family in a full-screen list and print it.
struct FontPick: Command {
  static let spec = CommandSpec(
    name: "pick",
    abstract: "Choose a font family in a full-screen list and print it.",
    discussion: """
      Type to filter (the same forgiving search as 'font list --search'), move with the arrow \
      keys, Page Up/Down, Home/End or the mouse wheel, press Enter to print the family (or \
      family:style with --faces) and exit 0. Esc or Ctrl-C prints nothing and exits 1.

      Keys 1-5 rate the highlighted family with stars and 0 clears its rating; Tab shows only \
      rated families. Ratings are kept in $XDG_CONFIG_HOME/pickers/favorites.json \
      (~/.config/pickers/favorites.json by default); 'pickers font list --favorites' lists them.

      Ctrl-P pins the highlighted family for comparison (again: unpins it; Ctrl-X unpins all): \
      the image preview then draws the pinned families and the highlighted one, one labelled \
      row each with the same text, as 'pickers font compare' does.

      The list is drawn on the terminal (/dev/tty), not on standard output, so FONT=$(pickers \
      font pick) captures only the answer.

      --gui opens a window instead (search, filter toggles, each family drawn in its own font, \
      a preview with editable text, size, face and variable axes, clickable stars writing the \
      same favorites file); it is also used without --gui when there is no terminal but \
      DISPLAY or WAYLAND_DISPLAY is set. With neither the command fails at once.
      """,
    arguments: [
      .option("--lang", value: "LANG", help: "Only families that support LANG (ja, ar, pt-br)."),
      .flag("--mono", help: "Only monospaced families."),
      .option(
        "--initial", value: "FAMILY", help: "Highlight FAMILY at the start.",
        completion: .fontFamily),
      .flag("--faces", help: "List every face and print family:style."),
      .flag("--json", help: "Print the answer as JSON: family, and style (null without --faces)."),
      .option(
        "--format", value: "FORMAT",
        help: "How to print the answer: {choices} (default: family, family:style with --faces).",
        completion: .choices(FontPickAnswer.Format.allCases.map(\.rawValue))),
      .option(
        "--size", value: "PX",
        help: "The size the answer carries and the window's preview starts at (default 36)."),
      .flag("--gui", help: "Open a desktop window (GTK 4) instead of using the terminal."),
      .option(
        "--preview", value: "MODE",
        help: "Image preview: auto (ask the terminal), kitty, sixel or none (default: auto).",
        completion: .choices(PreviewMode.allCases.map(\.rawValue))),
      .option(
        "--preview-png", value: "FILE", help: "Keep the last preview image as a PNG file.",
        completion: .file),
    ],
    examples: [
      "FONT=$(pickers font pick --lang ja)",
      "pickers font pick --mono --initial 'DejaVu Sans Mono'",
      "pickers font pick --faces --preview none",
      "pickers font pick --initial 'DejaVu Sans' --size 48 --format 'family size'",
    ])

  var language: String?
  var monospaced: Bool
  var initial: String?
  var faces: Bool
  var json: Bool
  /// `--format`, or `nil` for the family (`family:style` with `--faces`).
  var format: FontPickAnswer.Format?
  var size: Double
  var preview: PreviewMode
  var previewPNG: String?
  var gui: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    language = arguments.option("--lang")
    monospaced = arguments.flag("--mono")
    initial = arguments.option("--initial")
    faces = arguments.flag("--faces")
    json = arguments.flag("--json")
    format = try arguments.choice("--format", as: FontPickAnswer.Format.self)
    if json, let format {
      throw UsageError(
        "--json prints family and style; it cannot be combined with --format \(format.rawValue)")
    }
    size =
      try arguments.double("--size", in: FontPickAnswer.sizeRange) ?? FontPickAnswer.defaultSize
    preview = try arguments.choice("--preview", as: PreviewMode.self) ?? .auto
    previewPNG = arguments.option("--preview-png")
    gui = arguments.flag("--gui")
  }

  func run(_ context: CommandContext) throws {
    // An unknown language or family is the user's typo, whichever surface would draw.
    try Self.validate(language: language, initial: initial, faces: faces)
    // Fail fast, before any font work, when there is nothing to draw on.
    guard
      case .terminal(let terminal) = try PickSurface.choose(
        gui: gui, environment: context.environment)
    else {
      var arguments = ["font"]
      if let language { arguments += ["--lang", language] }
      if monospaced { arguments.append("--mono") }
      if let initial { arguments += ["--initial", initial] }
      if faces { arguments.append("--faces") }
      arguments += ["--size", formatNumber(size), "--full-answer"]
      let line = try PickWindow.run(arguments, environment: context.environment)
      guard let answer = FontPickAnswer(helperLine: line) else {
        throw PickWindowError.badAnswer(line)
      }
      try print(answer, context)
      return
    }
    let catalog = try FontCatalog()
    let filter = FontFilter(language: language, monospaced: monospaced)
    let entries = try FontPickerState.entries(catalog.faces(matching: filter), perFace: faces)
    guard !entries.isEmpty else { throw PickError.noFamilies(language: language, mono: monospaced) }

    let store = try FavoriteStore(environment: context.environment)
    let loaded = try store.load()
    if let warning = loaded.warning { context.warn(warning) }
    var favorites = loaded.favorites

    var driver = PickerDriver(
      terminal: terminal, colorDepth: ColorDepth(environment: context.environment))
    var pending: [UInt8] = []
    if preview != .none {
      try terminal.enterRawMode()
      switch preview {
      case .kitty: driver.imageProtocol = .kitty
      case .sixel: driver.imageProtocol = .sixel
      case .auto, .none:
        let detection = driver.detectImageProtocols()
        pending = detection.otherBytes
        driver.imageProtocol =
          detection.supported.first ?? TerminalGraphics.guess(environment: context.environment)
      }
    }
    let renderer = PickPreview(catalog: catalog)
    let note = "The quick brown fox jumps over the lazy dog  0123456789"
    let textNote =
      preview == .none || driver.imageProtocol == nil
      ? note + "   (text only; --preview kitty|sixel forces images)" : note
    var model = FontPickerState(entries: entries, ratings: favorites.ratings, initial: initial)
    model = FontPickerState.update(
      model, .setCollections(try Self.collectionFilters(catalog: catalog, context)))
    let picker = FontPickerTerminalView(
      model: model,
      previewRows: driver.imageProtocol == nil ? 0 : 5, previewNote: textNote)
    var languages: [String: [String]] = [:]
    var saveError: (any Error)?
    var saveWarning: String?
    let final = try driver.run(
      picker, pendingInput: pending,
      preview: { picker, width, height in
        let compared = picker.model.comparedFamilies
        if !compared.isEmpty {
          return renderer.compare(compared, width: width, height: height)
        }
        guard let entry = picker.model.selected else { return nil }
        return renderer.image(
          family: entry.family, style: entry.style, width: width, height: height)
      },
      previewIdentity: { picker in
        let compared = picker.model.comparedFamilies
        return compared.isEmpty
          ? picker.model.selected?.answer : "compare\n" + compared.joined(separator: "\n")
      },
      prepare: { picker in
        let selected = picker.model.selected
        guard let family = selected?.family, selected?.languages.isEmpty == true
        else { return picker }
        let found = languages[family] ?? Self.languages(of: family, in: catalog)
        languages[family] = found
        var next = picker
        next.model.setLanguages(found.isEmpty ? ["none listed"] : found, forFamily: family)
        return next
      },
      observe: { picker in
        guard picker.model.ratings != favorites.ratings else { return }
        // Only what changed in this session is written: another session's ratings stay.
        let next = Favorites(ratings: picker.model.ratings)
        do {
          if let warning = try store.save(next, replacing: favorites).warning {
            saveWarning = warning
          }
        } catch {
          saveError = error
        }
        favorites = next
      })
    if let saveWarning { context.warn(saveWarning) }
    if let saveError { context.warn("\(saveError)") }
    if let previewPNG, let image = renderer.lastImage {
      try image.writePNG(to: previewPNG, durability: context.fileDurability)
    }
    guard case .accepted = final.outcome, let entry = final.model.selected else {
      throw CommandFailure(status: 1)
    }
    try print(FontPickAnswer(entry: entry, size: size), context)
  }

  /// Usage errors for a `--lang` fontconfig does not know and an `--initial` family that is not
  /// installed (with the closest names), so neither starts an empty list or another family.
  static func validate(language: String?, initial: String?, faces: Bool) throws {
    guard language != nil || initial != nil else { return }
    let catalog = try FontCatalog()
    if let language {
      let result = Result { () throws(FontError) in
        try catalog.families(matching: FontFilter(language: language))
      }
      if case .failure(let error) = result {
        guard case .unknownLanguage = error else { throw error }
        throw UsageError("--lang: \(error)")
      }
    }
    guard let initial else { return }
    let result = Result { () throws(FontError) in
      try catalog.availableMembers(ofFontFamily: initial)
    }
    guard case .failure(let error) = result else { return }
    guard case .unknownFamily = error else { throw error }
    // With --faces the start may be family:style.
    if faces, let colon = initial.lastIndex(of: ":"),
      (try? catalog.availableMembers(ofFontFamily: String(initial[..<colon]))) != nil
    {
      return
    }
    throw UsageError("--initial: \(error)")
  }

  /// Prints the answer as the options ask, whichever picker produced it, through the core's
  /// ``FontPickAnswer``: `--json` as ``FontPickAnswer/familyAndStyle``, `--format` as
  /// ``FontPickAnswer/text(_:)``.
  private func print(_ answer: FontPickAnswer, _ context: CommandContext) throws {
    if json {
      // The family, and the style with `--faces` (null without).
      var shown = answer
      if !faces { shown.style = nil }
      try context.json(shown.familyAndStyle)
      return
    }
    switch format ?? (faces ? .familyStyle : .family) {
    case .json: try context.json(answer)
    case let text: context.out(answer.text(text) + "\n")
    }
  }

  /// The languages a family's faces support, in the order fontconfig lists them.
  static func languages(of family: String, in catalog: FontCatalog) -> [String] {
    var result: [String] = []
    var seen = Set<String>()
    for info in (try? catalog.info(family)) ?? [] {
      for language in info.languages where seen.insert(language).inserted {
        result.append(language)
      }
    }
    return result
  }
}

/// Why a picker could not start.
enum PickError: Error, Equatable, Sendable, CustomStringConvertible {
  case noFamilies(language: String?, mono: Bool)

  var description: String {
    switch self {
    case .noFamilies(let language, let mono):
      "no font family matches"
        + (language.map { " --lang '\($0)'" } ?? "") + (mono ? " --mono" : "")
        + ": nothing to pick from"
    }
  }
}

extension FontPick {
  /// The stored collections as the picker's filters (Ctrl-O); unreadable ones are warned about.
  static func collectionFilters(catalog: FontCatalog, _ context: CommandContext) throws
    -> [FontPickerState.CollectionFilter]
  {
    let listing = try FontCollectionStore(environment: context.environment).list()
    for warning in listing.warnings { context.warn(warning) }
    return try listing.collections.map { collection in
      FontPickerState.CollectionFilter(collection, resolved: try collection.resolved(in: catalog))
    }
  }
}
