/// Facts about the library itself.
///
/// No public type is named `Pickers`, so `Pickers.Color` always names this module's ``Color``,
/// even in a program that has a `Color` of its own (SwiftUI's, say).
public enum PickersLibrary {
  /// The version of the library and of the `pickers` command: the one place it is written
  /// (`pickers --version`, the man page, the PNG `Software` chunk and the Debian package read it).
  public static let version = "0.1.0"
}
