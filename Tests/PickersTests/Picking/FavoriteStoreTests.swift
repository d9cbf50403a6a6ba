import FoundationEssentials
import Testing

@testable import Pickers

@Suite("Favourites")
struct FavoriteStoreTests {
  static func temporaryFolder() -> String {
    "/tmp/pickers-favorites-test-\(UInt64.random(in: 0...UInt64.max))"
  }

  @Test("the file lives in XDG_CONFIG_HOME, else ~/.config, per the XDG base directory spec")
  func location() throws {
    #expect(
      try FavoriteStore(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/home/u"]).path
        == "/x/cfg/pickers/favorites.json")
    #expect(
      try FavoriteStore(environment: ["HOME": "/home/u"]).path
        == "/home/u/.config/pickers/favorites.json")
    // The spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
    #expect(
      try FavoriteStore(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/h"]).path
        == "/h/.config/pickers/favorites.json")
    #expect(throws: FavoritesError.noConfigDirectory) { try FavoriteStore(environment: [:]) }
  }

  @Test("ratings saved are loaded back; a missing file is no ratings")
  func roundTrip() throws {
    let folder = Self.temporaryFolder()
    let store = try FavoriteStore(environment: ["XDG_CONFIG_HOME": folder])
    #expect(try store.load() == FavoriteStore.Loaded(favorites: Favorites(), warning: nil))
    try store.save(Favorites(ratings: ["DejaVu Sans": 5, "Noto Serif": 2, "Gone": 0]))
    let loaded = try store.load()
    #expect(loaded.favorites.ratings == ["DejaVu Sans": 5, "Noto Serif": 2])
    #expect(loaded.warning == nil)
    let text = try String(contentsOfFile: store.path, encoding: .utf8)
    struct File: Decodable {
      var version: Int
      var ratings: [String: Int]
    }
    let file = try JSONDecoder().decode(File.self, from: Data(text.utf8))
    #expect(file.version == 1)
    #expect(file.ratings == ["DejaVu Sans": 5, "Noto Serif": 2])
  }

  @Test("a corrupt file is moved aside with a warning, and its bytes are kept")
  func corruptFile() throws {
    let folder = Self.temporaryFolder()
    let store = try FavoriteStore(environment: ["XDG_CONFIG_HOME": folder])
    try store.save(Favorites(ratings: ["A": 1]))
    let garbage = "{\"ratings\": {\"A\": 9}"
    try Data(garbage.utf8).write(to: URL(fileURLWithPath: store.path))
    let loaded = try store.load()
    #expect(loaded.favorites.ratings.isEmpty)
    let warning = try #require(loaded.warning)
    #expect(warning.hasPrefix("favorites file '\(store.path)' is not valid"))
    let aside = try #require(warning.split(separator: "'").dropFirst(3).first)
    #expect(try String(contentsOfFile: String(aside), encoding: .utf8) == garbage)
    #expect(try store.load().warning == nil)  // the bad file is no longer in the way
  }

  @Test("ratings outside 1...5 make the file invalid rather than silently clamped")
  func outOfRange() throws {
    let folder = Self.temporaryFolder()
    let store = try FavoriteStore(environment: ["XDG_CONFIG_HOME": folder])
    try store.save(Favorites())
    try Data("{\"version\": 1, \"ratings\": {\"A\": 7}}".utf8).write(
      to: URL(fileURLWithPath: store.path))
    #expect(try store.load().warning != nil)
  }

  @Test("ranked lists most stars first, then by name, from a minimum")
  func ranked() {
    let favorites = Favorites(ratings: ["B": 3, "A": 3, "C": 5, "D": 1])
    #expect(favorites.ranked().map(\.family) == ["C", "A", "B", "D"])
    #expect(favorites.ranked(minimumStars: 3).map(\.family) == ["C", "A", "B"])
  }
}
