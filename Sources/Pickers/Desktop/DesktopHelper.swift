#if canImport(Glibc)
  import Glibc
#endif

/// The programs that draw windows and read the screen, kept out of the `pickers` binary.
///
/// GTK, X11 and GIO bring dozens of shared libraries that every start would pay for, so the
/// commands that need them run a helper executable installed beside `pickers` (or in
/// `../libexec/pickers/`). The helper prints its answer on standard output and exits with a
/// ``DesktopHelperResult`` status; its standard error passes straight through.
///
///     let result = try DesktopHelper.gtk.run(["color", "--initial", "#3478f6"])
///     if result.status == .accepted { print(result.output) }
public enum DesktopHelper: String, CaseIterable, Sendable {
  /// The GTK 4 picker windows (`pickers color pick --gui`, `pickers font pick --gui`).
  case gtk = "pickers-gtk"
  /// The screen color sampler (`pickers color sample`): X11 or the desktop portal.
  case sampler = "pickers-sample"

  /// The folders searched for helpers, in order, for a `pickers` binary at `executable`.
  ///
  /// `PICKERS_HELPER_DIR` comes first when set; then the binary's own folder (a build folder, or
  /// a plain copy on `PATH`); then `../libexec/pickers` beside it (an installed prefix).
  public static func searchFolders(executable: String, environment: [String: String]) -> [String] {
    var folders: [String] = []
    if let override = environment["PICKERS_HELPER_DIR"], !override.isEmpty {
      folders.append(override)
    }
    let folder = parentFolder(of: executable)
    folders.append(folder)
    folders.append(parentFolder(of: folder) + "/libexec/pickers")
    return folders
  }

  /// The path of this helper, or `nil` when none of ``searchFolders(executable:environment:)``
  /// holds an executable file of this name.
  public func locate(
    executable: String = DesktopHelper.currentExecutable(),
    environment: [String: String]
  ) -> String? {
    for folder in Self.searchFolders(executable: executable, environment: environment) {
      let path = folder + "/" + rawValue
      var info = stat()
      if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(path, X_OK) == 0 {
        return path
      }
    }
    return nil
  }

  /// The environment variable that tells a helper its parent's process id.
  ///
  /// A helper asks the kernel to end it when its parent ends (`PR_SET_PDEATHSIG`), then
  /// checks with ``parentHasEnded(environment:)`` that the parent did not end before that
  /// request: together they leave no window open after `pickers` is killed, even by SIGKILL.
  public static let parentVariable = "PICKERS_PARENT_PID"

  /// Whether the process that started this helper has already ended.
  ///
  /// It has when this process's parent is no longer the one ``parentVariable`` names; `false`
  /// when the variable is unset (a helper run by hand).
  public static func parentHasEnded(environment: [String: String]) -> Bool {
    guard let text = environment[parentVariable], let expected = pid_t(text) else { return false }
    return getppid() != expected
  }

  /// The shared library the GTK 4 windows need (Debian's `libgtk-4-1`).
  static let gtkLibrary = "libgtk-4.so.1"

  /// Whether the dynamic loader will find `library` when the helper starts: named in a folder
  /// of `LD_LIBRARY_PATH` or in the loader's cache (`/etc/ld.so.cache`), else asked by loading
  /// it (``loaderFinds(_:)``).
  ///
  /// Loading GTK 4 only to ask took 20-30 ms and every library GTK needs at each window's
  /// start (bench/window-map.sh), before the helper loads them all again; the cache lookup
  /// takes well under a millisecond.
  static func loaderWillFind(_ library: String, environment: [String: String]) -> Bool {
    for folder in (environment["LD_LIBRARY_PATH"] ?? "").split(separator: ":")
    where access(folder + "/" + library, R_OK) == 0 {
      return true
    }
    // The cache's string table holds each library's path, NUL-terminated.
    if let cache = try? readFile("/etc/ld.so.cache", maximumSize: 64 << 20) {
      let needle = Array(("/" + library).utf8) + [0]
      if cache.count >= needle.count {
        for start in 0...(cache.count - needle.count)
        where cache[start] == needle[0]
          && cache[start..<(start + needle.count)].elementsEqual(needle)
        {
          return true
        }
      }
    }
    return loaderFinds(library)
  }

  /// Whether the dynamic loader finds `library` (with everything it needs), asked by loading
  /// it: the same search the helper's own start would make.
  static func loaderFinds(_ library: String) -> Bool {
    guard let handle = dlopen(library, RTLD_LAZY | RTLD_LOCAL) else { return false }
    dlclose(handle)
    return true
  }

  /// Runs the helper with `arguments` and waits for it, collecting its standard output.
  ///
  /// Standard input and standard error are the caller's. The helper's output is bounded to
  /// `maximumOutput` bytes; a helper that writes more is an error. With `forwardingSignals`,
  /// SIGINT and SIGTERM sent to this process while the helper runs go on to the helper, and
  /// this process ends by that signal once the helper has (a command-line program's
  /// behaviour; a library host keeps its own handlers by leaving it `false`). The helper ends
  /// when this process does, however it ends.
  ///
  /// - Throws: ``DesktopHelperError`` when the helper or a library it needs is missing, it
  ///   cannot start, is killed, or writes too much.
  public func run(
    _ arguments: [String],
    environment: [String: String],
    maximumOutput: Int = 1 << 20,
    forwardingSignals: Bool = false
  ) throws(DesktopHelperError) -> DesktopHelperResult {
    try run(
      arguments, environment: environment, maximumOutput: maximumOutput,
      forwardingSignals: forwardingSignals, onStart: nil)
  }

  /// ``run(_:environment:maximumOutput:forwardingSignals:)``, telling `onStart` the helper's
  /// process id once it runs (a caller that may stop it early keeps the id).
  func run(
    _ arguments: [String], environment: [String: String], maximumOutput: Int = 1 << 20,
    forwardingSignals: Bool, onStart: (@Sendable (pid_t) -> Void)?
  ) throws(DesktopHelperError) -> DesktopHelperResult {
    let path = try prepare(environment: environment)
    var child = ChildProcess(
      path: path, arguments: [rawValue] + arguments,
      environment: Self.childEnvironment(environment), maximumOutput: maximumOutput)
    child.forwardsSignals = forwardingSignals
    child.onStart = onStart
    return try Self.finish(child: child, path: path)
  }

  /// The helper's path, once it and the libraries it needs are known to be there.
  func prepare(environment: [String: String]) throws(DesktopHelperError) -> String {
    guard let path = locate(environment: environment) else {
      throw .missing(
        name: rawValue,
        searched: Self.searchFolders(
          executable: Self.currentExecutable(), environment: environment))
    }
    if self == .gtk {
      // A test hook names a library that is not there, to see the message without removing GTK.
      let library = environment["PICKERS_TEST_GTK_LIBRARY"] ?? Self.gtkLibrary
      guard Self.loaderWillFind(library, environment: environment) else { throw .missingGTK }
    }
    return path
  }

  /// `KEY=value` strings for a helper: `environment` and this process's id as the parent.
  static func childEnvironment(_ environment: [String: String]) -> [String] {
    var variables = environment
    variables[parentVariable] = String(getpid())
    return variables.map { "\($0.key)=\($0.value)" }
  }

  /// The running program's path, from `/proc/self/exe`.
  public static func currentExecutable() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return CommandLine.arguments.first ?? "pickers" }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  private static func parentFolder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  private static func finish(
    child: ChildProcess, path: String
  ) throws(DesktopHelperError) -> DesktopHelperResult {
    switch child.run() {
    case .success(let outcome):
      return try result(of: outcome, name: child.arguments[0], limit: child.maximumOutput)
    case .failure(let failure): throw .cannotStart(path: path, errno: failure.code)
    }
  }

  /// The result of a finished helper, or the error its end was.
  static func result(
    of outcome: ChildProcess.Outcome, name: String, limit: Int
  ) throws(DesktopHelperError) -> DesktopHelperResult {
    if outcome.overflowed { throw .tooMuchOutput(name: name, limit: limit) }
    guard let code = outcome.exitStatus else {
      throw .killed(name: name, signal: outcome.signal ?? 0)
    }
    return DesktopHelperResult(
      status: DesktopHelperStatus(rawValue: code) ?? .failed,
      output: String(decoding: outcome.output, as: UTF8.self))
  }
}

/// How a helper ended.
public enum DesktopHelperStatus: Int32, Sendable {
  /// The user chose: the answer is on standard output.
  case accepted = 0
  /// The user cancelled (Esc, closing the window, a right click): nothing printed.
  case cancelled = 1
  /// Usage error in the arguments the helper was given (a bug in the caller).
  case usage = 2
  /// Something failed (no display, no portal); the helper printed `pickers: …` on stderr.
  case failed = 3
}

/// A helper's exit status and what it printed.
public struct DesktopHelperResult: Hashable, Sendable {
  /// How it ended.
  public var status: DesktopHelperStatus
  /// Its standard output.
  public var output: String

  /// Creates a result.
  public init(status: DesktopHelperStatus, output: String) {
    self.status = status
    self.output = output
  }
}

/// Why a desktop helper could not be run.
public enum DesktopHelperError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No executable of this name in any searched folder.
  case missing(name: String, searched: [String])
  /// `posix_spawn` or `pipe2` failed.
  case cannotStart(path: String, errno: Int32)
  /// The helper was killed by a signal.
  case killed(name: String, signal: Int32)
  /// The helper wrote more than the caller accepts.
  case tooMuchOutput(name: String, limit: Int)
  /// The dynamic loader does not find GTK 4, which the picker windows need.
  case missingGTK

  public var description: String {
    switch self {
    case .missing(let name, let searched):
      "\(name) is not installed (looked in \(searched.joined(separator: ", "))); "
        + "install pickers with scripts/install or set PICKERS_HELPER_DIR"
    case .cannotStart(let path, let code):
      "cannot start \(path): \(String(cString: strerror(code)))"
    case .killed(let name, let signal): "\(name) was killed by signal \(signal)"
    case .tooMuchOutput(let name, let limit): "\(name) wrote more than \(limit) bytes"
    case .missingGTK:
      "the desktop windows need GTK 4 (Debian: libgtk-4-1); install it, or use the terminal "
        + "picker"
    }
  }
}
