import Glibc
import Testing

@testable import Pickers

/// Damaged zip archives, written by Python's zipfile (an independent writer) and then changed,
/// are refused with what is wrong with them.
@Suite("Zip members: damage is named", .tags(.reliability))
struct ReliabilityZipMemberTests {
  /// A zip of one real font (deflated by Python's zipfile), as bytes.
  static func fontZip() throws -> [UInt8] {
    let path = "/tmp/pickers-zip-member-\(UInt64.random(in: 0...UInt64.max)).zip"
    defer { unlink(path) }
    let script = """
      import sys, zipfile
      with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as archive:
          archive.write(sys.argv[2], "fonts/NotoSansLycian-Regular.ttf")
      """
    _ = try FontTools.run(
      "python3", ["-c", script, path, FontTools.fontsFolder + "/NotoSansLycian-Regular.ttf"])
    return try readFile(path, maximumSize: 1_048_576)
  }

  @Test("a compressed size past the end of the file is a cut archive, not one over the limit")
  func compressedSizePastEnd() throws {
    var archive = try Self.fontZip()
    let members = try ZipArchive.members(in: archive, maximumCount: 10)
    let member = try #require(members.first)
    // As written, the member reads whole.
    #expect(member.name == "fonts/NotoSansLycian-Regular.ttf")
    #expect(
      try ZipArchive.contents(of: member, in: archive, maximumSize: 1_048_576).count
        == member.size)
    // The central directory's compressed size (offset 20 of its entry) set to 0xFFFFFF00.
    let central = try #require(
      (0..<(archive.count - 4)).first { archive[$0..<($0 + 4)] == [0x50, 0x4B, 0x01, 0x02] })
    archive.replaceSubrange((central + 20)..<(central + 24), with: [0x00, 0xFF, 0xFF, 0xFF])
    let damaged = try #require(try ZipArchive.members(in: archive, maximumCount: 10).first)
    #expect(damaged.compressedSize == 0xFFFF_FF00)
    #expect(throws: ZipArchive.Problem("the archive ends inside it")) {
      try ZipArchive.contents(of: damaged, in: archive, maximumSize: 1_048_576)
    }
  }
}
