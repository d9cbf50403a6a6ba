import Glibc
import Testing

@testable import Pickers

@Suite("FontInstaller's checks")
struct FontInstallerTests {
  /// The files of the test font set.
  static func testFonts() -> [String] {
    guard let directory = opendir(FontTools.fontsFolder) else { return [] }
    defer { closedir(directory) }
    var paths: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if !name.hasPrefix(".") { paths.append(FontTools.fontsFolder + "/" + name) }
    }
    return paths.sorted()
  }

  @Test("every font of the test set (which fontconfig lists) passes, with fontconfig's face count")
  func testSetPasses() throws {
    let paths = Self.testFonts()
    #expect(paths.count > 300)
    let installer = FontInstaller(folder: "/nonexistent/fonts", recordPath: "/nonexistent/r.json")
    // One file at a time: the whole set is over the one-install limit on unpacked data.
    for path in paths {
      let check = try installer.check([path])
      let faces = try FontTools.run("fc-scan", ["--format", "%{index}\n", path])
        .split(separator: "\n").compactMap { Int($0) }.filter { $0 < 0x10000 }
      #expect(check.fonts.count == 1)
      #expect(check.fonts.first?.faceCount == Set(faces).count, "\(path)")
    }
  }

  @Test("a zip bomb's declared size is refused before anything is inflated")
  func declaredSizeLimit() throws {
    var archive = ZipArchive.stored([("big.ttf", Array(repeating: 0, count: 64))])
    // The directory entry's uncompressed size (offset 24 of the central header) set to 4 GiB-1.
    let central = try #require(
      (0..<(archive.count - 4)).first { archive[$0..<($0 + 4)] == [0x50, 0x4B, 0x01, 0x02] })
    for offset in 0..<4 { archive[central + 24 + offset] = 0xFF }
    let member = try #require(try ZipArchive.members(in: archive, maximumCount: 10).first)
    #expect(member.size == 0xFFFF_FFFF)
    #expect(throws: ZipArchive.Problem.self) {
      try ZipArchive.contents(of: member, in: archive, maximumSize: 1_048_576)
    }
  }

  @Test("file names of copies have no folder, no leading dot and a font ending")
  func fileNames() {
    #expect(FontInstaller.fileName("..hidden.ttf", format: .trueType) == "hidden.ttf")
    #expect(FontInstaller.fileName("Font", format: .openType) == "Font.otf")
    #expect(FontInstaller.fileName("Font.TTF", format: .trueType) == "Font.TTF")
    #expect(FontInstaller.fileName("a\u{1}b.woff2", format: .woff2) == "ab.woff2")
    #expect(FontInstaller.fileName("", format: .collection) == "font.ttc")
  }
}
