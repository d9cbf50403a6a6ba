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

  /// Runs the helper with `arguments` and waits for it, collecting its standard output.
  ///
  /// Standard input and standard error are the caller's. The helper's output is bounded to
  /// `maximumOutput` bytes; a helper that writes more is an error.
  ///
  /// - Throws: ``DesktopHelperError`` when the helper is missing, cannot start, is killed, or
  ///   writes too much.
  public func run(
    _ arguments: [String],
    environment: [String: String],
    maximumOutput: Int = 1 << 20
  ) throws(DesktopHelperError) -> DesktopHelperResult {
    guard let path = locate(environment: environment) else {
      throw .missing(
        name: rawValue,
        searched: Self.searchFolders(
          executable: Self.currentExecutable(), environment: environment))
    }
    return try Self.spawn(
      path: path, arguments: [rawValue] + arguments, environment: environment,
      maximumOutput: maximumOutput)
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

  private static func spawn(
    path: String, arguments: [String], environment: [String: String], maximumOutput: Int
  ) throws(DesktopHelperError) -> DesktopHelperResult {
    let child = ChildProcess(
      path: path, arguments: arguments,
      environment: environment.map { "\($0.key)=\($0.value)" }, maximumOutput: maximumOutput)
    let outcome: ChildProcess.Outcome
    switch child.run() {
    case .success(let value): outcome = value
    case .failure(let failure): throw .cannotStart(path: path, errno: failure.code)
    }
    if outcome.overflowed { throw .tooMuchOutput(name: arguments[0], limit: maximumOutput) }
    guard let code = outcome.exitStatus else {
      throw .killed(name: arguments[0], signal: outcome.signal ?? 0)
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

  public var description: String {
    switch self {
    case .missing(let name, let searched):
      "\(name) is not installed (looked in \(searched.joined(separator: ", "))); "
        + "install pickers with scripts/install or set PICKERS_HELPER_DIR"
    case .cannotStart(let path, let code):
      "cannot start \(path): \(String(cString: strerror(code)))"
    case .killed(let name, let signal): "\(name) was killed by signal \(signal)"
    case .tooMuchOutput(let name, let limit): "\(name) wrote more than \(limit) bytes"
    }
  }
}
