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

@Suite("Specimen of thousands of faces")
struct ReliabilityLargeSpecimenTests {
  @Test("font specimen --faces over 3,000 faces streams a sheet taller than 100 MP in under 64 MiB")
  func threeThousandFaces() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    mkdir(folder + "/fonts", 0o755)
    // 3,000 faces: links to the DejaVu files, each a face of its own for fontconfig.
    let dejavu = "/usr/share/fonts/truetype/dejavu"
    let files = directoryEntries(dejavu).filter { $0.hasSuffix(".ttf") }
    #expect(!files.isEmpty)
    for index in 0..<3000 {
      #expect(
        symlink(dejavu + "/" + files[index % files.count], folder + "/fonts/f\(index).ttf") == 0)
    }
    let conf = folder + "/fonts.conf"
    let text =
      "<?xml version=\"1.0\"?>\n<fontconfig><dir>\(folder)/fonts</dir>"
      + "<cachedir>\(folder)/fccache</cachedir></fontconfig>\n"
    let fd = open(conf, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    _ = Array(text.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    let environment = ["FONTCONFIG_FILE": conf, "XDG_CACHE_HOME": folder + "/cache"]
    let faces = try runProgram(
      "/usr/bin/fc-list", ["--format", "%{file}\n"], environment: environment)
    #expect(faces.output.split(separator: "\n").count == 3000)
    let sheet = folder + "/sheet.png"
    // GNU time reports the peak resident set of the process it runs.
    let result = try runProgram(
      "/usr/bin/time",
      [
        "-f", "peak %M", pickersBinary, "font", "specimen", "--all", "--faces", "--size", "12",
        "--text", "Ag", "-o", sheet,
      ],
      environment: environment, timeout: 900)
    #expect(result.status == 0, "\(result.stderr)")
    let peak = result.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }
    let kibibytes = try #require(peak.flatMap { Int($0.dropFirst(5)) })
    #expect(kibibytes < 64 * 1024, "peak \(kibibytes) KiB")
    // Pillow reads the header and checks every chunk's CRC without decoding the pixels.
    let check = try runProgram(
      "/usr/bin/python3",
      [
        "-c",
        "import sys; from PIL import Image; Image.MAX_IMAGE_PIXELS = None; "
          + "im = Image.open(sys.argv[1]); "
          + "size = im.size; im.verify(); print(size[0], size[1])", sheet,
      ])
    #expect(check.status == 0, "\(check.stderr)")
    let size = check.output.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap {
      Int($0)
    }
    #expect(size.count == 2 && size[0] * size[1] > 100_000_000, "\(check.output)")
  }
}
