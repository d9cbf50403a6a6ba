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
    let (c0, c1, c2) = (channels.c0, channels.c1, channels.c2)
    let body: String
    switch space {
    case .srgb:
      body =
        "rgb(\(Self.format(c0.map { $0 * 255 }, 3)) \(Self.format(c1.map { $0 * 255 }, 3)) "
        + "\(Self.format(c2.map { $0 * 255 }, 3))"
    case .hsl, .hwb:
      body =
        "\(space.rawValue)(\(Self.format(c0, 4)) \(Self.format(c1, 4, unit: "%")) "
        + "\(Self.format(c2, 4, unit: "%"))"
    case .hsv:
      body = "color(--hsv \(Self.format(c0, 4)) \(Self.format(c1, 4)) \(Self.format(c2, 4))"
    case .lab, .lch:
      body = "\(space.rawValue)(\(Self.format(c0, 4)) \(Self.format(c1, 4)) \(Self.format(c2, 4))"
    case .oklab:
      body = "oklab(\(Self.format(c0, 6)) \(Self.format(c1, 6)) \(Self.format(c2, 6))"
    case .oklch:
      body = "oklch(\(Self.format(c0, 6)) \(Self.format(c1, 6)) \(Self.format(c2, 4))"
    case .srgbLinear, .displayP3, .displayP3Linear, .a98RGB, .prophotoRGB, .rec2020, .xyzD65,
      .xyzD50:
      body =
        "color(\(space.rawValue) \(Self.format(c0, 6)) \(Self.format(c1, 6)) "
        + "\(Self.format(c2, 6))"
    }
    return alpha < 1 ? "\(body) / \(Self.format(alpha, 4)))" : "\(body))"
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
    guard value.isFinite else { return value.isNaN ? "0" : (value > 0 ? "1e308" : "-1e308") }
    let scale = CSSColorParser.powerOfTen(decimals)
    guard abs(value) * scale < 9e15 else { return "\(value)" }
    let scaled = Int64((abs(value) * scale).rounded())
    if scaled == 0 { return "0" }
    let divisor = Int64(scale)
    let whole = scaled / divisor
    var fraction = scaled % divisor
    var text = value < 0 ? "-" : ""
    text += String(whole)
    if fraction != 0 {
      var digits = decimals
      while fraction % 10 == 0 {
        fraction /= 10
        digits -= 1
      }
      let fractionText = String(fraction)
      text += "."
      text += String(repeating: "0", count: digits - fractionText.count)
      text += fractionText
    }
    return text
  }
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
