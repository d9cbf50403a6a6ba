extension Color {
  /// The color as a CSS string in its own space, with enough digits to read it back closely.
  ///
  /// sRGB prints as `rgb()` (channels 0-255), HSL as `hsl()`, HWB as `hwb()`, Lab, LCH,
  /// Oklab and Oklch as their functions, the other RGB and XYZ spaces as `color()`, and HSV
  /// as `color(--hsv ...)`. A missing channel prints as `none`; the alpha is added after `/`
  /// when below 1. Nothing is gamut mapped: see ``gamutMapped(to:)``.
  ///
  ///     Color.red.converted(to: .oklch).cssString   // "oklch(0.627955 0.257683 29.2339)"
  public var cssString: String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(48)
    appendCSSString(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends ``cssString``'s UTF-8 bytes to `output`, allocating nothing when `output` has
  /// room (what a batch converter uses for each of millions of lines).
  ///
  ///     var line: [UInt8] = []
  ///     Color.red.appendCSSString(to: &line)   // the bytes of "rgb(255 0 0)"
  public func appendCSSString(to output: inout [UInt8]) {
    // The space's registry row says how: its own function, else color() with its identifier,
    // and each channel's decimals and % sign.
    let plan = self.space.visit(CSSPrintPlan.Reader())
    if plan.isColorFunction { output.append(contentsOf: "color(".utf8) }
    plan.name.withUTF8Buffer { output.append(contentsOf: $0) }
    output.append(plan.isColorFunction ? UInt8(ascii: " ") : UInt8(ascii: "("))
    func value(_ channel: Double?, _ decimals: Int, _ percentSign: Bool) {
      guard let channel else { return output.append(contentsOf: "none".utf8) }
      let scaled = plan.scale == 1 ? channel : channel * plan.scale
      Self.appendNumber(scaled, decimals: decimals, to: &output)
      if percentSign { output.append(UInt8(ascii: "%")) }
    }
    value(channels.c0, plan.decimals.0, plan.percentSigns.0)
    output.append(UInt8(ascii: " "))
    value(channels.c1, plan.decimals.1, plan.percentSigns.1)
    output.append(UInt8(ascii: " "))
    value(channels.c2, plan.decimals.2, plan.percentSigns.2)
    if alpha < 1 {
      output.append(contentsOf: " / ".utf8)
      Self.appendNumber(alpha, decimals: 4, to: &output)
    }
    output.append(UInt8(ascii: ")"))
  }

  /// The color as `#rrggbb`, or `#rrggbbaa` when its opacity is below 1, from the
  /// gamut-mapped sRGB value.
  ///
  ///     try Color(css: "oklch(0.9 0.3 140)").hex   // an in-gamut green, never a clipped one
  public var hex: String {
    let pixel = rgba8
    var text = "#"
    text.reserveCapacity(9)
    for byte in [pixel.red, pixel.green, pixel.blue] + (pixel.alpha < 255 ? [pixel.alpha] : []) {
      text.append(Self.hexDigits[Int(byte >> 4)])
      text.append(Self.hexDigits[Int(byte & 0xF)])
    }
    return text
  }

  /// The same as ``hex``, under its first release's name.
  @available(*, deprecated, renamed: "hex")
  public var hexString: String { hex }

  /// The gamut-mapped sRGB value rounded to 8 bits per channel, with straight alpha.
  ///
  ///     let pixel = Color.orange.opacity(0.5).rgba8   // RGBA8(255, 165, 0, 128)
  public var rgba8: RGBA8 {
    let rgb = gamutMapped(to: .srgb).channels.resolved
    func byte(_ value: Double) -> UInt8 {
      // Channels too large to convert (lab(2% 1e300 -30)) come out NaN: UInt8(NaN) would trap
      // (found by fuzzing). NaN is treated as 0.
      guard !value.isNaN else { return 0 }
      return UInt8(min(max((value * 255).rounded(), 0), 255))
    }
    return RGBA8(red: byte(rgb.x), green: byte(rgb.y), blue: byte(rgb.z), alpha: byte(alpha))
  }

  private static let hexDigits: [Character] = Array("0123456789abcdef")

  /// Formats a channel with at most `decimals` digits after the point; `nil` is `none`.
  static func format(_ value: Double?, _ decimals: Int, unit: String = "") -> String {
    guard let value else { return "none" }
    return formatNumber(value, decimals: decimals) + unit
  }

  /// Formats `value` rounded to `decimals` places, without trailing zeros or `-0`.
  static func formatNumber(_ value: Double, decimals: Int) -> String {
    var bytes: [UInt8] = []
    appendNumber(value, decimals: decimals, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends ``formatNumber(_:decimals:)``'s text to `output`.
  ///
  /// The value is scaled by 10^`decimals` and rounded half away from zero (as `rounded()`
  /// rounds), then written from that integer two digits at a time, with the fraction's
  /// trailing zeros dropped as bytes: no division per digit and no call into libm.
  static func appendNumber(_ value: Double, decimals: Int, to output: inout [UInt8]) {
    guard value.isFinite else {
      return output.append(contentsOf: (value.isNaN ? "0" : value > 0 ? "1e308" : "-1e308").utf8)
    }
    let scale = CSSColorParser.powerOfTen(decimals)
    let magnitude = abs(value) * scale
    guard magnitude < 9e15, (0...15).contains(decimals) else {
      return output.append(contentsOf: "\(value)".utf8)
    }
    // Below 2^53 the truncated part and the fraction are exact, so this is `rounded()`.
    let truncated = UInt64(magnitude)
    let scaled = magnitude - Double(truncated) >= 0.5 ? truncated + 1 : truncated
    if scaled == 0 { return output.append(UInt8(ascii: "0")) }
    // Constant divisors for the usual places, so the division becomes a multiplication.
    let (wholePart, fractionPart): (UInt64, UInt64)
    switch decimals {
    case 3: (wholePart, fractionPart) = scaled.quotientAndRemainder(dividingBy: 1_000)
    case 4: (wholePart, fractionPart) = scaled.quotientAndRemainder(dividingBy: 10_000)
    case 6: (wholePart, fractionPart) = scaled.quotientAndRemainder(dividingBy: 1_000_000)
    default: (wholePart, fractionPart) = scaled.quotientAndRemainder(dividingBy: UInt64(scale))
    }
    // Written right to left into a stack buffer, then copied once: "-", the whole part, and
    // "." with the fraction's digits (leading zeros included: 0.05 at 4 places is ".05").
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
      Self.digitPairs.withUTF8Buffer { pairs in
        var index = buffer.count
        var end = buffer.count
        func pair(_ value: UInt64) {
          let offset = Int(value) &* 2
          index -= 2
          buffer[index] = pairs[offset]
          buffer[index + 1] = pairs[offset + 1]
        }
        if fractionPart != 0 {
          var fraction = fractionPart
          var places = decimals
          while places >= 2 {
            pair(fraction % 100)
            fraction /= 100
            places -= 2
          }
          if places == 1 {
            index -= 1
            buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction)
          }
          while buffer[end - 1] == UInt8(ascii: "0") { end -= 1 }
          index -= 1
          buffer[index] = UInt8(ascii: ".")
        }
        var whole = wholePart
        while whole >= 100 {
          pair(whole % 100)
          whole /= 100
        }
        if whole >= 10 {
          pair(whole)
        } else {
          index -= 1
          buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: whole)
        }
        if value < 0 {
          index -= 1
          buffer[index] = UInt8(ascii: "-")
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[index..<end]))
      }
    }
  }

  /// "00" to "99", two bytes each, for ``appendNumber(_:decimals:to:)``.
  private static let digitPairs: StaticString = """
    00010203040506070809101112131415161718192021222324252627282930313233343536373839\
    40414243444546474849505152535455565758596061626364656667686970717273747576777879\
    8081828384858687888990919293949596979899
    """
}

extension Color {
  /// The CSS name whose value this color has exactly (opaque, 8-bit), if any.
  ///
  /// Where two names share a value the first in alphabetical order is given (`aqua`, not
  /// `cyan`; `gray`, not `grey`).
  ///
  ///     Color(red8: 255, green8: 165, blue8: 0).cssName   // "orange"
  public var cssName: String? {
    let pixel = rgba8
    guard pixel.alpha == 255 else { return pixel.alpha == 0 ? "transparent" : nil }
    let rgb = UInt32(pixel.red) << 16 | UInt32(pixel.green) << 8 | UInt32(pixel.blue)
    return NamedColors.names(for: rgb).first
  }

  /// The CSS named color closest to this one by deltaE OK (opacity ignored).
  ///
  ///     try Color(css: "#ff0101").nearestCSSName   // "red"
  public var nearestCSSName: String {
    let lab = converted(to: .oklab).channels.resolved
    var best = (name: "black", distance: Double.infinity)
    for entry in NamedColors.oklabTable {
      let dx = entry.lab.x - lab.x
      let dy = entry.lab.y - lab.y
      let dz = entry.lab.z - lab.z
      let distance = dx * dx + dy * dy + dz * dz
      if distance < best.distance { best = (entry.name, distance) }
    }
    return best.name
  }
}

extension NamedColors {
  /// Every named color in Oklab, for nearest-name searches.
  static let oklabTable: [(name: String, lab: Vector3)] = table.map { entry in
    (entry.name, Color(rgb: entry.rgb).converted(to: .oklab).channels.resolved)
  }
}

/// What ``Color/appendCSSString(to:)`` needs of a space's registry row, read field by field.
struct CSSPrintPlan {
  /// The function's name (`rgb`, `oklch`) or, after `color(`, the space's identifier.
  var name: StaticString
  var isColorFunction: Bool
  var scale: Double
  var decimals: (Int, Int, Int)
  var percentSigns: (Bool, Bool, Bool)

  /// Reads the plan out of a space's row.
  struct Reader: ColorSpaceVisitor {
    @inline(__always)
    func visit<Definition: ColorSpaceDefinition>(_ definition: Definition.Type) -> CSSPrintPlan {
      let row = definition.row
      let channels = row.channels
      let decimals = (channels.0.decimals, channels.1.decimals, channels.2.decimals)
      let percents = (channels.0.percentSign, channels.1.percentSign, channels.2.percentSign)
      if let function = row.function {
        return CSSPrintPlan(
          name: function.name, isColorFunction: false, scale: function.scale,
          decimals: decimals, percentSigns: percents)
      }
      // Every space has a function or a color() identifier (ColorSpaceRegistryTests).
      let form = row.colorFunction ?? .predefined("srgb")
      return CSSPrintPlan(
        name: form.name, isColorFunction: true, scale: form.scale, decimals: decimals,
        percentSigns: percents)
    }
  }
}
