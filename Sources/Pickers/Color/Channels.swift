/// The three components of a color, in the units CSS uses for its space.
///
/// A component that is `nil` is *missing* (the CSS `none` keyword, or a hue that has no
/// meaning because the color is achromatic). The storage is three optionals inline, so a
/// `Channels` value never allocates.
///
///     let gray = Channels(0.5, 0, nil)  // an OKLCH gray: no hue
public struct Channels: Hashable, Sendable {
  /// The first component (red, lightness, hue in HSL/HSV/HWB, X).
  public var c0: Double?
  /// The second component.
  public var c1: Double?
  /// The third component.
  public var c2: Double?

  /// Creates channels from three components; `nil` marks a missing one.
  public init(_ c0: Double?, _ c1: Double?, _ c2: Double?) {
    self.c0 = c0
    self.c1 = c1
    self.c2 = c2
  }

  /// The component at `index` (0, 1 or 2).
  public subscript(index: Int) -> Double? {
    get {
      precondition(index >= 0 && index <= 2, "channel index out of range")
      return index == 0 ? c0 : index == 1 ? c1 : c2
    }
    set {
      precondition(index >= 0 && index <= 2, "channel index out of range")
      if index == 0 {
        c0 = newValue
      } else if index == 1 {
        c1 = newValue
      } else {
        c2 = newValue
      }
    }
  }

  /// The components with missing ones read as zero, as CSS does when converting.
  var resolved: Vector3 { Vector3(c0 ?? 0, c1 ?? 0, c2 ?? 0) }

  /// The components as an array, `nil` where missing.
  public var values: [Double?] { [c0, c1, c2] }
}

extension Channels: Codable {
  /// Encodes the channels as a JSON array of three numbers or `null`s.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    try container.encode(c0)
    try container.encode(c1)
    try container.encode(c2)
  }

  /// Decodes an array of three numbers or `null`s.
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    c0 = try container.decode(Double?.self)
    c1 = try container.decode(Double?.self)
    c2 = try container.decode(Double?.self)
  }
}

/// Three plain components, used inside conversions where nothing is missing.
struct Vector3: Equatable, Sendable {
  var x: Double
  var y: Double
  var z: Double

  @inline(__always)
  init(_ x: Double, _ y: Double, _ z: Double) {
    self.x = x
    self.y = y
    self.z = z
  }
}

/// A 3x3 matrix stored row by row.
struct Matrix3: Sendable {
  var r0: Vector3
  var r1: Vector3
  var r2: Vector3

  init(
    _ r0: (Double, Double, Double), _ r1: (Double, Double, Double), _ r2: (Double, Double, Double)
  ) {
    self.r0 = Vector3(r0.0, r0.1, r0.2)
    self.r1 = Vector3(r1.0, r1.1, r1.2)
    self.r2 = Vector3(r2.0, r2.1, r2.2)
  }

  /// The product `self * v`, summed left to right as CSS Color 4's sample code does.
  @inline(__always)
  func callAsFunction(_ v: Vector3) -> Vector3 {
    Vector3(
      r0.x * v.x + r0.y * v.y + r0.z * v.z,
      r1.x * v.x + r1.y * v.y + r1.z * v.z,
      r2.x * v.x + r2.y * v.y + r2.z * v.z)
  }
}
