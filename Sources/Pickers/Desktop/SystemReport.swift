/// What `pickers doctor` found on this machine: one ``SystemCheck`` per thing pickers relies
/// on (the display server, the terminal, the desktop portal, X11, Wayland's data-control,
/// GTK 4, the helpers, fontconfig and pickers' own folders).
///
/// Every probe is bounded: a D-Bus call waits at most ``probeTimeout`` milliseconds, and a probe
/// that could block (connecting to a bus or an X server) runs on its own thread with a
/// deadline. GTK, GIO and Xlib are loaded only by ``gather(environment:executable:)``, never by
/// the other commands.
///
///     let report = SystemReport.gather(environment: ProcessEnvironment.variables())
///     for check in report.checks where check.status == .missing { print(check.line) }
public struct SystemReport: Hashable, Sendable, Encodable {
  /// The checks, in the order `pickers doctor` prints them.
  public var checks: [SystemCheck]

  /// Creates a report from checks.
  public init(checks: [SystemCheck]) {
    self.checks = checks
  }

  /// The check named `name` (see ``SystemCheck/name``).
  public subscript(name: String) -> SystemCheck? {
    checks.first { $0.name == name }
  }

  /// How long one D-Bus call or connection may take, in milliseconds.
  public static let probeTimeout = 2_000

  /// Runs every probe.
  ///
  /// - Parameters:
  ///   - environment: The environment to judge (the process's own, or a test's).
  ///   - executable: The `pickers` binary whose helpers are looked for.
  /// - Returns: Every check, in the order `pickers doctor` prints them.
  public static func gather(
    environment: [String: String],
    executable: String = DesktopHelper.currentExecutable()
  ) -> SystemReport {
    var checks = displayChecks(environment)
    checks += terminalChecks(environment)
    checks += portalChecks(environment)
    checks.append(gtkCheck(environment))
    checks += helperChecks(environment, executable: executable)
    checks.append(clipboardCheck(environment, executable: executable))
    checks += fontChecks(environment)
    checks.append(folderCheck(environment))
    return SystemReport(checks: checks)
  }

  /// The report as text, one line per check: `name: ok (value)` or
  /// `name: missing: fix (value)`.
  public var text: String {
    checks.map { $0.line + "\n" }.joined()
  }

  public func encode(to encoder: any Encoder) throws {
    // An object keyed by check name: `report["x11"]["status"]` in a script.
    var container = encoder.container(keyedBy: SystemCheck.NameKey.self)
    for check in checks { try container.encode(check, forKey: SystemCheck.NameKey(check.name)) }
  }
}

/// One thing `pickers doctor` checked.
public struct SystemCheck: Hashable, Sendable, Encodable {
  /// Whether what pickers needs is there.
  public enum Status: String, Hashable, Sendable, Encodable {
    /// It is there and answers.
    case ok
    /// It is not: ``SystemCheck/fix`` says what to install or set.
    case missing
    /// It could not be found out (``SystemCheck/value`` says why).
    case unknown
  }

  /// A value in ``SystemCheck/details``.
  public enum Detail: Hashable, Sendable, Encodable {
    /// A string (a path, a name).
    case text(String)
    /// A whole number (a version, a count).
    case number(Int)
    /// A yes or no.
    case flag(Bool)
    /// Several strings (the files read, the folders searched).
    case list([String])
    /// Nothing found (JSON `null`).
    case null

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .text(let value): try container.encode(value)
      case .number(let value): try container.encode(value)
      case .flag(let value): try container.encode(value)
      case .list(let value): try container.encode(value)
      case .null: try container.encodeNil()
      }
    }
  }

  /// A stable key: `display`, `terminal`, `terminal-images`, `portal`, `portal-pick-color`,
  /// `portal-color-scheme`, `x11`, `wayland`, `wayland-data-control`, `gtk4`, `pickers-gtk`,
  /// `pickers-sample`, `clipboard`, `fontconfig`, `font-cache`, `pickers-folders`.
  public var name: String
  /// The verdict.
  public var status: Status
  /// What was found, in one line.
  public var value: String
  /// What to install or set, when ``status`` is ``Status/missing``.
  public var fix: String?
  /// The facts behind the verdict, by stable key (a path, a version, a count).
  public var details: [String: Detail]

  /// Creates a check.
  public init(
    name: String, status: Status, value: String, fix: String? = nil,
    details: [String: Detail] = [:]
  ) {
    self.name = name
    self.status = status
    self.value = value
    self.fix = fix
    self.details = details
  }

  /// A found thing.
  static func ok(_ name: String, _ value: String, _ details: [String: Detail] = [:]) -> Self {
    SystemCheck(name: name, status: .ok, value: value, details: details)
  }

  /// A missing thing and what to do about it.
  static func missing(
    _ name: String, _ fix: String, _ value: String, _ details: [String: Detail] = [:]
  ) -> Self {
    SystemCheck(name: name, status: .missing, value: value, fix: fix, details: details)
  }

  /// The check as `pickers doctor` prints it.
  public var line: String {
    switch status {
    case .ok: "\(name): ok (\(value))"
    case .missing: "\(name): missing: \(fix ?? "?") (\(value))"
    case .unknown: "\(name): unknown (\(value))"
    }
  }

  enum CodingKeys: String, CodingKey {
    case status, value, fix, details
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(status, forKey: .status)
    try container.encode(value, forKey: .value)
    if let fix {
      try container.encode(fix, forKey: .fix)
    } else {
      try container.encodeNil(forKey: .fix)
    }
    try container.encode(details, forKey: .details)
  }

  /// A check's name as a JSON key.
  struct NameKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}
