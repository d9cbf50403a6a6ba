import Glibc

/// `scale * x^p` for positive `x` in a few octaves, from a table and a short polynomial.
///
/// The centres c of the table are the numbers 2^e (1 + j/64): every octave holds 64, evenly
/// spaced, and `x` goes to the nearest. c is exact in binary, so `x - c` is exact (Sterbenz)
/// and `r = (x - c) / c` is rounded once, |r| <= 1/128. Then x^p = c^p (1 + r)^p, where c^p
/// comes from the table (computed once with glibc `pow`) and (1 + r)^p is its Taylor series
/// to degree 7: the first term left out is below |binom(p, 8)| 128^-8, about 2e-19 for the
/// exponents used here (2.4, 1/2.4, 1/3). A centre itself (1, 0.5, 1.5, ...) gives glibc's
/// value exactly. Measured against glibc `pow` over millions of random points: within 7e-16
/// relative, three units in the last place. Outside its octaves (and for zero, infinity and
/// NaN) the table answers `nil` and the caller falls back to libm.
///
/// The nearest centre is read from the bits of `x`: exponent and the top 6 bits of the
/// significand, rounded, are `(bits + 2^45) >> 46`, so the index is an addition, a shift and
/// a subtraction.
struct PowerTable: Sendable {
  /// Bits of the significand that pick the centre within an octave (64 centres).
  static let slotBits: UInt64 = 6
  /// Half the distance between two centres, in the bits of a `Double` (rounds to nearest).
  static let half: UInt64 = 1 << 45
  /// `(centre, 1 / centre, scale * centre^p)` for every centre, in order.
  let entries: [Double]
  /// `bits >> 46` of the first centre, 2^(lowest octave).
  let first: UInt64
  /// The number of centres.
  let count: UInt64
  /// binom(p, k) for k = 1...7: the Taylor coefficients of (1 + r)^p.
  let c1, c2, c3, c4, c5, c6, c7: Double

  init(exponent p: Double, octaves: ClosedRange<Int>, scale: Double = 1) {
    first = Double(sign: .plus, exponent: octaves.lowerBound, significand: 1).bitPattern >> 46
    // Every centre of the octaves, and the first of the next one (x just below it rounds up).
    count = UInt64(octaves.count) << Self.slotBits + 1
    var entries: [Double] = []
    entries.reserveCapacity(3 * Int(count))
    for index in 0..<count {
      let centre = Double(bitPattern: (first + index) << 46)
      entries += [centre, 1 / centre, scale * pow(centre, p)]
    }
    self.entries = entries
    var binomial = [Double](repeating: 1, count: 8)
    for k in 1...7 { binomial[k] = binomial[k - 1] * (p - Double(k - 1)) / Double(k) }
    (c1, c2, c3, c4, c5, c6, c7) = (
      binomial[1], binomial[2], binomial[3], binomial[4], binomial[5], binomial[6], binomial[7]
    )
  }

  /// `scale * x^p`, or `nil` when `x` is outside the table; `table` is ``entries``' storage
  /// (borrowed once for a whole batch).
  @inline(__always)
  func callAsFunction(_ x: Double, _ table: UnsafeBufferPointer<Double>) -> Double? {
    let index = (x.bitPattern &+ Self.half) >> 46 &- first
    guard index < count else { return nil }
    let entry = Int(truncatingIfNeeded: index &* 3)
    return polynomial((x - table[entry]) * table[entry + 1], table[entry + 2])
  }

  /// `scale * x^p`, or `nil` outside the table, reading the table itself (for one-off calls).
  @inline(__always)
  func callAsFunction(_ x: Double) -> Double? {
    entries.withUnsafeBufferPointer { self(x, $0) }
  }

  /// Two lanes at once; `nil` when either lane is outside the table.
  @inline(__always)
  func callAsFunction(_ x: SIMD2<Double>, _ table: UnsafeBufferPointer<Double>) -> SIMD2<Double>? {
    let bits = unsafeBitCast(x, to: SIMD2<UInt64>.self)
    let index = (bits &+ Self.half) &>> 46 &- first
    let (i0, i1) = (index[0], index[1])
    guard i0 < count && i1 < count else { return nil }
    let e0 = Int(truncatingIfNeeded: i0 &* 3)
    let e1 = Int(truncatingIfNeeded: i1 &* 3)
    let r = (x - SIMD2(table[e0], table[e1])) * SIMD2(table[e0 + 1], table[e1 + 1])
    return polynomial(r, SIMD2(table[e0 + 2], table[e1 + 2]))
  }

  /// t (1 + r)^p by Estrin's scheme (independent pairs, so the multiplications overlap).
  @inline(__always)
  private func polynomial(_ r: SIMD2<Double>, _ t: SIMD2<Double>) -> SIMD2<Double> {
    let r2 = r * r
    let r4 = r2 * r2
    let q0 = (c1 + c2 * r) + r2 * (c3 + c4 * r)
    let q1 = (c5 + c6 * r) + r2 * c7
    return t + (t * r) * (q0 + r4 * q1)
  }

  @inline(__always)
  private func polynomial(_ r: Double, _ t: Double) -> Double {
    let r2 = r * r
    let r4 = r2 * r2
    let q0 = (c1 + c2 * r) + r2 * (c3 + c4 * r)
    let q1 = (c5 + c6 * r) + r2 * c7
    return t + (t * r) * (q0 + r4 * q1)
  }
}
