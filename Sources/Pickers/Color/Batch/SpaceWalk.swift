/// One color's values in every space of the tree, each computed once: those of a report when
/// the walk starts, the others when asked for.
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
    fillReportSpaces()
  }

  /// Computes the spaces a report shows (``ColorReport/spaces``) and those on the way down
  /// to them, each from its parent by a direct call (no dispatch on the space): the values
  /// ``value(_:)`` would compute, in an order where the parent is always known.
  @inline(__always)
  private mutating func fillReportSpaces() {
    @inline(__always)
    func fill(_ space: ColorSpace, _ parent: ColorSpace, _ step: (Vector3) -> Vector3) {
      // The order below is written by hand for speed; it must be the tree's.
      assert(space.base == parent, "\(space)'s base is not \(parent)")
      let index = space.ordinal
      guard known & (1 << UInt32(index)) == 0 else { return }
      values[index] = step(values[parent.ordinal])
      known |= 1 << UInt32(index)
    }
    fill(.srgbLinear, .xyzD65, SRGBLinear.fromBase)
    fill(.srgb, .srgbLinear, SRGB.fromBase)
    // The three read the same largest and smallest components and hue of sRGB.
    let hueMask: UInt32 =
      1 << UInt32(ColorSpace.hsl.ordinal)
      | 1 << UInt32(ColorSpace.hsv.ordinal) | 1 << UInt32(ColorSpace.hwb.ordinal)
    if known & hueMask != hueMask {
      let parts = Hue.Parts(values[ColorSpace.srgb.ordinal])
      fill(.hsl, .srgb) { HSL.fromBase($0, parts) }
      fill(.hsv, .srgb) { HSV.fromBase($0, parts) }
      fill(.hwb, .srgb) { HWB.fromBase($0, parts) }
    }
    fill(.xyzD50, .xyzD65, XYZD50.fromBase)
    fill(.lab, .xyzD50, Lab.fromBase)
    fill(.lch, .lab, LCH.fromBase)
    fill(.oklab, .xyzD65, OKLab.fromBase)
    fill(.oklch, .oklab, OKLCH.fromBase)
    fill(.displayP3, .xyzD65, DisplayP3.fromBase)
  }

  @inline(__always)
  private mutating func store(_ value: Vector3, _ space: ColorSpace) {
    let index = space.ordinal
    values[index] = value
    known |= 1 << UInt32(index)
  }

  /// The plain components in `space`, a powerless hue NaN (``ColorConversion``'s value).
  @inline(__always)
  mutating func value(_ space: ColorSpace) -> Vector3 {
    let index = space.ordinal
    if known & (1 << UInt32(index)) != 0 { return values[index] }
    return compute(space)
  }

  /// ``value(_:)`` of a space not yet known: from its parent's value.
  @inline(never)
  private mutating func compute(_ space: ColorSpace) -> Vector3 {
    let index = space.ordinal
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

  /// `color.rgba8`: the sRGB value itself when it is in gamut, else the gamut mapping,
  /// started from the walk's Oklch value (``GamutMapping/map(_:into:)`` converts the color
  /// again).
  var rgba8: RGBA8 {
    mutating get {
      var rgb = resolved(.srgb)
      if !GamutMapping.contains(rgb) {
        rgb =
          GamutMapping.map(outside: value(.oklch), alpha: color.alpha, into: .srgb)
          .channels.resolved
      }
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
/// A long batch reads a grid over Oklab (``Grid``): each cell lists the few names that can be
/// nearest to a point in it, and the query measures only those. Otherwise the names' Oklab
/// values, sorted by lightness, are searched from the query's lightness outwards both ways,
/// stopping on a side where the square of the lightness difference alone exceeds the best
/// distance so far (a rounded sum of squares is never below one of its terms, so nothing past
/// that point can tie). Distances are computed as ``Color/nearestCSSName`` computes them, and
/// equal distances go to the name that comes first in the table, as its strict comparison
/// does: the answer is the same.
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

  /// The grid, made at its first use (see ``name(_:grid:)`` for its cost).
  static let grid = Grid()

  /// The UTF-8 bytes of the name nearest `lab` (an Oklab value).
  ///
  /// From the grid when `grid` is set, else (and outside the grid) by the sorted search; both
  /// give the same name.
  ///
  /// Making the grid costs about 18.5 M instructions, as much as the searches of some 30,000
  /// colors save: a single color or a short batch does not make it
  /// (``ColorBatch/nearestGridAfterLines``).
  static func name(_ lab: Vector3, grid: Bool) -> [UInt8] {
    guard grid else { return searchSorted(lab) }
    let grid = Self.grid
    return grid.name(lab) ?? searchSorted(lab)
  }

  /// Names by cell: 24 x 24 x 24 cells over lightness 0...1.05 and a, b -0.4...0.4 (the
  /// sRGB gamut and well beyond it).
  ///
  /// A cell's list holds every name whose smallest squared distance to the cell (grown by
  /// 1e-9 on every side, more than any rounding of a query's place) is at most U (1 + 1e-9),
  /// where U is the smallest over the names of the largest squared distance to the cell. The
  /// nearest name n of a point p in the cell is in the list: for the name m that gives U,
  /// d(p, n) <= d(p, m) <= U, and the rounded distances the search compares differ from the
  /// exact ones by a few units in the last place, far inside the margin. A list keeps the
  /// table's order, so a strict comparison leaves a tie to the first name, as the search of
  /// every name does. The lists are made coarse to fine (3, 6, 12, 24 cells an axis), each
  /// from the list of the cell that holds it, which holds every name its part can have
  /// nearest.
  struct Grid: Sendable {
    // Computed, not stored: constants in the query, with no global to initialize.
    static var cellsPerAxis: Int { 24 }
    /// The grid's lowest corner.
    static var low: Vector3 { Vector3(0, -0.4, -0.4) }
    /// The sides of a cell.
    static var cellSize: Vector3 { Vector3(1.05 / 24, 0.8 / 24, 0.8 / 24) }
    /// Cells per unit: 1 / ``cellSize``.
    static var scale: Vector3 { Vector3(24 / 1.05, 24 / 0.8, 24 / 0.8) }

    /// Each name's Oklab components, three a name, in the table's order.
    let labs: [Double]
    /// Each name's UTF-8 bytes, in the table's order.
    let names: [[UInt8]]
    /// A cell's list: its start in ``candidates``, shifted left 8 bits, and its length.
    let cells: [UInt32]
    /// Places in the table, cell after cell.
    let candidates: [UInt8]

    init() {
      let table = NamedColors.oklabTable
      let labs = table.flatMap { [$0.lab.x, $0.lab.y, $0.lab.z] }
      self.labs = labs
      names = table.map { Array($0.name.utf8) }
      // One cell holding every name, then each level from the one before.
      var lists: [UInt8] = (0..<table.count).map { UInt8($0) }
      var starts = [0, table.count]
      var parentCount = 1
      // The squared gaps of the names of one cell.
      var gapStorage = [Double](repeating: 0, count: table.count)
      for (level, count) in [3, 6, 12, Self.cellsPerAxis].enumerated() {
        // 4e-9 at the coarsest level down to 1e-9 at the finest: a cell grown by its margin
        // lies inside the cell above it grown by its own.
        let margin = 1e-9 * Double(4 - level)
        let cells = count * count * count
        let ratio = count / parentCount
        // A cell's list is at most its parent's.
        var nextLists = [UInt8](repeating: 0, count: lists.count * ratio * ratio * ratio)
        var nextStarts = [Int](repeating: 0, count: cells + 1)
        let scale = Double(Self.cellsPerAxis / count)
        // A cell is its centre and half its sides, grown by the margin.
        let half = Vector3(
          Self.cellSize.x * scale / 2 + margin, Self.cellSize.y * scale / 2 + margin,
          Self.cellSize.z * scale / 2 + margin)
        labs.withUnsafeBufferPointer { labs in
          lists.withUnsafeBufferPointer { lists in
            starts.withUnsafeBufferPointer { starts in
              nextLists.withUnsafeMutableBufferPointer { next in
                gapStorage.withUnsafeMutableBufferPointer { gaps in
                  var filled = 0
                  for cell in 0..<cells {
                    let (i, j, k) = (cell / (count * count), cell / count % count, cell % count)
                    let centre = Vector3(
                      Self.low.x + (Double(i) + 0.5) * Self.cellSize.x * scale,
                      Self.low.y + (Double(j) + 0.5) * Self.cellSize.y * scale,
                      Self.low.z + (Double(k) + 0.5) * Self.cellSize.z * scale)
                    let parent =
                      ((i / ratio) * parentCount + j / ratio) * parentCount + k / ratio
                    let range = starts[parent]..<starts[parent + 1]
                    // Per axis, |x - centre| less or more half the side: the gap to the cell
                    // and the reach across it.
                    @inline(__always)
                    func offsets(_ name: UInt8) -> Vector3 {
                      let index = 3 * Int(name)
                      return Vector3(
                        abs(labs[index] - centre.x), abs(labs[index + 1] - centre.y),
                        abs(labs[index + 2] - centre.z))
                    }
                    // One pass for the bound and the gaps, a second to keep names.
                    var bound = Double.infinity
                    for slot in range {
                      let t = offsets(lists[slot])
                      let (x, y, z) = (t.x + half.x, t.y + half.y, t.z + half.z)
                      bound = min(bound, x * x + y * y + z * z)
                      let gx = max(t.x - half.x, 0)
                      let gy = max(t.y - half.y, 0)
                      let gz = max(t.z - half.z, 0)
                      gaps[slot - range.lowerBound] = gx * gx + gy * gy + gz * gz
                    }
                    bound *= 1 + 1e-9
                    for slot in range where gaps[slot - range.lowerBound] <= bound {
                      next[filled] = lists[slot]
                      filled += 1
                    }
                    nextStarts[cell + 1] = filled
                  }
                }
              }
            }
          }
        }
        lists = Array(nextLists[..<nextStarts[cells]])
        starts = nextStarts
        parentCount = count
      }
      candidates = lists
      cells = (0..<(starts.count - 1)).map { cell in
        UInt32(starts[cell]) << 8 | UInt32(starts[cell + 1] - starts[cell])
      }
    }

    /// The name nearest `lab`, or `nil` when `lab` is outside the grid (or not finite).
    @inline(__always)
    func name(_ lab: Vector3) -> [UInt8]? {
      let side = Double(Self.cellsPerAxis)
      let u = (lab.x - Self.low.x) * Self.scale.x
      let v = (lab.y - Self.low.y) * Self.scale.y
      let w = (lab.z - Self.low.z) * Self.scale.z
      // NaN fails every comparison.
      guard u >= 0 && u < side && v >= 0 && v < side && w >= 0 && w < side else { return nil }
      let cellsPerAxis = Self.cellsPerAxis
      let cell = (Int(u) * cellsPerAxis + Int(v)) * cellsPerAxis + Int(w)
      let packed = cells[cell]
      let start = Int(packed >> 8)
      let end = start + Int(packed & 0xFF)
      return candidates.withUnsafeBufferPointer { candidates in
        labs.withUnsafeBufferPointer { labs in
          var best = -1
          var bestDistance = Double.infinity
          for slot in start..<end {
            let index = Int(candidates[slot])
            let dx = labs[3 * index] - lab.x
            let dy = labs[3 * index + 1] - lab.y
            let dz = labs[3 * index + 2] - lab.z
            let distance = dx * dx + dy * dy + dz * dz
            if distance < bestDistance {
              best = index
              bestDistance = distance
            }
          }
          return best < 0 ? NearestName.black : names[best]
        }
      }
    }
  }

  /// The name nearest `lab` by the search of the names sorted by lightness.
  static func searchSorted(_ lab: Vector3) -> [UInt8] {
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
