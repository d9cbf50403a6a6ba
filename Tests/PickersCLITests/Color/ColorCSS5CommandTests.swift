import Foundation
import Testing

/// The CSS Color 5 additions from the command line: every color command reads them, `color
/// info` prints the computed value, `color mix` takes any number of colors with shares, and
/// `--current` / `--scheme` set what `currentcolor`, `light-dark()` and system colors mean.
@Suite("pickers color with CSS Color 5")
struct ColorCSS5CommandTests {
  /// An environment with no GTK preference and no session bus (so no desktop portal), so the
  /// scheme defaults to light.
  static let neutral: [String: String] = [
    "GTK_THEME": "", "XDG_CONFIG_HOME": "/nonexistent-pickers-test",
    "DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": "",
  ]

  @Test("every color command reads color-mix(), relative colors and math")
  func everyCommand() throws {
    let convert = try runPickers(
      ["color", "convert", "color-mix(in srgb, red, blue)", "--to", "hex"])
    #expect(convert.output == "#800080\n")
    let relative = try runPickers(
      ["color", "convert", "rgb(from #3478f6 calc(r + 1) g b)", "--to", "hex"])
    #expect(relative.output == "#3578f6\n")
    let contrast = try runPickers(
      ["color", "contrast", "contrast-color(navy)", "rgb(calc(255 * 0) 0 calc(64 * 2))"])
    #expect(contrast.status == 0 && contrast.output.hasPrefix("ratio  16.0"))
    let diff = try runPickers(["color", "diff", "/* a */ red", "r\\65 d", "--method", "ok"])
    #expect(diff.output == "0\n")
    let mix = try runPickers(["color", "mix", "light-dark(red, blue)", "blue", "--in", "srgb"])
    #expect(mix.output == "rgb(127.5 0 127.5)\n")
    // display-p3-linear: the sRGB curve of Display P3 undone (0.5 linear is 0.735357 encoded).
    let linear = try runPickers(
      ["color", "convert", "color(display-p3-linear 0.5 0.2 0.1)", "--to", "display-p3"])
    #expect(linear.output == "color(display-p3 0.735357 0.484529 0.34919)\n")
    let inLinear = try runPickers(["color", "mix", "red", "red", "--in", "display-p3-linear"])
    #expect(inLinear.output.hasPrefix("color(display-p3-linear "))
  }

  @Test("color info shows the computed value as a browser serializes it")
  func infoComputed() throws {
    let text = try runPickers(["color", "info", "hsl(from rebeccapurple h s l)"])
    #expect(text.output.contains("\ncomputed       color(srgb 0.4 0.2 0.6)\n"))
    let legacy = try runPickers(["color", "info", "hsl(120 100% 25%)", "--json"])
    let json = try #require(
      JSONSerialization.jsonObject(with: Data(legacy.stdout)) as? [String: Any])
    #expect(json["computed"] as? String == "rgb(0, 128, 0)")
    let lines = try runPickers(
      ["color", "info", "-", "--json"], stdin: Array("lab(50 20 30)\nrgb(1 2 3 / none)\n".utf8))
    let array = try #require(
      JSONSerialization.jsonObject(with: Data(lines.stdout)) as? [[String: Any]])
    #expect(array.map { $0["computed"] as? String } == ["lab(50 20 30)", "rgba(1, 2, 3, 0)"])
  }

  @Test("color mix takes more than two colors, with shares as color-mix() writes them")
  func mixMany() throws {
    let three = try runPickers(["color", "mix", "red 20%", "lime", "blue", "--in", "srgb"])
    #expect(three.output == "rgb(51 102 102)\n")
    let before = try runPickers(["color", "mix", "20% red", "lime", "blue", "--in", "srgb"])
    #expect(before.output == three.output)
    let scaled = try runPickers(
      ["color", "mix", "red 10%", "lime 20%", "blue 20%", "--in", "srgb"])
    #expect(scaled.output == "rgb(51 102 102 / 0.5)\n")
    let none = try runPickers(
      ["color", "mix", "rgb(255 0 0 / none)", "rgb(0 0 255 / 0.4)", "--in", "srgb"])
    #expect(none.output == "rgb(127.5 0 127.5 / 0.4)\n")
    let both = try runPickers(
      ["color", "mix", "rgb(255 0 0 / none)", "rgb(0 0 255 / none)", "--in", "srgb"])
    #expect(both.output == "rgb(127.5 0 127.5 / none)\n")
    let stdin = try runPickers(
      ["color", "mix", "-", "white", "--in", "srgb"], stdin: Array("black\nred\n".utf8))
    #expect(stdin.output == "rgb(127.5 127.5 127.5)\nrgb(255 127.5 127.5)\n")
  }

  @Test("color mix rejects bad shares and bad combinations")
  func mixErrors() throws {
    let over = try runPickers(["color", "mix", "red", "blue 120%"])
    #expect(over.status == 1 && over.stdout.isEmpty)
    #expect(
      over.stderr
        == "pickers: cannot parse color \"blue 120%\": a color-mix() share must be between 0% "
        + "and 100% at column 6\n")
    let one = try runPickers(["color", "mix", "red"])
    #expect(one.status == 2)
    let amount = try runPickers(["color", "mix", "red", "lime", "blue", "--amount", "0.5"])
    #expect(amount.status == 2)
    let both = try runPickers(["color", "mix", "red 10%", "blue", "--amount", "0.5"])
    #expect(both.status == 2)
    let stdin = try runPickers(["color", "mix", "red", "-"])
    #expect(stdin.status == 2)
  }

  @Test("--scheme and --current choose light-dark(), system colors and currentcolor")
  func context() throws {
    func hex(_ arguments: [String], environment: [String: String] = Self.neutral) throws -> String {
      try runPickers(["color", "convert"] + arguments + ["--to", "hex"], environment: environment)
        .output
    }
    #expect(try hex(["light-dark(white, black)"]) == "#ffffff\n")
    #expect(try hex(["light-dark(white, black)", "--scheme", "dark"]) == "#000000\n")
    #expect(try hex(["Canvas", "--scheme", "dark"]) == "#121212\n")
    #expect(try hex(["currentcolor"]) == "#000000\n")
    #expect(try hex(["currentcolor", "--scheme", "dark"]) == "#ffffff\n")
    #expect(try hex(["currentcolor", "--current", "rebeccapurple"]) == "#663399\n")
    #expect(
      try hex(["color-mix(in srgb, currentcolor, white)", "--current", "black"]) == "#808080\n")
    // Without --scheme, the GTK preference decides.
    #expect(try hex(["Canvas"], environment: ["GTK_THEME": "Adwaita:dark"]) == "#121212\n")
    let config = FileManager.default.temporaryDirectory
      .appendingPathComponent("pickers-css5-\(getpid())")
    let gtk = config.appendingPathComponent("gtk-4.0")
    try FileManager.default.createDirectory(at: gtk, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: config) }
    try Data("[Settings]\ngtk-application-prefer-dark-theme = true\n".utf8)
      .write(to: gtk.appendingPathComponent("settings.ini"))
    let desktop = [
      "GTK_THEME": "", "XDG_CONFIG_HOME": config.path, "DBUS_SESSION_BUS_ADDRESS": "",
      "XDG_RUNTIME_DIR": "",
    ]
    #expect(try hex(["CanvasText"], environment: desktop) == "#ffffff\n")
    // A GTK user stylesheet's libadwaita colors become the system colors.
    try Data("@define-color accent_bg_color #e66100;\n@define-color window_bg_color @x;\n".utf8)
      .write(to: gtk.appendingPathComponent("gtk.css"))
    #expect(try hex(["AccentColor"], environment: desktop) == "#e66100\n")
    #expect(try hex(["Canvas"], environment: desktop) == "#121212\n")
    let bad = try runPickers(["color", "convert", "red", "--current", "bogus", "--to", "hex"])
    #expect(bad.status == 2)
    #expect(bad.stderr.hasPrefix("pickers: --current: cannot parse color \"bogus\""))
    let scheme = try runPickers(["color", "convert", "red", "--scheme", "dim", "--to", "hex"])
    #expect(scheme.status == 2)
  }

  @Test("bad CSS Color 5 input exits 1 with the reason and column, and never hangs")
  func badInput() throws {
    let deep =
      String(repeating: "color-mix(in srgb, ", count: 200) + "red"
      + String(repeating: ", blue)", count: 200)
    for input in [
      "rgb(calc(1 + 2deg) 0 0)", "color-mix(in srgb, red 120%, blue)", deep,
      "oklch(from red l c calc(h + 30deg))", String(repeating: "(", count: 100_000),
    ] {
      let result = try runPickers(["color", "convert", input, "--to", "hex"])
      #expect(result.status == 1, "\(input.prefix(40))")
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.hasPrefix("pickers: cannot parse color"), "\(input.prefix(40))")
    }
  }
}
