import CFontconfig

/// Reading fontconfig patterns into plain values: faces, face records, and sorted names.
extension FontCatalog {
  /// The properties a ``FontFace`` is read from.
  static let faceObjects = [
    FC_FAMILY, FC_STYLE, FC_FULLNAME, FC_POSTSCRIPT_NAME, FC_WEIGHT, FC_WIDTH, FC_SLANT,
    FC_SPACING, FC_FILE, FC_INDEX, FC_COLOR, FC_VARIABLE,
  ]

  /// Copies a face out of a pattern; variable faces also get their axes from FreeType.
  static func face(from font: OpaquePointer) -> FontFace {
    let families = strings(font, FC_FAMILY)
    let file = string(font, FC_FILE) ?? ""
    var index: Int32 = 0
    _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
    var slant: Int32 = FC_SLANT_ROMAN
    _ = FcPatternGetInteger(font, FC_SLANT, 0, &slant)
    var face = FontFace(
      family: families.first ?? "", familyNames: families, style: string(font, FC_STYLE) ?? "",
      fullName: string(font, FC_FULLNAME), postScriptName: string(font, FC_POSTSCRIPT_NAME),
      weight: FontWeight(fontconfig: number(font, FC_WEIGHT) ?? Double(FC_WEIGHT_REGULAR)),
      width: FontWidth(rawValue: Int((number(font, FC_WIDTH) ?? 100).rounded())),
      slant: FontSlant(fontconfig: slant), spacing: spacing(font), file: file, index: Int(index),
      isColor: bool(font, FC_COLOR), isVariable: bool(font, FC_VARIABLE))
    if face.isVariable {
      (face.axes, face.namedInstances) = FontAxes.read(file: file, index: face.index)
      if let weight = face.axes.first(where: { $0.tag == "wght" }) {
        face.weight = FontWeight(rawValue: Int(weight.defaultValue.rounded()))
      }
      if let width = face.axes.first(where: { $0.tag == "wdth" }) {
        face.width = FontWidth(rawValue: Int(width.defaultValue.rounded()))
      }
    }
    return face
  }

  static func info(from font: OpaquePointer) -> FontFaceInfo {
    var languages: [String] = []
    var langSet: OpaquePointer?
    if FcPatternGetLangSet(font, FC_LANG, 0, &langSet) == FcResultMatch,
      let set = FcLangSetGetLangs(langSet)
    {
      languages = strings(FcStrListCreate(set)).sorted()
      FcStrSetDestroy(set)
    }
    var charset: OpaquePointer?
    var count = 0
    if FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch {
      count = Int(FcCharSetCount(charset))
    }
    return FontFaceInfo(face: face(from: font), languages: languages, codePointCount: count)
  }

  static func spacing(_ font: OpaquePointer) -> FontSpacing {
    var value: Int32 = FC_PROPORTIONAL
    _ = FcPatternGetInteger(font, FC_SPACING, 0, &value)
    return FontSpacing(fontconfig: value)
  }

  static func string(_ font: OpaquePointer, _ object: String, _ position: Int32 = 0) -> String? {
    var value: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(font, object, position, &value) == FcResultMatch, let value else {
      return nil
    }
    return String(cString: value)
  }

  static func strings(_ font: OpaquePointer, _ object: String) -> [String] {
    var result: [String] = []
    while let value = string(font, object, Int32(result.count)) { result.append(value) }
    return result
  }

  /// Drains and frees an `FcStrList`.
  static func strings(_ list: OpaquePointer?) -> [String] {
    guard let list else { return [] }
    defer { FcStrListDone(list) }
    var result: [String] = []
    while let value = FcStrListNext(list) { result.append(String(cString: value)) }
    return result
  }

  /// A number, or the default value of a range (variable fonts store ranges).
  static func number(_ font: OpaquePointer, _ object: String) -> Double? {
    var value = 0.0
    if FcPatternGetDouble(font, object, 0, &value) == FcResultMatch { return value }
    var range: OpaquePointer?
    var low = 0.0
    var high = 0.0
    if FcPatternGetRange(font, object, 0, &range) == FcResultMatch,
      FcRangeGetDouble(range, &low, &high) == FcTrue
    {
      return low
    }
    return nil
  }

  static func bool(_ font: OpaquePointer, _ object: String) -> Bool {
    var value: FcBool = FcFalse
    return FcPatternGetBool(font, object, 0, &value) == FcResultMatch && value == FcTrue
  }

  /// The distinct `family[0]` names of `fonts`, sorted like ``sortedNames(_:)``.
  static func sortedFamilyNames(_ fonts: [OpaquePointer]) -> [String] {
    var names = FamilyNameOrder(capacity: fonts.count)
    for font in fonts {
      var value: UnsafeMutablePointer<FcChar8>?
      if FcPatternGetString(font, FC_FAMILY, 0, &value) == FcResultMatch, let value {
        names.append(value)
      }
    }
    return names.sorted()
  }

  /// `names` sorted case-insensitively (by their lowercased form, then as written).
  static func sortedNames(_ names: [String]) -> [String] {
    var order = FamilyNameOrder(capacity: names.count)
    for name in names { order.append(name) }
    return order.sorted()
  }

  static func sortedFaces(_ faces: [FontFace]) -> [FontFace] {
    faces.sorted { a, b in
      let left = (a.family.lowercased(), a.weight, a.width, a.slant.fontconfigValue)
      let right = (b.family.lowercased(), b.weight, b.width, b.slant.fontconfigValue)
      if left != right { return left < right }
      return (a.style, a.file, a.index) < (b.style, b.file, b.index)
    }
  }
}
