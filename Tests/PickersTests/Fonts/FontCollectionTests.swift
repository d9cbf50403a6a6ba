import FoundationEssentials
import Glibc
import Testing

@testable import Pickers

@Suite("FontCollection")
struct FontCollectionTests {
  let catalog: FontCatalog

  init() throws {
    catalog = try FontCatalog(configFile: FontTools.fixturesConf, cache: .disabled)
  }

  static func temporaryFolder() -> String {
    "/tmp/pickers-collections-test-\(UInt64.random(in: 0...UInt64.max))"
  }

  /// `fc-list PATTERN` as file#index lines: the independent truth for a smart collection.
  static func fcListFaces(_ pattern: String) throws -> Set<String> {
    let output = try FontTools.run("fc-list", [pattern, "--format", "%{file}#%{index}\n"])
    return Set(output.split(separator: "\n").map(String.init))
  }

  @Test(
    "a smart collection lists exactly what fc-list PATTERN lists",
    arguments: [
      ":lang=ja", ":spacing=100", ":lang=ar:spacing=100", "DejaVu Sans", ":style=Bold",
      ":weight=200", "Noto Sans:lang=hi", ":color=true", "NoSuchFamily",
    ])
  func smartEqualsFcList(pattern: String) throws {
    let faces = try FontCollection(name: "q", query: pattern).matchingFaces(in: catalog)
    #expect(Set(faces.map { "\($0.file)#\($0.index)" }) == (try Self.fcListFaces(pattern)))
    #expect(faces.count == Set(faces).count)
  }

  @Test("FontCollection(locale:) is :lang=TAG and lists what fc-list :lang=TAG lists")
  func locale() throws {
    let japanese = try FontCollection(locale: "ja_JP.UTF-8")
    #expect(japanese.name == "ja")
    #expect(japanese.query == ":lang=ja")
    let faces = try japanese.matchingFaces(in: catalog)
    #expect(!faces.isEmpty)
    #expect(Set(faces.map { "\($0.file)#\($0.index)" }) == (try Self.fcListFaces(":lang=ja")))
    #expect(try FontCollection(locale: "zh-CN").query == ":lang=zh-cn")
    #expect(throws: FontError.unknownLanguage("xx-nope")) {
      try FontCollection(locale: "xx-nope")
    }
  }

  @Test("an explicit collection holds its families' faces (fc-list FAMILY), a style its face")
  func explicit() throws {
    let collection = FontCollection(
      name: "mine",
      members: [.init("dejavu sans mono"), .init("DejaVu Serif", style: "Bold"), .init("Gone")])
    let resolved = try collection.resolved(in: catalog)
    // A style member is the family's faces whose primary style name is that style.
    let serifBold = try FontTools.run(
      "fc-list", ["DejaVu Serif", "--format", "%{file}#%{index}\t%{style[0]}\n"]
    ).split(separator: "\n").filter { $0.hasSuffix("\tBold") }.map {
      String($0.prefix { $0 != "\t" })
    }
    #expect(!serifBold.isEmpty)
    let expected = try Self.fcListFaces("DejaVu Sans Mono").union(serifBold)
    #expect(Set(resolved.faces.map { "\($0.file)#\($0.index)" }) == expected)
    #expect(resolved.missing == [.init("Gone")])
    #expect(resolved.families == ["DejaVu Sans Mono", "DejaVu Serif"])
  }

  @Test("members parse from Family and Family:style=Style, and adding skips repeats")
  func members() throws {
    #expect(FontCollection.Member(parsing: "DejaVu Sans") == .init("DejaVu Sans"))
    #expect(
      FontCollection.Member(parsing: "DejaVu Sans:style=Bold Oblique")
        == .init("DejaVu Sans", style: "Bold Oblique"))
    #expect(FontCollection.Member(parsing: "") == nil)
    #expect(FontCollection.Member(parsing: "X:style=") == nil)
    let collection = FontCollection(name: "m", members: [.init("A")])
      .adding([.init("a"), .init("B")])
    #expect(collection.members == [.init("A"), .init("B")])
    #expect(collection.removing([.init("b")]).members == [.init("A")])
  }

  @Test("collections are stored, listed, renamed and deleted under XDG_CONFIG_HOME")
  func store() throws {
    let config = Self.temporaryFolder()
    let store = try FontCollectionStore(environment: ["XDG_CONFIG_HOME": config])
    #expect(store.folder == config + "/pickers/collections")
    #expect(try store.list().collections.isEmpty)
    try store.create(FontCollection(name: "Japanese", query: ":lang=ja"))
    try store.create(FontCollection(name: "Mine", members: [.init("DejaVu Sans")]))
    #expect(throws: FontCollectionError.exists("Mine")) {
      try store.create(FontCollection(name: "mine", members: []))
    }
    #expect(throws: FontCollectionError.malformedQuery(":weight=heavyish")) {
      try store.create(FontCollection(name: "bad", query: ":weight=heavyish"))
    }
    #expect(throws: FontCollectionError.invalidName("a/b")) {
      try store.create(FontCollection(name: "a/b", members: []))
    }
    try store.update(named: "mine") { $0.adding([.init("DejaVu Serif", style: "Bold")]) }
    #expect(
      try store.collection(named: "Mine").members
        == [.init("DejaVu Sans"), .init("DejaVu Serif", style: "Bold")])
    // The file is the documented JSON, read by an independent parser.
    let data = try Data(contentsOf: URL(fileURLWithPath: store.path(for: "Mine")))
    struct File: Decodable {
      var version: Int
      var name: String
      var members: [String]
    }
    let file = try JSONDecoder().decode(File.self, from: data)
    #expect(file.version == 1 && file.name == "Mine")
    #expect(file.members == ["DejaVu Sans", "DejaVu Serif:style=Bold"])
    try store.rename("Mine", to: "Yours")
    #expect(try store.list().collections.map(\.name) == ["Japanese", "Yours"])
    #expect(throws: FontCollectionError.exists("Japanese")) {
      try store.rename("Yours", to: "japanese")
    }
    #expect(try store.delete(named: "Yours").members.count == 2)
    #expect(throws: FontCollectionError.notFound("Yours", available: ["Japanese"])) {
      try store.collection(named: "Yours")
    }
  }

  @Test("a corrupt file is reported by reads and moved aside, bytes kept, by changes")
  func corrupt() throws {
    let config = Self.temporaryFolder()
    let store = try FontCollectionStore(environment: ["XDG_CONFIG_HOME": config])
    try store.create(FontCollection(name: "Broken", members: []))
    let path = store.path(for: "Broken")
    let garbage = Array("{\"version\": 1, \"name\": ".utf8)
    try writeAtomically(garbage, to: path)
    #expect(throws: FontCollectionError.invalid(path: path)) {
      try store.collection(named: "Broken")
    }
    let listing = try store.list()
    #expect(listing.collections.isEmpty)
    #expect(listing.warnings.count == 1)
    #expect(access(path, F_OK) == 0)
    do {
      try store.update(named: "Broken") { $0.adding([.init("DejaVu Sans")]) }
      Issue.record("a corrupt collection was changed")
    } catch {
      guard case .movedAside(let moved, let aside) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(moved == path)
      #expect(try readFile(aside) == garbage)
      #expect(access(path, F_OK) != 0)
    }
  }

  @Test("eight processes' worth of concurrent additions all survive (the folder lock)")
  func concurrentAdditions() async throws {
    let config = Self.temporaryFolder()
    let store = try FontCollectionStore(environment: ["XDG_CONFIG_HOME": config])
    try store.create(FontCollection(name: "Shared", members: []))
    try await withThrowingTaskGroup(of: Void.self) { group in
      for writer in 0..<8 {
        group.addTask {
          for item in 0..<5 {
            try store.update(named: "Shared") { $0.adding([.init("F\(writer)-\(item)")]) }
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(try store.collection(named: "Shared").members.count == 40)
  }
}
