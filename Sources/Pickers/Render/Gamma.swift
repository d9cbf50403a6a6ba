import Glibc

/// sRGB transfer tables for compositing in linear light.
///
/// Blending coverage in gamma-encoded values makes anti-aliased edges too dark and colored
/// fringes muddy; converting to linear light, mixing, and converting back is the correct
/// way (the sRGB curve of IEC 61966-2-1).
enum Gamma {
  /// Linear light (0...1) of each 8-bit sRGB value (256 `pow` calls, once).
  static let toLinear: [Float] = (0..<256).map { value in
    let c = Double(value) / 255
    return Float(c <= 0.040_45 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4))
  }

  /// Table size for encoding linear light back to sRGB.
  static let encodeSteps = 16_384

  /// The nearest 8-bit sRGB value of each linear step `i / (encodeSteps - 1)`.
  ///
  /// Built from ``firstStep`` by filling ranges, instead of calling `pow` for each of the
  /// 16,384 steps (which cost 3 M instructions, a tenth of a one-line preview).
  static let toSRGB: [UInt8] = [UInt8](unsafeUninitializedCapacity: encodeSteps) {
    buffer, count in
    var start = 0
    for value in 0..<256 {
      let end = value < 255 ? Int(firstStep[value]) : encodeSteps
      buffer[start..<end].initialize(repeating: UInt8(value))
      start = end
    }
    count = encodeSteps
  }

  /// The first linear step whose nearest 8-bit sRGB value is `n + 1`, for `n` in 0..<255.
  ///
  /// Step `i` stands for linear light `i / 16383`, encoded as
  /// `(255 * (l <= 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1 / 2.4) - 0.055)).rounded()`;
  /// generated with that formula, and checked against it for every step by
  /// `GammaTests` in Tests/PickersTests/Render.
  static let firstStep: [UInt16] = [
    3, 8, 13, 18, 23, 28, 33, 38, 43, 48, 53, 58, 64, 69, 76, 82, 89, 96, 103, 111, 119, 128, 136,
    145, 155, 165, 175, 185, 196, 207, 219, 231, 243, 256, 269, 283, 297, 311, 325, 340, 356, 372,
    388, 405, 422, 439, 457, 475, 494, 513, 533, 553, 573, 594, 616, 637, 660, 682, 705, 729, 753,
    777, 802, 828, 853, 880, 906, 934, 961, 990, 1_018, 1_047, 1_077, 1_107, 1_138, 1_169, 1_200,
    1_232, 1_265, 1_298, 1_332, 1_366, 1_400, 1_435, 1_471, 1_507, 1_543, 1_581, 1_618, 1_656,
    1_695, 1_734, 1_774, 1_814, 1_855, 1_896, 1_938, 1_980, 2_023, 2_066, 2_110, 2_155, 2_200,
    2_245, 2_292, 2_338, 2_385, 2_433, 2_482, 2_530, 2_580, 2_630, 2_680, 2_731, 2_783, 2_835,
    2_888, 2_942, 2_996, 3_050, 3_105, 3_161, 3_217, 3_274, 3_331, 3_389, 3_448, 3_507, 3_567,
    3_627, 3_688, 3_750, 3_812, 3_875, 3_938, 4_002, 4_066, 4_131, 4_197, 4_264, 4_331, 4_398,
    4_466, 4_535, 4_604, 4_674, 4_745, 4_816, 4_888, 4_961, 5_034, 5_107, 5_182, 5_257, 5_332,
    5_409, 5_486, 5_563, 5_641, 5_720, 5_799, 5_880, 5_960, 6_042, 6_124, 6_206, 6_289, 6_373,
    6_458, 6_543, 6_629, 6_716, 6_803, 6_891, 6_979, 7_068, 7_158, 7_249, 7_340, 7_432, 7_524,
    7_617, 7_711, 7_806, 7_901, 7_997, 8_093, 8_190, 8_288, 8_387, 8_486, 8_586, 8_687, 8_788,
    8_890, 8_993, 9_096, 9_200, 9_305, 9_410, 9_516, 9_623, 9_730, 9_839, 9_948, 10_057, 10_167,
    10_278, 10_390, 10_503, 10_616, 10_729, 10_844, 10_959, 11_075, 11_192, 11_309, 11_427,
    11_546, 11_666, 11_786, 11_907, 12_029, 12_151, 12_274, 12_398, 12_523, 12_648, 12_774,
    12_901, 13_028, 13_156, 13_285, 13_415, 13_546, 13_677, 13_809, 13_941, 14_075, 14_209,
    14_344, 14_479, 14_616, 14_753, 14_891, 15_029, 15_169, 15_309, 15_450, 15_591, 15_733,
    15_877, 16_020, 16_165, 16_311,
  ]

  /// Encodes linear light (clamped to 0...1) as 8-bit sRGB.
  @inline(__always)
  static func encode(_ linear: Float) -> UInt8 {
    let index = Int(min(max(linear, 0), 1) * Float(encodeSteps - 1) + 0.5)
    return toSRGB[index]
  }
}
