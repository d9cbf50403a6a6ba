import Foundation
import Glibc
import Testing

/// The desktop entry and its icon in `data/`, which scripts/install and the .deb install.
private let entryPath = packageRoot + "/data/pickers.desktop"
private let iconPath = packageRoot + "/data/pickers.svg"

/// The entry's groups: group name -> key -> value, read as the specification's plain
/// `key=value` lines.
private func entryGroups() throws -> [String: [String: String]] {
  let text = String(decoding: BackgroundProcess.contents(entryPath), as: UTF8.self)
  var groups: [String: [String: String]] = [:]
  var current = ""
  for line in text.split(separator: "\n") where !line.hasPrefix("#") {
    if line.hasPrefix("[") && line.hasSuffix("]") {
      current = String(line.dropFirst().dropLast())
      groups[current] = [:]
    } else if let equals = line.firstIndex(of: "=") {
      groups[current]?[String(line[..<equals])] = String(line[line.index(after: equals)...])
    }
  }
  return groups
}

@Suite("the desktop entry and its icon", .tags(.desktop))
struct DesktopEntryTests {
  @Test("desktop-file-validate passes with nothing to say")
  func validates() throws {
    try #require(
      programExists("desktop-file-validate"), "desktop-file-utils is installed by install-deps")
    let result = try runProgram("/usr/bin/desktop-file-validate", [entryPath])
    #expect(result.status == 0)
    #expect(result.output.isEmpty, "\(result.output)")
  }

  @Test("names, icon, WM class and the two actions are there")
  func keys() throws {
    let groups = try entryGroups()
    let main = try #require(groups["Desktop Entry"])
    #expect(main["Name"] == "pickers")
    #expect(main["Icon"] == "pickers")
    #expect(main["StartupWMClass"] == "pickers")
    #expect(main["Actions"] == "sample-color;pick-font;")
    #expect(groups["Desktop Action sample-color"]?["Name"] == "Pick a color from the screen")
    #expect(groups["Desktop Action pick-font"]?["Name"] == "Pick a font")
    // The color action copies and notifies, as its name promises.
    let sample = try #require(groups["Desktop Action sample-color"]?["Exec"])
    #expect(sample.split(separator: " ").contains("--copy"))
    #expect(sample.split(separator: " ").contains("--notify"))
  }

  @Test("every Exec line's command accepts its arguments (each with --help exits 0)")
  func execLinesRun() throws {
    let groups = try entryGroups()
    let commands = groups.values.compactMap { $0["Exec"] }
    #expect(commands.count == 3)
    for command in commands {
      let words = command.split(separator: " ").map(String.init)
      #expect(words.first == "pickers")
      let result = try runPickers(Array(words.dropFirst()) + ["--help"])
      #expect(result.status == 0, "\(command): \(result.stderr)")
      #expect(
        result.output.contains(
          "USAGE: pickers " + words.dropFirst().prefix(2).joined(separator: " ")))
    }
  }

  @Test("the sample action runs under Xvfb: it waits for a click and gives up after --timeout")
  func sampleActionRuns() throws {
    let screen = try VirtualScreen()
    let groups = try entryGroups()
    let command = try #require(groups["Desktop Action sample-color"]?["Exec"])
    let words = command.split(separator: " ").map(String.init).dropFirst()
    let result = try runPickers(
      Array(words) + ["--timeout", "1"], environment: screen.environment, timeout: 30)
    // Exit 1 with nothing printed: no pick in time (a usage error would be 2).
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test("the icon is a valid SVG that rsvg-convert draws with several colors")
  func icon() throws {
    try #require(programExists("rsvg-convert"), "librsvg2-bin is installed by install-deps")
    let parse = try runProgram(
      "/usr/bin/python3",
      [
        "-c",
        "import sys, xml.etree.ElementTree as E; root = E.parse(sys.argv[1]).getroot(); "
          + "print(root.tag, root.get('viewBox'))",
        iconPath,
      ])
    #expect(parse.output == "{http://www.w3.org/2000/svg}svg 0 0 128 128\n", "\(parse.stderr)")
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let png = folder + "/icon.png"
    let drawn = try runProgram(
      "/usr/bin/rsvg-convert", ["-w", "64", "-h", "64", iconPath, "-o", png])
    try #require(drawn.status == 0, "\(drawn.stderr)")
    // ImageMagick reads the PNG back: mostly opaque, and the swatch's colors are there.
    let stats = try runProgram(
      "/usr/bin/env", ["convert", png, "-alpha", "extract", "-format", "%[fx:mean]", "info:"])
    #expect((Double(stats.output) ?? 0) > 0.5, "\(stats.stderr)")
    let colors = try runProgram(
      "/usr/bin/env", ["convert", png, "-alpha", "off", "-format", "%k", "info:"])
    #expect((Int(colors.output) ?? 0) >= 5, "\(colors.stderr)")
  }
}
