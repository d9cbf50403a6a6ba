import Testing

@testable import Pickers

/// The report's own number and conversion paths against the standard library and the public
/// per-color API: ``ShortestDouble`` against `Double.description`, its table against the
/// formula computed here with exact integers, ``SpaceWalk`` against ``Color/converted(to:)``
/// and ``NearestName`` against ``Color/nearestCSSName``.
@Suite("Shortest digits and report paths") struct ShortestDoubleTests {
  /// What ``ShortestDouble/write(_:to:)`` writes for `value`.
  static func written(_ value: Double) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
      guard let base = buffer.baseAddress else { return "" }
      var cursor = ByteCursor(pointer: base)
      ShortestDouble.write(value, to: &cursor)
      return String(
        decoding: UnsafeBufferPointer(start: base, count: base.distance(to: cursor.pointer)),
        as: UTF8.self)
    }
  }

  @Test("every power of two and its neighbours, and the layout's boundaries")
  func edges() {
    var values: [Double] = [
      0, 1e-4, 1e-5, 9.999999999999999e-5, 1e15, 1e16, 9_007_199_254_740_992,
      9_007_199_254_740_994, 18_014_398_509_481_984, 0.1, 0.2, 0.3, 1 / 3, 2 / 3, 100, 255,
      360, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, .infinity,
      .nan, 5e-324, 1.7976931348623157e308, 123_456_789_012.5, 0.30000000000000004,
    ]
    for exponent in -1074...1023 {
      let power = Double(sign: .plus, exponent: exponent, significand: 1)
      values += [power, power.nextUp, power.nextDown]
    }
    for whole in 0..<2000 {
      values += [Double(whole) / 1000, Double(whole) / 255, Double(whole) * 0.01]
    }
    for value in values {
      for probe in [value, -value, value.nextUp, value.nextDown] {
        #expect(Self.written(probe) == probe.description, "\(probe)")
      }
    }
  }

  @Test("random bit patterns and color-sized values")
  func random() {
    var generator = SplitMix64(seed: 30)
    var mismatches: [String] = []
    for _ in 0..<200_000 {
      let bits = Double(bitPattern: generator.next())
      let unit = Double(generator.next() >> 11) * 0x1p-53
      for value in [bits, unit, unit * 360 - 180, unit * 100, unit * 0.4 - 0.2] {
        if Self.written(value) != value.description { mismatches.append(value.description) }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
  }

  /// The values aimed at the one-product path's choices (``ShortestDouble/shortest(_:)``):
  /// small multiples of powers of two (short decimals, whole numbers, exact ties), the
  /// neighbours of short decimals (the interval's ends near a multiple of 1000), decimals
  /// half way between two of 16 digits and near that (the nearest multiple of 100), and
  /// whole numbers of 16 digits (the `.0` and the JSON form without it).
  static func boundaryValues() -> [Double] {
    var generator = SplitMix64(seed: 1000)
    var values: [Double] = []
    for exponent in stride(from: -100, through: 100, by: 1) {
      for k in stride(from: 1, to: 1024, by: 2) {
        let value = Double(sign: .plus, exponent: exponent, significand: Double(k))
        values += [value, value.nextUp, value.nextDown]
      }
    }
    for exponent in stride(from: -30, through: 30, by: 3) {
      for mantissa in 1...9999 {
        guard let value = Double("\(mantissa)e\(exponent)") else { continue }
        values += [value, value.nextUp, value.nextDown, value.nextUp.nextUp]
      }
    }
    for _ in 0..<50_000 {
      let digits = 1_000_000_000_000_000 + generator.next() % 9_000_000_000_000_000
      let exponent = Int(generator.next() % 60) - 40
      for tail in ["5", "49999", "50001", "05", "95"] {
        if let value = Double("\(digits)\(tail)e\(exponent)") { values.append(value) }
      }
      let whole = 1_000_000_000_000_000 + generator.next() % 8_007_199_254_740_993
      values += [Double(whole), Double(whole) + 0.5, Double(whole / 10) + 0.25]
    }
    return values
  }

  @Test("the one-product path's boundaries: short decimals, their neighbours, near-ties")
  func boundaries() {
    var mismatches: [String] = []
    var (fast, slow) = (0, 0)
    for value in Self.boundaryValues() {
      for probe in [value, -value] {
        if ShortestDouble.shortest(probe) != nil { fast += 1 } else { slow += 1 }
        if Self.written(probe) != probe.description { mismatches.append(probe.description) }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    // Both paths are exercised: the product's answer and the fallbacks it leaves.
    #expect(fast > 100_000 && slow > 1_000, "\(fast) fast, \(slow) slow")
  }

  @Test("JSON numbers through a cursor: description without a final .0, non-finite clamped")
  func jsonNumbers() {
    var mismatches: [String] = []
    let special: [Double] = [0, -0.0, .infinity, -.infinity, .nan, 1e15, 1e15 - 1, 1e16]
    for value in Self.boundaryValues() + special {
      for probe in [value, -value] {
        var expected = probe.description
        if expected.hasSuffix(".0") { expected.removeLast(2) }
        if probe.isNaN { expected = "0" }
        if probe.isInfinite { expected = probe > 0 ? "1e308" : "-1e308" }
        let written = Self.cursorText { NumberText.writeJSONNumber(probe, to: &$0) }
        if written != expected { mismatches.append("\(probe): \(written)") }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
  }

  @Test("a JSON string needs escaping where RFC 8259 says: a control byte, quote or backslash")
  func escaping() {
    var generator = SplitMix64(seed: 8259)
    // The bytes at the tests' edges, and any byte.
    let edges: [UInt8] = [0x00, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xFF]
    for _ in 0..<200_000 {
      let count = Int(generator.next() % 40)
      var bytes = (0..<count).map { _ in UInt8(ascii: "a") &+ UInt8(generator.next() % 26) }
      for _ in 0..<Int(generator.next() % 3) where count > 0 {
        let byte =
          generator.next() % 2 == 0
          ? edges[Int(generator.next() % UInt64(edges.count))]
          : UInt8(truncatingIfNeeded: generator.next())
        bytes[Int(generator.next() % UInt64(count))] = byte
      }
      let expected = bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == 0x5C }
      let got = bytes.withUnsafeBufferPointer { ColorReport.needsEscaping($0) }
      #expect(got == expected, "\(bytes)")
    }
  }

  /// Unsigned integers of any size, as 32-bit limbs from the lowest: enough arithmetic to
  /// compute the table's entries exactly.
  struct Big {
    var limbs: [UInt32]

    mutating func multiply(by factor: UInt32) {
      var carry: UInt64 = 0
      for index in limbs.indices {
        let product = UInt64(limbs[index]) * UInt64(factor) + carry
        limbs[index] = UInt32(truncatingIfNeeded: product)
        carry = product >> 32
      }
      if carry != 0 { limbs.append(UInt32(carry)) }
    }

    mutating func divide(by divisor: UInt32) {
      var remainder: UInt64 = 0
      for index in limbs.indices.reversed() {
        let value = remainder << 32 | UInt64(limbs[index])
        limbs[index] = UInt32(value / UInt64(divisor))
        remainder = value % UInt64(divisor)
      }
    }

    mutating func shiftLeft(by count: Int) {
      for _ in 0..<(count / 16) { multiply(by: 1 << 16) }
      multiply(by: 1 << UInt32(count % 16))
    }

    mutating func shiftRight(by count: Int) {
      for _ in 0..<(count / 16) { divide(by: 1 << 16) }
      divide(by: 1 << UInt32(count % 16))
    }

    mutating func increment() {
      for index in limbs.indices {
        limbs[index] &+= 1
        if limbs[index] != 0 { return }
      }
      limbs.append(1)
    }

    /// Bits `start ..< start + count` (count at most 64).
    func bits(from start: Int, count: Int) -> UInt64 {
      var value: UInt64 = 0
      for bit in (start..<(start + count)).reversed() {
        let limb = bit / 32
        let set = limb < limbs.count && limbs[limb] >> UInt32(bit % 32) & 1 == 1
        value = value << 1 | (set ? 1 : 0)
      }
      return value
    }

    var bitWidth: Int {
      guard let top = limbs.lastIndex(where: { $0 != 0 }) else { return 0 }
      return top * 32 + (32 - limbs[top].leadingZeroBitCount)
    }
  }

  @Test("the table is 4 (floor(10^-k 2^(125 - floor(-k log2 10))) + 1) for every k")
  func table() {
    #expect(
      ShortestDouble.table.count == 2 * (ShortestDouble.maximumK - ShortestDouble.minimumK + 1))
    for k in ShortestDouble.minimumK...ShortestDouble.maximumK {
      let e = -k
      // floor(e log2(10)) from the exact value's bit length: 10^e has floor(e log2 10) + 1
      // bits for e >= 0, and 10^-e has ceil(-e log2 10) bits otherwise.
      var power = Big(limbs: [1])
      for _ in 0..<abs(e) { power.multiply(by: 10) }
      let floorLog = e >= 0 ? power.bitWidth - 1 : -power.bitWidth
      let shift = 125 - floorLog
      var g = Big(limbs: [1])
      if e >= 0 {
        g = power
        if shift >= 0 { g.shiftLeft(by: shift) } else { g.shiftRight(by: -shift) }
      } else {
        g.shiftLeft(by: shift)
        for _ in 0..<(-e) { g.divide(by: 10) }
      }
      g.increment()
      let index = 2 * (k - ShortestDouble.minimumK)
      #expect(g.bitWidth == 126, "k = \(k)")
      // The entry is 4 g: its high word is bits 62 to 125 of g, its low word bits 0 to 61.
      #expect(ShortestDouble.table[index] == g.bits(from: 62, count: 64), "k = \(k) high")
      #expect(ShortestDouble.table[index + 1] == g.bits(from: 0, count: 62) << 2, "k = \(k) low")
    }
  }

  /// Components of every space, random and at the edges (missing, zero, out of gamut).
  static func colors(count: Int) -> [Color] {
    var generator = SplitMix64(seed: 7)
    var colors: [Color] = []
    for index in 0..<count {
      let space = ColorSpace.allCases[index % ColorSpace.allCases.count]
      func component() -> Double? {
        switch generator.next() % 8 {
        case 0: return nil
        case 1: return 0
        case 2: return Double(generator.next() % 400) - 50
        default: return Double(generator.next() >> 11) * 0x1p-53 * 1.4 - 0.2
        }
      }
      colors.append(Color(space: space, channels: Channels(component(), component(), component())))
    }
    return colors
  }

  @Test("a walk gives every space's channels bit for bit as converted(to:)")
  func walk() {
    func bits(_ channels: Channels) -> [UInt64?] {
      [channels.c0?.bitPattern, channels.c1?.bitPattern, channels.c2?.bitPattern]
    }
    for color in Self.colors(count: 20_000) {
      var walk = SpaceWalk(color)
      // In an order that reuses values below the root, and one that does not.
      for target in ColorSpace.allCases.reversed() + ColorSpace.allCases {
        #expect(
          bits(walk.channels(target)) == bits(color.converted(to: target).channels),
          "\(color) to \(target)")
      }
      var fresh = SpaceWalk(color)
      #expect(fresh.inSRGBGamut == color.isInGamut())
      #expect(fresh.rgba8 == color.rgba8)
    }
  }

  @Test("the pruned nearest-name search names what the search of every name does")
  func nearestName() {
    var labs: [Vector3] = NamedColors.oklabTable.map(\.lab)
    var generator = SplitMix64(seed: 148)
    for _ in 0..<50_000 {
      func unit() -> Double { Double(generator.next() >> 11) * 0x1p-53 }
      labs.append(Vector3(unit() * 1.2 - 0.1, unit() * 0.8 - 0.4, unit() * 0.8 - 0.4))
    }
    labs += [Vector3(0, 0, 0), Vector3(1, 0, 0), Vector3(1e300, 1e300, 0), Vector3(-1e300, 0, 0)]
    for lab in labs {
      let expected = Color(.oklab, lab.x, lab.y, lab.z).nearestCSSName
      for grid in [false, true] {
        #expect(
          String(decoding: NearestName.name(lab, grid: grid), as: UTF8.self) == expected,
          "\(lab), grid \(grid)")
      }
    }
  }

  /// What `body` writes through a cursor, in a buffer with room for the stores past the end.
  static func cursorText(_ body: (inout ByteCursor) -> Void) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 80) { buffer in
      guard let base = buffer.baseAddress else { return "" }
      var cursor = ByteCursor(pointer: base)
      body(&cursor)
      return String(
        decoding: UnsafeBufferPointer(start: base, count: base.distance(to: cursor.pointer)),
        as: UTF8.self)
    }
  }

  /// `text` with zeros in front up to `count` characters.
  static func padded(_ text: String, _ count: Int) -> String {
    String(repeating: "0", count: max(0, count - text.count)) + text
  }

  @Test("digits eight at a time, the last count of them and whole numbers, as String writes them")
  func digits() {
    var generator = SplitMix64(seed: 8)
    var values: [UInt64] = Array(0..<10_000) + [99_999_999, 10_000_000, 100_000_000, .max]
    for _ in 0..<100_000 {
      values.append(generator.next() % 100_000_000)
      values.append(generator.next() >> (generator.next() % 64))
    }
    for value in values {
      if value < 100_000_000 {
        let word = ByteCursor.eightDigits(value)
        let text = String(
          decoding: (0..<8).map { UInt8(truncatingIfNeeded: word >> ($0 * 8)) + 48 }, as: UTF8.self)
        #expect(text == Self.padded(String(value), 8), "\(value)")
      }
      #expect(Self.cursorText { $0.putNumber(value) } == String(value), "\(value)")
      let count = Int(value % 20) + 1
      let expected = String(Self.padded(String(value), count).suffix(count))
      #expect(
        Self.cursorText { $0.putDigits(value, count: count) } == expected, "\(value) \(count)")
    }
  }

  /// `value` rounded half away from zero at `decimals` places from its scaled double (the
  /// rule ``NumberText/writeFixed(_:decimals:to:)`` documents), by the standard library's
  /// rounding and integer text, or `description` where the scaled value reaches 9e15.
  static func fixedReference(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return value.isNaN ? "0" : value > 0 ? "1e308" : "-1e308" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let magnitude = abs(value) * scale
    guard magnitude < 9e15 else { return value.description }
    let scaled = UInt64(magnitude.rounded(.toNearestOrAwayFromZero))
    if scaled == 0 { return "0" }
    var digits = Self.padded(String(scaled), decimals + 1)
    var fraction = String(digits.suffix(decimals))
    digits.removeLast(decimals)
    while fraction.last == "0" { fraction.removeLast() }
    return (value < 0 ? "-" : "") + digits + (fraction.isEmpty ? "" : "." + fraction)
  }

  @Test("fixed places: rounded half away from zero as the scaled double, the zeros dropped")
  func fixedPlaces() {
    var generator = SplitMix64(seed: 9)
    var values: [Double] = [
      0, 0.5, 1.5, 2.5, 0.05, 0.0005, 0.00005, 0.000_000_5, 1e-9, 123.456_789_5, 255, 360,
      8_999_999_999_999_999, 9e15, 1e300, .infinity, -.infinity, .nan, 5e-324,
    ]
    for whole in 0..<4000 {
      values += [Double(whole) / 1000, Double(whole) / 255, Double(whole) * 0.0125]
    }
    for _ in 0..<100_000 {
      let unit = Double(generator.next() >> 11) * 0x1p-53
      values += [unit, unit * 360 - 180, unit * 100, unit * 255, unit * 1e12]
      values.append(Double(bitPattern: generator.next()))
    }
    var mismatches: [String] = []
    for value in values {
      for probe in [value, -value] {
        for decimals in [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 15] {
          let written = Self.cursorText {
            NumberText.writeFixed(probe, decimals: decimals, to: &$0)
          }
          let expected = Self.fixedReference(probe, decimals)
          if written != expected { mismatches.append("\(probe) at \(decimals): \(written)") }
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
  }
}
