import CGtk
import Pickers

/// The list model follows the core's matches with the fewest splices: rows whose family stays
/// in the list (in the same order relative to the others that stay) keep their model item, so
/// GTK neither rebinds their widget nor drops the font the row was given.
extension FontWindow {
  /// One replacement in the list model: `removed` rows from `position` (in the model as it is
  /// when the splice is applied) give way to `inserted`, a range of the new matches.
  struct Splice: Equatable {
    var position: Int
    var removed: Int
    var inserted: Range<Int>
  }

  /// The most splices one change makes.
  ///
  /// The first ones are exact (the rows at the top, on screen); the last replaces everything
  /// from there to the last change. Each splice is an `items-changed` the list view handles on
  /// its own: with up to 64, a search's first key spent longer in them than in one replacement.
  static let maximumSplices = 8

  /// The splices that turn a model listing `old` into one listing `new`.
  ///
  /// They come last position first, so each applies at the position it names. The rows kept
  /// are a longest common subsequence of the two: the entries are distinct, so it is the
  /// longest increasing run of the old positions of the new matches (patience sorting,
  /// O(n log n)).
  static func splices(from old: [Int], to new: [Int]) -> [Splice] {
    guard old != new else { return [] }
    var oldPosition: [Int: Int] = [:]
    oldPosition.reserveCapacity(old.count)
    for (position, entry) in old.enumerated() { oldPosition[entry] = position }
    // Kept pairs (old position, new position), increasing in both.
    var tails: [Int] = []  // index into `candidates` of the smallest tail of each length
    var candidates: [(old: Int, new: Int, previous: Int)] = []
    for (newIndex, entry) in new.enumerated() {
      guard let oldIndex = oldPosition[entry] else { continue }
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
    var kept: [(old: Int, new: Int)] = []
    var link = tails.last ?? -1
    while link >= 0 {
      kept.append((candidates[link].old, candidates[link].new))
      link = candidates[link].previous
    }
    kept.reverse()
    // The gaps between kept rows, and before the first and after the last.
    var result: [Splice] = []
    var previous = (old: -1, new: -1)
    for pair in kept + [(old.count, new.count)] {
      let removed = pair.old - previous.old - 1
      let inserted = (previous.new + 1)..<pair.new
      if removed > 0 || !inserted.isEmpty {
        result.append(Splice(position: previous.old + 1, removed: removed, inserted: inserted))
      }
      previous = pair
    }
    // The first splices exactly (the rows on screen), the rest as one.
    if result.count > maximumSplices, let last = result.last {
      let first = result[maximumSplices - 1]
      let end = last.position + last.removed
      result[maximumSplices - 1] = Splice(
        position: first.position, removed: end - first.position,
        inserted: first.inserted.lowerBound..<last.inserted.upperBound)
      result.removeLast(result.count - maximumSplices)
    }
    return result.reversed()
  }

  /// Splices `model` (a GtkStringList listing `old`'s answers) to list `new`'s.
  func splice(_ model: OpaquePointer, from old: [Int], to new: [Int]) {
    for change in Self.splices(from: old, to: new) {
      let answers = new[change.inserted].map { state.entries[$0].answer }
      Self.withCStrings(answers) {
        gtk_string_list_splice(model, UInt32(change.position), UInt32(change.removed), $0)
      }
    }
  }
}
