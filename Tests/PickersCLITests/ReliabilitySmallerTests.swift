import Glibc
import Testing

/// The smaller items of the second reliability round.
@Suite("Reliability round two: smaller items")
struct ReliabilitySmallerTests {
  @Test("-o naming a loop of symbolic links fails with the system's reason and keeps the links")
  func symbolicLinkLoop() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let (first, second) = (folder + "/a.png", folder + "/b.png")
    #expect(symlink(second, first) == 0 && symlink(first, second) == 0)
    let result = try runPickers(["color", "swatch", "red", "-o", first])
    #expect(result.status == 1)
    // The C library's text for ELOOP, as every other system error is quoted.
    let reason = String(cString: strerror(ELOOP))
    #expect(
      result.stderr
        == "pickers: cannot write \"\(first)\": open failed: "
        + "\(reason.prefix(1).lowercased() + reason.dropFirst())\n")
    var status = stat()
    #expect(lstat(first, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
    #expect(directoryEntries(folder) == ["a.png", "b.png"])
  }

  @Test("font match --all with no fonts fails like font match (and fc-match) does")
  func matchAllWithoutFonts() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    mkdir(folder + "/fonts", 0o755)
    let conf = folder + "/fonts.conf"
    let text =
      "<?xml version=\"1.0\"?>\n<fontconfig><dir>\(folder)/fonts</dir>"
      + "<cachedir>\(folder)/fccache</cachedir></fontconfig>\n"
    let fd = open(conf, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    _ = Array(text.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    let environment = ["FONTCONFIG_FILE": conf, "XDG_CACHE_HOME": folder + "/cache"]
    let truth = try runProgram("/usr/bin/fc-match", ["serif"], environment: environment)
    #expect(truth.output.isEmpty)
    let single = try runPickers(["font", "match", "serif"], environment: environment)
    #expect(single.status == 1)
    for arguments in [
      ["font", "match", "--all", "serif"], ["font", "match", "--all", "--json", "serif"],
    ] {
      let all = try runPickers(arguments, environment: environment)
      #expect(all.status == 1, "\(arguments)")
      #expect(all.stdout.isEmpty)
      #expect(all.stderr == single.stderr)
    }
  }
}
