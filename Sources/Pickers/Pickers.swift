/// Facts about the library itself.
public enum Pickers {
  /// The version of the library and of the `pickers` command.
  public static let version = "0.1.0"
}
