import Glibc
import Testing

@Suite("Specimen of thousands of faces", .tags(.reliability, .slow))
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
