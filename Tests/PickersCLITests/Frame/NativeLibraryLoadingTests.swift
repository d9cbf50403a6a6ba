import Glibc
import Pickers
import Testing

/// Which shared libraries a run of `pickers` loads, as the dynamic loader itself reports them
/// (`LD_DEBUG=libs` prints "calling init: PATH" for every library it initialises), and what a
/// run does when a lazily loaded library cannot be loaded (issue 19).
@Suite("pickers loads its drawing libraries only when it draws")
struct NativeLibraryLoadingTests {
  /// The libraries `pickers` loads with dlopen on first use, and what they bring along.
  static let lazyLibraries = [
    "libfontconfig.so.1", "libfreetype.so.6", "libharfbuzz.so.0", "libpng16.so.16",
    "libfribidi.so.0", "libglib-2.0.so.0", "libgraphite2.so.3", "libbrotlidec.so.1",
    "libexpat.so.1", "libpcre2-8.so.0", "libicuuc.so.72", "libicudata.so.72", "libdeflate.so.0",
  ]

  /// The file names of the libraries the loader initialised in a run.
  static func loadedLibraries(_ arguments: [String]) throws -> (PickersResult, Set<String>) {
    let result = try runPickers(arguments, environment: ["LD_DEBUG": "libs"])
    var names = Set<String>()
    for line in result.stderr.split(separator: "\n") {
      guard let range = line.firstRange(of: "calling init: ") else { continue }
      if let name = line[range.upperBound...].split(separator: "/").last {
        names.insert(String(name))
      }
    }
    return (result, names)
  }

  @Test(
    "a command that draws nothing loads none of them",
    arguments: [
      ["--version"], ["color", "convert", "#3478f6", "--to", "oklch"], ["color", "info", "red"],
      ["color", "contrast", "#777", "white"], ["palette", "accents"],
    ])
  func nothingDrawn(arguments: [String]) throws {
    let (result, loaded) = try Self.loadedLibraries(arguments)
    #expect(result.status == 0, "\(result.stderr.suffix(500))")
    // The loader did report: libc is always initialised.
    #expect(loaded.contains("libc.so.6"), "LD_DEBUG reported \(loaded)")
    #expect(loaded.isDisjoint(with: Self.lazyLibraries), "\(arguments) loaded \(loaded)")
  }

  @Test("a preview loads FreeType, HarfBuzz and libpng and draws")
  func previewLoads() throws {
    let folder = try RenderOutputFolder()
    let path = folder.path + "/p.png"
    let (result, loaded) = try Self.loadedLibraries([
      "font", "preview", "DejaVu Sans", "--text", "Hello", "-o", path,
    ])
    #expect(result.status == 0, "\(result.stderr.suffix(500))")
    for library in ["libfreetype.so.6", "libharfbuzz.so.0", "libpng16.so.16"] {
      #expect(loaded.contains(library), "\(library) not in \(loaded)")
    }
    let image = try RGBAImage(pngFile: path)
    var ink = 0
    for y in 0..<image.height {
      for x in 0..<image.width where image[x, y].red < 128 { ink += 1 }
    }
    #expect(ink > 200)
  }

  @Test("a drawing library that cannot be loaded is a pickers: error, exit 1, no output file")
  func missingLibrary() throws {
    let folder = try RenderOutputFolder()
    // A file that is not a shared library, found first by the dynamic loader's search.
    let libraries = folder.path + "/lib"
    #expect(mkdir(libraries, 0o755) == 0)
    let fake = libraries + "/libharfbuzz.so.0"
    defer {
      unlink(fake)
      rmdir(libraries)
    }
    let file = try #require(fopen(fake, "w"))
    fputs("not a shared library\n", file)
    fclose(file)
    let path = folder.path + "/p.png"
    let result = try runPickers(
      ["font", "preview", "DejaVu Sans", "--text", "Hello", "-o", path],
      environment: ["LD_LIBRARY_PATH": libraries])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("pickers: cannot load libharfbuzz.so.0: "), "\(result.stderr)")
    #expect(result.stderr.contains(fake), "\(result.stderr)")
    // Nothing written: no picture, no temporary file beside it.
    #expect(folder.files() == ["lib"])
    // The same environment does not disturb a command that needs no drawing library.
    let color = try runPickers(
      ["color", "convert", "red", "--to", "hex"], environment: ["LD_LIBRARY_PATH": libraries])
    #expect(color.status == 0, "\(color.stderr)")
  }

  @Test(
    "the generated wrappers are what scripts/generate-native-libraries writes today", .tags(.slow))
  func generatedFilesCurrent() throws {
    let result = try runProgram(
      "/usr/bin/env", ["python3", packageRoot + "/scripts/generate-native-libraries", "--check"],
      timeout: 300)
    #expect(result.status == 0, "\(result.output) \(result.stderr)")
  }
}
