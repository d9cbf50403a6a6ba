/// One color found in an image, with how much of the image it covers.
public struct DominantColor: Hashable, Sendable {
  /// The cluster's mean color, in OKLab.
  public var color: Color
  /// How many opaque pixels the cluster holds.
  public var population: Int
  /// `population` over all pixels that were counted (0 to 1).
  public var fraction: Double
}

/// Finds the dominant colors of an image: median cut, then k-means, in OKLab.
///
/// Pixels are first counted in a 32x32x32 histogram of their sRGB values (keeping each
/// cell's exact mean), so the work after the first pass depends on how many distinct cells
/// the image uses, not on its size. Median cut splits the cells into `count` boxes along the
/// axis of largest spread; k-means then refines the boxes' means, with every cell weighted by
/// its pixel count. Pixels with opacity below ``alphaThreshold`` are ignored.
///
///     let colors = ImageQuantizer(count: 5).dominantColors(in: image)
///     print(colors.map(\.color.hex))   // most common first
public struct ImageQuantizer: Hashable, Sendable {
  /// How many colors to find, 1 to 256.
  public var count: Int
  /// Pixels whose alpha is below this (0-255) are not counted.
  public var alphaThreshold: UInt8
  /// The most k-means rounds after median cut.
  public var iterations: Int

  /// Creates a quantizer for `count` colors (clamped to 1...256).
  public init(count: Int, alphaThreshold: UInt8 = 128, iterations: Int = 16) {
    self.count = min(max(count, 1), 256)
    self.alphaThreshold = alphaThreshold
    self.iterations = max(iterations, 0)
  }

  /// The image's dominant colors, most common first.
  ///
  /// Fewer than ``count`` come back when the image has fewer distinct colors; none when every
  /// pixel is transparent.
  public func dominantColors(in image: RGBAImage) -> [DominantColor] {
    let cells = Self.histogram(image, alphaThreshold: alphaThreshold)
    guard !cells.weights.isEmpty else { return [] }
    let total = cells.weights.reduce(0, +)
    let points = Self.okLab(fromSRGB: cells.srgb)
    var clusters = Self.medianCut(points: points, weights: cells.weights, count: count)
    clusters = Self.kMeans(
      points: points, weights: cells.weights, centers: clusters, iterations: iterations)
    return
      clusters
      .filter { $0.weight > 0 }
      .sorted {
        $0.weight != $1.weight
          ? $0.weight > $1.weight
          : ($0.center.0, $0.center.1, $0.center.2) < ($1.center.0, $1.center.1, $1.center.2)
      }
      .map { cluster in
        DominantColor(
          color: Color(.oklab, cluster.center.0, cluster.center.1, cluster.center.2),
          population: cluster.weight, fraction: Double(cluster.weight) / Double(total))
      }
  }

  /// The occupied histogram cells: mean sRGB (0-1, three values per cell) and pixel counts.
  struct Cells {
    var srgb: [Double] = []
    var weights: [Int] = []
  }

  /// Counts the pixels in a 32x32x32 histogram, keeping each cell's channel sums.
  static func histogram(_ image: RGBAImage, alphaThreshold: UInt8) -> Cells {
    let binCount = 32 * 32 * 32
    var counts = [Int](repeating: 0, count: binCount)
    var sums = [UInt64](repeating: 0, count: binCount * 3)
    image.bytes.withUnsafeBufferPointer { bytes in
      counts.withUnsafeMutableBufferPointer { counts in
        sums.withUnsafeMutableBufferPointer { sums in
          var offset = 0
          while offset < bytes.count {
            let (r, g, b, a) = (
              bytes[offset], bytes[offset + 1], bytes[offset + 2], bytes[offset + 3]
            )
            offset += 4
            if a < alphaThreshold { continue }
            let bin = Int(r >> 3) << 10 | Int(g >> 3) << 5 | Int(b >> 3)
            counts[bin] += 1
            sums[bin * 3] += UInt64(r)
            sums[bin * 3 + 1] += UInt64(g)
            sums[bin * 3 + 2] += UInt64(b)
          }
        }
      }
    }
    var cells = Cells()
    for bin in 0..<binCount where counts[bin] > 0 {
      let n = Double(counts[bin]) * 255
      cells.srgb += [
        Double(sums[bin * 3]) / n, Double(sums[bin * 3 + 1]) / n, Double(sums[bin * 3 + 2]) / n,
      ]
      cells.weights.append(counts[bin])
    }
    return cells
  }

  typealias Point = (Double, Double, Double)

  struct Cluster {
    var center: Point
    var weight: Int
  }

  /// Splits the points into up to `count` boxes, each time cutting the box with the largest
  /// weighted spread at its weighted median along its widest axis.
  static func medianCut(points: [Double], weights: [Int], count: Int) -> [Cluster] {
    var boxes: [[Int]] = [Array(weights.indices)]
    func spread(_ box: [Int]) -> (score: Double, axis: Int) {
      var best = (score: -1.0, axis: 0)
      for axis in 0..<3 {
        var lo = Double.infinity
        var hi = -Double.infinity
        for index in box {
          lo = min(lo, points[index * 3 + axis])
          hi = max(hi, points[index * 3 + axis])
        }
        let pixels = box.reduce(0) { $0 + weights[$1] }
        let score = (hi - lo) * Double(pixels).squareRoot()
        if score > best.score { best = (score, axis) }
      }
      return best
    }
    while boxes.count < count {
      var chosen = -1
      var chosenSpread = (score: 0.0, axis: 0)
      for (index, box) in boxes.enumerated() where box.count > 1 {
        let s = spread(box)
        if s.score > chosenSpread.score {
          chosen = index
          chosenSpread = s
        }
      }
      guard chosen >= 0 else { break }
      let axis = chosenSpread.axis
      let sorted = boxes[chosen].sorted {
        points[$0 * 3 + axis] != points[$1 * 3 + axis]
          ? points[$0 * 3 + axis] < points[$1 * 3 + axis] : $0 < $1
      }
      let half = sorted.reduce(0) { $0 + weights[$1] } / 2
      var running = 0
      var cut = 1
      for (position, index) in sorted.enumerated() {
        running += weights[index]
        if running >= half {
          cut = min(max(position + 1, 1), sorted.count - 1)
          break
        }
      }
      boxes[chosen] = Array(sorted[..<cut])
      boxes.append(Array(sorted[cut...]))
    }
    return boxes.map { box in
      var sum: Point = (0, 0, 0)
      var total = 0
      for index in box {
        let w = Double(weights[index])
        sum.0 += points[index * 3] * w
        sum.1 += points[index * 3 + 1] * w
        sum.2 += points[index * 3 + 2] * w
        total += weights[index]
      }
      let t = Double(max(total, 1))
      return Cluster(center: (sum.0 / t, sum.1 / t, sum.2 / t), weight: total)
    }
  }

  /// Lloyd's k-means over weighted points, starting from `centers`, until no point moves.
  static func kMeans(points: [Double], weights: [Int], centers: [Cluster], iterations: Int)
    -> [Cluster]
  {
    var clusters = centers
    let n = weights.count
    var assignment = [Int](repeating: -1, count: n)
    for _ in 0..<iterations {
      var moved = false
      var sums = [Double](repeating: 0, count: clusters.count * 3)
      var totals = [Int](repeating: 0, count: clusters.count)
      for index in 0..<n {
        let p = (points[index * 3], points[index * 3 + 1], points[index * 3 + 2])
        var best = 0
        var bestDistance = Double.infinity
        for (k, cluster) in clusters.enumerated() {
          let d0 = p.0 - cluster.center.0
          let d1 = p.1 - cluster.center.1
          let d2 = p.2 - cluster.center.2
          let distance = d0 * d0 + d1 * d1 + d2 * d2
          if distance < bestDistance {
            bestDistance = distance
            best = k
          }
        }
        if assignment[index] != best {
          assignment[index] = best
          moved = true
        }
        let w = Double(weights[index])
        sums[best * 3] += p.0 * w
        sums[best * 3 + 1] += p.1 * w
        sums[best * 3 + 2] += p.2 * w
        totals[best] += weights[index]
      }
      for k in clusters.indices {
        clusters[k].weight = totals[k]
        guard totals[k] > 0 else { continue }
        let t = Double(totals[k])
        clusters[k].center = (sums[k * 3] / t, sums[k * 3 + 1] / t, sums[k * 3 + 2] / t)
      }
      if !moved { break }
    }
    return clusters
  }

  /// Converts interleaved sRGB components to OKLab.
  static func okLab(fromSRGB srgb: [Double]) -> [Double] {
    var lab = [Double](repeating: 0, count: srgb.count)
    srgb.withUnsafeBufferPointer { input in
      lab.withUnsafeMutableBufferPointer { output in
        Color.convert(components: input, from: .srgb, to: .oklab, into: output)
      }
    }
    return lab
  }
}
