import Testing

// The kinds of test that cut across the folders (the folders follow the command groups), to run
// or skip together by name: `swift test --filter tag:reliability`, `--skip tag:desktop`.
extension Tag {
  /// Never crash, hang, leak or leave half a file: bad input, broken fonts, killed and failed
  /// writes, corrupt caches and favourites, memory and time over large inputs.
  @Tag static var reliability: Self
  /// Needs a desktop session: an X server (Xvfb) or a D-Bus bus with a stand-in portal.
  @Tag static var desktop: Self
  /// Drives the binary through a pseudo-terminal, as a person at a terminal would.
  @Tag static var terminal: Self
  /// Loads pickers' files in the real programs they are written for (foot, kitty, xrdb, tmux,
  /// libadwaita's stylesheet).
  @Tag static var clients: Self
  /// Takes tens of seconds or more on its own.
  @Tag static var slow: Self
}
