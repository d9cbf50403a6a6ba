import Dispatch
import Glibc

/// The batch conversion from sRGB to Oklab or Oklch, two colors at a time.
///
/// Each step works on a `SIMD2<Double>` holding one component of two colors (SSE2 registers on
/// x86-64): the sRGB curve and the cube roots read ``PowerTable``s, the two matrices are fused
/// where they can be (linear sRGB to LMS is one matrix), and the hue is
/// ``FastMath/hueDegrees(_:_:)``, a branchless `atan2`. Results equal the scalar path's within
/// a few units in the last place; a hue is NaN at or below Oklch's
/// ``OKLCH/achromaticChroma``, as in ``Polar/fromRectangular(_:achromaticChroma:)``.
///
/// Large batches are split across the online processors.
enum OKLabBatch {
  /// Below this many colors one thread does the whole batch (a split costs a few
  /// microseconds).
  static let parallelThreshold = 65_536

  /// The number of processors online, at least 1.
  static let processors = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

  /// Converts interleaved sRGB triples to Oklab (`polar == false`) or Oklch.
  static func convert(
    _ input: UnsafeBufferPointer<Double>, polar: Bool,
    into output: UnsafeMutableBufferPointer<Double>, threads: Int = processors
  ) {
    let colors = input.count / 3
    let parts = min(threads, colors / (parallelThreshold / 2))
    guard parts > 1 else {
      convertOnOneThread(input, polar: polar, into: output)
      return
    }
    // Even-sized parts, so every part but the last is made of whole pairs.
    let perPart = (colors / parts + 1) & ~1
    // The parts read and write disjoint ranges, and concurrentPerform returns only when every
    // part is done, so the buffers outlive all uses.
    nonisolated(unsafe) let input = input
    nonisolated(unsafe) let output = output
    DispatchQueue.concurrentPerform(iterations: parts) { part in
      let start = 3 * min(colors, part * perPart)
      let end = part == parts - 1 ? 3 * colors : 3 * min(colors, (part + 1) * perPart)
      convertOnOneThread(
        UnsafeBufferPointer(rebasing: input[start..<end]), polar: polar,
        into: UnsafeMutableBufferPointer(rebasing: output[start..<end]))
    }
  }

  /// Converts interleaved sRGB triples on the calling thread.
  static func convertOnOneThread(
    _ input: UnsafeBufferPointer<Double>, polar: Bool,
    into output: UnsafeMutableBufferPointer<Double>
  ) {
    withKernel { $0.run(input, polar: polar, into: output) }
  }

  /// Runs `body` with a kernel borrowing the tables' storage.
  @inline(__always)
  private static func withKernel<R>(_ body: (Kernel) -> R) -> R {
    let decode = FastMath.srgbDecodeTable
    let cube = FastMath.cubeRootTable
    return decode.entries.withUnsafeBufferPointer { decodeTable in
      cube.entries.withUnsafeBufferPointer { cubeTable in
        body(Kernel(decode: decode, decodeTable: decodeTable, cube: cube, cubeTable: cubeTable))
      }
    }
  }

  /// The per-pair arithmetic, with the tables' storage borrowed for one batch.
  private struct Kernel {
    let decode: PowerTable
    let decodeTable: UnsafeBufferPointer<Double>
    let cube: PowerTable
    let cubeTable: UnsafeBufferPointer<Double>

    func run(
      _ input: UnsafeBufferPointer<Double>, polar: Bool,
      into output: UnsafeMutableBufferPointer<Double>
    ) {
      guard let source = input.baseAddress, let destination = output.baseAddress else { return }
      let count = input.count / 3
      var index = 0
      // Whole pairs, then a last odd color computed in both lanes (the same arithmetic).
      while index < count {
        let pair = index + 1 < count
        let p = source + 3 * index
        let q = pair ? p + 3 : p
        let (lightness, second, third) = convert(
          SIMD2(p[0], q[0]), SIMD2(p[1], q[1]), SIMD2(p[2], q[2]), polar: polar)
        let out = destination + 3 * index
        out[0] = lightness[0]
        out[1] = second[0]
        out[2] = third[0]
        if pair {
          out[3] = lightness[1]
          out[4] = second[1]
          out[5] = third[1]
        }
        index += 2
      }
    }

    /// Two sRGB colors, one per lane, to Oklab or Oklch.
    @inline(__always)
    func convert(
      _ red: SIMD2<Double>, _ green: SIMD2<Double>, _ blue: SIMD2<Double>, polar: Bool
    ) -> (SIMD2<Double>, SIMD2<Double>, SIMD2<Double>) {
      let m = ColorConversion.linearSRGBToLMS
      let k = OKLab.lmsToOKLab
      let r = linearize(red)
      let g = linearize(green)
      let b = linearize(blue)
      let l = cubeRoot(m.r0.x * r + m.r0.y * g + m.r0.z * b)
      let mm = cubeRoot(m.r1.x * r + m.r1.y * g + m.r1.z * b)
      let s = cubeRoot(m.r2.x * r + m.r2.y * g + m.r2.z * b)
      let lightness = k.r0.x * l + k.r0.y * mm + k.r0.z * s
      let a = k.r1.x * l + k.r1.y * mm + k.r1.z * s
      let bb = k.r2.x * l + k.r2.y * mm + k.r2.z * s
      guard polar else { return (lightness, a, bb) }
      let chroma = (a * a + bb * bb).squareRoot()
      var hue = FastMath.hueDegrees(bb, a)
      if any(chroma .== .infinity) {  // the one-lane version handles infinities
        hue = SIMD2(FastMath.hueDegrees(bb[0], a[0]), FastMath.hueDegrees(bb[1], a[1]))
      }
      return (
        lightness, chroma, hue.replacing(with: .nan, where: chroma .<= OKLCH.achromaticChroma)
      )
    }

    /// ``SRGB/linearize(_:)`` on two lanes.
    @inline(__always)
    func linearize(_ value: SIMD2<Double>) -> SIMD2<Double> {
      let bits = unsafeBitCast(value, to: SIMD2<UInt64>.self)
      let sign = bits & signBit
      let magnitude = unsafeBitCast(bits & ~signBit, to: SIMD2<Double>.self)
      // The table covers magnitude + 0.055 from 2^-5, so the toe's lanes read it too.
      guard let curve = decode(magnitude + 0.055, decodeTable) else {
        return SIMD2(SRGB.linearize(value[0]), SRGB.linearize(value[1]))
      }
      let result = curve.replacing(with: magnitude * (1 / 12.92), where: magnitude .<= 0.040_45)
        .replacing(with: 1, where: magnitude .== 1)
      return unsafeBitCast(
        unsafeBitCast(result, to: SIMD2<UInt64>.self) | sign, to: SIMD2<Double>.self)
    }

    /// ``FastMath/cbrt(_:)`` on two lanes.
    @inline(__always)
    func cubeRoot(_ value: SIMD2<Double>) -> SIMD2<Double> {
      let bits = unsafeBitCast(value, to: SIMD2<UInt64>.self)
      let sign = bits & signBit
      let magnitude = unsafeBitCast(bits & ~signBit, to: SIMD2<Double>.self)
      guard let root = cube(magnitude, cubeTable) else {
        return SIMD2(FastMath.cbrt(value[0]), FastMath.cbrt(value[1]))
      }
      return unsafeBitCast(
        unsafeBitCast(root, to: SIMD2<UInt64>.self) | sign, to: SIMD2<Double>.self)
    }

    /// The sign bit of a `Double`.
    private var signBit: SIMD2<UInt64> { SIMD2(repeating: 0x8000_0000_0000_0000) }
  }
}
