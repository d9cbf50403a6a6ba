import Glibc

/// The version of a program that reads theme files, such as `0.11.0` for alacritty.
///
/// Some formats changed syntax between releases (alacritty read YAML before 0.13, foot renamed
/// keys in 1.23 and 1.26), so an exporter may need to know which release will read its output.
///
///     let version = try #require(ClientVersion("alacritty 0.11.0"))
///     print(version < ClientVersion(0, 13))   // true
public struct ClientVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
  /// The numbers of the version, most significant first (`[1, 13, 1]`).
  public var components: [Int]

  /// A version from its numbers.
  public init(_ major: Int, _ minor: Int, _ patch: Int = 0) {
    components = [major, minor, patch]
  }

  /// The first version number in `text`: digits with at least one `.`, such as the `0.11.0` in
  /// `alacritty 0.11.0` or the `1.13.1` in `foot version: 1.13.1 +pgo`; a bare `1.13` works.
  ///
  /// Returns `nil` when `text` holds no such number, or a component has more than six digits.
  public init?(_ text: String) {
    let tokens = text.split { !($0.isASCII && ($0.isNumber || $0 == ".")) }
    for token in tokens {
      var numbers: [Int] = []
      for part in token.split(separator: ".", omittingEmptySubsequences: false) {
        guard !part.isEmpty, part.count <= 6, let value = Int(part) else { break }
        numbers.append(value)
      }
      if numbers.count >= 2 {
        components = numbers
        return
      }
    }
    return nil
  }

  public var description: String { components.map(String.init).joined(separator: ".") }

  public static func < (lhs: ClientVersion, rhs: ClientVersion) -> Bool {
    let count = max(lhs.components.count, rhs.components.count)
    for index in 0..<count {
      let left = index < lhs.components.count ? lhs.components[index] : 0
      let right = index < rhs.components.count ? rhs.components[index] : 0
      if left != right { return left < right }
    }
    return false
  }

  public static func == (lhs: ClientVersion, rhs: ClientVersion) -> Bool {
    !(lhs < rhs) && !(rhs < lhs)
  }

  public func hash(into hasher: inout Hasher) {
    var trimmed = components
    while trimmed.last == 0 { trimmed.removeLast() }
    hasher.combine(trimmed)
  }

  /// The version that `program --version` reports, when `program` is on `path`.
  ///
  /// The program runs with its standard input and error on `/dev/null`; at most 4 KiB of its
  /// output is read, and it is killed after `timeout` seconds. Returns `nil` when the program
  /// is not installed, fails, or prints no version.
  ///
  /// - Parameters:
  ///   - program: The executable's name, looked up in `path`.
  ///   - path: A `PATH`-style list of folders.
  ///   - timeout: How long to wait for an answer.
  /// - Returns: The reported version, or `nil`.
  public static func installed(_ program: String, path: String, timeout: Double = 5)
    -> ClientVersion?
  {
    guard !program.contains("/") else { return nil }
    let candidates = path.split(separator: ":").map { "\($0)/\(program)" }
    guard let executable = candidates.first(where: { access($0, X_OK) == 0 }) else { return nil }
    guard let output = run(executable, ["--version"], timeout: timeout) else { return nil }
    return ClientVersion(output)
  }

  /// Runs `executable` and returns its standard output, or `nil` when it cannot start, exits
  /// with a failure, or outlives `timeout`.
  private static func run(_ executable: String, _ arguments: [String], timeout: Double)
    -> String?
  {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return nil }
    let (readEnd, writeEnd) = (fds[0], fds[1])
    _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
    _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
    defer { close(readEnd) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, writeEnd, STDOUT_FILENO)
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let started = posix_spawn(&pid, executable, &actions, nil, argv, environ)
    close(writeEnd)
    guard started == 0 else { return nil }

    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1024)
    var start = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    var finished = false
    while output.count < 4096 {
      var now = timespec()
      clock_gettime(CLOCK_MONOTONIC, &now)
      let elapsed = Double(now.tv_sec - start.tv_sec) + Double(now.tv_nsec - start.tv_nsec) / 1e9
      if elapsed > timeout { break }
      var entry = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&entry, 1, 100)
      if ready < 0 && errno != EINTR { break }
      if ready <= 0 { continue }
      let count = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 {
        finished = true
        break
      }
      output += chunk[..<count]
    }
    if !finished { kill(pid, SIGKILL) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    guard finished, status == 0 else { return nil }
    return String(decoding: output, as: UTF8.self)
  }
}
