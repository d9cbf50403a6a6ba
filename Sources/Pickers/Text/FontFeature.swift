import CHarfBuzz

/// An OpenType feature setting in hb-view's syntax: `liga=0`, `smcp`, `+kern`, `-liga`,
/// `aalt=2`, `liga[3:5]=0` (only the text from scalar 3 up to 5).
///
///     let features = try FontFeature.list("liga=0,smcp,+kern")
public struct FontFeature: Hashable, Sendable, CustomStringConvertible {
  /// The four-letter tag, such as `liga`.
  public var tag: String
  /// 0 turns the feature off, 1 on; alternates number from 1.
  public var value: UInt32
  /// The range of Unicode scalars (of each paragraph) it applies to; `nil` for all text.
  public var range: Range<Int>?
  /// The tag as HarfBuzz's number.
  let tagValue: UInt32

  /// The most features one style may carry.
  public static let maximumCount = 256

  /// Parses one setting as `hb_feature_from_string` does.
  ///
  /// The corresponding C function is `hb_feature_from_string`.
  ///
  /// - Throws: ``TextError/invalidFeature(_:)`` for text that is not a feature setting.
  public init(parsing text: String) throws(TextError) {
    var feature = hb_feature_t()
    let parsed = text.utf8.count <= 64 && hb_feature_from_string(text, -1, &feature) != 0
    guard parsed else { throw .invalidFeature(text) }
    tagValue = feature.tag
    tag = FreeTypeFace.tagString(feature.tag)
    value = feature.value
    let everything = feature.start == 0 && feature.end == UInt32.max
    range = everything ? nil : Int(feature.start)..<max(Int(feature.start), Int(feature.end))
  }

  /// Parses a comma-separated list: `liga=0,smcp,+kern`.
  ///
  /// - Throws: ``TextError/invalidFeature(_:)`` naming the first bad setting, or a list longer
  ///   than ``maximumCount``.
  public static func list(_ text: String) throws(TextError) -> [FontFeature] {
    let parts = text.split(separator: ",").map { String($0).filter { $0 != " " } }
    guard parts.count <= maximumCount else { throw .invalidFeature(text) }
    var features: [FontFeature] = []
    for part in parts where !part.isEmpty { features.append(try FontFeature(parsing: part)) }
    return features
  }

  /// The setting in hb-view's syntax.
  public var description: String {
    let span = range.map { "[\($0.lowerBound):\($0.upperBound)]" } ?? ""
    return "\(tag)\(span)=\(value)"
  }

  /// The setting as HarfBuzz takes it.
  var harfBuzz: hb_feature_t {
    hb_feature_t(
      tag: tagValue, value: value, start: UInt32(range?.lowerBound ?? 0),
      end: range.map { UInt32(clamping: $0.upperBound) } ?? UInt32.max)
  }

  /// Whether `script` is an ISO 15924 tag (four ASCII letters, such as `Cyrl`) that HarfBuzz
  /// accepts.
  ///
  /// The corresponding C function is `hb_script_from_string`.
  public static func isKnownScript(_ script: String) -> Bool {
    let letters = script.utf8.allSatisfy { (0x41...0x5A).contains($0 & 0xDF) }
    return script.utf8.count == 4 && letters
      && hb_script_from_string(script, 4) != HB_SCRIPT_INVALID
  }

  /// The HarfBuzz script value of an ISO 15924 tag.
  static func scriptValue(_ script: String) -> UInt32 {
    hb_script_from_string(script, Int32(script.utf8.count)).rawValue
  }
}
