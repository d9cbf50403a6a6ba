import FoundationEssentials
import Glibc
import Testing

/// `pickers palette ... --format gpl|ase|soc|kpl` checked by independent readers: the `swatch`
/// package from PyPI for .ase (in the venv scripts/install-deps makes), Python's zipfile and
/// xml.etree for .kpl and .soc, and files those write read back by `pickers palette convert`.
@Suite("Palette files against independent readers")
struct ThemePaletteFileTests {
  /// The venv with `swatch`, made by scripts/install-deps.
  static let venvPython = fixturesDirectory + "/../../.build/test-venv/bin/python"

  static func palette(_ format: String, into path: String) throws {
    let result = try runPickers(
      ["palette", "harmony", "system-blue", "--type", "triadic", "--format", format, "-o", path])
    guard result.status == 0 else { throw HarnessError(description: result.stderr) }
  }

  /// The names and hex colors pickers itself lists for the same palette.
  static func expected() throws -> [(String, String)] {
    let result = try runPickers(["palette", "harmony", "system-blue", "--type", "triadic"])
    return result.output.split(separator: "\n").map { line in
      let parts = line.split(separator: " ", omittingEmptySubsequences: true)
      return (parts.dropLast().joined(separator: " "), String(parts.last ?? ""))
    }
  }

  static func python(_ interpreter: String, _ script: String, _ arguments: [String]) throws
    -> String
  {
    let program = interpreter == "python3" ? "/usr/bin/python3" : interpreter
    let result = try runProgram(program, ["-c", script] + arguments)
    guard result.status == 0 else {
      throw HarnessError(description: "python failed: \(result.stderr)")
    }
    return result.output
  }

  /// `pickers palette convert FILE` as `name hex` lines.
  static func converted(_ path: String) throws -> String {
    let result = try runPickers(["palette", "convert", path])
    guard result.status == 0 else { throw HarnessError(description: result.stderr) }
    return result.output.split(separator: "\n").map { line in
      let parts = line.split(separator: " ", omittingEmptySubsequences: true)
      return parts.dropLast().joined(separator: " ") + " " + (parts.last ?? "")
    }.joined(separator: "\n")
  }

  @Test("swatch (PyPI) reads pickers' .ase; pickers reads swatch's RGB, CMYK, gray and groups")
  func ase() throws {
    #expect(access(Self.venvPython, X_OK) == 0, "run scripts/install-deps (makes .build/test-venv)")
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    try Self.palette("ase", into: folder + "/p.ase")
    let read = try Self.python(
      Self.venvPython,
      """
      import sys, swatch
      for s in swatch.parse(sys.argv[1]):
          v = s['data']['values']
          print(s['name'], s['data']['mode'], '#%02x%02x%02x' % tuple(round(c * 255) for c in v))
      """, [folder + "/p.ase"])
    let expected = try Self.expected().map { "\($0.0) RGB \($0.1)" }.joined(separator: "\n") + "\n"
    #expect(read == expected)
    _ = try Self.python(
      Self.venvPython,
      """
      import sys, swatch
      swatch.write([
          {'name': 'Group', 'type': 'Color Group', 'swatches': [
              {'name': 'Orange', 'type': 'Process',
               'data': {'mode': 'RGB', 'values': [1.0, 0.5, 0.0]}}]},
          {'name': 'Cyan ink', 'type': 'Spot',
           'data': {'mode': 'CMYK', 'values': [1.0, 0.0, 0.0, 0.0]}},
          {'name': 'Mid gray', 'type': 'Global', 'data': {'mode': 'Gray', 'values': [0.5]}},
      ], sys.argv[1])
      """, [folder + "/s.ase"])
    #expect(
      try Self.converted(folder + "/s.ase") == "Orange #ff8000\nCyan ink #00ffff\nMid gray #808080")
  }

  @Test("Python's zipfile and xml.etree read pickers' .kpl; pickers reads a deflated one")
  func kpl() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    try Self.palette("kpl", into: folder + "/p.kpl")
    let read = try Self.python(
      "python3",
      """
      import sys, zipfile, xml.etree.ElementTree as ET
      z = zipfile.ZipFile(sys.argv[1])
      assert z.testzip() is None
      first = z.infolist()[0]
      print(first.filename, first.compress_type, z.read('mimetype').decode())
      root = ET.fromstring(z.read('colorset.xml'))
      print(root.tag, root.get('columns'), root.get('rows'))
      for e in root.iter('ColorSetEntry'):
          c = e.find('RGB')
          print(e.get('name'), '#%02x%02x%02x' % tuple(round(float(c.get(k)) * 255) for k in 'rgb'))
      ET.fromstring(z.read('profiles.xml'))
      """, [folder + "/p.kpl"])
    let expected = try Self.expected()
    let lines = read.split(separator: "\n").map(String.init)
    #expect(lines.first == "mimetype 0 krita/x-colorset")
    #expect(lines.dropFirst().first == "ColorSet \(expected.count) 1")
    #expect(Array(lines.dropFirst(2)) == expected.map { "\($0.0) \($0.1)" })
    _ = try Self.python(
      "python3",
      """
      import sys, zipfile
      xml = '''<?xml version="1.0" encoding="UTF-8"?>
      <ColorSet version="2.0" name="Krita" columns="2" rows="1" comment="" readonly="false">
       <ColorSetEntry name="Teal &amp; co" id="0" spot="false" bitdepth="U8">
        <RGB r="0" g="0.5" b="0.5" space="sRGB-elle-V2-srgbtrc.icc"/><Position row="0" column="0"/>
       </ColorSetEntry>
       <ColorSetEntry name="Ash" id="1" spot="false" bitdepth="U8">
        <Gray g="0.25" space="Gray-D50-elle-V2-srgbtrc.icc"/><Position row="0" column="1"/>
       </ColorSetEntry>
      </ColorSet>'''
      with zipfile.ZipFile(sys.argv[1], 'w') as z:
          z.writestr('mimetype', 'krita/x-colorset', compress_type=zipfile.ZIP_STORED)
          z.writestr('colorset.xml', xml, compress_type=zipfile.ZIP_DEFLATED)
          z.writestr('profiles.xml', '<Profiles/>', compress_type=zipfile.ZIP_DEFLATED)
      """, [folder + "/k.kpl"])
    #expect(try Self.converted(folder + "/k.kpl") == "Teal & co #008080\nAsh #404040")
  }

  @Test("xml.etree reads pickers' .soc with LibreOffice's namespaces; pickers reads one it wrote")
  func soc() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    try Self.palette("soc", into: folder + "/p.soc")
    let read = try Self.python(
      "python3",
      """
      import sys, xml.etree.ElementTree as ET
      draw = '{urn:oasis:names:tc:opendocument:xmlns:drawing:1.0}'
      root = ET.parse(sys.argv[1]).getroot()
      print(root.tag)
      for c in root.iter(draw + 'color'):
          print(c.get(draw + 'name'), c.get(draw + 'color'))
      """, [folder + "/p.soc"])
    let expected = try Self.expected()
    #expect(
      read == "{http://openoffice.org/2004/office}color-table\n"
        + expected.map { "\($0.0) \($0.1)\n" }.joined())
    _ = try Self.python(
      "python3",
      """
      import sys, xml.etree.ElementTree as ET
      ooo = 'http://openoffice.org/2004/office'
      draw = 'urn:oasis:names:tc:opendocument:xmlns:drawing:1.0'
      ET.register_namespace('ooo', ooo)
      ET.register_namespace('draw', draw)
      root = ET.Element('{%s}color-table' % ooo)
      for name, hex in [('Brick <red>', '#b22222'), ('Sky "blue"', '#87ceeb')]:
          ET.SubElement(root, '{%s}color' % draw, {'{%s}name' % draw: name, '{%s}color' % draw: hex})
      ET.ElementTree(root).write(sys.argv[1], xml_declaration=True, encoding='UTF-8')
      """, [folder + "/l.soc"])
    #expect(try Self.converted(folder + "/l.soc") == "Brick <red> #b22222\nSky \"blue\" #87ceeb")
  }

  @Test("every format round-trips through palette convert: the same names and colors")
  func roundTrip() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let expected = try Self.expected().map { "\($0.0) \($0.1)" }.joined(separator: "\n")
    for format in ["gpl", "ase", "soc", "kpl", "json"] {
      try Self.palette(format, into: folder + "/p.\(format)")
      #expect(try Self.converted(folder + "/p.\(format)") == expected, "\(format)")
    }
  }

  @Test("--palette FILE gives palette simulate the file's colors, named as in the file")
  func simulateFromFile() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    try writeText(
      "GIMP Palette\nName: t\n#\n255 0 0\tmy red\n0 128 0\tmy green\n", to: folder + "/t.gpl")
    let fromFile = try runPickers(
      [
        "palette", "simulate", "--palette", folder + "/t.gpl", "-d", "deuteranopia", "--format",
        "hex",
      ])
    let direct = try runPickers(
      ["palette", "simulate", "#ff0000", "#008000", "-d", "deuteranopia", "--format", "hex"])
    #expect(fromFile.status == 0, "\(fromFile.stderr)")
    #expect(fromFile.stdout == direct.stdout)
    let named = try runPickers(
      ["palette", "simulate", "--palette", folder + "/t.gpl", "-d", "deuteranopia"])
    let names = named.output.split(separator: "\n").map {
      $0.split(separator: " ").dropLast().joined(separator: " ")
    }
    #expect(names == ["my red", "my red deuteranopia", "my green", "my green deuteranopia"])
    let bad = try runPickers(["palette", "simulate", "--palette", folder + "/missing.gpl"])
    #expect(bad.status == 1)
    try writeText("GIMP Palette\n1 2\n", to: folder + "/bad.gpl")
    let malformed = try runPickers(["palette", "simulate", "--palette", folder + "/bad.gpl"])
    #expect(malformed.status == 1)
    #expect(
      malformed.stderr
        == "pickers: \(folder)/bad.gpl: gpl line 2: expected three numbers 0-255, then a name\n")
  }
}

/// The help examples of the commands this work added or changed, run as written in a scratch
/// folder (those that write into `~` or need a wallpaper are left to their own tests).
@Suite("Theme and palette file help examples")
struct ThemePaletteHelpExampleTests {
  @Test(
    "every runnable example in the help exits 0",
    arguments: [["palette", "convert"], ["palette", "simulate"], ["theme"]])
  func examples(command: [String]) throws {
    let help = try runPickers(command + ["--help"])
    #expect(help.status == 0)
    let examples = help.output.split(separator: "\n").drop { $0 != "EXAMPLES:" }.dropFirst()
      .map { $0.trimmingPrefix("  ") }
      .filter { !$0.contains("~/") && !$0.contains("wallpaper.png") && $0.hasPrefix("pickers ") }
    #expect(!examples.isEmpty)
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    for example in examples {
      let result = try runProgram(
        "/bin/sh", ["-c", "cd '\(folder)' && \(example) >/dev/null"],
        environment: ["PATH": buildProductsDirectory + ":/usr/bin:/bin"])
      #expect(result.status == 0, "\(example): \(result.stderr)")
    }
  }
}
