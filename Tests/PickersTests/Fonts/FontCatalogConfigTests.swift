import CFontconfig
import Testing

@testable import Pickers

extension FontCatalogTests {
  /// How many faces a configuration holds (the only test code that touches fontconfig itself).
  static func fontCount(_ config: OpaquePointer) -> Int {
    Int(FcConfigGetFonts(config, FcSetSystem)?.pointee.nfont ?? 0)
  }
}
