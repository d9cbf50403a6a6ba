// libFuzzer target: what `pickers font install` reads before it copies anything, and the zip
// member reader palettes share.
//
// Each input is written to one scratch file and given to `FontInstaller.check(_:)`, the check
// `install` runs first: bytes that start like a zip go through the central directory walk
// (`ZipArchive.members`), each font member through `ZipArchive.contents` (zlib's inflate, the
// size and CRC-32 checks) and FreeType's check of the font; any other bytes are checked as one
// font file (the table directories, every face, a sample of glyphs). The same bytes are then
// read as a Krita palette when they start like a zip (`PaletteFile.decode(_:format: .kpl)`),
// through the same member reader.
// `check` only reads: the installer's folder and record are in the scratch folder and are never
// written, so no real font folder is touched.
//
// Any bytes must end in a `FontInstallError` or a `PaletteFileError`, or in fonts whose copies
// get safe names; never a crash, an out-of-bounds read or a leak.
import Glibc
import Pickers

/// A private scratch folder (in /dev/shm when there is one, so a run does not wear a disk).
private let scratch: String = {
  for base in ["/dev/shm", ProcessEnvironment.value("TMPDIR") ?? "/tmp", "/tmp"] {
    var template = Array((base + "/pickers-fuzz-font-install-XXXXXX").utf8CString)
    if let made = mkdtemp(&template) { return String(cString: made) }
  }
  fatalError("no scratch folder for the fuzz input")
}()

/// The installer the inputs are checked by; `check` never writes to its folder or record.
private let installer = FontInstaller(
  folder: scratch + "/fonts/pickers", recordPath: scratch + "/pickers/installed-fonts.json")

private let fontEndings: Set<String> = ["ttf", "otf", "ttc", "otc", "woff", "woff2"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFontInstall(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  // Named .zip or .ttf as a user would; the installer goes by the first bytes, not the name.
  let path = scratch + (bytes.starts(with: [0x50, 0x4B]) ? "/input.zip" : "/input.ttf")
  let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  precondition(descriptor >= 0, "cannot write the scratch file \(path)")
  var written = 0
  while written < size, let data {
    let count = write(descriptor, data + written, size - written)
    precondition(count > 0, "cannot write the scratch file \(path)")
    written += count
  }
  close(descriptor)
  defer { unlink(path) }

  if let check = try? installer.check([path]) {
    precondition(!check.fonts.isEmpty, "a check passed with no fonts")
    for font in check.fonts {
      precondition(font.faceCount >= 1, "\(font.source) passed with \(font.faceCount) faces")
      // The copy's name is made from a zip member's name: it must stay inside the folder.
      let name = font.fileName
      let ending = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
      precondition(
        !name.isEmpty && !name.contains("/") && !name.hasPrefix(".")
          && !name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
          && fontEndings.contains(ending),
        "unsafe copy name \(name.debugDescription) for \(font.source)")
    }
  }
  // Only a zip is read as one (as `palette convert` detects it): the directory search over
  // every other input would take half of each run in this unoptimized build.
  let isZip = bytes.starts(with: [0x50, 0x4B])
  if isZip { _ = try? PaletteFile.decode(bytes, format: .kpl) }
  precondition(access(scratch + "/fonts", F_OK) != 0, "check wrote into the font folder")
  return 0
}
