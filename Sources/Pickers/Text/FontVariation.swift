/// Settings for a variable font: a named instance and/or axis values.
///
/// Axis values override the instance's. Values outside an axis's range are clamped to it.
///
///     let heavyNarrow = try FontVariation(parsing: "wght=650,wdth=80")
///     let bold = FontVariation(weight: 700)
public struct FontVariation: Hashable, Sendable {
  /// One axis setting: a four-letter OpenType tag such as `wght` and its value in design units.
  public struct Setting: Hashable, Sendable {
    /// The axis tag, such as `wght`, `wdth`, `opsz`, `slnt`, `ital`.
    public var tag: String
    /// The value in the axis's design units (for `wght`, 100...900).
    public var value: Double

    /// Creates an axis setting.
    public init(tag: String, value: Double) {
      self.tag = tag
      self.value = value
    }
  }

  /// A named instance such as `SemiBold`, or `nil` for the font's default instance.
  public var instance: String?
  /// Axis settings applied after the instance, in order.
  public var settings: [Setting]

  /// No variation: the font's default instance.
  public static let none = FontVariation()

  /// Creates a variation from an instance name and axis settings.
  public init(instance: String? = nil, settings: [Setting] = []) {
    self.instance = instance
    self.settings = settings
  }

  /// Creates a variation that sets only the weight axis (`wght`).
  public init(weight: Double) {
    self.init(settings: [Setting(tag: "wght", value: weight)])
  }

  /// Parses `tag=value` pairs separated by commas, such as `wght=650,wdth=80`.
  ///
  /// - Throws: ``TextError/malformedVariation(_:)`` when a pair, tag or value cannot be read.
  public init(parsing text: String) throws(TextError) {
    var settings: [Setting] = []
    for pair in text.split(separator: ",", omittingEmptySubsequences: false) {
      let parts = pair.split(separator: "=", omittingEmptySubsequences: false)
      guard parts.count == 2 else { throw .malformedVariation(text) }
      let tag = parts[0].filter { $0 != " " }
      let valueText = parts[1].filter { $0 != " " }
      guard (1...4).contains(tag.unicodeScalars.count),
        tag.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F }),
        let value = Double(valueText), value.isFinite
      else { throw .malformedVariation(text) }
      settings.append(Setting(tag: String(tag), value: value))
    }
    guard !settings.isEmpty else { throw .malformedVariation(text) }
    self.init(settings: settings)
  }

  /// Returns this variation with `setting` added (replacing an earlier setting of the same axis).
  public func setting(_ tag: String, to value: Double) -> FontVariation {
    var copy = self
    copy.settings.removeAll { $0.tag == tag }
    copy.settings.append(Setting(tag: tag, value: value))
    return copy
  }
}
