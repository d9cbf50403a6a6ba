/// One replacement in a list: `removed` elements from `position` give way to the elements of
/// the new list at `inserted`.
///
/// ``splices(from:to:maximum:)`` turns one list into another with few of them, keeping a
/// longest run of elements the two share in the same order: a list view that applies them
/// keeps those rows (their widgets, the fonts they were given) instead of building them again.
///
///     let changes = ListSplice.splices(from: ["a", "b", "c"], to: ["b", "c", "d"])
///     // [ListSplice(position: 3, removed: 0, inserted: 2..<3),
///     //  ListSplice(position: 0, removed: 1, inserted: 0..<0)]
public struct ListSplice: Hashable, Sendable {
  /// Where the replacement starts, in the list as it is when this splice is applied.
  public var position: Int
  /// How many elements are removed from `position` on.
  public var removed: Int
  /// The positions, in the new list, of the elements inserted at `position`.
  public var inserted: Range<Int>

  /// Creates a splice.
  public init(position: Int, removed: Int, inserted: Range<Int>) {
    self.position = position
    self.removed = removed
    self.inserted = inserted
  }

  /// The splices that turn `old` into `new`, at most `maximum` of them (at least one is always
  /// allowed).
  ///
  /// They come last position first, so each applies at the position it names in the list the
  /// earlier ones left. The elements kept in place are a longest common subsequence of the two
  /// lists: with distinct elements it is the longest increasing run of the old positions of the
  /// new list's elements (patience sorting, O(n log n)). Beyond `maximum` gaps, the first
  /// `maximum - 1` stay exact and the last splice replaces everything from there to the last
  /// change. Repeated elements are allowed; the result still turns `old` into `new`, but may
  /// keep fewer of them than it could.
  ///
  ///     ListSplice.splices(from: [1, 2, 3, 4], to: [1, 3, 4, 5], maximum: 1)
  ///     // [ListSplice(position: 1, removed: 3, inserted: 1..<4)]
  public static func splices<Element: Hashable>(
    from old: [Element], to new: [Element], maximum: Int = .max
  ) -> [ListSplice] {
    guard old != new else { return [] }
    var result = gaps(between: kept(from: old, to: new), oldCount: old.count, newCount: new.count)
    let limit = max(maximum, 1)
    if result.count > limit, let last = result.last {
      let first = result[limit - 1]
      result[limit - 1] = ListSplice(
        position: first.position, removed: last.position + last.removed - first.position,
        inserted: first.inserted.lowerBound..<last.inserted.upperBound)
      result.removeLast(result.count - limit)
    }
    return result.reversed()
  }

  /// `list` with `splices` applied in order, each taking its elements from `new`.
  ///
  ///     let old = ["a", "b"], new = ["b", "c"]
  ///     ListSplice.applying(ListSplice.splices(from: old, to: new), to: old, from: new)
  ///     // ["b", "c"]
  public static func applying<Element>(
    _ splices: [ListSplice], to list: [Element], from new: [Element]
  ) -> [Element] {
    var result = list
    for splice in splices {
      result.replaceSubrange(
        splice.position..<(splice.position + splice.removed), with: new[splice.inserted])
    }
    return result
  }

  /// Pairs of positions (in `old`, in `new`) of a longest common subsequence, increasing in
  /// both.
  private static func kept<Element: Hashable>(from old: [Element], to new: [Element]) -> [(
    old: Int, new: Int
  )] {
    var oldPosition: [Element: Int] = [:]
    oldPosition.reserveCapacity(old.count)
    for (position, element) in old.enumerated() where oldPosition[element] == nil {
      oldPosition[element] = position
    }
    // tails[k]: the index into `candidates` of the smallest old position ending a run of k + 1.
    var tails: [Int] = []
    var candidates: [(old: Int, new: Int, previous: Int)] = []
    for (newIndex, element) in new.enumerated() {
      guard let oldIndex = oldPosition[element] else { continue }
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if candidates[tails[middle]].old < oldIndex { low = middle + 1 } else { high = middle }
      }
      candidates.append((oldIndex, newIndex, low > 0 ? tails[low - 1] : -1))
      if low == tails.count {
        tails.append(candidates.count - 1)
      } else {
        tails[low] = candidates.count - 1
      }
    }
    var result: [(old: Int, new: Int)] = []
    var link = tails.last ?? -1
    while link >= 0 {
      result.append((candidates[link].old, candidates[link].new))
      link = candidates[link].previous
    }
    return result.reversed()
  }

  /// The replacements between kept pairs, and before the first and after the last, first
  /// position first (each position as it is in the old list).
  private static func gaps(between kept: [(old: Int, new: Int)], oldCount: Int, newCount: Int)
    -> [ListSplice]
  {
    var result: [ListSplice] = []
    var previous = (old: -1, new: -1)
    for pair in kept + [(oldCount, newCount)] {
      let removed = pair.old - previous.old - 1
      let inserted = (previous.new + 1)..<pair.new
      if removed > 0 || !inserted.isEmpty {
        result.append(ListSplice(position: previous.old + 1, removed: removed, inserted: inserted))
      }
      previous = pair
    }
    return result
  }
}
