import Glibc
import Testing

@testable import Pickers

/// FavoriteStore under concurrent writers and unusual files.
@Suite("FavoriteStore: merging saves, unique aside names, read-only reads", .tags(.reliability))
struct ReliabilityFavoriteStoreTests {
  static func temporaryFolder() -> String {
    "/tmp/pickers-favorites-reliability-\(UInt64.random(in: 0...UInt64.max))"
  }

  static func write(_ text: String, to path: String) {
    let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    mkdir(String(folder[..<(folder.lastIndex(of: "/") ?? folder.startIndex)]), 0o755)
    mkdir(folder, 0o755)
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    _ = Array(text.utf8).withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    close(fd)
  }

  static func read(_ path: String) -> String {
    (try? readFile(path)).map { String(decoding: $0, as: UTF8.self) } ?? "<missing>"
  }

  @Test("save(_:replacing:) keeps ratings another session wrote since this one loaded")
  func mergeOnSave() throws {
    let store = FavoriteStore(path: Self.temporaryFolder() + "/pickers/favorites.json")
    try store.save(Favorites(ratings: ["Old": 2, "Both": 4]))
    let mine = try store.load().favorites
    // Another session: rates "Theirs", clears "Old".
    try store.update(["Theirs": 5, "Old": nil])
    var changed = mine
    changed.ratings["Mine"] = 3
    changed.ratings["Both"] = nil
    let result = try store.save(changed, replacing: mine)
    #expect(result.favorites.ratings == ["Theirs": 5, "Mine": 3])
    #expect(try store.read().ratings == ["Theirs": 5, "Mine": 3])
  }

  @Test("eight writers updating 25 families each at once lose none of the 200 ratings")
  func concurrentWriters() async throws {
    let store = FavoriteStore(path: Self.temporaryFolder() + "/pickers/favorites.json")
    try await withThrowingTaskGroup(of: Void.self) { group in
      for writer in 0..<8 {
        group.addTask {
          for family in 0..<25 {
            try store.update(["Family \(writer)-\(family)": 1 + (writer + family) % 5])
          }
        }
      }
      try await group.waitForAll()
    }
    let ratings = try store.read().ratings
    #expect(ratings.count == 200)
    #expect(ratings["Family 7-24"] == 1 + (7 + 24) % 5)
  }

  @Test("a byte-order mark and whole numbers written as 5.0 or 4e0 are accepted")
  func lenientNumbers() throws {
    let store = FavoriteStore(path: Self.temporaryFolder() + "/pickers/favorites.json")
    Self.write(
      "\u{FEFF}{\"version\": 1.0, \"ratings\": {\"A\": 5.0, \"B\": 4e0, \"C\": 1}}",
      to: store.path)
    let loaded = try store.load()
    #expect(loaded.warning == nil)
    #expect(loaded.favorites.ratings == ["A": 5, "B": 4, "C": 1])
    // 4.5 stars is not a rating: the file is not understood.
    Self.write("{\"version\": 1, \"ratings\": {\"A\": 4.5}}", to: store.path)
    #expect(throws: FavoritesError.invalid(path: store.path)) { try store.read() }
  }

  @Test("two corrupt files set aside in the same second get different names; both are kept")
  func uniqueAsideNames() throws {
    let store = FavoriteStore(path: Self.temporaryFolder() + "/pickers/favorites.json")
    // Occupy the names this second and the next would get, so the test cannot straddle one.
    let now = Int(time(nil))
    for second in now...(now + 1) {
      Self.write("earlier \(second)", to: store.path + ".corrupt-\(second)")
    }
    Self.write("first garbage", to: store.path)
    let first = try #require(try store.load().warning)
    Self.write("second garbage", to: store.path)
    let second = try #require(try store.load().warning)
    let firstAside = String(try #require(first.split(separator: "'").dropFirst(3).first))
    let secondAside = String(try #require(second.split(separator: "'").dropFirst(3).first))
    #expect(firstAside != secondAside)
    #expect(Self.read(firstAside) == "first garbage")
    #expect(Self.read(secondAside) == "second garbage")
    for second in now...(now + 1) {
      #expect(Self.read(store.path + ".corrupt-\(second)") == "earlier \(second)")
    }
    #expect(Self.read(store.path) == "<missing>")
  }

  @Test("read() reports a corrupt file and leaves it in place; update() sets it aside")
  func readOnly() throws {
    let store = FavoriteStore(path: Self.temporaryFolder() + "/pickers/favorites.json")
    Self.write("[1, 2]", to: store.path)
    #expect(throws: FavoritesError.invalid(path: store.path)) { try store.read() }
    #expect(Self.read(store.path) == "[1, 2]")
    let updated = try store.update(["A": 3])
    #expect(updated.warning?.contains("moved it to") == true)
    #expect(try store.read().ratings == ["A": 3])
  }
}
