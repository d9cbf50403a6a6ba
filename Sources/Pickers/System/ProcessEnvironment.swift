import Glibc

/// The running process's environment variables.
///
/// Commands take the environment as a dictionary (so tests can give their own); the executables
/// read it here once, at start.
///
///     let environment = ProcessEnvironment.variables()
///     let home = ProcessEnvironment.value("HOME")
public enum ProcessEnvironment {
  /// Every variable of `environ` whose name and value are valid UTF-8, by name.
  ///
  /// An entry without `=` is skipped; a name set twice keeps its last value.
  public static func variables() -> [String: String] {
    var count = 0
    while environ[count] != nil { count += 1 }
    // Sized once: growing rehashes every name so far (six times for 40 variables, 0.2 M
    // instructions, two thirds of the whole).
    var result: [String: String] = Dictionary(minimumCapacity: count)
    var pointer = environ
    while let entry = pointer.pointee {
      // Split at the first "=" byte, not by Characters (grapheme breaking cost 5 K a variable).
      if let equals = strchr(entry, Int32(UInt8(ascii: "="))),
        let name = String(
          validating: UnsafeRawBufferPointer(start: entry, count: entry.distance(to: equals)),
          as: UTF8.self),
        let value = String(validatingCString: equals + 1)
      {
        result[name] = value
      }
      pointer += 1
    }
    return result
  }

  /// The variable `name`, or `nil` when it is not set.
  ///
  /// The corresponding C function is `getenv`.
  public static func value(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}

/// The environment variable `name`, or `nil`.
func environment(_ name: String) -> String? {
  ProcessEnvironment.value(name)
}
