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
    let child = ChildProcess(
      path: executable, arguments: [executable] + arguments, environment: nil,
      detachesTerminal: true, maximumOutput: 4096, timeout: timeout, stopSignal: SIGKILL)
    guard case .success(let outcome) = child.run(), !outcome.overflowed, !outcome.timedOut,
      outcome.exitStatus == 0
    else { return nil }
    return String(decoding: outcome.output, as: UTF8.self)
  }
}
