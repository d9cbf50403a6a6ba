/// Oklab (Björn Ottosson, 2020) from XYZ D65, with CSS Color 4's recalculated matrices.
enum OKLab: ColorSpaceDefinition {
  static let space = ColorSpace.oklab
  static let base: ColorSpace? = .xyzD65
  static let row = ColorSpaceRow(
    channels: (
      ColorChannel("l", .lightness, 0...1, decimals: 6),
      ColorChannel("a", .opponentA, -0.4...0.4, decimals: 6),
      ColorChannel("b", .opponentB, -0.4...0.4, decimals: 6)
    ),
    gamut: nil,
    // CSS Color 4 §9.3: the lightness is clamped to 0...1 at parse time.
    function: CSSForm(name: "oklab", labels: ("lightness", "a", "b"), clamps: (0...1, nil, nil)))

  /// XYZ D65 to LMS, recalculated for a consistent D65 white at 64-bit precision.
  ///
  /// Source: CSS Color 4 conversions.js, `XYZ_to_OKLab` (csswg-drafts issue 6642,
  /// color.js pull request 357).
  static let xyzToLMS = Matrix3(
    (0.819_022_437_996_703_0, 0.361_906_260_052_890_4, -0.128_873_781_520_987_9),
    (0.032_983_653_932_388_5, 0.929_286_861_586_343_4, 0.036_144_666_350_642_4),
    (0.048_177_189_359_624_2, 0.264_239_531_752_730_8, 0.633_547_828_469_430_9))

  /// Non-linear LMS to Oklab.
  ///
  /// Source: CSS Color 4 conversions.js, `XYZ_to_OKLab`.
  static let lmsToOKLab = Matrix3(
    (0.210_454_268_309_314_0, 0.793_617_774_702_305_4, -0.004_072_043_011_619_3),
    (1.977_998_532_431_168_4, -2.428_592_242_048_579_9, 0.450_593_709_617_411_0),
    (0.025_904_042_465_547_8, 0.782_771_712_457_529_6, -0.808_675_754_923_077_4))

  /// LMS to XYZ D65.
  ///
  /// Source: CSS Color 4 conversions.js, `OKLab_to_XYZ`.
  static let lmsToXYZ = Matrix3(
    (1.226_879_875_845_924_3, -0.557_814_994_460_217_1, 0.281_391_045_665_964_7),
    (-0.040_575_745_214_800_8, 1.112_286_803_280_317_0, -0.071_711_058_065_516_4),
    (-0.076_372_936_674_660_1, -0.421_493_332_402_243_2, 1.586_924_019_836_781_6))

  /// Oklab to non-linear LMS.
  ///
  /// Source: CSS Color 4 conversions.js, `OKLab_to_XYZ`.
  static let oklabToLMS = Matrix3(
    (1.0, 0.396_337_777_376_174_9, 0.215_803_757_309_913_6),
    (1.0, -0.105_561_345_815_658_6, -0.063_854_172_825_813_3),
    (1.0, -0.089_484_177_529_811_9, -1.291_485_548_019_409_2))

  @inline(__always)
  static func fromBase(_ xyz: Vector3) -> Vector3 {
    // The cube root must be sign-matched, as the sample code requires.
    lmsToOKLab(map3(xyzToLMS(xyz), FastMath.cbrt))
  }

  @inline(__always)
  static func toBase(_ lab: Vector3) -> Vector3 {
    lmsToXYZ(map3(oklabToLMS(lab)) { $0 * $0 * $0 })
  }
}
