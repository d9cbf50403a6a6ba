import CICU

/// Where lines may break, by the Unicode line breaking algorithm (UAX #14), from ICU's line
/// break iterator.
///
/// ICU is loaded on first use (see `Sources/CICU/shim.h`); without it, ``opportunities(in:language:)``
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
  private static let functions: CICULineBreakFunctions? = {
    var functions = CICULineBreakFunctions()
    return cicu_load_line_break(&functions) != 0 ? functions : nil
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
      open(Int32(CICU_BREAK_LINE), locale, text.baseAddress, Int32(text.count), &status)
    }
    guard let iterator, status <= 0 else {
      if let iterator { close(iterator) }
      return nil
    }
    defer { close(iterator) }
    let hard = Int32(CICU_LINE_HARD)..<Int32(CICU_LINE_HARD_LIMIT)
    var boundary = next(iterator)
    while boundary != Int32(CICU_BREAK_DONE) {
      let offset = Int(boundary)
      guard offset >= 0, offset < scalarAt.count else { break }
      result[scalarAt[offset]] = hard.contains(ruleStatus(iterator)) ? .mandatory : .allowed
      boundary = next(iterator)
    }
    return result
  }
}
