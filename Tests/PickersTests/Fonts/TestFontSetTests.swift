import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The fixed test font set is what makes every font test independent of the machine: these
/// tests check that fontconfig sees exactly the manifest's files, whatever else is installed.
@Suite("Test font set")
struct TestFontSetTests {
  /// The repository root, from this file's path.
  static let repository = FontTools.fixture("..").split(separator: "/").dropLast(3)
    .reduce("") { $0 + "/" + $1 }

  /// The manifest's lines of one kind, as (package, path).
  static func manifest(_ kind: String) throws -> [(package: String, path: String)] {
    let text = try FontTools.runPlain("/bin/cat", [FontTools.fixture("test-fonts.manifest")])
    return text.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: " ", maxSplits: 2).map(String.init)
      guard fields.count == 3, fields[0] == kind else { return nil }
      return (fields[1], fields[2])
    }
  }

  @Test("fc-list with the test fonts.conf lists exactly the manifest's font files")
  func exactlyTheManifest() throws {
    let listed = Set(
      try FontTools.run("fc-list", ["--format", "%{file}\n"]).split(separator: "\n")
        .map(String.init))
    let expected = Set(
      try Self.manifest("font").map { entry in
        FontTools.fontsFolder + "/" + (entry.path.split(separator: "/").last.map(String.init) ?? "")
      })
    #expect(!expected.isEmpty)
    // A .ttc lists each face under one file name; every file is seen and nothing else is.
    #expect(listed == expected)
  }

  @Test("every private font is a link to the manifest's file in its Debian package")
  func linksPointIntoPackages() throws {
    let entries = try Self.manifest("font")
    // One dpkg-query for all files: "package: path" a line.
    let owners = try FontTools.runPlain("/usr/bin/dpkg-query", ["-S"] + entries.map(\.path))
    let owner = Dictionary(
      owners.split(separator: "\n").compactMap { line -> (String, String)? in
        guard let colon = line.firstIndex(of: ":") else { return nil }
        return (String(line[line.index(colon, offsetBy: 2)...]), String(line[..<colon]))
      }, uniquingKeysWith: { first, _ in first })
    for entry in entries {
      let name = entry.path.split(separator: "/").last.map(String.init) ?? ""
      var buffer = [CChar](repeating: 0, count: 4096)
      let count = readlink(FontTools.fontsFolder + "/" + name, &buffer, buffer.count - 1)
      #expect(count > 0, "\(name) is not a link in \(FontTools.fontsFolder)")
      guard count > 0 else { continue }
      let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      #expect(target == entry.path)
      #expect(
        owner[entry.path] == entry.package,
        "\(entry.path) belongs to \(owner[entry.path] ?? "none")")
    }
  }

  @Test("the rules are Debian's, named one by one, without the user's or the machine's own")
  func rulesAreFixed() throws {
    let conf = try FontTools.runPlain("/bin/cat", [FontTools.fixturesConf])
    let includes = conf.split(separator: "\n").filter { $0.contains("<include") }
    let rules = try Self.manifest("rule").map(\.path)
    #expect(includes.count == rules.count)
    for rule in rules { #expect(conf.contains(">\(rule)</include>")) }
    #expect(!conf.contains("/etc/fonts/conf.d<"))
    #expect(!rules.contains { $0.hasSuffix("50-user.conf") || $0.hasSuffix("51-local.conf") })
    #expect(!conf.contains("<dir>/usr/share"))
  }

  @Test("a manifest file that is missing stops the check at once, naming it and its package")
  func missingFileMessage() throws {
    let manifest = try FontTools.runPlain("/bin/cat", [FontTools.fixture("test-fonts.manifest")])
    let path = "/tmp/pickers-test-fonts-manifest-\(getpid())"
    let broken = manifest + "font fonts-imaginary /usr/share/fonts/truetype/imaginary/Nope.ttf\n"
    let file = try #require(fopen(path, "w"))
    fputs(broken, file)
    fclose(file)
    defer { unlink(path) }
    let output = try FontTools.runPlain(
      "/bin/bash",
      [
        "-c",
        "\(Self.repository)/scripts/test-fonts --check --manifest \(path) 2>&1; echo status=$?",
      ]
    )
    #expect(output.contains("/usr/share/fonts/truetype/imaginary/Nope.ttf (from fonts-imaginary)"))
    #expect(output.contains("install fonts-imaginary"))
    #expect(output.hasSuffix("status=1\n"))
    #expect(output.split(separator: "\n").count == 4)
  }
}
