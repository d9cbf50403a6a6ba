import Glibc
import Pickers
import Testing

/// Hostile inputs are refused with their real reason: a PNG taller than libpng reads, a
/// swatch taller than pickers draws, a color longer than pickers reads.
@Suite("Hostile inputs say why they are refused")
struct HostileInputMessageTests {
  /// Writes a PNG whose IHDR declares `width` x `height` (with a valid CRC), and one IDAT.
  static func png(width: Int, height: Int, into folder: String) throws -> String {
    let path = "\(folder)/\(width)x\(height).png"
    let script = """
      import struct, sys, zlib
      def chunk(kind, data):
          return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))
      ihdr = struct.pack('>IIBBBBB', int(sys.argv[2]), int(sys.argv[3]), 8, 6, 0, 0, 0)
      open(sys.argv[1], 'wb').write(b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', ihdr)
          + chunk(b'IDAT', zlib.compress(b'\\0' * 5)) + chunk(b'IEND', b''))
      """
    let result = try runProgram(
      "/usr/bin/env", ["python3", "-c", script, path, String(width), String(height)])
    guard result.status == 0 else { throw HarnessError(description: result.stderr) }
    return path
  }

  @Test(
    "a decoded PNG over libpng's 1,000,000 rows or columns names that limit and pickers' own",
    arguments: [(1, 100_000_000), (100_000_000, 1), (2_000_000, 2_000_000)])
  func libpngLimit(width: Int, height: Int) throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let path = try Self.png(width: width, height: height, into: folder)
    let expected =
      "invalid IHDR data: the header declares \(width) x \(height) pixels, over libpng's limit "
      + "of 1000000 rows and 1000000 columns (pickers itself reads at most 100 megapixels)"
    for arguments in [
      ["palette", "from-image", path], ["theme", "--from-image", path, "--format", "kitty"],
    ] {
      let result = try runPickers(arguments)
      #expect(result.status == 1)
      #expect(result.stderr == "pickers: cannot decode \"\(path)\": \(expected)\n")
    }
    // The library says the same.
    do {
      _ = try RGBAImage(pngFile: path)
      Issue.record("\(path) was decoded")
    } catch {
      #expect("\(error)" == "cannot decode \"\(path)\": \(expected)")
    }
  }

  @Test("a PNG with a zero side names PNG's own range")
  func zeroSide() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let path = try Self.png(width: 0, height: 5, into: folder)
    let result = try runPickers(["palette", "from-image", path])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "pickers: cannot decode \"\(path)\": invalid IHDR data: the header declares 0 x 5 "
        + "pixels; PNG allows 1 to 2147483647 pixels a side\n")
  }

  @Test("a PNG within libpng's limits but over pickers' 100 megapixels names pickers' bound")
  func pickersBound() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let path = try Self.png(width: 20_000, height: 20_000, into: folder)
    let result = try runPickers(["palette", "from-image", path])
    #expect(result.status == 1)
    #expect(result.stderr.contains("20000x20000 is over the limit of 100 megapixels"))
  }

  @Test("a 1 x 100,000,000 swatch is refused with the sides pickers draws")
  func swatchSize() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let result = try runPickers(
      ["color", "swatch", "red", "--size", "1x100000000", "-o", folder + "/red.png"])
    #expect(result.status == 2)
    #expect(
      result.stderr.hasPrefix(
        "pickers: --size '1x100000000' is out of range: expected sides from 1 to 16384 pixels\n"))
    #expect(directoryEntries(folder).isEmpty)
  }

  @Test("a 10 MB number inside rgb() is read; past 1 MiB, math or from says the limit")
  func longNumber() throws {
    let digits = String(repeating: "1", count: 10_000_000)
    // CSS allows a number of any length: the byte parser reads it (clamped to 255).
    #expect(try Color(css: "rgb(\(digits) 0 0)").hex == "#ff0000")
    #expect(try Color(css: "rgb(0.\(digits) 0 0)").hex == "#000000")
    let reason = ColorParseError.Reason.invalidValue(
      "over pickers' limit of 1048576 bytes (1 MiB) for one color")
    for text in ["rgb(calc(\(digits)) 0 0)", "rgb(from red \(digits) g b)"] {
      #expect(throws: ColorParseError(input: text, column: 1, reason: reason)) {
        try Color(css: text)
      }
      #expect(throws: ColorParseError(input: text, column: 1, reason: reason)) {
        try CSSColor(css: text)
      }
    }
    // Through the command line, an argument of 100,000 digits is read too.
    let long = String(repeating: "1", count: 100_000)
    let result = try runPickers(["color", "convert", "rgb(\(long) 0 0)", "--to", "hex"])
    #expect(result.status == 0)
    #expect(result.output == "#ff0000\n")
  }
}
