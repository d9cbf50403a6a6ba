#if canImport(Glibc)
  import Glibc
#endif

/// The checks that need no display: the terminal, GTK 4, the helpers, fontconfig and pickers'
/// own folders.
extension SystemReport {
  // MARK: - Terminal

  static func terminalChecks(_ environment: [String: String]) -> [SystemCheck] {
    let term = environment["TERM"] ?? ""
    let foreground = controlsTerminal()
    var details: [String: SystemCheck.Detail] = [
      "term": term.isEmpty ? .null : .text(term), "interactive": .flag(foreground),
    ]
    let terminal: SystemCheck =
      term.isEmpty || term == "dumb"
      ? .missing(
        "terminal", "a terminal with TERM set (the terminal pickers need one)",
        term.isEmpty ? "TERM is unset" : "TERM=dumb", details)
      : .ok("terminal", "TERM=\(term)" + (foreground ? "" : ", not run from it"), details)
    // Asked only of a terminal this process has in the foreground: a background job that set
    // raw mode would be stopped by SIGTTOU.
    var protocols: [ImageProtocol] = []
    var how = "guessed from the environment"
    if foreground, let asked = askTerminalForImages() {
      protocols = asked
      how = "the terminal answered"
    } else if let guess = TerminalGraphics.guess(environment: environment) {
      protocols = [guess]
    }
    details = ["protocols": .list(protocols.map(\.rawValue)), "asked": .flag(how.hasPrefix("the"))]
    let images: SystemCheck =
      protocols.isEmpty
      ? .missing(
        "terminal-images",
        "a terminal that draws images for the font preview (kitty, WezTerm, foot, xterm -ti vt340)",
        "no kitty graphics or sixel, \(how)", details)
      : .ok(
        "terminal-images", protocols.map(\.rawValue).joined(separator: ", ") + ", \(how)",
        details)
    return [terminal, images]
  }

  /// Whether `/dev/tty` is this process's terminal with this process in its foreground group.
  private static func controlsTerminal() -> Bool {
    let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    return isatty(fd) == 1 && tcgetpgrp(fd) == getpgrp()
  }

  /// The image protocols the terminal claims, asked as the font picker asks (300 ms at most).
  private static func askTerminalForImages() -> [ImageProtocol]? {
    guard let terminal = try? Terminal.open() else { return nil }
    let driver = PickerDriver(terminal: terminal, colorDepth: .palette256)
    guard (try? terminal.enterRawMode(mouse: false)) != nil else { return nil }
    defer { terminal.restore() }
    let detection = driver.detectImageProtocols()
    return detection.isComplete ? detection.supported : nil
  }

  // MARK: - GTK 4 and the helpers

  static func gtkCheck(_ environment: [String: String]) -> SystemCheck {
    let library = environment["PICKERS_TEST_GTK_LIBRARY"] ?? DesktopHelper.gtkLibrary
    let details: [String: SystemCheck.Detail] = ["library": .text(library)]
    return DesktopHelper.loaderFinds(library)
      ? .ok("gtk4", "\(library) loads", details)
      : .missing(
        "gtk4", "GTK 4 for the desktop windows (Debian: libgtk-4-1)", "\(library) not found",
        details)
  }

  static func helperChecks(_ environment: [String: String], executable: String) -> [SystemCheck] {
    DesktopHelper.allCases.map { helper in
      let searched = DesktopHelper.searchFolders(executable: executable, environment: environment)
      guard let path = helper.locate(executable: executable, environment: environment) else {
        return .missing(
          helper.rawValue, "install pickers with scripts/install, or set PICKERS_HELPER_DIR",
          "not in " + searched.joined(separator: ", "),
          ["path": .null, "searched": .list(searched)])
      }
      return .ok(helper.rawValue, path, ["path": .text(path), "searched": .list(searched)])
    }
  }

  // MARK: - Fonts

  static func fontChecks(_ environment: [String: String]) -> [SystemCheck] {
    let file = environment["FONTCONFIG_FILE"].flatMap { $0.isEmpty ? nil : $0 }
    let source = file.map { "FONTCONFIG_FILE=\($0)" } ?? "the default configuration"
    var details: [String: SystemCheck.Detail] = ["file": file.map { .text($0) } ?? .null]
    let facts: FontCatalog.ConfigurationFacts
    do {
      facts = try FontCatalog(configFile: file, cache: .disabled).configurationFacts()
    } catch {
      let config = SystemCheck.missing(
        "fontconfig", "a readable fontconfig configuration (check FONTCONFIG_FILE)",
        "\(source): \(error)", details)
      return [config, cacheCheck(environment, fontconfigFolders: [])]
    }
    details["configFiles"] = .list(facts.configFiles)
    details["fonts"] = .number(facts.fontCount)
    let value =
      "\(source), \(facts.configFiles.count) configuration files read, \(facts.fontCount) fonts"
    let config: SystemCheck =
      facts.fontCount == 0
      ? .missing("fontconfig", "fonts (Debian: fonts-dejavu-core)", value, details)
      : .ok("fontconfig", value, details)
    return [config, cacheCheck(environment, fontconfigFolders: facts.cacheFolders)]
  }

  /// fontconfig's cache folders and pickers' own: ok when one of fontconfig's and pickers'
  /// can be written (or created).
  private static func cacheCheck(
    _ environment: [String: String], fontconfigFolders: [String]
  ) -> SystemCheck {
    let writable = fontconfigFolders.filter(canWrite)
    let pickers = pickersCacheFolder(environment)
    let details: [String: SystemCheck.Detail] = [
      "fontconfig": .list(fontconfigFolders), "fontconfigWritable": .list(writable),
      "pickers": pickers.map { .text($0) } ?? .null,
      "pickersWritable": .flag(pickers.map(canWrite) ?? false),
    ]
    let pickersText = pickers.map { canWrite($0) ? "\($0) writable" : "\($0) not writable" }
    let value =
      (writable.first.map { "\($0) writable" } ?? "no writable fontconfig cache folder")
      + "; pickers: " + (pickersText ?? "off")
    guard !writable.isEmpty || fontconfigFolders.isEmpty else {
      return .missing(
        "font-cache", "a writable fontconfig cache folder (set XDG_CACHE_HOME or HOME)", value,
        details)
    }
    return .ok("font-cache", value, details)
  }

  /// The folder of pickers' font answers, as ``FontCacheLocation/automatic`` resolves it.
  private static func pickersCacheFolder(_ environment: [String: String]) -> String? {
    if let off = environment["PICKERS_NO_CACHE"], !off.isEmpty { return nil }
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/pickers" }
    if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/pickers" }
    return nil
  }

  // MARK: - pickers' folders

  static func folderCheck(_ environment: [String: String]) -> SystemCheck {
    let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
    func base(_ variable: String, _ fallback: String) -> String? {
      if let value = environment[variable], value.hasPrefix("/") { return value }
      return home.map { $0 + fallback }
    }
    let folders: [(String, String?)] = [
      ("config", base("XDG_CONFIG_HOME", "/.config").map { $0 + "/pickers" }),
      ("data", base("XDG_DATA_HOME", "/.local/share").map { $0 + "/pickers" }),
      ("state", base("XDG_STATE_HOME", "/.local/state").map { $0 + "/pickers" }),
      ("cache", base("XDG_CACHE_HOME", "/.cache").map { $0 + "/pickers" }),
    ]
    var details: [String: SystemCheck.Detail] = [:]
    var unwritable: [String] = []
    for (role, path) in folders {
      details[role] = path.map { .text($0) } ?? .null
      if let path, !canWrite(path) { unwritable.append(path) }
    }
    guard folders.allSatisfy({ $0.1 != nil }) else {
      return .missing(
        "pickers-folders", "HOME (or the XDG_*_HOME variables)", "HOME is unset", details)
    }
    guard unwritable.isEmpty else {
      return .missing(
        "pickers-folders", "write access to " + unwritable.joined(separator: ", "),
        "not writable: " + unwritable.joined(separator: ", "), details)
    }
    return .ok(
      "pickers-folders", folders.compactMap { $0.1 }.joined(separator: ", "), details)
  }

  /// Whether `path` can be written, or created inside the nearest folder above it that exists.
  static func canWrite(_ path: String) -> Bool {
    if access(path, F_OK) == 0 { return access(path, W_OK) == 0 }
    var current = path
    while let slash = current.utf8.lastIndex(of: UInt8(ascii: "/")) {
      current = slash == current.utf8.startIndex ? "/" : String(current[..<slash])
      var info = stat()
      if stat(current, &info) == 0 {
        // Something can be made only inside a folder.
        return info.st_mode & S_IFMT == S_IFDIR && access(current, W_OK) == 0
      }
      if current == "/" { return false }
    }
    return false
  }
}
