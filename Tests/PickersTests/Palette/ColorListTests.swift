import Glibc
import Testing

@testable import Pickers

@Suite("ColorList")
struct ColorListTests {
  static func temporaryFolder() throws -> String {
    var template = Array("/tmp/pickers-colorlist-XXXXXX".utf8CString)
    guard mkdtemp(&template) != nil else { throw SystemError(code: errno) }
    return String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  static func remove(_ folder: String) {
    for name in (try? SystemCall.directoryEntries(folder)) ?? [] {
      let path = folder + "/" + name
      if (try? SystemCall.directoryEntries(path)) != nil { remove(path) } else { unlink(path) }
    }
    rmdir(folder)
  }

  static func make(_ path: String) {
    var current = ""
    for part in path.split(separator: "/") {
      current += "/" + part
      mkdir(current, 0o755)
    }
  }

  @Test("setColor replaces in place or appends; insert, remove and rename keep names unique")
  func editing() throws {
    var list = ColorList(name: "Brand")
    list.setColor(.red, named: "a")
    list.setColor(.blue, named: "b")
    list.setColor(.green, named: "a")
    #expect(list.names == ["a", "b"])
    #expect(list.color(named: "a") == .green)
    list.insertColor(.white, named: "b", at: 0)
    #expect(list.names == ["b", "a"])
    list.insertColor(.black, named: "c", at: 99)
    #expect(list.names == ["b", "a", "c"])
    #expect(list.removeColor(named: "a") == .green)
    #expect(list.removeColor(named: "a") == nil)
    try list.renameColor("c", to: "ink")
    #expect(list.names == ["b", "ink"])
    #expect(throws: ColorListError.duplicateName("b", list: "Brand")) {
      try list.renameColor("ink", to: "b")
    }
    #expect(throws: ColorListError.noSuchColor("x", list: "Brand")) {
      try list.renameColor("x", to: "y")
    }
    let made = ColorList(
      name: "Twice",
      entries: [PaletteEntry(name: "x", color: .red), PaletteEntry(name: "x", color: .blue)])
    #expect(made.entries == [PaletteEntry(name: "x", color: .blue)])
  }

  @Test(
    "write(to:) picks the format from the extension and reads back equal",
    arguments: ["gpl", "ase", "soc", "kpl", "css", "json"])
  func roundTrip(format: String) throws {
    let folder = try Self.temporaryFolder()
    defer { Self.remove(folder) }
    var list = ColorList(name: "Round")
    list.setColor(Color(red8: 52, green8: 120, blue8: 246), named: "Primary")
    list.setColor(.white, named: "Paper")
    let path = folder + "/Round." + format
    try list.write(to: path)
    let bytes = try readFile(path)
    #expect(PaletteFileFormat.detect(bytes)?.rawValue == format)
    let back = try ColorList(contentsOf: path)
    #expect(back.name == "Round")
    // CSS custom property names are identifiers: lowercase.
    #expect(back.names == (format == "css" ? ["primary", "paper"] : list.names))
    #expect(back.entries.map(\.color.hex) == list.entries.map(\.color.hex))
    #expect(back.source == ColorList.Source(owner: .pickers, path: path))
    // Only the file itself is left: the temporary file was renamed over it.
    #expect(try SystemCall.directoryEntries(folder) == ["Round." + format])
  }

  @Test("repeated names in a file are numbered, the colors kept in order")
  func repeatedNames() throws {
    let folder = try Self.temporaryFolder()
    defer { Self.remove(folder) }
    let path = folder + "/Plain.gpl"
    try writeAtomically(Array("GIMP Palette\n1 1 1\n2 2 2\n3 3 3 Untitled\n".utf8), to: path)
    let list = try ColorList(contentsOf: path)
    #expect(list.names == ["Untitled", "Untitled 2", "Untitled 3"])
    #expect(list.entries.map(\.color.hex) == ["#010101", "#020202", "#030303"])
  }

  @Test("a file of 20,000 unnamed colors is numbered Untitled ... Untitled 20000, in order")
  func manyUnnamed() throws {
    // Inkscape's MunsellChart.gpl holds 5,414 colors without names; numbering them once per
    // earlier duplicate took seconds.
    let folder = try Self.temporaryFolder()
    defer { Self.remove(folder) }
    let path = folder + "/Many.gpl"
    let lines = (0..<20_000).map { "\($0 % 256) \($0 / 256 % 256) 0\n" }.joined()
    try writeAtomically(Array(("GIMP Palette\n" + lines).utf8), to: path)
    let list = try ColorList(contentsOf: path)
    #expect(list.entries.count == 20_000)
    #expect(list.names.first == "Untitled")
    #expect(list.names.last == "Untitled 20000")
    #expect(Set(list.names).count == 20_000)
    #expect(list.entries[257].color == Color(red8: 1, green8: 1, blue8: 0))
  }

  @Test("the search path follows XDG_DATA_HOME, XDG_CONFIG_HOME and XDG_DATA_DIRS")
  func searchPath() throws {
    let path = ColorList.SearchPath(environment: [
      "HOME": "/nonexistent-home", "XDG_DATA_HOME": "/d", "XDG_CONFIG_HOME": "/c",
      "XDG_DATA_DIRS": "/s1:/s2/:relative", "XDG_STATE_HOME": "/st",
    ])
    #expect(
      path.folders
        == [
          .init(path: "/d/pickers/palettes", owner: .pickers),
          .init(path: "/c/GIMP/2.10/palettes", owner: .gimp),
          .init(path: "/s1/gimp/2.0/palettes", owner: .gimp),
          .init(path: "/s2/gimp/2.0/palettes", owner: .gimp),
          .init(path: "/c/inkscape/palettes", owner: .inkscape),
          .init(path: "/s1/inkscape/palettes", owner: .inkscape),
          .init(path: "/s2/inkscape/palettes", owner: .inkscape),
        ])
    #expect(path.recentColors?.path == "/st/pickers/recent-colors")
    let defaults = ColorList.SearchPath(environment: ["HOME": "/nonexistent-home"])
    #expect(defaults.folders.first?.path == "/nonexistent-home/.local/share/pickers/palettes")
    #expect(defaults.folders.last?.path == "/usr/share/inkscape/palettes")
    #expect(ColorList.SearchPath(environment: [:]).folders.count == 4)
  }

  @Test("search reads each folder's palette files, names the bad ones, finds lists by name")
  func search() throws {
    let root = try Self.temporaryFolder()
    defer { Self.remove(root) }
    Self.make(root + "/data/pickers/palettes")
    Self.make(root + "/share/gimp/2.0/palettes")
    Self.make(root + "/state/pickers")
    try writeAtomically(
      Array("GIMP Palette\n255 0 0 red\n".utf8), to: root + "/data/pickers/palettes/Reds.gpl")
    try writeAtomically(
      Array("GIMP Palette\n0 0 255 blue\n".utf8), to: root + "/share/gimp/2.0/palettes/Reds.gpl")
    try writeAtomically(Array("junk".utf8), to: root + "/share/gimp/2.0/palettes/Bad.gpl")
    try writeAtomically(Array("ignored".utf8), to: root + "/share/gimp/2.0/palettes/notes.txt")
    try writeAtomically(Array("#00ff00\n".utf8), to: root + "/state/pickers/recent-colors")
    let path = ColorList.SearchPath(environment: [
      "HOME": root, "XDG_DATA_HOME": root + "/data", "XDG_DATA_DIRS": root + "/share",
      "XDG_STATE_HOME": root + "/state",
    ])
    let found = ColorList.search(path)
    #expect(found.lists.map(\.qualifiedName) == ["Recent", "pickers:Reds", "gimp:Reds"])
    #expect(found.lists.first?.entries == [PaletteEntry(name: "#00ff00", color: .lime)])
    #expect(found.failures.count == 1)
    if case .unreadable(let bad, _) = found.failures.first {
      #expect(bad == root + "/share/gimp/2.0/palettes/Bad.gpl")
    }
    #expect(try ColorList(named: "Reds", in: path).entries.first?.color == .red)
    #expect(try ColorList(named: "gimp:Reds", in: path).entries.first?.color == .blue)
    #expect(try ColorList(named: "reds", in: path).source?.owner == .pickers)
    #expect(try ColorList(named: "Recent", in: path).source?.owner == .recent)
    #expect(throws: ColorListError.self) { try ColorList(named: "inkscape:Reds", in: path) }
    #expect(throws: ColorListError.self) { try ColorList(named: "Bad", in: path) }
  }
}
