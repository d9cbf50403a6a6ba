import CNativeLibraries

/// Where lines may break, by the Unicode line breaking algorithm (UAX #14), from ICU's line
/// break iterator.
///
/// ICU is loaded on first use through the one loader of pickers' C libraries
/// (`Sources/CNativeLibraries`); without it, ``opportunities(in:language:)``
/// returns `nil` and the typesetter falls back to breaking after spaces and between ideographs.
enum LineBreaker {
  /// What may happen before a scalar: no break, a break opportunity, or a mandatory break.
  enum Break: UInt8 {
    case none = 0
    case allowed = 1
    case mandatory = 2
  }

  /// The most scalars one call breaks (ICU counts UTF-16 units in `Int32`).
  static let maximumScalars = 1 << 24

  /// ICU's functions, loaded once; `nil` when ICU is not installed.
  private static let functions: PickersICULineBreak? = {
    var functions = PickersICULineBreak()
    return pickers_native_icu_line_break(&functions) != 0 ? functions : nil
  }()

  /// Whether ICU could be loaded.
  static var isAvailable: Bool { functions != nil }

  /// The break before each scalar of `scalars` and at its end: `result[i]` says whether a line
  /// may end before scalar `i` (`result[0]` is always `.none`, `result[scalars.count]` is the end
  /// of the text).
  ///
  /// The corresponding C functions are `ubrk_open`, `ubrk_next` and `ubrk_getRuleStatus`.
  ///
  /// - Parameters:
  ///   - scalars: Unicode scalar values.
  ///   - language: A BCP 47 tag whose tailoring ICU applies (`ja` for kinsoku), or `nil`.
  /// - Returns: The breaks, or `nil` when ICU is missing or refuses the text.
  static func opportunities(in scalars: [UInt32], language: String? = nil) -> [Break]? {
    if language == nil, let breaks = plainOpportunities(in: scalars) { return breaks }
    return icuOpportunities(in: scalars, language: language)
  }

  /// The breaks ICU's line break iterator finds (see ``opportunities(in:language:)``), or `nil`
  /// when ICU is missing or refuses the text.
  static func icuOpportunities(in scalars: [UInt32], language: String?) -> [Break]? {
    guard let functions, let open = functions.open, let next = functions.next,
      let ruleStatus = functions.ruleStatus, let close = functions.close,
      scalars.count <= maximumScalars
    else { return nil }
    // UTF-16 for ICU, remembering which scalar starts at each code unit.
    var units: [UInt16] = []
    var scalarAt: [Int] = []
    units.reserveCapacity(scalars.count)
    for (index, value) in scalars.enumerated() {
      let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
      for unit in scalar.utf16 {
        units.append(unit)
        scalarAt.append(index)
      }
    }
    scalarAt.append(scalars.count)
    var result = [Break](repeating: .none, count: scalars.count + 1)
    guard !units.isEmpty else { return result }
    var status: Int32 = 0
    let locale = language.map { $0.replacing("-", with: "_") } ?? ""
    let iterator = units.withUnsafeBufferPointer { text in
      open(Int32(PICKERS_ICU_BREAK_LINE), locale, text.baseAddress, Int32(text.count), &status)
    }
    guard let iterator, status <= 0 else {
      if let iterator { close(iterator) }
      return nil
    }
    defer { close(iterator) }
    let hard = Int32(PICKERS_ICU_LINE_HARD)..<Int32(PICKERS_ICU_LINE_HARD_LIMIT)
    var boundary = next(iterator)
    while boundary != Int32(PICKERS_ICU_BREAK_DONE) {
      let offset = Int(boundary)
      guard offset >= 0, offset < scalarAt.count else { break }
      result[scalarAt[offset]] = hard.contains(ruleStatus(iterator)) ? .mandatory : .allowed
      boundary = next(iterator)
    }
    return result
  }

  /// The line break class of a scalar in the small set ``plainOpportunities(in:)`` handles.
  private enum PlainClass {
    /// Letters (AL).
    case letter
    /// Digits (NU).
    case digit
    /// `,` `.` `:` `;` (IS).
    case infix
    /// `(` (OP).
    case open
    /// `)` (CP).
    case close
    /// `"` and `'` (QU).
    case quote
    /// `!` and `?` (EX).
    case exclamation
    /// U+0020 (SP).
    case space

    init?(_ scalar: UInt32) {
      switch scalar {
      case 0x41...0x5A, 0x61...0x7A: self = .letter
      case 0x30...0x39: self = .digit
      case 0x2C, 0x2E, 0x3A, 0x3B: self = .infix
      case 0x28: self = .open
      case 0x29: self = .close
      case 0x22, 0x27: self = .quote
      case 0x21, 0x3F: self = .exclamation
      case 0x20: self = .space
      default: return nil
      }
    }
  }

  /// The breaks of text made only of ASCII letters, digits, spaces and `,.:;()"'!?`, by the
  /// rules of UAX #14 that apply to those classes (as ICU applies them), or `nil` for any other
  /// text.
  ///
  /// Most previews are such text, and ICU is a large library to load for them: its first use
  /// cost 5.0 M instructions and 106 page faults (`libicuuc`, `libicudata` and the
  /// `libstdc++` it needs, bound at `dlopen`), as much as drawing a paragraph's glyphs.
  /// The result is the same array ICU gives (LineBreakTests compare them over many random
  /// strings of these characters). The rules, in UAX #14's order: no break before a space
  /// (LB7); none before `)`, `!`, `?` or an infix (LB13); none after `(` and any spaces
  /// (LB14), nor after a quote and spaces before `(` (LB15); a break after spaces (LB18);
  /// none before or after a quote (LB19); none inside runs of letters and digits (LB23,
  /// LB28), after an infix before a letter or digit (LB25, LB29), between a letter or digit and
  /// `(`, or after `)` before one (LB30); a break everywhere else (LB31). A space followed by an
  /// infix is left to ICU, whose number rules (`.5`) differ from the pairs there.
  static func plainOpportunities(in scalars: [UInt32]) -> [Break]? {
    var classes: [PlainClass] = []
    classes.reserveCapacity(scalars.count)
    for scalar in scalars {
      guard let value = PlainClass(scalar) else { return nil }
      if value == .infix, classes.last == .space { return nil }
      classes.append(value)
    }
    var result = [Break](repeating: .none, count: scalars.count + 1)
    guard !scalars.isEmpty else { return result }
    result[scalars.count] = .allowed
    // The last class before the current one that is not a space, and whether spaces follow it.
    var before: PlainClass?
    var spaces = false
    for index in classes.indices {
      let current = classes[index]
      if index > 0 {
        result[index] = Self.plainBreak(before, spaces: spaces, current) ? .allowed : .none
      }
      if current == .space {
        spaces = true
      } else {
        before = current
        spaces = false
      }
    }
    return result
  }

  /// Whether a line may break before `current`, after `before` (the last class that is not a
  /// space, `nil` at the start) and, when `spaces`, one or more spaces.
  private static func plainBreak(_ before: PlainClass?, spaces: Bool, _ current: PlainClass)
    -> Bool
  {
    switch current {
    case .space, .close, .exclamation, .infix: return false  // LB7, LB13
    default: break
    }
    if before == .open { return false }  // LB14
    if before == .quote && current == .open && spaces { return false }  // LB15
    if spaces { return true }  // LB18
    guard let before else { return false }
    if current == .quote || before == .quote { return false }  // LB19
    switch (before, current) {
    case (.letter, .letter), (.letter, .digit), (.digit, .letter), (.digit, .digit): return false
    case (.infix, .letter), (.infix, .digit): return false  // LB25, LB29
    case (.letter, .open), (.digit, .open), (.close, .letter), (.close, .digit): return false
    default: return true  // LB31
    }
  }
}
