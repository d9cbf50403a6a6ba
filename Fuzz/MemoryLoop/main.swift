// pickers-memory-loop: lists the font families and renders a specimen row of one family (each
// family in turn) ITERATIONS times (default 1,000) in one process, re-creating the font
// catalog every 100 iterations, and fails when the resident set grew by more than LIMIT_MB
// (default 20) between iteration 100 and the last. A leak of one FcPattern, FcFontSet, FT_Face,
// hb_buffer or png struct per iteration shows up as steady growth.
//
//   pickers-memory-loop [ITERATIONS] [LIMIT_MB]     (FONTCONFIG_FILE picks the fonts)
import Glibc
import Pickers

/// The resident set size in bytes, from /proc/self/statm (second field, in pages).
func residentBytes() -> Int {
  guard let bytes = try? readFile("/proc/self/statm", maximumSize: 4096) else { return 0 }
  let fields = String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self).split(separator: " ")
  let resident = fields.count > 1 ? Int(fields[1]) ?? 0 : 0
  return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
}

let arguments = CommandLine.arguments
let iterations = arguments.count > 1 ? Int(arguments[1]) ?? 1_000 : 1_000
let limit = (arguments.count > 2 ? Int(arguments[2]) ?? 20 : 20) * 1_048_576
let configFile = ProcessEnvironment.value("FONTCONFIG_FILE")

/// Runs the loop; returns the resident set at iteration 100 and a checksum of the pixels.
///
/// The catalog lives only inside, so its FcConfig is destroyed before the process exits (a
/// live FcConfig holds blocks LeakSanitizer cannot trace).
func runLoop() async throws -> (baseline: Int, checksum: Int, families: Int) {
  var catalog = try FontCatalog(configFile: configFile, cache: .disabled)
  let families = try catalog.availableFontFamilies
  guard !families.isEmpty else { fatalError("no font families") }
  var baseline = 0
  var checksum = 0
  for iteration in 1...iterations {
    if iteration % 100 == 0 {
      catalog = try FontCatalog(configFile: configFile, cache: .disabled)
    }
    let listed = try catalog.families(matching: FontFilter())
    precondition(listed.count == families.count, "the family list changed")
    let family = families[iteration % families.count]
    let font = try catalog.resolveFont(family)
    var options = SpecimenOptions(labelFont: try catalog.labelFont())
    options.width = 600
    options.concurrency = 1
    let row = SpecimenRow(label: family, style: TextStyle(font: font.file, size: 24))
    try await Specimen.render([row], options: options) { band in
      checksum &+= band.bytes.count
    }
    if iteration == min(100, iterations) { baseline = residentBytes() }
  }
  return (baseline, checksum, families.count)
}

let (baseline, checksum, familyCount) = try await runLoop()
let final = residentBytes()
let growth = final - baseline
print(
  "iterations \(iterations), families \(familyCount), RSS at 100: \(baseline / 1024) KiB, "
    + "at \(iterations): \(final / 1024) KiB, growth \(growth / 1024) KiB (limit \(limit / 1024) KiB)"
)
exit(growth <= limit && checksum > 0 ? 0 : 1)
