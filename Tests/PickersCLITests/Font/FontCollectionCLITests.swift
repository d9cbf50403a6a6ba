import FoundationEssentials
import Glibc
import Testing

@Suite("pickers font collection")
struct FontCollectionCLITests {
  /// A private configuration and cache folder for one test.
  static func environment(_ folder: String) -> [String: String] {
    ["XDG_CONFIG_HOME": folder + "/config", "XDG_CACHE_HOME": folder + "/cache"]
  }

  @Test(
    "font list --collection of a smart collection equals fc-list PATTERN's families, cold and warm",
    arguments: [":spacing=100", ":lang=ja", ":lang=ar", "DejaVu Sans", ":style=Bold"])
  func smartList(pattern: String) throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let env = Self.environment(folder)
    let create = try runPickers(
      ["font", "collection", "create", "Q", "--query", pattern], environment: env)
    #expect(create.status == 0)
    #expect(create.stderr.isEmpty)
    let expected = Set(outputLines(try fcList([pattern, "--format", "%{family[0]}\n"])))
    for _ in 0..<2 {
      let result = try runPickers(["font", "list", "--collection", "Q"], environment: env)
      #expect(result.status == 0)
      #expect(Set(outputLines(result)) == expected)
    }
    let faces = try runPickers(["font", "list", "--collection", "Q", "--faces"], environment: env)
    let files = Set(outputLines(faces).map { String($0.split(separator: "\t").last ?? "") })
    #expect(files == Set(outputLines(try fcList([pattern, "--format", "%{file}\n"]))))
  }

  @Test("an explicit collection lists its families; a member not installed is kept, with a note")
  func explicitSurvivesRemoval() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let env = Self.environment(folder)
    // A collection written elsewhere, naming a family this machine does not have.
    let file = folder + "/in.json"
    try writeText(
      #"{"version": 1, "name": "Mine", "members": ["DejaVu Serif", "Gone Family"]}"#, to: file)
    #expect(try runPickers(["font", "collection", "import", file], environment: env).status == 0)
    let add = try runPickers(
      ["font", "collection", "add", "Mine", "DejaVu Sans Mono:style=Bold"], environment: env)
    #expect(add.status == 0)
    let show = try runPickers(["font", "collection", "show", "Mine"], environment: env)
    #expect(show.status == 0)
    #expect(outputLines(show) == ["DejaVu Sans Mono", "DejaVu Serif"])
    #expect(show.stderr.contains("'Gone Family' of collection 'Mine' is not installed"))
    let list = try runPickers(
      ["font", "list", "--collection", "Mine", "--faces"], environment: env)
    let expected = Set(
      outputLines(try fcList(["DejaVu Serif", "--format", "%{file}\n"]))
        + outputLines(try fcList(["DejaVu Sans Mono:style=Bold", "--format", "%{file}\n"])))
    #expect(Set(outputLines(list).map { String($0.split(separator: "\t").last ?? "") }) == expected)
    // The member stays in the file.
    let exported = try runPickers(
      ["font", "collection", "export", "Mine", "-o", "-"], environment: env)
    struct File: Decodable {
      var version: Int
      var name: String
      var members: [String]
    }
    let decoded = try JSONDecoder().decode(File.self, from: Data(exported.stdout))
    #expect(decoded.members == ["DejaVu Serif", "Gone Family", "DejaVu Sans Mono:style=Bold"])
  }

  @Test(
    "create, rename, remove, delete and list keep the store consistent; failures change nothing")
  func lifecycle() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let env = Self.environment(folder)
    func run(_ arguments: [String]) throws -> PickersResult {
      try runPickers(["font", "collection"] + arguments, environment: env)
    }
    #expect(try run(["create", "Reading", "DejaVu Serif", "DejaVu Sans"]).status == 0)
    #expect(try run(["create", "Mono", "--query", ":spacing=100"]).status == 0)
    let clash = try run(["create", "reading", "DejaVu Serif"])
    #expect(clash.status == 1)
    #expect(clash.stderr == "pickers: a collection named 'Reading' already exists\n")
    let smartAdd = try run(["add", "Mono", "DejaVu Serif"])
    #expect(smartAdd.status == 1)
    #expect(smartAdd.stderr.hasPrefix("pickers: collection 'Mono' is the query"))
    #expect(try run(["remove", "Reading", "DejaVu Sans"]).status == 0)
    #expect(try run(["remove", "Reading", "DejaVu Sans"]).status == 1)
    #expect(try run(["rename", "Reading", "Books"]).status == 0)
    let listing = try run(["list", "--json"])
    struct Entry: Decodable, Equatable {
      var name: String
      var query: String?
      var members: [String]?
    }
    #expect(
      try JSONDecoder().decode([Entry].self, from: Data(listing.stdout)) == [
        Entry(name: "Books", query: nil, members: ["DejaVu Serif"]),
        Entry(name: "Mono", query: ":spacing=100", members: nil),
      ])
    #expect(try run(["delete", "Books"]).status == 0)
    let missing = try run(["show", "Books"])
    #expect(missing.status == 1)
    #expect(missing.stderr == "pickers: no collection named 'Books'; the collections are 'Mono'\n")
    #expect(
      directoryEntries(folder + "/config/pickers/collections") == ["Mono.json"])
  }
}
