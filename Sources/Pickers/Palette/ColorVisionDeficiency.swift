/// A kind of color-vision deficiency that ``ColorVisionDeficiency/simulate(linearRGB:severity:)``
/// can simulate.
///
/// The simulation is the physiologically based model of Machado, Oliveira and Fernandes,
/// "A Physiologically-based Model for Simulation of Color Vision Deficiency" (IEEE TVCG 15(6),
/// 2009): one 3x3 matrix per severity, applied to linear sRGB. The published matrices at
/// severities 0.0, 0.1, ..., 1.0 are kept here; severities between two of them are
/// interpolated linearly, as the authors suggest. Severity 1 is the dichromacy
/// (protanopia, deuteranopia, tritanopia); lower values are the anomalous trichromacies.
///
///     let seen = ColorVisionDeficiency.deuteranopia.simulate(linearRGB: (1, 0, 0), severity: 1)
public enum ColorVisionDeficiency: String, CaseIterable, Sendable, Codable, Hashable {
  /// Missing or shifted long-wavelength (red) cones.
  case protanopia
  /// Missing or shifted medium-wavelength (green) cones.
  case deuteranopia
  /// Missing or shifted short-wavelength (blue) cones.
  case tritanopia

  /// The simulation matrix for `severity` (0 to 1, clamped), row by row.
  public func matrix(severity: Double) -> [Double] {
    let table = Self.matrices(for: self)
    let s = severity.isNaN ? 0 : min(max(severity, 0), 1) * 10
    let lower = min(Int(s.rounded(.down)), 9)
    let fraction = s - Double(lower)
    let a = table[lower]
    let b = table[lower + 1]
    return (0..<9).map { a[$0] + (b[$0] - a[$0]) * fraction }
  }

  /// Simulates how a color given in linear sRGB looks with this deficiency.
  ///
  /// The result is in linear sRGB too and may fall slightly outside `0...1`.
  ///
  /// - Parameters:
  ///   - linearRGB: Red, green and blue in linear light.
  ///   - severity: From 0 (normal vision) to 1 (dichromacy).
  /// - Returns: The simulated color in linear sRGB.
  public func simulate(
    linearRGB: (Double, Double, Double), severity: Double = 1
  ) -> (Double, Double, Double) {
    let m = matrix(severity: severity)
    let (r, g, b) = linearRGB
    return (
      m[0] * r + m[1] * g + m[2] * b,
      m[3] * r + m[4] * g + m[5] * b,
      m[6] * r + m[7] * g + m[8] * b
    )
  }

  private static func matrices(for deficiency: ColorVisionDeficiency) -> [[Double]] {
    switch deficiency {
    case .protanopia: protanomaly
    case .deuteranopia: deuteranomaly
    case .tritanopia: tritanomaly
    }
  }

  private static let identity: [Double] = [1, 0, 0, 0, 1, 0, 0, 0, 1]

  // Machado, Oliveira & Fernandes 2009, Table "protanomaly", severities 0.0 ... 1.0.
  private static let protanomaly: [[Double]] = [
    identity,
    [
      0.856_167, 0.182_038, -0.038_205, 0.029_342, 0.955_115, 0.015_544, -0.002_880, -0.001_563,
      1.004_443,
    ],
    [
      0.734_766, 0.334_872, -0.069_637, 0.051_840, 0.919_198, 0.028_963, -0.004_928, -0.004_209,
      1.009_137,
    ],
    [
      0.630_323, 0.465_641, -0.095_964, 0.069_181, 0.890_046, 0.040_773, -0.006_308, -0.007_724,
      1.014_032,
    ],
    [
      0.539_009, 0.579_343, -0.118_352, 0.082_546, 0.866_121, 0.051_332, -0.007_136, -0.011_959,
      1.019_095,
    ],
    [
      0.458_064, 0.679_578, -0.137_642, 0.092_785, 0.846_313, 0.060_902, -0.007_494, -0.016_807,
      1.024_301,
    ],
    [
      0.385_450, 0.769_005, -0.154_455, 0.100_526, 0.829_802, 0.069_673, -0.007_442, -0.022_190,
      1.029_632,
    ],
    [
      0.319_627, 0.849_633, -0.169_261, 0.106_241, 0.815_969, 0.077_790, -0.007_025, -0.028_051,
      1.035_076,
    ],
    [
      0.259_411, 0.923_008, -0.182_420, 0.110_296, 0.804_340, 0.085_364, -0.006_276, -0.034_346,
      1.040_622,
    ],
    [
      0.203_876, 0.990_338, -0.194_214, 0.112_975, 0.794_542, 0.092_483, -0.005_222, -0.041_043,
      1.046_265,
    ],
    [
      0.152_286, 1.052_583, -0.204_868, 0.114_503, 0.786_281, 0.099_216, -0.003_882, -0.048_116,
      1.051_998,
    ],
  ]

  // Machado, Oliveira & Fernandes 2009, Table "deuteranomaly", severities 0.0 ... 1.0.
  private static let deuteranomaly: [[Double]] = [
    identity,
    [
      0.866_435, 0.177_704, -0.044_139, 0.049_567, 0.939_063, 0.011_370, -0.003_453, 0.007_233,
      0.996_220,
    ],
    [
      0.760_729, 0.319_078, -0.079_807, 0.090_568, 0.889_315, 0.020_117, -0.006_027, 0.013_325,
      0.992_702,
    ],
    [
      0.675_425, 0.433_850, -0.109_275, 0.125_303, 0.847_755, 0.026_942, -0.007_950, 0.018_572,
      0.989_378,
    ],
    [
      0.605_511, 0.528_560, -0.134_071, 0.155_318, 0.812_366, 0.032_316, -0.009_376, 0.023_176,
      0.986_200,
    ],
    [
      0.547_494, 0.607_765, -0.155_259, 0.181_692, 0.781_742, 0.036_566, -0.010_410, 0.027_275,
      0.983_136,
    ],
    [
      0.498_864, 0.674_741, -0.173_604, 0.205_199, 0.754_872, 0.039_929, -0.011_131, 0.030_969,
      0.980_162,
    ],
    [
      0.457_771, 0.731_899, -0.189_670, 0.226_409, 0.731_012, 0.042_579, -0.011_595, 0.034_333,
      0.977_261,
    ],
    [
      0.422_823, 0.781_057, -0.203_881, 0.245_752, 0.709_602, 0.044_646, -0.011_843, 0.037_423,
      0.974_421,
    ],
    [
      0.392_952, 0.823_610, -0.216_562, 0.263_559, 0.690_210, 0.046_232, -0.011_910, 0.040_281,
      0.971_630,
    ],
    [
      0.367_322, 0.860_646, -0.227_968, 0.280_085, 0.672_501, 0.047_413, -0.011_820, 0.042_940,
      0.968_881,
    ],
  ]

  // Machado, Oliveira & Fernandes 2009, Table "tritanomaly", severities 0.0 ... 1.0.
  private static let tritanomaly: [[Double]] = [
    identity,
    [
      0.926_670, 0.092_514, -0.019_184, 0.021_191, 0.964_503, 0.014_306, 0.008_437, 0.054_813,
      0.936_750,
    ],
    [
      0.895_720, 0.133_330, -0.029_050, 0.029_997, 0.945_400, 0.024_603, 0.013_027, 0.104_707,
      0.882_266,
    ],
    [
      0.905_871, 0.127_791, -0.033_662, 0.026_856, 0.941_251, 0.031_893, 0.013_410, 0.148_296,
      0.838_294,
    ],
    [
      0.948_035, 0.089_490, -0.037_526, 0.014_364, 0.946_792, 0.038_844, 0.010_853, 0.193_991,
      0.795_156,
    ],
    [
      1.017_277, 0.027_029, -0.044_306, -0.006_113, 0.958_479, 0.047_634, 0.006_379, 0.248_708,
      0.744_913,
    ],
    [
      1.104_996, -0.046_633, -0.058_363, -0.032_137, 0.971_635, 0.060_503, 0.001_336, 0.317_922,
      0.680_742,
    ],
    [
      1.193_214, -0.109_812, -0.083_402, -0.058_496, 0.979_410, 0.079_086, -0.002_346, 0.403_492,
      0.598_854,
    ],
    [
      1.257_728, -0.139_648, -0.118_081, -0.078_003, 0.975_409, 0.102_594, -0.003_316, 0.501_214,
      0.502_102,
    ],
    [
      1.278_864, -0.125_333, -0.153_531, -0.084_748, 0.957_674, 0.127_074, -0.000_989, 0.601_151,
      0.399_838,
    ],
    [
      1.255_528, -0.076_749, -0.178_779, -0.078_411, 0.930_809, 0.147_602, 0.004_733, 0.691_367,
      0.303_900,
    ],
  ]
}
