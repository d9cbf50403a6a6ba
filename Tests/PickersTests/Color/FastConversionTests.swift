import Glibc
import Testing

@testable import Pickers

/// The fast sRGB to Oklab/Oklch paths against a reference built here from glibc's `pow`,
/// `cbrt` and `atan2` and CSS Color 4's published matrices (two steps: linear sRGB to XYZ, XYZ
/// to LMS), never from the library's fast functions.
@Suite("Fast sRGB to Oklch")
struct FastConversionTests {
  /// CSS Color 4's `lin_sRGB`, with glibc `pow`.
  static func referenceLinearize(_ value: Double) -> Double {
    let magnitude = abs(value)
    if magnitude <= 0.040_45 { return value / 12.92 }
    let result = pow((magnitude + 0.055) / 1.055, 2.4)
    return value < 0 ? -result : result
  }

  /// CSS Color 4's `gam_sRGB`, with glibc `pow`.
  static func referenceEncode(_ value: Double) -> Double {
    let magnitude = abs(value)
    if magnitude <= 0.003_130_8 { return 12.92 * value }
    let result = 1.055 * pow(magnitude, 1 / 2.4) - 0.055
    return value < 0 ? -result : result
  }

  /// sRGB to (L, a, b, C, h): h in degrees in 0..<360, NaN at or below chroma 0.000004.
  static func reference(_ r: Double, _ g: Double, _ b: Double) -> [Double] {
    let linear = Vector3(referenceLinearize(r), referenceLinearize(g), referenceLinearize(b))
    let lms = OKLab.xyzToLMS(SRGBLinear.toXYZ(linear))
    let lab = OKLab.lmsToOKLab(Vector3(cbrt(lms.x), cbrt(lms.y), cbrt(lms.z)))
    let chroma = (lab.y * lab.y + lab.z * lab.z).squareRoot()
    var hue = atan2(lab.z, lab.y) * 180 / .pi
    if hue < 0 { hue += 360 }
    return [lab.x, lab.y, lab.z, chroma, chroma <= 0.000_004 ? .nan : hue]
  }

  /// Random sRGB components: a third in gamut, a third slightly outside (-0.5...1.5), a tenth
  /// far outside (-6...6, beyond the tables), the rest exact 8-bit values; a few grays.
  static func randomColors(_ count: Int, seed: UInt64) -> [Double] {
    var generator = SplitMix64(seed: seed)
    var values: [Double] = []
    values.reserveCapacity(3 * count)
    for index in 0..<count {
      let kind = index % 30
      for _ in 0..<3 {
        switch kind {
        case 0..<10: values.append(Double.random(in: 0...1, using: &generator))
        case 10..<20: values.append(Double.random(in: -0.5...1.5, using: &generator))
        case 20..<23: values.append(Double.random(in: -6...6, using: &generator))
        default: values.append(Double(Int.random(in: 0...255, using: &generator)) / 255)
        }
      }
      if kind == 29 {  // a gray: powerless hue
        values[values.count - 2] = values[values.count - 3]
        values[values.count - 1] = values[values.count - 3]
      }
    }
    return values
  }

  /// Whether `hue` is `expected` within 1e-12 of Oklab a/b: a hue moves by about
  /// (error of a, b) / chroma radians, so its tolerance grows as the chroma shrinks.
  static func hueMatches(_ hue: Double, _ expected: Double, chroma: Double) -> Bool {
    if expected.isNaN || hue.isNaN { return expected.isNaN && hue.isNaN }
    let difference = abs(hue - expected)
    return min(difference, 360 - difference) * .pi / 180 * chroma <= 1e-12
  }

  @Test("the buffer path matches glibc pow, cbrt and atan2 within 1e-12 over 150,000 colors")
  func bufferMatchesReference() {
    let input = Self.randomColors(150_000, seed: 0x0c1c_0001)
    var lch = [Double](repeating: 0, count: input.count)
    var lab = [Double](repeating: 0, count: input.count)
    input.withUnsafeBufferPointer { source in
      lch.withUnsafeMutableBufferPointer {
        Color.convert(components: source, from: .srgb, to: .oklch, into: $0)
      }
      lab.withUnsafeMutableBufferPointer {
        Color.convert(components: source, from: .srgb, to: .oklab, into: $0)
      }
    }
    var failures = 0
    var nanHues = 0
    for index in stride(from: 0, to: input.count, by: 3) {
      let expected = Self.reference(input[index], input[index + 1], input[index + 2])
      let scale = max(1, abs(expected[0]), abs(expected[3]))
      let good =
        abs(lch[index] - expected[0]) <= 1e-12 * scale
        && abs(lch[index + 1] - expected[3]) <= 1e-12 * scale
        && Self.hueMatches(lch[index + 2], expected[4], chroma: expected[3])
        && abs(lab[index] - expected[0]) <= 1e-12 * scale
        && abs(lab[index + 1] - expected[1]) <= 1e-12 * scale
        && abs(lab[index + 2] - expected[2]) <= 1e-12 * scale
      if !good {
        failures += 1
        if failures <= 5 {
          let color: [Double] = Array(input[index..<index + 3])
          let got: [Double] = Array(lch[index..<index + 3])
          Issue.record("sRGB \(color): got \(got), want \(expected)")
        }
      }
      if expected[4].isNaN { nanHues += 1 }
    }
    #expect(failures == 0)
    #expect(nanHues >= 5_000)  // the grays (one color in 30) kept their powerless hue
  }

  @Test("Color.converted(to:) matches glibc pow, cbrt and atan2 within 1e-12 over 30,000 colors")
  func valuesMatchReference() {
    let input = Self.randomColors(30_000, seed: 0x0c1c_0002)
    var failures = 0
    for index in stride(from: 0, to: input.count, by: 3) {
      let expected = Self.reference(input[index], input[index + 1], input[index + 2])
      let lch = Color(.srgb, input[index], input[index + 1], input[index + 2])
        .converted(to: .oklch).channels
      let scale = max(1, abs(expected[0]), abs(expected[3]))
      let good =
        abs((lch.c0 ?? .nan) - expected[0]) <= 1e-12 * scale
        && abs((lch.c1 ?? .nan) - expected[3]) <= 1e-12 * scale
        && Self.hueMatches(lch.c2 ?? .nan, expected[4], chroma: expected[3])
      if !good { failures += 1 }
    }
    #expect(failures == 0)
  }

  @Test("a batch split across threads gives the same bits as one thread, odd counts included")
  func splitMatchesOneThread() {
    for count in [131_073, 70_000] {
      let input = Self.randomColors(count, seed: UInt64(count))
      var split = [Double](repeating: 0, count: input.count)
      var single = [Double](repeating: 1, count: input.count)
      input.withUnsafeBufferPointer { source in
        split.withUnsafeMutableBufferPointer {
          OKLabBatch.convert(source, polar: true, into: $0, threads: 3)
        }
        single.withUnsafeMutableBufferPointer {
          OKLabBatch.convertOnOneThread(source, polar: true, into: $0)
        }
      }
      let same = zip(split, single).allSatisfy {
        $0.bitPattern == $1.bitPattern || ($0.isNaN && $1.isNaN)
      }
      #expect(same, "\(count) colors")
    }
  }

  @Test("converting a buffer in place gives the same values as into another buffer")
  func inPlace() {
    let input = Self.randomColors(70_001, seed: 0x0c1c_0004)
    var separate = [Double](repeating: 0, count: input.count)
    input.withUnsafeBufferPointer { source in
      separate.withUnsafeMutableBufferPointer {
        Color.convert(components: source, from: .srgb, to: .oklch, into: $0)
      }
    }
    var buffer = input
    buffer.withUnsafeMutableBufferPointer { storage in
      Color.convert(
        components: UnsafeBufferPointer(storage), from: .srgb, to: .oklch, into: storage)
    }
    #expect(zip(buffer, separate).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) })
  }

  @Test("black, white and the 8-bit grays have no hue in the batch (NaN) or in Color (nil)")
  func graysArePowerless() {
    var input: [Double] = []
    for level in 0...255 { input += Array(repeating: Double(level) / 255, count: 3) }
    var output = [Double](repeating: 0, count: input.count)
    input.withUnsafeBufferPointer { source in
      output.withUnsafeMutableBufferPointer {
        Color.convert(components: source, from: .srgb, to: .oklch, into: $0)
      }
    }
    for level in 0...255 {
      let expected = Self.reference(input[3 * level], input[3 * level], input[3 * level])
      #expect(output[3 * level + 2].isNaN)
      #expect(abs(output[3 * level] - expected[0]) <= 1e-12)
      let gray = Color(.srgb, input[3 * level], input[3 * level], input[3 * level])
      #expect(gray.converted(to: .oklch).channels.c2 == nil)
    }
    #expect(output[0] == 0 && output[1] == 0)  // black: L = 0, C = 0
  }

  @Test("the buffer path agrees with coloraide's Oklch for the fixture's sRGB colors")
  func bufferAgreesWithColoraide() throws {
    var input: [Double] = []
    var expected: [[Double?]] = []
    for entry in ColoraideReference.shared.conversions {
      let srgb = try #require(entry.spaces["srgb"])
      guard let r = srgb[0], let g = srgb[1], let b = srgb[2] else { continue }
      input += [r, g, b]
      expected.append(try #require(entry.spaces["oklch"]))
    }
    #expect(expected.count >= 150)
    var output = [Double](repeating: 0, count: input.count)
    input.withUnsafeBufferPointer { source in
      output.withUnsafeMutableBufferPointer {
        Color.convert(components: source, from: .srgb, to: .oklch, into: $0)
      }
    }
    for (index, want) in expected.enumerated() {
      // coloraide derives its own Oklab matrices: they differ from CSS's in the last digits.
      #expect(close(output[3 * index], want[0], 2e-7))
      #expect(close(output[3 * index + 1], want[1], 2e-7))
      if let hue = want[2], output[3 * index + 1] >= 1e-3 {
        let difference = abs(output[3 * index + 2] - hue)
        #expect(min(difference, 360 - difference) < 1e-4)
      }
    }
  }

  @Test("the table sRGB curves and cube root agree with glibc pow and cbrt, in range and out")
  func tablesMatchGlibc() {
    // A fixed seed, so every run checks the same points. Largest errors seen over 10^7
    // points: 6.2e-16 relative for the decoding curve, 2.2e-16 for the encoding power,
    // 8e-16 for the cube root; the bounds leave a few units in the last place.
    var generator = SplitMix64(seed: 0x0c1c_0003)
    var worstDecode = 0.0
    var worstEncode = 0.0
    var worstCube = 0.0
    for index in 0..<200_000 {
      // Mostly the tables' ranges, one point in 8 far outside them (the libm fallback).
      let wide = index % 8 == 0
      let v = Double.random(in: wide ? -40...40 : -1.2...1.2, using: &generator)
      let decoded = Self.referenceLinearize(v)
      worstDecode = max(worstDecode, abs(SRGB.linearize(v) - decoded) / abs(decoded))
      let encoded = Self.referenceEncode(v)
      worstEncode = max(worstEncode, abs(SRGB.encode(v) - encoded) / abs(encoded))
      let x =
        wide
        ? exp(Double.random(in: -700...700, using: &generator))
        : Double.random(in: -2...2, using: &generator)
      worstCube = max(worstCube, abs(FastMath.cbrt(x) - cbrt(x)) / abs(cbrt(x)))
      let power = Double.random(in: 0.0955...3.9, using: &generator)
      let exact = pow(power / 1.055, 2.4)
      worstDecode = max(
        worstDecode, abs((FastMath.srgbDecodeTable(power) ?? .nan) - exact) / exact)
    }
    #expect(worstDecode <= 2e-15)
    #expect(worstEncode <= 4e-15)
    #expect(worstCube <= 2e-15)
    #expect(SRGB.linearize(0) == 0 && SRGB.linearize(1) == 1 && SRGB.linearize(-1) == -1)
    #expect(SRGB.encode(0) == 0 && abs(SRGB.encode(1) - 1) <= 2e-16)
    #expect(FastMath.cbrt(0) == 0 && FastMath.cbrt(-8) == -2 && FastMath.cbrt(1) == 1)
    #expect(FastMath.srgbDecodeTable(0.001) == nil)  // below the table: the caller uses pow
    #expect(FastMath.srgbDecodeTable(.nan) == nil && FastMath.cubeRootTable(.infinity) == nil)
  }
}
