import Glibc
import Testing

/// `font install` stages each font of a zip in a private folder under `$TMPDIR` (fontconfig
/// reads its names there before anything is copied) and removes that folder, whatever happens.
@Suite("font install leaves no staging folder behind")
struct FontInstallStagingTests {
  @Test("after a dry run, an install, a second install and an uninstall, TMPDIR is empty")
  func stagingRemoved() throws {
    let (folder, environment) = try FontInstallCLITests.setUp()
    defer { removeTree(folder) }
    let staging = folder + "/tmp"
    _ = try runProgram("/bin/mkdir", ["-p", staging])
    var withTemporary = environment
    withTemporary["TMPDIR"] = staging
    let font = testFontsFolder + "/NotoSansLycian-Regular.ttf"
    let good = folder + "/lycian.zip"
    try FontInstallCLITests.zip(good, [("fonts/NotoSansLycian-Regular.ttf", font)])
    let dry = try runPickers(["font", "install", "--dry-run", good], environment: withTemporary)
    #expect(dry.status == 0, "\(dry.stderr)")
    #expect(directoryEntries(staging).isEmpty)
    let installed = try runPickers(["font", "install", good], environment: withTemporary)
    #expect(installed.status == 0, "\(installed.stderr)")
    #expect(directoryEntries(staging).isEmpty)
    // fontconfig's own answer: the copy is listed, from the user's folder.
    let listed = try FontInstallCLITests.listed(environment)
    #expect(listed.contains { $0.hasPrefix("Noto Sans Lycian\t\(folder)/data/fonts/pickers/") })
    let again = try runPickers(["font", "install", good], environment: withTemporary)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stderr.contains("already installed"), "\(again.stderr)")
    #expect(directoryEntries(staging).isEmpty)
    let removed = try runPickers(
      ["font", "uninstall", "Noto Sans Lycian"], environment: withTemporary)
    #expect(removed.status == 0, "\(removed.stderr)")
    #expect(directoryEntries(staging).isEmpty)
  }
}
