import CNativeLibraries
import Glibc
import Testing

/// The generated wrappers of the lazily loaded libraries (Sources/CNativeLibraries), checked
/// against the libraries themselves: the dynamic loader's answer is the independent truth.
@Suite("lazily loaded C libraries: the generated table")
struct NativeLibraryTableTests {
  static let libraries = (0..<Int32(PICKERS_NATIVE_WRAPPED_LIBRARY_COUNT)).map { $0 }

  /// The names of the functions the wrappers of `library` resolve.
  static func names(_ library: Int32) -> [String] {
    var count = 0
    guard let names = pickers_native_library_function_names(library, &count) else { return [] }
    return (0..<count).compactMap { names[$0].map { String(cString: $0) } }
  }

  /// The NUL-terminated text in a buffer the loader filled.
  static func text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  static func soname(_ library: Int32) -> String {
    pickers_native_library_soname(library).map { String(cString: $0) } ?? "?"
  }

  /// A handle of the library, loaded through the loader (dlopen with RTLD_NOLOAD afterwards
  /// only finds it again).
  static func handle(_ library: Int32) throws -> UnsafeMutableRawPointer {
    var reason = [CChar](repeating: 0, count: 512)
    let loaded = pickers_native_library_load(library, &reason, reason.count)
    #expect(loaded == 1, "\(soname(library)): \(Self.text(reason))")
    #expect(pickers_native_library_is_loaded(library) == 1)
    let handle = try #require(dlopen(soname(library), RTLD_LAZY | RTLD_NOLOAD))
    return handle
  }

  @Test("every wrapped function is exported by the library the loader opens", arguments: libraries)
  func everyNameResolves(library: Int32) throws {
    let names = Self.names(library)
    #expect(!names.isEmpty, "\(Self.soname(library)) has no wrappers")
    let handle = try Self.handle(library)
    defer { dlclose(handle) }
    let missing = names.filter { dlsym(handle, $0) == nil }
    #expect(missing.isEmpty, "\(Self.soname(library)) lacks \(missing)")
  }

  /// ICU and libdeflate go through the same loader, without wrappers: a missing function is
  /// NULL, never the end of the process, and the loader's soname is the one dlopen then finds.
  @Test("the optional libraries load through the same loader and answer NULL for what they lack")
  func optionalLibraries() throws {
    for library in [Int32(PICKERS_NATIVE_ICU.rawValue), Int32(PICKERS_NATIVE_DEFLATE.rawValue)] {
      var count = 7
      #expect(pickers_native_library_function_names(library, &count) == nil && count == 0)
      let handle = try Self.handle(library)
      defer { dlclose(handle) }
      #expect(pickers_native_library_symbol(library, "pickers_no_such_function") == nil)
    }
    #expect(Self.soname(Int32(PICKERS_NATIVE_DEFLATE.rawValue)) == "libdeflate.so.0")
    #expect(Self.soname(Int32(PICKERS_NATIVE_ICU.rawValue)).hasPrefix("libicuuc.so."))
    let compress = try #require(
      pickers_native_library_symbol(
        Int32(PICKERS_NATIVE_DEFLATE.rawValue), "libdeflate_zlib_compress"))
    let handle = try #require(dlopen("libdeflate.so.0", RTLD_LAZY | RTLD_NOLOAD))
    defer { dlclose(handle) }
    #expect(compress == dlsym(handle, "libdeflate_zlib_compress"))
    var icu = PickersICULineBreak()
    #expect(pickers_native_icu_line_break(&icu) == 1)
    #expect(icu.open != nil && icu.next != nil && icu.ruleStatus != nil && icu.close != nil)
  }

  @Test("a value out of range names no library and loads nothing")
  func outOfRange() {
    var reason = [CChar](repeating: 0, count: 64)
    #expect(pickers_native_library_soname(Int32(PICKERS_NATIVE_LIBRARY_COUNT)) == nil)
    #expect(pickers_native_library_load(-1, &reason, reason.count) == 0)
    #expect(Self.text(reason) == "no such library")
    #expect(pickers_native_library_is_loaded(99) == 0)
  }

  /// Every function of the five libraries that pickers' code names must have a wrapper.
  ///
  /// Otherwise it would call a library that is never linked. The code's identifiers that the
  /// real library exports (dlsym on it decides, so type names such as `FT_Long(...)` drop out)
  /// must all be in the table.
  @Test("every library function the sources call is in the generated table")
  func sourcesUseOnlyWrappedFunctions() throws {
    let root = #filePath.split(separator: "/").dropLast(4).joined(separator: "/")
    var used = Set<String>()
    for folder in ["Sources/Pickers", "Sources/CPNGClassic"] {
      for file in try Self.files(under: "/" + root + "/" + folder) {
        used.formUnion(Self.identifiers(in: try Self.read(file)))
      }
    }
    var checked = 0
    for library in Self.libraries {
      let handle = try Self.handle(library)
      defer { dlclose(handle) }
      let table = Set(Self.names(library))
      // dlsym on a handle also searches the library's own dependencies (fontconfig's finds
      // FreeType's functions): only the library's own prefix counts.
      let prefix = Self.prefixes[Int(library)]
      let calls = used.filter { $0.hasPrefix(prefix) && dlsym(handle, $0) != nil }
      checked += calls.count
      let unwrapped = calls.subtracting(table).sorted()
      #expect(
        unwrapped.isEmpty,
        "\(Self.soname(library)): \(unwrapped) not wrapped; run scripts/generate-native-libraries")
    }
    // The sources call well over a hundred of these functions: a scan that found none is broken.
    #expect(checked > 100)
  }

  /// The table holds only what the code uses: a wrapper whose function no source, test, fuzz
  /// target or benchmark names is dead code (issue 26: 983 wrappers for about 148 functions).
  @Test("every function in the generated table is named by pickers' code")
  func everyWrapperIsUsed() throws {
    let root = "/" + #filePath.split(separator: "/").dropLast(4).joined(separator: "/")
    let generated = Set(["fontconfig.c", "freetype.c", "harfbuzz.c", "png.c", "fribidi.c"])
    var named = Set<String>()
    for folder in ["Sources", "Tests", "Fuzz", "bench"] {
      for file in try Self.files(under: root + "/" + folder) {
        let parts = file.split(separator: "/")
        if parts.dropLast().last == "CNativeLibraries", let last = parts.last,
          generated.contains(String(last))
        {
          continue
        }
        named.formUnion(Self.words(in: try Self.read(file)))
      }
    }
    // The functions the libraries' macros call: the generator preprocesses the C files and
    // sees them; a scan of the text sees the macro (png.h: png_jmpbuf calls png_set_longjmp_fn).
    for (macro, function) in [("png_jmpbuf", "png_set_longjmp_fn")] where named.contains(macro) {
      named.insert(function)
    }
    var total = 0
    for library in Self.libraries {
      let table = Self.names(library)
      total += table.count
      let unused = table.filter { !named.contains($0) }
      #expect(
        unused.isEmpty,
        "\(Self.soname(library)): \(unused) wrapped but never named (regenerate the wrappers)")
    }
    #expect(total > 100, "the five tables hold \(total) functions")
  }

  /// Every identifier of `text` (letters, digits and underscores, not starting with a digit).
  static func words(in text: String) -> Set<String> {
    scanWords(in: text) { word, _ in
      guard let first = word.first, !(first >= 0x30 && first <= 0x39) else { return nil }
      return String(validating: word, as: UTF8.self)
    }
  }

  /// The prefix of each library's functions, in the order of `PickersNativeLibrary`.
  static let prefixes = ["Fc", "FT_", "hb_", "png_", "fribidi_"]

  /// The words of `text` called as functions (followed at once by `(`) with a library prefix.
  static func identifiers(in text: String) -> Set<String> {
    scanWords(in: text) { word, next in
      guard next == 0x28, let name = String(validating: word, as: UTF8.self),
        prefixes.contains(where: { name.hasPrefix($0) })
      else { return nil }
      return name
    }
  }

  /// The runs of letters, digits and underscores of `text` that `keep` turns into names; it is
  /// given each run and the byte after it.
  static func scanWords(
    in text: String, keep: ([UInt8], UInt8) -> String?
  ) -> Set<String> {
    var result = Set<String>()
    var current: [UInt8] = []
    for byte in text.utf8 {
      let isWord =
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
        || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
      if isWord {
        current.append(byte)
      } else {
        if let name = keep(current, byte) { result.insert(name) }
        current = []
      }
    }
    return result
  }

  static func read(_ path: String) throws -> String {
    guard let file = fopen(path, "rb") else { throw ScanError(path: path) }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count == 0 { break }
      bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  static func files(under folder: String) throws -> [String] {
    guard let directory = opendir(folder) else { throw ScanError(path: folder) }
    defer { closedir(directory) }
    var result: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasPrefix(".") { continue }
      let path = folder + "/" + name
      if entry.pointee.d_type == UInt8(DT_LNK) { continue }  // FreeType's header links
      if entry.pointee.d_type == UInt8(DT_DIR) {
        result += try files(under: path)
      } else if name.hasSuffix(".swift") || name.hasSuffix(".c") || name.hasSuffix(".h") {
        result.append(path)
      }
    }
    return result
  }

  struct ScanError: Error { var path: String }
}
