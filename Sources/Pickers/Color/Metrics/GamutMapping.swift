import Glibc

extension Color {
  /// Whether the color lies inside the gamut of `space` (sRGB unless told otherwise).
  ///
  /// HSL, HSV and HWB share sRGB's gamut; spaces without gamut limits (XYZ, Lab, LCH,
  /// Oklab, Oklch) contain every color. A tolerance of 1e-7 absorbs conversion rounding.
  ///
  ///     Color.red.isInGamut()                                   // true
  ///     try Color(css: "color(display-p3 1 0 0)").isInGamut()   // false
  public func isInGamut(of space: ColorSpace = .srgb) -> Bool {
    guard let gamut = space.gamut else { return true }
    return GamutMapping.contains(converted(to: gamut).channels.resolved)
  }

  /// The color converted to `space` and brought inside its gamut by the CSS Color 4 gamut
  /// mapping algorithm (chroma reduction in Oklch, judged by deltaE OK).
  ///
  /// Spaces without gamut limits simply convert. HSL, HSV and HWB are mapped into sRGB.
  ///
  ///     try Color(css: "oklch(0.7 0.4 150)").gamutMapped(to: .srgb)
  public func gamutMapped(to space: ColorSpace = .srgb) -> Color {
    guard let gamut = space.gamut else { return converted(to: space) }
    let mapped = GamutMapping.map(self, into: gamut)
    return gamut == space ? mapped : mapped.converted(to: space)
  }
}

/// CSS Color 4 section 13.2, "CSS Gamut Mapping to an RGB Destination" (binary search with
/// local MINDE).
enum GamutMapping {
  /// Just noticeable difference in deltaE OK.
  ///
  /// Source: CSS Color 4 section 13.2.
  static let jnd = 0.02
  /// Search precision in Oklch chroma.
  ///
  /// Source: CSS Color 4 section 13.2.
  static let epsilon = 0.0001
  /// Tolerance for "inside the gamut" that absorbs conversion rounding.
  static let tolerance = 1e-7

  @inline(__always)
  static func contains(_ rgb: Vector3) -> Bool {
    let low = -tolerance
    let high = 1 + tolerance
    return rgb.x >= low && rgb.x <= high && rgb.y >= low && rgb.y <= high && rgb.z >= low
      && rgb.z <= high
  }

  @inline(__always)
  static func clip(_ rgb: Vector3) -> Vector3 {
    Vector3(min(max(rgb.x, 0), 1), min(max(rgb.y, 0), 1), min(max(rgb.z, 0), 1))
  }

  @inline(__always)
  static func deltaEOK(_ a: Vector3, _ b: Vector3) -> Double {
    let dx = a.x - b.x
    let dy = a.y - b.y
    let dz = a.z - b.z
    return (dx * dx + dy * dy + dz * dz).squareRoot()
  }

  /// Maps `color` into the RGB space `destination`.
  static func map(_ color: Color, into destination: ColorSpace) -> Color {
    let origin = color.converted(to: destination)
    let originValue = origin.channels.resolved
    if contains(originValue) {
      return Color(space: destination, channels: origin.channels, alpha: color.alpha)
    }
    let start = ColorConversion.convert(color.channels.resolved, from: color.space, to: .oklch)
    return map(outside: start, alpha: color.alpha, into: destination)
  }

  /// Maps a color outside the RGB space `destination`, whose Oklch value (a powerless hue
  /// NaN) is `start`, into it.
  ///
  /// The search changes only the chroma: the hue's cosine and sine are taken once, and each
  /// Oklab value is what ``Polar/toRectangular(_:)`` gives for the Oklch value (the same
  /// products of the same numbers), so the result is the same to the bit as converting each
  /// Oklch value. sRGB, the usual destination, calls its steps directly.
  static func map(outside start: Vector3, alpha: Double, into destination: ColorSpace) -> Color {
    func result(_ value: Vector3) -> Color {
      Color(destination, value.x, value.y, value.z, alpha: alpha)
    }
    if start.x >= 1 {
      return result(clip(ColorConversion.convert(Vector3(1, 0, 0), from: .oklab, to: destination)))
    }
    if start.x <= 0 { return result(Vector3(0, 0, 0)) }
    let lightness = start.x
    let radians = (start.z.isNaN ? 0 : start.z) * .pi / 180
    let cosine = cos(radians)
    let sine = sin(radians)
    let isSRGB = destination == .srgb
    @inline(__always)
    func lab(_ chroma: Double) -> Vector3 { Vector3(lightness, chroma * cosine, chroma * sine) }
    @inline(__always)
    func toDestination(_ chroma: Double) -> Vector3 {
      if isSRGB { return SRGB.fromBase(SRGBLinear.fromBase(OKLab.toBase(lab(chroma)))) }
      return ColorConversion.convert(lab(chroma), from: .oklab, to: destination)
    }
    @inline(__always)
    func error(_ clipped: Vector3, _ chroma: Double) -> Double {
      let oklab =
        isSRGB
        ? OKLab.fromBase(SRGBLinear.toBase(SRGB.toBase(clipped)))
        : ColorConversion.convert(clipped, from: destination, to: .oklab)
      return deltaEOK(oklab, lab(chroma))
    }
    var clipped = clip(toDestination(start.y))
    if error(clipped, start.y) < jnd { return result(clipped) }
    var low = 0.0
    var high = start.y
    var lowInGamut = true
    while high - low > epsilon {
      let chroma = (low + high) / 2
      let candidate = toDestination(chroma)
      if lowInGamut && contains(candidate) {
        low = chroma
        continue
      }
      clipped = clip(candidate)
      let difference = error(clipped, chroma)
      if difference < jnd {
        if jnd - difference < epsilon { return result(clipped) }
        lowInGamut = false
        low = chroma
      } else {
        high = chroma
      }
    }
    return result(clipped)
  }
}
