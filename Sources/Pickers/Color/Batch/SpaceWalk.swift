/// One color's values in every space of the tree, each computed once and only when asked for.
///
/// ``Color/converted(to:)`` walks from the color's space up to the space it shares with the
/// target and down again, so a report of nine spaces walked the same steps up (sRGB to linear
/// light to XYZ) nine times. Here the steps up are taken once, and each value on the way
/// down is kept for the spaces below it (Lab for LCH, Oklab for Oklch, sRGB for HSL, HSV and
/// HWB). Every value is the same function of the same value as in the walk of
/// ``ColorConversion/convert(_:from:to:)-(Vector3,_,_)``, so the results are the same to the
/// bit.
struct SpaceWalk {
  /// The color the walk starts from.
  let color: Color
  /// Each space's value, by ``ColorSpace/ordinal``, where ``known`` says so.
  private var values: InlineArray<16, Vector3>
  /// A bit per space whose value is in ``values``.
  private var known: UInt32 = 0

  /// Starts from `color`, walking up from its space to XYZ D65.
  @inline(__always)
  init(_ color: Color) {
    self.color = color
    values = InlineArray(repeating: Vector3(0, 0, 0))
    var space = color.space
    var value = color.channels.resolved
    store(value, space)
    while let parent = space.base {
      value = ColorConversion.toBase(value, from: space)
      space = parent
      store(value, space)
    }
  }

  @inline(__always)
  private mutating func store(_ value: Vector3, _ space: ColorSpace) {
    let index = space.ordinal
    values[index] = value
    known |= 1 << UInt32(index)
  }

  /// The plain components in `space`, a powerless hue NaN (``ColorConversion``'s value).
  mutating func value(_ space: ColorSpace) -> Vector3 {
    let index = space.ordinal
    if known & (1 << UInt32(index)) != 0 { return values[index] }
    // XYZ D65, the root, is always known: every other space has a base.
    guard let parent = space.base else { return values[index] }
    let value = ColorConversion.fromBase(value(parent), to: space)
    store(value, space)
    return value
  }

  /// `color.converted(to: space).channels`.
  @inline(__always)
  mutating func channels(_ space: ColorSpace) -> Channels {
    if space == color.space { return color.channels }
    return ColorConversion.finish(value(space), in: space)
  }

  /// `color.converted(to: space).channels.resolved`.
  @inline(__always)
  mutating func resolved(_ space: ColorSpace) -> Vector3 { channels(space).resolved }

  /// `color.isInGamut()`.
  var inSRGBGamut: Bool {
    mutating get { GamutMapping.contains(resolved(.srgb)) }
  }

  /// `color.rgba8`: the sRGB value itself when it is in gamut, else the gamut mapping.
  var rgba8: RGBA8 {
    mutating get {
      let rgb = resolved(.srgb)
      guard GamutMapping.contains(rgb) else { return color.rgba8 }
      func byte(_ value: Double) -> UInt8 {
        guard !value.isNaN else { return 0 }
        return UInt8(min(max((value * 255).rounded(), 0), 255))
      }
      return RGBA8(
        red: byte(rgb.x), green: byte(rgb.y), blue: byte(rgb.z), alpha: byte(color.alpha))
    }
  }
}

extension ColorSpace {
  /// The space's place in ``allCases``, for tables indexed by space.
  @inline(__always)
  var ordinal: Int {
    switch self {
    case .srgb: 0
    case .srgbLinear: 1
    case .displayP3: 2
    case .displayP3Linear: 3
    case .a98RGB: 4
    case .prophotoRGB: 5
    case .rec2020: 6
    case .xyzD65: 7
    case .xyzD50: 8
    case .lab: 9
    case .lch: 10
    case .oklab: 11
    case .oklch: 12
    case .hsl: 13
    case .hsv: 14
    case .hwb: 15
    }
  }
}

/// ``Color/nearestCSSName`` without a look at every name.
///
/// The names' Oklab values are sorted by lightness once; a search starts at the query's
/// lightness and goes outwards both ways, and stops on a side where the square of the
/// lightness difference alone exceeds the best distance so far (a rounded sum of squares is
/// never below one of its terms, so nothing past that point can tie). Distances are computed
/// as ``Color/nearestCSSName`` computes them, and equal distances go to the name that comes
/// first in the table, as its strict comparison does: the answer is the same.
enum NearestName {
  /// A name's Oklab value, its place in ``NamedColors/oklabTable`` and its UTF-8 bytes.
  struct Entry {
    var lab: Vector3
    var index: Int
    var name: [UInt8]
  }

  /// Every named color, by Oklab lightness.
  static let sorted: [Entry] = NamedColors.oklabTable.enumerated().map { index, entry in
    Entry(lab: entry.lab, index: index, name: Array(entry.name.utf8))
  }.sorted { ($0.lab.x, $0.index) < ($1.lab.x, $1.index) }

  /// The lightnesses of ``sorted``, for the binary search.
  static let lightness: [Double] = sorted.map(\.lab.x)

  /// `black`'s bytes: ``Color/nearestCSSName``'s answer when no distance is below infinity.
  static let black: [UInt8] = Array("black".utf8)

  /// The UTF-8 bytes of the name nearest `lab` (an Oklab value).
  static func name(_ lab: Vector3) -> [UInt8] {
    guard lab.x.isFinite && lab.y.isFinite && lab.z.isFinite else { return linear(lab) }
    return sorted.withUnsafeBufferPointer { entries in
      lightness.withUnsafeBufferPointer { lightness in
        // The first entry at or above the query's lightness.
        var low = 0
        var high = lightness.count
        while low < high {
          let middle = (low + high) / 2
          if lightness[middle] < lab.x { low = middle + 1 } else { high = middle }
        }
        var best = -1
        var bestDistance = Double.infinity
        var bestIndex = Int.max
        func consider(_ position: Int) -> Bool {
          let entry = entries[position]
          let dx = entry.lab.x - lab.x
          if dx * dx > bestDistance { return false }
          let dy = entry.lab.y - lab.y
          let dz = entry.lab.z - lab.z
          let distance = dx * dx + dy * dy + dz * dz
          if distance < bestDistance
            || (distance == bestDistance && best >= 0 && entry.index < bestIndex)
          {
            best = position
            bestDistance = distance
            bestIndex = entry.index
          }
          return true
        }
        var up = low
        var down = low - 1
        var goingUp = up < entries.count
        var goingDown = down >= 0
        while goingUp || goingDown {
          if goingUp {
            goingUp = consider(up)
            up += 1
            if up >= entries.count { goingUp = false }
          }
          if goingDown {
            goingDown = consider(down)
            down -= 1
            if down < 0 { goingDown = false }
          }
        }
        return best < 0 ? black : entries[best].name
      }
    }
  }

  /// The name by a look at every entry, as ``Color/nearestCSSName`` does.
  static func linear(_ lab: Vector3) -> [UInt8] {
    var best = (name: black, distance: Double.infinity)
    for entry in NamedColors.oklabTable {
      let dx = entry.lab.x - lab.x
      let dy = entry.lab.y - lab.y
      let dz = entry.lab.z - lab.z
      let distance = dx * dx + dy * dy + dz * dz
      if distance < best.distance { best = (Array(entry.name.utf8), distance) }
    }
    return best.name
  }
}
