import CFontconfig
import CNativeLibraries

#if canImport(Glibc)
  import Glibc
#endif

/// What the cache key stamps: the files and folders a loaded configuration was built from.
extension FontCatalog {
  /// The stamps to record, from the ones taken before and after the scan.
  ///
  /// A font folder stamped before the scan keeps that stamp (if it
  /// changed during the scan, the next run sees the difference); a font subfolder, first seen
  /// by the scan, is stamped now, or recorded as unknown when it changed after the scan began,
  /// so that the next run asks fontconfig again. Configuration files and folders were read
  /// before either, and fontconfig writes its own caches during the scan (which may change
  /// a configuration folder): those are stamped after it.
  static func settled(
    earlier: [String: FileStamp], after: [FileStamp], fontFolders: Set<String>,
    scanStart: timespec
  ) -> [FileStamp] {
    // Timestamps come from a coarse clock (a few milliseconds behind the fine one).
    let start = Int(scanStart.tv_sec) * 1_000_000_000 + Int(scanStart.tv_nsec) - 20_000_000
    return after.map { stamp in
      if let old = earlier[stamp.path] { return old }
      guard fontFolders.contains(stamp.path), let identity = stamp.identity, identity.count >= 6
      else { return stamp }
      let modified = identity[2] * 1_000_000_000 + identity[3]
      let changed = identity[4] * 1_000_000_000 + identity[5]
      return max(modified, changed) >= start ? FileStamp(path: stamp.path, identity: [-1]) : stamp
    }
  }

  /// Every file and folder whose change could change fontconfig's answers: the configuration
  /// files it read and the configuration folders, the files `<include>` names even when they
  /// do not exist yet (a missing path's stamp changes when it is created), the font folders (with the subfolders the scan found) and fontconfig's cache folders
  /// (`fc-cache -f` rewrites them after a font file is replaced in place), the per-user places
  /// fontconfig looks for configuration, and the current folder when a font or configuration
  /// folder lies inside it (a relative `<dir>` is resolved against it).
  ///
  /// A path in `earlier` (stat'd before the load) keeps that stamp; a configuration file with
  /// an entry in `knownIncludes` (unchanged since those were read) is not read again.
  /// Returns the stamps, every configuration file's include list, and whether a file selects
  /// fonts by pattern (`nil` when some file was not read again).
  static func stamps(
    _ config: OpaquePointer, configFile: String?, earlier: [String: FileStamp],
    knownIncludes: [String: [String]]
  ) -> ([FileStamp], [String: [String]], selectsByPattern: Bool?) {
    var paths: [String] = []
    // Sized for a typical configuration (a few dozen files, each with its folder and includes)
    // so that the set is not rehashed as it grows.
    var seen = Set<String>(minimumCapacity: 256)
    func add(_ path: String) {
      if seen.insert(path).inserted { paths.append(path) }
    }
    let home = environment("HOME") ?? ""
    var configFiles = strings(FcConfigGetConfigFiles(config))
    if let configFile { configFiles.insert(configFile, at: 0) }
    var includes = [String: [String]](minimumCapacity: configFiles.count)
    // The configuration files read for their includes, stamped by that read's fstat: no
    // second stat of each (97 system calls for Debian's conf.d).
    var scanned = [String: FileStamp](minimumCapacity: configFiles.count)
    var selectsByPattern: Bool? = false
    // Not the folders holding configuration files: the files' own stamps tell any change to
    // them, an `<include>`d folder is stamped itself, and a parent folder changes whenever
    // anything beside the file does (every picture written next to a private fonts.conf, every
    // file created in the home folder, the parent of ~/.fonts.conf).
    for file in configFiles {
      add(file)
      let included: [String]
      if let known = knownIncludes[file] {
        included = known
        if selectsByPattern == false { selectsByPattern = nil }
      } else {
        let scan = ConfigurationIncludeScanner.scan(file, home: home)
        included = scan.includes
        if scan.selectsByPattern { selectsByPattern = true }
        if let stamp = scan.stamp { scanned[file] = stamp }
      }
      includes[file] = included
      for path in included { add(path) }
    }
    let configFolders = strings(FcConfigGetConfigDirs(config))
    let fontFolders = strings(FcConfigGetFontDirs(config))
    // Font folders first: they are what changes most, so a stale file is told at its start.
    for folder in fontFolders { add(folder) }
    for folder in configFolders { add(folder) }
    let configHome = environment("XDG_CONFIG_HOME") ?? home + "/.config"
    let dataHome = environment("XDG_DATA_HOME") ?? home + "/.local/share"
    for path in [
      configHome + "/fontconfig", configHome + "/fontconfig/fonts.conf",
      configHome + "/fontconfig/conf.d", home + "/.fonts.conf", home + "/.fonts.conf.d",
      home + "/.fonts", dataHome + "/fonts",
    ] {
      add(path)
    }
    var result = paths.map { earlier[$0] ?? scanned[$0] ?? FileStamp(current: $0) }
    // Stamped under a prefix so that they are never mistaken for a font folder.
    for folder in strings(FcConfigGetCacheDirs(config)) {
      result.append(FileStamp(current: "cache:" + folder))
    }
    // The fontconfig library itself: an upgrade may answer differently.
    if let loaded = pickers_native_library_path(Int32(PICKERS_NATIVE_FONTCONFIG.rawValue)) {
      if loaded.pointee == UInt8(ascii: "/") {
        result.append(FileStamp(current: String(cString: loaded)))
      } else if let resolved = realpath(loaded, nil) {
        result.append(FileStamp(current: String(cString: resolved)))
        free(resolved)
      }
    }
    if let current = getcwd(nil, 0) {
      let cwd = String(cString: current)
      free(current)
      let inside = (fontFolders + configFolders).contains {
        $0 == cwd || $0.hasPrefix(cwd == "/" ? "/" : cwd + "/")
      }
      if inside { result.append(FileStamp(current: "cwd:" + cwd)) }
    }
    return (result, includes, selectsByPattern)
  }
}
