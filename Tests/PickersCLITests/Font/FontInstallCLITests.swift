import FoundationEssentials
import Glibc
import Testing

@Suite("pickers font install and uninstall")
struct FontInstallCLITests {
  /// A private folder with a configuration whose fonts are one test font (DejaVu Sans Mono) and
  /// the user's `$XDG_DATA_HOME/fonts`, and the environment to use it.
  ///
  /// `XDG_DATA_DIRS` points at an empty folder: fontconfig 2.14 also reads
  /// `$XDG_DATA_DIRS/fonts` for a `<dir prefix="xdg">`, which would bring in `/usr/share/fonts`.
  static func setUp() throws -> (folder: String, environment: [String: String]) {
    let folder = try makeTemporaryDirectory()
    _ = try runProgram("/bin/mkdir", ["-p", folder + "/base", folder + "/none"])
    _ = try runProgram(
      "/bin/cp", ["-L", testFontsFolder + "/DejaVuSansMono.ttf", folder + "/base/"])
    try writeText(
      """
      <?xml version="1.0"?>
      <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
      <fontconfig>
        <dir>\(folder)/base</dir>
        <dir prefix="xdg">fonts</dir>
        <cachedir>\(folder)/fontconfig-cache</cachedir>
      </fontconfig>
      """, to: folder + "/fonts.conf")
    return (
      folder,
      [
        "FONTCONFIG_FILE": folder + "/fonts.conf", "XDG_DATA_HOME": folder + "/data",
        "XDG_DATA_DIRS": folder + "/none", "XDG_CONFIG_HOME": folder + "/config",
        "XDG_CACHE_HOME": folder + "/cache",
      ]
    )
  }

  /// fontconfig's own answer: `family[0]` and file of every face.
  static func listed(_ env: [String: String]) throws -> Set<String> {
    Set(outputLines(try fcList(["--format", "%{family[0]}\t%{file}\n"], environment: env)))
  }

  /// A test font copied to `path`.
  static func copyTestFont(_ name: String, to path: String) throws {
    _ = try runProgram("/bin/cp", ["-L", testFontsFolder + "/" + name, path])
  }

  /// Writes a zip archive of `members` (archive name, file on disk or `text:` contents) with
  /// Python's zipfile, an independent writer.
  static func zip(_ path: String, _ members: [(String, String)]) throws {
    var script =
      "import zipfile, sys\nz = zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED)\n"
    for (name, source) in members {
      if source.hasPrefix("text:") {
        script +=
          "z.writestr(\(pythonString(name)), \(pythonString(String(source.dropFirst(5)))))\n"
      } else {
        script += "z.write(\(pythonString(source)), \(pythonString(name)))\n"
      }
    }
    script += "z.close()\n"
    let result = try runProgram("/usr/bin/python3", ["-c", script, path])
    #expect(result.status == 0, "\(result.stderr)")
  }

  private static func pythonString(_ text: String) -> String {
    "'"
      + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
      + "'"
  }

  @Test("install makes fc-list list a font; a second install reports it; uninstall removes it")
  func installAndUninstall() throws {
    let (folder, env) = try Self.setUp()
    defer { removeTree(folder) }
    let source = folder + "/My Serif.ttf"
    try Self.copyTestFont("DejaVuSerif.ttf", to: source)
    let installed = folder + "/data/fonts/pickers/My Serif.ttf"
    #expect(try !Self.listed(env).contains("DejaVu Serif\t" + installed))

    // pickers' own cached answer, warm before the install, agrees with fontconfig after it.
    #expect(
      !outputLines(try runPickers(["font", "list"], environment: env)).contains("DejaVu Serif"))
    let install = try runPickers(["font", "install", source], environment: env)
    #expect(install.status == 0, "\(install.stderr)")
    #expect(install.output == "DejaVu Serif\n")
    #expect(try Self.listed(env).contains("DejaVu Serif\t" + installed))
    // The cache was rebuilt: fontconfig finds a valid cache for the folder.
    let cached = try runProgram(
      "/usr/bin/fc-cat", [folder + "/data/fonts/pickers"], environment: env)
    #expect(cached.output.contains("My Serif.ttf"))

    #expect(
      outputLines(try runPickers(["font", "list"], environment: env)).contains("DejaVu Serif"))
    let again = try runPickers(["font", "install", source], environment: env)
    #expect(again.status == 0)
    #expect(again.output.isEmpty)
    #expect(again.stderr.contains("\"DejaVu Serif\" is already installed (in '\(installed)')"))
    #expect(directoryEntries(folder + "/data/fonts/pickers") == ["My Serif.ttf"])

    let uninstall = try runPickers(["font", "uninstall", "dejavu serif"], environment: env)
    #expect(uninstall.status == 0, "\(uninstall.stderr)")
    #expect(uninstall.output == "DejaVu Serif\n")
    let after = try Self.listed(env)
    #expect(!after.contains { $0.hasPrefix("DejaVu Serif\t") })
    #expect(after.contains("DejaVu Sans Mono\t\(folder)/base/DejaVuSansMono.ttf"))
    #expect(directoryEntries(folder + "/data/fonts/pickers").isEmpty)
    #expect(
      outputLines(try runPickers(["font", "list"], environment: env)) == ["DejaVu Sans Mono"])

    let unknown = try runPickers(["font", "uninstall", "DejaVu Sans Mono"], environment: env)
    #expect(unknown.status == 1)
    #expect(
      unknown.stderr
        == "pickers: \"DejaVu Sans Mono\" was not installed by pickers (pickers installed no "
        + "fonts); nothing was removed\n")
    #expect(try Self.listed(env).contains("DejaVu Sans Mono\t\(folder)/base/DejaVuSansMono.ttf"))
  }

  @Test("a dangling link in the font folder is not written through: the copy gets a free name")
  func danglingLinkInFontFolder() throws {
    let (folder, env) = try Self.setUp()
    defer { removeTree(folder) }
    let source = folder + "/Serif.ttf"
    try Self.copyTestFont("DejaVuSerif.ttf", to: source)
    let fonts = folder + "/data/fonts/pickers"
    _ = try runProgram("/bin/mkdir", ["-p", fonts])
    #expect(symlink(folder + "/elsewhere.ttf", fonts + "/Serif.ttf") == 0)
    let install = try runPickers(["font", "install", source], environment: env)
    #expect(install.status == 0, "\(install.stderr)")
    #expect(directoryEntries(fonts) == ["Serif-2.ttf", "Serif.ttf"])
    #expect(access(folder + "/elsewhere.ttf", F_OK) != 0)
    #expect(try Self.listed(env).contains("DejaVu Serif\t" + fonts + "/Serif-2.ttf"))
  }

  @Test("a PNG renamed .ttf, a truncated font and a zip with one bad member copy nothing")
  func refusals() throws {
    let (folder, env) = try Self.setUp()
    defer { removeTree(folder) }
    let png = folder + "/picture.ttf"
    #expect(
      try runPickers(["color", "swatch", "red", "-o", folder + "/picture.png"]).status == 0)
    _ = try runProgram("/bin/mv", [folder + "/picture.png", png])
    let good = folder + "/Good.ttf"
    try Self.copyTestFont("DejaVuSerif.ttf", to: good)
    let truncated = folder + "/Cut.ttf"
    try Self.copyTestFont("DejaVuSerif-Bold.ttf", to: truncated)
    let size = try #require(
      Int(
        try runProgram("/usr/bin/stat", ["-c", "%s", truncated]).output
          .trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(truncate(truncated, off_t(size / 2)) == 0)
    let zip = folder + "/Family.zip"
    try Self.zip(zip, [("Family/Good.ttf", good), ("Family/Cut.ttf", truncated)])

    let cases: [([String], String)] = [
      ([good, png], "pickers: cannot install '\(png)': it is a PNG image, not a font"),
      ([truncated], "pickers: cannot install '\(truncated)': it is truncated (table '"),
      ([zip], "pickers: cannot install '\(zip): Family/Cut.ttf': it is truncated"),
    ]
    for (files, message) in cases {
      let result = try runPickers(["font", "install"] + files, environment: env)
      #expect(result.status == 1)
      #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
      #expect(result.stderr.hasSuffix("; nothing was copied\n"))
      #expect(result.output.isEmpty)
      #expect(directoryEntries(folder + "/data/fonts/pickers").isEmpty)
      #expect(access(folder + "/data/pickers/installed-fonts.json", F_OK) != 0)
    }
    #expect(try !Self.listed(env).contains { $0.hasPrefix("DejaVu Serif\t") })
  }

  @Test("--dry-run copies nothing and removes nothing")
  func dryRun() throws {
    let (folder, env) = try Self.setUp()
    defer { removeTree(folder) }
    let source = folder + "/Serif.ttf"
    try Self.copyTestFont("DejaVuSerif.ttf", to: source)
    let dry = try runPickers(["font", "install", "--dry-run", source], environment: env)
    #expect(dry.status == 0)
    #expect(dry.output == "DejaVu Serif\n")
    #expect(dry.stderr.contains("dry run: would copy '\(source)'"))
    #expect(directoryEntries(folder + "/data/fonts/pickers").isEmpty)
    #expect(directoryEntries(folder + "/data/pickers").isEmpty)
    #expect(try !Self.listed(env).contains { $0.hasPrefix("DejaVu Serif\t") })

    #expect(try runPickers(["font", "install", source], environment: env).status == 0)
    let dryRemove = try runPickers(
      ["font", "uninstall", "--dry-run", "DejaVu Serif"], environment: env)
    #expect(dryRemove.status == 0)
    #expect(dryRemove.output == "DejaVu Serif\n")
    #expect(directoryEntries(folder + "/data/fonts/pickers") == ["Serif.ttf"])
    #expect(try Self.listed(env).contains { $0.hasPrefix("DejaVu Serif\t") })
  }

  @Test("a zip of two fonts in folders installs both and skips its other members")
  func zipOfTwo() throws {
    let (folder, env) = try Self.setUp()
    defer { removeTree(folder) }
    let zip = folder + "/Serif-2.0.zip"
    try Self.zip(
      zip,
      [
        ("Serif-2.0/fonts/ttf/DejaVuSerif.ttf", testFontsFolder + "/DejaVuSerif.ttf"),
        ("Serif-2.0/fonts/ttf/DejaVuSans.ttf", testFontsFolder + "/DejaVuSans.ttf"),
        ("Serif-2.0/OFL.txt", "text:Copyright"),
        ("__MACOSX/Serif-2.0/._DejaVuSerif.ttf", "text:metadata"),
      ])
    let result = try runPickers(["font", "install", zip], environment: env)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Set(outputLines(result)) == ["DejaVu Serif", "DejaVu Sans"])
    #expect(result.stderr.contains("skipped 'Serif-2.0/OFL.txt' in '\(zip)': not a font"))
    let target = folder + "/data/fonts/pickers/"
    let listed = try Self.listed(env)
    #expect(listed.contains("DejaVu Serif\t" + target + "DejaVuSerif.ttf"))
    #expect(listed.contains("DejaVu Sans\t" + target + "DejaVuSans.ttf"))
    #expect(try runPickers(["font", "uninstall", "DejaVu Sans"], environment: env).status == 0)
    #expect(directoryEntries(target) == ["DejaVuSerif.ttf"])
  }

  @Test("a WOFF2 font installs where FreeType reads it (woff2_compress makes one)")
  func woff2() throws {
    guard programExists("woff2_compress") else { return }
    let (folder, env) = try Self.setUp()
    defer { removeTree(folder) }
    try Self.copyTestFont("DejaVuSerif.ttf", to: folder + "/Serif.ttf")
    _ = try runProgram("/usr/bin/env", ["woff2_compress", folder + "/Serif.ttf"])
    let result = try runPickers(["font", "install", folder + "/Serif.woff2"], environment: env)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try Self.listed(env).contains("DejaVu Serif\t\(folder)/data/fonts/pickers/Serif.woff2"))
  }

  @Test("concurrent installs lose no record and copy a font once")
  func concurrentInstalls() async throws {
    let (folder, env) = try Self.setUp()
    defer { removeTree(folder) }
    let names = [
      "DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf", "DejaVuSans.ttf", "DejaVuSans-Bold.ttf",
    ]
    var sources: [String] = []
    for name in names {
      for copy in 1...2 {
        let path = folder + "/\(copy)-" + name
        try Self.copyTestFont(name, to: path)
        sources.append(path)
      }
    }
    try await withThrowingTaskGroup(of: Int32.self) { group in
      for source in sources {
        group.addTask { try runPickers(["font", "install", source], environment: env).status }
      }
      for try await status in group { #expect(status == 0) }
    }
    // Each font once (two copies of each were installed at once), and every one recorded.
    let files = directoryEntries(folder + "/data/fonts/pickers")
    #expect(files.count == names.count, "\(files)")
    let record = try String(
      contentsOfFile: folder + "/data/pickers/installed-fonts.json", encoding: .utf8)
    for file in files { #expect(record.contains("\"file\" : \"\(file)\"")) }
    let listed = try Self.listed(env)
    for file in files {
      #expect(listed.contains { $0.hasSuffix("\t\(folder)/data/fonts/pickers/\(file)") })
    }
  }
}
