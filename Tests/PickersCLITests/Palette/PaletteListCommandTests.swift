import Foundation
import Glibc
import Testing

/// `pickers palette list` and `palette show` against the palettes Debian's GIMP (gimp-data,
/// installed) and Inkscape (unpacked under .build/test-data by scripts/install-deps) ship, read
/// independently by Tests/Fixtures/palettes/read-palettes.py.
@Suite("pickers palette list / show: named palettes")
struct PaletteListCommandTests {
  /// Where GIMP's and Inkscape's system palettes are for these tests.
  static let gimpData = "/usr/share"
  static let inkscapeData = packageRoot + "/.build/test-data/share"

  /// A private HOME with the XDG folders inside it and the two data folders searched.
  struct Home {
    var root: String
    var environment: [String: String] {
      [
        "HOME": root, "XDG_DATA_HOME": root + "/data", "XDG_CONFIG_HOME": root + "/config",
        "XDG_STATE_HOME": root + "/state",
        "XDG_DATA_DIRS": PaletteListCommandTests.gimpData + ":"
          + PaletteListCommandTests.inkscapeData,
      ]
    }

    init() throws {
      try #require(
        access(PaletteListCommandTests.gimpData + "/gimp/2.0/palettes/Tango.gpl", R_OK) == 0,
        "gimp-data is installed by scripts/install-deps --test")
      try #require(
        access(PaletteListCommandTests.inkscapeData + "/inkscape/palettes/inkscape.gpl", R_OK)
          == 0, "scripts/install-deps --test unpacks Inkscape's palettes")
      root = try makeTemporaryDirectory()
    }

    func write(_ text: String, to relative: String) throws {
      let path = root + "/" + relative
      let folder = path.split(separator: "/").dropLast().joined(separator: "/")
      _ = try runProgram("/bin/mkdir", ["-p", "/" + folder])
      try writeText(text, to: path)
    }
  }

  /// What the independent reader finds in `folders`: (path, name, colors).
  static func independent(_ folders: [String]) throws -> [(String, String, [String])] {
    let result = try runProgram(
      "/usr/bin/python3", [fixturesDirectory + "/palettes/read-palettes.py"] + folders)
    guard result.status == 0 else { throw HarnessError(description: result.stderr) }
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
    let files = try #require(object["files"] as? [[String: Any]])
    return try files.map { file in
      (
        try #require(file["path"] as? String), try #require(file["name"] as? String),
        try #require(file["colors"] as? [String])
      )
    }
  }

  /// The system folders in search order (GIMP's in each data folder, then Inkscape's); on a
  /// machine with Inkscape installed, /usr/share/inkscape/palettes is one too.
  static let systemFolders = [
    gimpData + "/gimp/2.0/palettes", inkscapeData + "/gimp/2.0/palettes",
    gimpData + "/inkscape/palettes", inkscapeData + "/inkscape/palettes",
  ]

  @Test("--json lists Recent, then every palette GIMP and Inkscape ship, with its color count")
  func listsShipped() throws {
    let home = try Home()
    defer { removeTree(home.root) }
    let expected = try Self.independent(Self.systemFolders)
    #expect(expected.filter { $0.0.contains("/gimp/") }.count >= 40)
    #expect(expected.filter { $0.0.contains("/inkscape/") }.count >= 23)
    let result = try runPickers(["palette", "list", "--json"], environment: home.environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [[String: Any]])
    #expect(rows.first?["name"] as? String == "Recent")
    #expect(rows.first?["count"] as? Int == 0)
    let listed = rows.dropFirst().map {
      ($0["path"] as? String ?? "", $0["name"] as? String ?? "", $0["count"] as? Int ?? -1)
    }
    #expect(listed.map(\.0) == expected.map(\.0))
    #expect(listed.map(\.1) == expected.map(\.1))
    #expect(listed.map(\.2) == expected.map(\.2.count))
    for row in rows.dropFirst() {
      let owner = try #require(row["owner"] as? String)
      let path = try #require(row["path"] as? String)
      #expect(path.contains(owner == "gimp" ? "/gimp/2.0/" : "/inkscape/"))
      #expect(row["qualifiedName"] as? String == owner + ":" + (row["name"] as? String ?? ""))
    }
  }

  @Test("palette show gives every shipped palette's colors as the independent reader does")
  func showsShipped() throws {
    let home = try Home()
    defer { removeTree(home.root) }
    var seen: Set<String> = []
    for (path, name, colors) in try Self.independent(Self.systemFolders) {
      let owner = path.contains("/gimp/") ? "gimp" : "inkscape"
      // A qualified name finds the first file of that name in the owner's folders.
      guard seen.insert(owner + ":" + name).inserted else { continue }
      let result = try runPickers(
        ["palette", "show", owner + ":" + name, "--format", "hex"], environment: home.environment)
      #expect(result.status == 0, "\(path): \(result.stderr)")
      #expect(result.output.split(separator: "\n").map(String.init) == colors, "\(path)")
    }
  }

  @Test("pickers' own folder wins for a bare name; a prefix picks the program")
  func searchOrder() throws {
    let home = try Home()
    defer { removeTree(home.root) }
    try home.write(
      "GIMP Palette\nName: Mine\n#\n  1   2   3\tone\n", to: "data/pickers/palettes/Tango.gpl")
    let bare = try runPickers(
      ["palette", "show", "Tango", "--format", "hex"], environment: home.environment)
    #expect(bare.status == 0, "\(bare.stderr)")
    #expect(bare.output == "#010203\n")
    let gimp = try runPickers(
      ["palette", "show", "gimp:Tango", "--format", "hex"], environment: home.environment)
    let expected = try Self.independent([Self.gimpData + "/gimp/2.0/palettes"])
      .first { $0.1 == "Tango" }
    #expect(gimp.output.split(separator: "\n").map(String.init) == expected?.2)
    // A name in another case is found when no exact one exists.
    let folded = try runPickers(
      ["palette", "show", "gimp:tango", "--format", "hex"], environment: home.environment)
    #expect(folded.output == gimp.output)
  }

  @Test("the user's GIMP and Inkscape folders are read; an unreadable file is a warning")
  func userFolders() throws {
    let home = try Home()
    defer { removeTree(home.root) }
    try home.write("GIMP Palette\n255 0 0 red\n", to: "config/GIMP/2.10/palettes/Warm.gpl")
    try home.write("GIMP Palette\n0 0 255 blue\n", to: "config/inkscape/palettes/Cold.gpl")
    try home.write("GIMP Palette\n0 0 0 black\n", to: ".gimp-2.8/palettes/Old.gpl")
    try home.write("not a palette\n", to: "data/pickers/palettes/Broken.gpl")
    let result = try runPickers(["palette", "list"], environment: home.environment)
    #expect(result.status == 0)
    let names = result.output.split(separator: "\n").map {
      String($0.split(separator: " ").first ?? "")
    }
    #expect(names.prefix(3) == ["Recent", "gimp:Warm", "gimp:Old"])
    #expect(names.contains("inkscape:Cold"))
    #expect(!names.contains("pickers:Broken"))
    #expect(
      result.stderr.hasPrefix(
        "pickers: warning: skipped palette '\(home.root)/data/pickers/palettes/Broken.gpl': "))
  }

  @Test("Recent is the color window's recent picks, newest first")
  func recent() throws {
    let home = try Home()
    defer { removeTree(home.root) }
    try home.write("#3478f6\n#ff0000\n", to: "state/pickers/recent-colors")
    let result = try runPickers(["palette", "show", "Recent"], environment: home.environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.output == "#3478f6  #3478f6\n#ff0000  #ff0000\n")
  }

  @Test("-o sheet.png draws 4 swatches a row of 224 x 96 pixels (decoded by Pillow)")
  func sheet() throws {
    let home = try Home()
    defer { removeTree(home.root) }
    let expected = try #require(
      try Self.independent([Self.gimpData + "/gimp/2.0/palettes"]).first { $0.1 == "Tango" })
    let path = home.root + "/tango.png"
    let result = try runPickers(
      ["palette", "show", "gimp:Tango", "-o", path], environment: home.environment)
    #expect(result.status == 0, "\(result.stderr)")
    let size = try runProgram(
      "/usr/bin/python3",
      ["-c", "import sys; from PIL import Image; print(*Image.open(sys.argv[1]).size)", path])
    let rows = (expected.2.count + 3) / 4
    #expect(size.output == "\(4 * 224) \(rows * 96)\n")
  }

  @Test("--palette NAME and palette convert NAME take a named palette")
  func paletteByName() throws {
    let home = try Home()
    defer { removeTree(home.root) }
    try home.write(
      "GIMP Palette\n255 0 0 red\n0 0 255 blue\n", to: "data/pickers/palettes/Pair.gpl")
    let simulated = try runPickers(
      ["palette", "simulate", "--palette", "Pair", "-d", "protanopia", "--format", "hex"],
      environment: home.environment)
    #expect(simulated.status == 0, "\(simulated.stderr)")
    #expect(simulated.output.split(separator: "\n").count == 4)
    #expect(simulated.output.hasPrefix("#ff0000\n"))
    let converted = try runPickers(
      ["palette", "convert", "Pair", "--format", "css"], environment: home.environment)
    #expect(converted.status == 0, "\(converted.stderr)")
    #expect(converted.output == ":root {\n  --red: #ff0000;\n  --blue: #0000ff;\n}\n")
  }

  @Test("an unknown name exits 1 naming the folders searched; an empty list exits 1")
  func unknown() throws {
    let home = try Home()
    defer { removeTree(home.root) }
    let result = try runPickers(["palette", "show", "Nope"], environment: home.environment)
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    let searched = Self.systemFolders.filter { access($0, F_OK) == 0 }
    #expect(
      result.stderr
        == "pickers: no palette named 'Nope' in \(searched.joined(separator: ", "))\n")
    let empty = try runPickers(["palette", "show", "Recent"], environment: home.environment)
    #expect(empty.status == 1)
    #expect(empty.stderr == "pickers: palette 'Recent' holds no colors\n")
  }
}
