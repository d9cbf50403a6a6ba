/// Picks colors that are as far apart as possible by deltaE OK.
///
/// The candidates are the sRGB colors on a regular grid (``gridLevels`` per channel). Starting
/// from the colors to avoid (or, when there are none, from the candidate farthest from the
/// middle gray), each new color is the candidate whose nearest already-chosen or avoided color is
/// farthest away (greedy farthest-point sampling), so the smallest pairwise difference is large
/// and the result does not depend on chance.
///
///     let six = DistinctColors.generate(count: 6, avoiding: [.white])
public enum DistinctColors {
  /// Grid levels per sRGB channel for the candidates (17 gives 4913 colors, steps of 16/255).
  public static let gridLevels = 17

  /// `count` colors (1-256) far from each other and from everything in `avoiding`.
  ///
  /// - Parameters:
  ///   - count: How many colors to pick.
  ///   - avoiding: Colors the result should stay away from, such as a background.
  ///   - lightness: Keep only candidates whose OKLCH lightness falls in this range.
  /// - Returns: The colors in the order they were picked; the first ones differ most.
  public static func generate(
    count: Int, avoiding: [Color] = [], lightness: ClosedRange<Double> = 0...1
  ) -> [Color] {
    let wanted = min(max(count, 1), 256)
    var srgb: [Double] = []
    let top = Double(gridLevels - 1)
    for r in 0..<gridLevels {
      for g in 0..<gridLevels {
        for b in 0..<gridLevels {
          srgb += [Double(r) / top, Double(g) / top, Double(b) / top]
        }
      }
    }
    var lab = [Double](repeating: 0, count: srgb.count)
    srgb.withUnsafeBufferPointer { input in
      lab.withUnsafeMutableBufferPointer { output in
        Color.convert(components: input, from: .srgb, to: .oklab, into: output)
      }
    }
    var candidates: [Int] = []
    for index in 0..<(srgb.count / 3) where lightness.contains(lab[index * 3]) {
      candidates.append(index)
    }
    guard !candidates.isEmpty else { return [] }
    // Distance from each candidate to the nearest chosen or avoided color.
    var nearest = [Double](repeating: .infinity, count: candidates.count)
    func include(_ point: (Double, Double, Double)) {
      for (position, index) in candidates.enumerated() {
        let d0 = lab[index * 3] - point.0
        let d1 = lab[index * 3 + 1] - point.1
        let d2 = lab[index * 3 + 2] - point.2
        nearest[position] = min(nearest[position], (d0 * d0 + d1 * d1 + d2 * d2).squareRoot())
      }
    }
    for color in avoiding {
      let value = color.converted(to: .oklab).channels
      include((value.c0 ?? 0, value.c1 ?? 0, value.c2 ?? 0))
    }
    if avoiding.isEmpty { include((0.6, 0, 0)) }
    var chosen: [Color] = []
    while chosen.count < min(wanted, candidates.count) {
      var best = 0
      for position in candidates.indices where nearest[position] > nearest[best] {
        best = position
      }
      let index = candidates[best]
      chosen.append(Color(.srgb, srgb[index * 3], srgb[index * 3 + 1], srgb[index * 3 + 2]))
      include((lab[index * 3], lab[index * 3 + 1], lab[index * 3 + 2]))
    }
    return chosen
  }
}
