import Testing

@testable import Pickers

/// ``NearestName``'s grid and its sorted search against ``Color/nearestCSSName``, the search
/// of every name that defines the answer (ties included: the first name in the table).
///
/// The exhaustive comparison over all 16,777,216 8-bit sRGB colors is too slow for a debug
/// build; it was run on release builds, outside the suite: `pickers color info -` over every
/// `#rrggbb` line gave the same `name` rows as the build before the grid, whose search this
/// suite checks against every name. Here a lattice of them, the grid's cell boundaries and
/// points far outside it.
@Suite("ColorBatch nearest name") struct ColorBatchNearestNameTests {
  /// What the search of every name answers for `lab`.
  static func expected(_ lab: Vector3) -> String {
    Color(.oklab, lab.x, lab.y, lab.z).nearestCSSName
  }

  /// The grid's answer for `lab`, after checking that the sorted search (what a single color
  /// and a short batch use) gives the same.
  static func answer(_ lab: Vector3) -> String {
    let grid = String(decoding: NearestName.name(lab, grid: true), as: UTF8.self)
    let sorted = String(decoding: NearestName.name(lab, grid: false), as: UTF8.self)
    #expect(grid == sorted, "\(lab)")
    return grid
  }

  @Test("8-bit sRGB colors on a lattice of step 5, and every named color")
  func lattice() {
    var labs = NamedColors.oklabTable.map(\.lab)
    for red in stride(from: 0, through: 255, by: 5) {
      for green in stride(from: 0, through: 255, by: 5) {
        for blue in stride(from: 0, through: 255, by: 5) {
          let color = Color(red8: UInt8(red), green8: UInt8(green), blue8: UInt8(blue))
          labs.append(color.converted(to: .oklab).channels.resolved)
        }
      }
    }
    for lab in labs {
      #expect(Self.answer(lab) == Self.expected(lab), "\(lab)")
    }
  }

  @Test("a name's own Oklab value gives the first name with that value")
  func duplicates() {
    // gray and grey (and six more pairs) share a value: the table's first wins.
    let table = NamedColors.oklabTable
    for entry in table {
      let first = table.first { $0.lab == entry.lab }
      #expect(Self.answer(entry.lab) == first?.name)
    }
  }

  @Test("points on, just inside and just outside the cells' faces")
  func cellBoundaries() {
    typealias Grid = NearestName.Grid
    let side = Grid.cellsPerAxis
    var generator = SplitMix64(seed: 2412)
    func unit() -> Double { Double(generator.next() >> 11) * 0x1p-53 }
    func coordinate(_ axis: Int, _ index: Int) -> Double {
      let low = [Grid.low.x, Grid.low.y, Grid.low.z][axis]
      let size = [Grid.cellSize.x, Grid.cellSize.y, Grid.cellSize.z][axis]
      return low + Double(index) * size
    }
    var count = 0
    for i in 0...side {
      for j in 0...side {
        for k in 0...side {
          let corner = Vector3(coordinate(0, i), coordinate(1, j), coordinate(2, k))
          // The corner, its neighbours one unit in the last place away, and a point on each
          // face through it.
          let faces = [
            Vector3(
              corner.x, corner.y + unit() * Grid.cellSize.y, corner.z + unit() * Grid.cellSize.z),
            Vector3(
              corner.x + unit() * Grid.cellSize.x, corner.y, corner.z + unit() * Grid.cellSize.z),
            Vector3(
              corner.x + unit() * Grid.cellSize.x, corner.y + unit() * Grid.cellSize.y, corner.z),
          ]
          for lab in [
            corner, Vector3(corner.x.nextUp, corner.y.nextUp, corner.z.nextUp),
            Vector3(corner.x.nextDown, corner.y.nextDown, corner.z.nextDown),
          ] + faces {
            #expect(Self.answer(lab) == Self.expected(lab), "\(lab)")
            count += 1
          }
        }
      }
    }
    #expect(count == 6 * (side + 1) * (side + 1) * (side + 1))
  }

  @Test("every cell lists at least one name, in the table's order")
  func cellLists() {
    let grid = NearestName.grid
    #expect(
      grid.cells.count == NearestName.Grid.cellsPerAxis * NearestName.Grid.cellsPerAxis
        * NearestName.Grid.cellsPerAxis)
    for packed in grid.cells {
      let start = Int(packed >> 8)
      let list = grid.candidates[start..<(start + Int(packed & 0xFF))]
      #expect(!list.isEmpty)
      #expect(zip(list, list.dropFirst()).allSatisfy { $0 < $1 })
    }
  }

  @Test("outside the grid: the sorted search, and the search of every name when not finite")
  func outside() {
    var generator = SplitMix64(seed: 30)
    func unit() -> Double { Double(generator.next() >> 11) * 0x1p-53 }
    var labs: [Vector3] = [
      Vector3(1, 0, 0), Vector3(1.05, 0, 0), Vector3(-0.001, 0, 0), Vector3(0.5, 0.4, 0),
      Vector3(0.5, -0.4, -0.4), Vector3(1e300, 1e300, 0), Vector3(-1e300, 0, 0),
      Vector3(.infinity, 0, 0), Vector3(.nan, 0.1, 0.1), Vector3(0.5, .nan, 0),
      Vector3(0.5, 0, -.infinity),
    ]
    for _ in 0..<20_000 {
      labs.append(Vector3(unit() * 3 - 1, unit() * 2 - 1, unit() * 2 - 1))
    }
    for lab in labs {
      #expect(Self.answer(lab) == Self.expected(lab), "\(lab)")
      #expect(String(decoding: NearestName.searchSorted(lab), as: UTF8.self) == Self.expected(lab))
    }
  }

  @Test("the walk's 8-bit value rounds as Color.rgba8 does, halves and their neighbours included")
  func rgba8Halves() {
    var values: [Double] = [-1e-9, -0.001, -0.5 / 255, 0, 1, 1.001, 2, -2, .infinity]
    for whole in -2...257 {
      let half = (Double(whole) + 0.5) / 255
      values += [half, half.nextUp, half.nextDown, Double(whole) / 255]
    }
    for value in values {
      let color = Color(.srgb, value, 0.25, 0.75, alpha: min(max(value, 0), 1))
      var walk = SpaceWalk(color)
      #expect(walk.rgba8 == color.rgba8, "\(value)")
    }
  }
}
