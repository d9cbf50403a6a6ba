// libFuzzer target: the fontconfig pattern front end (`FontCatalog.match(pattern:)` and
// `sortedMatches(pattern:)`) over the test font configuration.
//
// Any byte string, valid UTF-8 or not, must end in a face or a `FontError`; never a crash.
import Glibc
import Pickers

/// The catalog over `Tests/Fixtures/fonts.conf` (or `$FONTCONFIG_FILE`), without the disk cache
/// so every input reaches fontconfig.
private let catalog: FontCatalog? = {
  let configFile =
    getenv("FONTCONFIG_FILE").map { String(cString: $0) }
    ?? {
      var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
      parts.removeLast(4)  // Fuzz/Targets/fuzz-font-pattern/FuzzFontPattern.swift
      return parts.joined(separator: "/") + "/Tests/Fixtures/fonts.conf"
    }()
  return try? FontCatalog(configFile: configFile, cache: .disabled)
}()

/// Loads the catalog and answers one pattern before the first input, outside libFuzzer's
/// per-input timeout: a first load that has to rebuild fontconfig's cache of the test fonts
/// took over 10 s on a busy machine, and was reported as a timeout of the empty input.
@_cdecl("LLVMFuzzerInitialize")
public func initializeFontPattern(
  _ argc: UnsafeMutablePointer<Int32>?,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> Int32 {
  guard let catalog else { fatalError("the test font configuration did not load") }
  _ = try? catalog.match(pattern: "sans-serif")
  return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFontPattern(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let catalog else { fatalError("the test font configuration did not load") }
  let pattern = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  _ = try? catalog.match(pattern: pattern)
  if size % 7 == 0 { _ = try? catalog.sortedMatches(pattern: pattern) }
  return 0
}
