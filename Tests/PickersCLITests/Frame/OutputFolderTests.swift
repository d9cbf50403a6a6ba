import Glibc
import Pickers
import Testing

@Suite("-o into a missing folder, and --mkdir")
struct OutputFolderTests {
  /// Every command that takes `-o`, writing into `path`.
  static func commands(writingTo path: String) -> [[String]] {
    [
      ["color", "swatch", "red", "-o", path + ".png"],
      ["font", "preview", "DejaVu Sans", "--text", "Hi", "-o", path + ".png"],
      ["font", "specimen", "DejaVu Sans", "--text", "Hi", "-o", path + ".png"],
      ["palette", "accents", "-o", path + ".gpl"],
      ["palette", "scale", "red", "-o", path + ".png"],
      ["palette", "distinct", "--count", "3", "--format", "ase", "-o", path + ".ase"],
      ["theme", "--accent", "red", "--format", "kitty", "-o", path + ".conf"],
      ["theme", "--accent", "red", "--format", "kitty", "--preview", path + ".png"],
    ]
  }

  @Test("without --mkdir a missing folder is named, with how to create it; nothing is written")
  func missing() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    for arguments in Self.commands(writingTo: folder + "/new/deeper/out") {
      let result = try runPickers(arguments)
      #expect(result.status == 1, "\(arguments)")
      let file = try #require(arguments.last { $0.hasPrefix(folder) })
      #expect(
        result.stderr
          == "pickers: cannot write \"\(file)\": folder \"\(folder)/new/deeper\" does not exist "
          + "(create it with mkdir -p \(folder)/new/deeper, or pass --mkdir)\n", "\(arguments)")
      #expect(result.stdout.isEmpty)
      #expect(directoryEntries(folder).isEmpty)
    }
  }

  @Test("a folder with a space is quoted in the mkdir -p hint")
  func quotedHint() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let result = try runPickers(["color", "swatch", "red", "-o", folder + "/my shots/a.png"])
    #expect(result.stderr.contains("mkdir -p '\(folder)/my shots', or pass --mkdir)"))
  }

  @Test("--mkdir makes every missing folder with mode 0755, then writes the same file")
  func mkdir() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let plain = Self.commands(writingTo: folder + "/plain")
    let nested = Self.commands(writingTo: folder + "/a/b/c/out")
    for (index, arguments) in nested.enumerated() {
      // Under umask 022, as mkdir -p would give 0755.
      let shell = "umask 022; exec \"$PICKERS\" \"$@\""
      let made = try runProgram(
        "/bin/sh", ["-c", shell, "sh"] + arguments + ["--mkdir"],
        environment: ["PICKERS": pickersBinary])
      #expect(made.status == 0, "\(arguments): \(made.stderr)")
      for path in ["/a", "/a/b", "/a/b/c"] {
        var status = stat()
        #expect(stat(folder + path, &status) == 0)
        #expect(status.st_mode & 0o7777 == 0o755, "\(path): \(String(status.st_mode, radix: 8))")
      }
      let file = try #require(arguments.last { $0.hasPrefix(folder) })
      // The same bytes as a run into a folder that exists (a PNG is compared by pixels).
      let reference = plain[index]
      #expect(try runPickers(reference).status == 0)
      let referenceFile = try #require(reference.last { $0.hasPrefix(folder) })
      if file.hasSuffix(".png") {
        #expect(try RGBAImage(pngFile: file) == (try RGBAImage(pngFile: referenceFile)))
      } else {
        #expect(
          try readFile(file, maximumSize: 1 << 20) == readFile(referenceFile, maximumSize: 1 << 20))
      }
      removeTree(folder + "/a")
    }
  }

  @Test("a failed run with --mkdir removes the folders it made")
  func cleanup() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    // The picture's folders are made, the theme file cannot be written (its path is a folder).
    let result = try runPickers([
      "theme", "--accent", "red", "--format", "kitty", "--preview", folder + "/new/deep/p.png",
      "-o", folder, "--mkdir",
    ])
    #expect(result.status == 1)
    #expect(result.stderr.contains("it is a folder"))
    #expect(directoryEntries(folder).isEmpty)
    // A bad color fails before any folder is made.
    let bad = try runPickers(["color", "swatch", "nonsense", "-o", folder + "/x/y.png", "--mkdir"])
    #expect(bad.status == 1)
    #expect(directoryEntries(folder).isEmpty)
  }

  @Test("--mkdir through a file in the path fails with the system's reason, leaving nothing")
  func fileInTheWay() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let blocker = folder + "/file"
    let descriptor = open(blocker, O_CREAT | O_WRONLY, 0o644)
    close(descriptor)
    let result = try runPickers(["color", "swatch", "red", "-o", blocker + "/x/a.png", "--mkdir"])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("pickers: cannot "))
    #expect(directoryEntries(folder) == ["file"])
  }

  @Test("-o naming a loop of symbolic links fails with the system's reason and keeps the links")
  func symbolicLinkLoop() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let (first, second) = (folder + "/a.png", folder + "/b.png")
    #expect(symlink(second, first) == 0 && symlink(first, second) == 0)
    let result = try runPickers(["color", "swatch", "red", "-o", first])
    #expect(result.status == 1)
    // The C library's text for ELOOP, as every other system error is quoted.
    let reason = String(cString: strerror(ELOOP))
    #expect(
      result.stderr
        == "pickers: cannot write \"\(first)\": open failed: "
        + "\(reason.prefix(1).lowercased() + reason.dropFirst())\n")
    var status = stat()
    #expect(lstat(first, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
    #expect(directoryEntries(folder) == ["a.png", "b.png"])
  }
}
