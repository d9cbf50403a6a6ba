import Dispatch
import Glibc
import Synchronization
import Testing

/// The favourites file under concurrent pickers, corrupt contents and odd file types.
@Suite("Favourites: merged saves, read-only listing, no hangs", .tags(.reliability, .terminal))
struct ReliabilityFavoritesTests {
  static let escape = "\u{1B}"

  /// Whether `path` exists.
  static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

  /// The file's text, or "" when it cannot be read.
  static func contents(_ path: String) -> String {
    (try? runProgram("/bin/cat", [path]).output) ?? ""
  }

  /// Waits (up to 30 s, a hang guard) until `condition` holds.
  static func waitUntil(_ condition: () -> Bool) {
    for _ in 0..<3000 where !condition() { usleep(10_000) }
  }

  @Test("two font pick sessions open at once keep each other's ratings")
  func twoSessions() throws {
    let home = try makeTemporaryDirectory()
    defer { removeTree(home) }
    let flags = home + "/flags"
    _ = try runProgram("/bin/mkdir", ["-p", flags])
    let favorites = home + "/pickers/favorites.json"
    func flag(_ name: String) { close(open(flags + "/" + name, O_CREAT | O_WRONLY, 0o644)) }
    func waitForFlag(_ name: String) { Self.waitUntil { Self.exists(flags + "/" + name) } }

    // Both sessions have loaded the (empty) favourites before either rates anything; then A
    // rates DejaVu Sans 5 and B, still holding its old picture, rates Liberation Serif 3.
    let first: [PseudoTerminalRun.Step] = [
      .wait("Filter:"),
      .run { _, _ in
        flag("a-loaded")
        waitForFlag("b-loaded")
      },
      .send("5"), .wait("★★★★★"),
      .run { _, _ in
        Self.waitUntil { Self.contents(favorites).contains("DejaVu Sans") }
        flag("a-saved")
        waitForFlag("b-saved")
      },
      .send(Self.escape),
    ]
    let second: [PseudoTerminalRun.Step] = [
      .wait("Filter:"),
      .run { _, _ in
        flag("b-loaded")
        waitForFlag("a-saved")
      },
      .send("3"), .wait("★★★"),
      .run { _, _ in
        Self.waitUntil { Self.contents(favorites).contains("Liberation Serif") }
        flag("b-saved")
      },
      .send(Self.escape),
    ]
    let statuses = Mutex<[String: Int32]>([:])
    let group = DispatchGroup()
    for (name, initial) in [("a", "DejaVu Sans"), ("b", "Liberation Serif")] {
      let steps = name == "a" ? first : second
      nonisolated(unsafe) let script = steps
      DispatchQueue.global().async(group: group) {
        let run = try? PseudoTerminalRun.run(
          ["font", "pick", "--preview", "none", "--initial", initial], steps: script,
          environment: ["XDG_CONFIG_HOME": home], timeout: 90)
        statuses.withLock { $0[name] = run?.status ?? -1 }
      }
    }
    group.wait()
    // Esc exits 1 in both.
    #expect(statuses.withLock { $0 } == ["a": 1, "b": 1])
    let listed = try runPickers(
      ["font", "list", "--favorites"], environment: ["XDG_CONFIG_HOME": home])
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(listed.output == "DejaVu Sans\nLiberation Serif\n")
    let five = try runPickers(
      ["font", "list", "--favorites", "--min-stars", "5"], environment: ["XDG_CONFIG_HOME": home])
    #expect(five.output == "DejaVu Sans\n")
  }

  @Test("font list --favorites reports a corrupt file and leaves it where it is, untouched")
  func listingNeverMoves() throws {
    let home = try makeTemporaryDirectory()
    defer { removeTree(home) }
    _ = try runProgram("/bin/mkdir", ["-p", home + "/pickers"])
    let path = home + "/pickers/favorites.json"
    _ = try runProgram("/bin/sh", ["-c", "printf '{\"ratings\": 3' > '\(path)'"])
    let result = try runPickers(
      ["font", "list", "--favorites"], environment: ["XDG_CONFIG_HOME": home])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("pickers: favorites file '\(path)' is not valid"))
    #expect(directoryEntries(home + "/pickers") == ["favorites.json"])
    #expect(Self.contents(path) == "{\"ratings\": 3")
  }

  @Test("a file with a byte-order mark and ratings written as 5.0 is read, not set aside")
  func byteOrderMarkAndDecimals() throws {
    let home = try makeTemporaryDirectory()
    defer { removeTree(home) }
    _ = try runProgram("/bin/mkdir", ["-p", home + "/pickers"])
    let path = home + "/pickers/favorites.json"
    _ = try runProgram(
      "/bin/sh",
      [
        "-c",
        "printf '\\357\\273\\277{\"version\": 1.0, \"ratings\": {\"DejaVu Serif\": 5.0, "
          + "\"DejaVu Sans\": 2}}' > '\(path)'",
      ])
    let result = try runPickers(
      ["font", "list", "--favorites"], environment: ["XDG_CONFIG_HOME": home])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.output == "DejaVu Serif\nDejaVu Sans\n")
    #expect(result.stderr.isEmpty)
  }

  @Test("a FIFO in place of favorites.json is refused at once instead of hanging")
  func fifo() throws {
    let home = try makeTemporaryDirectory()
    defer { removeTree(home) }
    _ = try runProgram("/bin/mkdir", ["-p", home + "/pickers"])
    let path = home + "/pickers/favorites.json"
    #expect(mkfifo(path, 0o644) == 0)
    let result = try runPickers(
      ["font", "list", "--favorites"], environment: ["XDG_CONFIG_HOME": home], timeout: 30)
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "pickers: cannot read favorites from '\(path)': it is not a regular file\n")
  }
}

/// Ratings given in the font picker, kept in the favourites file.
@Suite("Favourites in the font picker", .tags(.terminal))
struct FavoritePickTests {
  static let escape = "\u{1B}"

  @Test("a rating given in the picker is saved and listed by font list --favorites")
  func ratingPersists() throws {
    let home = try makeTemporaryDirectory()
    defer { removeTree(home) }
    let run = try PseudoTerminalRun.run(
      ["font", "pick", "--preview", "none", "--initial", "Liberation Serif"],
      steps: [.wait("Filter:"), .send("4"), .wait("★★★★"), .send(Self.escape)],
      environment: ["XDG_CONFIG_HOME": home])
    #expect(run.status == 1)
    let listed = try runPickers(
      ["font", "list", "--favorites", "--min-stars", "4"], environment: ["XDG_CONFIG_HOME": home])
    #expect(listed.status == 0)
    #expect(listed.output == "Liberation Serif\n")
    let none = try runPickers(
      ["font", "list", "--favorites", "--min-stars", "5"], environment: ["XDG_CONFIG_HOME": home])
    #expect(none.status == 0)
    #expect(none.output.isEmpty)
  }

  @Test("a corrupt favorites file is reported and moved aside by the picker, not lost")
  func corruptFavorites() throws {
    let home = try makeTemporaryDirectory()
    defer { removeTree(home) }
    _ = try runProgram("/bin/mkdir", ["-p", home + "/pickers"])
    let path = home + "/pickers/favorites.json"
    _ = try runProgram("/bin/sh", ["-c", "printf 'not json' > '\(path)'"])
    let run = try PseudoTerminalRun.run(
      ["font", "pick", "--preview", "none"], steps: [.wait("Filter:"), .send(Self.escape)],
      environment: ["XDG_CONFIG_HOME": home])
    #expect(run.status == 1)
    #expect(run.drawn.contains("pickers: warning: favorites file '\(path)' is not valid"))
    let entries = directoryEntries(home + "/pickers")
    #expect(entries.count == 1 && entries[0].hasPrefix("favorites.json.corrupt-"))
    let kept = try runProgram("/bin/cat", [home + "/pickers/" + entries[0]])
    #expect(kept.output == "not json")
  }
}
