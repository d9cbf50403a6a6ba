import CFontconfig

/// A family that cannot draw its own name: a symbol, music or emoji font, or one for a script
/// without Latin letters.
///
/// Drawn in its own font, such a family's name is a row of symbols, boxes or another font's
/// fallback; a picker shows the name in the interface font and ``sample`` in the family.
public struct SymbolFamily: Hashable, Sendable {
  /// The family's primary name.
  public var family: String
  /// A few characters the family draws (up to ``SymbolFamily/sampleLength``), for showing
  /// beside its name; empty when it covers none outside Latin.
  public var sample: String

  /// The most characters a ``sample`` holds.
  public static let sampleLength = 8

  /// Creates a symbol family.
  public init(family: String, sample: String) {
    self.family = family
    self.sample = sample
  }
}

extension FontCatalog {
  /// The families none of whose faces covers every letter and digit of the family's own name
  /// (fontconfig's charset, read from its cache: no font file is opened), by name.
  ///
  ///     try catalog.symbolFamilies()["Noto Music"]?.sample   // "𝄀𝄁𝄂𝄃𝄄𝄅𝄆𝄇"
  public func symbolFamilies() throws(FontError) -> [String: SymbolFamily] {
    let lines = try cachedLines("symbol-families") { config in
      var covering = Set<String>()
      var samples: [String: String] = [:]
      Self.withFontList(config, pattern: nil, objects: [FC_FAMILY, FC_CHARSET]) { fonts in
        for font in fonts {
          guard let family = Self.string(font, FC_FAMILY), !covering.contains(family) else {
            continue
          }
          var charset: OpaquePointer?
          guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch,
            let charset
          else { continue }
          let needed = family.unicodeScalars.filter {
            $0.properties.isAlphabetic || $0.properties.numericType != nil
          }
          if needed.allSatisfy({ FcCharSetHasChar(charset, $0.value) == FcTrue }) {
            covering.insert(family)
            samples[family] = nil
          } else if samples[family] == nil {
            samples[family] = Self.sample(of: charset)
          }
        }
      }
      return samples.keys.sorted().map { "\(escape($0))\t\(escape(samples[$0] ?? ""))" }
    }
    var result: [String: SymbolFamily] = [:]
    for line in lines {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(unescape)
      guard fields.count == 2 else { continue }
      result[fields[0]] = SymbolFamily(family: fields[0], sample: fields[1])
    }
    return result
  }

  /// The first characters past Latin (U+0370 on) that `charset` covers and that draw
  /// something on their own: letters, numbers, symbols and punctuation, not marks, spaces,
  /// format or private-use characters, nor the dotted circle marks are shown on.
  ///
  /// The corresponding C functions are `FcCharSetFirstPage` and `FcCharSetNextPage`.
  static func sample(of charset: OpaquePointer) -> String {
    // FC_CHARSET_MAP_SIZE (256 / 32 words a page) and FC_CHARSET_DONE ((FcChar32) -1) are
    // macros Swift does not import.
    let done = FcChar32.max
    var map = [FcChar32](repeating: 0, count: 8)
    var next: FcChar32 = 0
    var found: [Unicode.Scalar] = []
    var base = map.withUnsafeMutableBufferPointer {
      FcCharSetFirstPage(charset, $0.baseAddress, &next)
    }
    while base != done, found.count < SymbolFamily.sampleLength {
      for (word, bits) in map.enumerated() where bits != 0 {
        for bit in 0..<32 where bits & (1 << FcChar32(bit)) != 0 {
          let value = base + FcChar32(word * 32 + bit)
          guard value >= 0x370, let scalar = Unicode.Scalar(value), Self.drawsAlone(scalar)
          else { continue }
          found.append(scalar)
          if found.count == SymbolFamily.sampleLength { break }
        }
        if found.count == SymbolFamily.sampleLength { break }
      }
      base = map.withUnsafeMutableBufferPointer {
        FcCharSetNextPage(charset, $0.baseAddress, &next)
      }
    }
    var text = ""
    text.unicodeScalars.append(contentsOf: found)
    return text
  }

  private static func drawsAlone(_ scalar: Unicode.Scalar) -> Bool {
    // The dotted circle is the base fonts draw combining marks on, not a sample of their own.
    guard scalar.value != 0x25CC else { return false }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter, .decimalNumber,
      .otherNumber, .letterNumber, .mathSymbol, .currencySymbol, .otherSymbol:
      return true
    default: return false
    }
  }
}
