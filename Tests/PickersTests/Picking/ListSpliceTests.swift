import Pickers
import Testing

/// The length of a longest common subsequence, by the textbook dynamic programme (the
/// independent check of the patience-sorting run the splices keep).
private func longestCommonSubsequence(_ a: [Int], _ b: [Int]) -> Int {
  guard !a.isEmpty, !b.isEmpty else { return 0 }
  var previous = [Int](repeating: 0, count: b.count + 1)
  for x in a {
    var row = [0]
    for (j, y) in b.enumerated() {
      row.append(x == y ? previous[j] + 1 : max(previous[j + 1], row[j]))
    }
    previous = row
  }
  return previous[b.count]
}

/// The elements left in place: those no splice removes.
private func keptCount(_ splices: [ListSplice], oldCount: Int) -> Int {
  oldCount - splices.reduce(0) { $0 + $1.removed }
}

/// Distinct picks from `0..<universe`, in a random order, `count` of them.
private func distinctList(_ count: Int, universe: Int, _ random: inout SplitMix64) -> [Int] {
  Array(Array(0..<universe).shuffled(using: &random).prefix(count))
}

@Suite("ListSplice")
struct ListSpliceTests {
  @Test("applying the splices to the old list gives the new one, keeping a longest common run")
  func randomizedAgainstBruteForce() {
    var random = SplitMix64(seed: 32)
    // 3,000 pairs of lists of 0-40 distinct elements from a universe of 0-60, so that they
    // share from nothing to almost everything, in any order (a search narrowing or reordering).
    for _ in 0..<3_000 {
      let universe = Int.random(in: 0...60, using: &random)
      let old = distinctList(Int.random(in: 0...40, using: &random), universe: universe, &random)
      var new = distinctList(Int.random(in: 0...40, using: &random), universe: universe, &random)
      if Bool.random(using: &random) {
        // A subsequence of the old list: what a narrowing search key does.
        new = old.filter { _ in Bool.random(using: &random) }
      }
      let splices = ListSplice.splices(from: old, to: new)
      #expect(ListSplice.applying(splices, to: old, from: new) == new, "\(old) -> \(new)")
      #expect(
        keptCount(splices, oldCount: old.count) == longestCommonSubsequence(old, new),
        "\(old) -> \(new)")
      for maximum in [1, 2, 8] {
        let capped = ListSplice.splices(from: old, to: new, maximum: maximum)
        #expect(capped.count <= maximum)
        #expect(ListSplice.applying(capped, to: old, from: new) == new, "\(old) -> \(new)")
      }
    }
  }

  @Test("lists with repeated elements still come out right")
  func repeatedElements() {
    var random = SplitMix64(seed: 7)
    for _ in 0..<1_000 {
      let old = (0..<Int.random(in: 0...20, using: &random)).map { _ in
        Int.random(in: 0...5, using: &random)
      }
      let new = (0..<Int.random(in: 0...20, using: &random)).map { _ in
        Int.random(in: 0...5, using: &random)
      }
      for maximum in [1, 3, Int.max] {
        let splices = ListSplice.splices(from: old, to: new, maximum: maximum)
        #expect(ListSplice.applying(splices, to: old, from: new) == new, "\(old) -> \(new)")
      }
    }
  }

  @Test("splices come last position first and never overlap")
  func order() {
    var random = SplitMix64(seed: 11)
    for _ in 0..<500 {
      let old = distinctList(30, universe: 50, &random)
      let new = distinctList(30, universe: 50, &random)
      let splices = ListSplice.splices(from: old, to: new, maximum: 8)
      for (later, earlier) in zip(splices, splices.dropFirst()) {
        // Applied first, `later` lies wholly after the range `earlier` replaces.
        #expect(earlier.position + earlier.removed <= later.position)
        #expect(earlier.inserted.upperBound <= later.inserted.lowerBound)
      }
    }
  }

  @Test("edge cases: equal, empty, cleared, filled, reversed, one moved, one kept")
  func edgeCases() {
    #expect(ListSplice.splices(from: [1, 2, 3], to: [1, 2, 3]).isEmpty)
    #expect(ListSplice.splices(from: [Int](), to: []).isEmpty)
    #expect(
      ListSplice.splices(from: [1, 2, 3], to: [])
        == [ListSplice(position: 0, removed: 3, inserted: 0..<0)])
    #expect(
      ListSplice.splices(from: [], to: [4, 5])
        == [ListSplice(position: 0, removed: 0, inserted: 0..<2)])
    // Reversed: one element is kept, whichever; everything else goes in two splices.
    let reversed = ListSplice.splices(from: [1, 2, 3, 4], to: [4, 3, 2, 1])
    #expect(keptCount(reversed, oldCount: 4) == 1)
    #expect(ListSplice.applying(reversed, to: [1, 2, 3, 4], from: [4, 3, 2, 1]) == [4, 3, 2, 1])
    // One element moved from the end to the front: the others stay, two splices of one.
    #expect(
      ListSplice.splices(from: [1, 2, 3, 4], to: [4, 1, 2, 3])
        == [
          ListSplice(position: 3, removed: 1, inserted: 4..<4),
          ListSplice(position: 0, removed: 0, inserted: 0..<1),
        ])
    // Nothing shared: one replacement of everything.
    #expect(
      ListSplice.splices(from: [1, 2], to: [3, 4, 5])
        == [ListSplice(position: 0, removed: 2, inserted: 0..<3)])
    // A maximum below one still allows one splice.
    #expect(
      ListSplice.splices(from: [1, 2, 3], to: [2], maximum: 0)
        == [ListSplice(position: 0, removed: 3, inserted: 0..<1)])
  }

  @Test("beyond the maximum, the first splices stay exact and the last takes the rest")
  func cap() {
    // Every other element removed: 5 gaps of one.
    let old = Array(0..<10)
    let new = old.filter { $0 % 2 == 0 }
    let exact = ListSplice.splices(from: old, to: new)
    #expect(exact.count == 5)
    let capped = ListSplice.splices(from: old, to: new, maximum: 2)
    #expect(
      capped == [
        ListSplice(position: 3, removed: 7, inserted: 2..<5),
        ListSplice(position: 1, removed: 1, inserted: 1..<1),
      ])
    #expect(ListSplice.applying(capped, to: old, from: new) == new)
  }
}
