import Glibc
import Testing

@testable import Pickers

@Suite("PNG: libpng's reasons reach the message", .tags(.reliability))
struct ReliabilityPNGLimitTests {
  @Test("an image taller than libpng's 1,000,000-row limit says so, not only 'invalid IHDR data'")
  func rowLimit() throws {
    let path = "/tmp/pickers-png-limit-\(UInt64.random(in: 0...UInt64.max)).png"
    defer { unlink(path) }
    // 1 x 1,000,001 is within the 100-megapixel bound; libpng's own default limit
    // (PNG_USER_HEIGHT_MAX, 1,000,000 rows) refuses it.
    do {
      let writer = try PNGStreamWriter(path: path, width: 1, height: 1_000_001)
      try writer.finish()
      Issue.record("a 1,000,001-row PNG was accepted")
    } catch {
      let text = "\(error)".lowercased()
      #expect(text.contains("invalid ihdr data"), "\(error)")
      #expect(text.contains("height exceeds user limit"), "\(error)")
    }
    #expect(access(path, F_OK) != 0)
  }
}
