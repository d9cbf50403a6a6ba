import Glibc
import Pickers
import Testing

@Suite("pickers color swatch")
struct SwatchCommandTests {
  @Test("swatch pixels equal the colors exactly, alpha kept, in a grid with gaps")
  func grid() throws {
    let folder = try RenderOutputFolder()
    let path = folder.path + "/grid.png"
    let result = try runPickers([
      "color", "swatch", "#ff8800", "#12345680", "#000", "--size", "8x6", "--columns", "2", "--gap",
      "3", "-o", path,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    let image = try RGBAImage(pngFile: path)
    #expect(image.width == 8 * 2 + 3 && image.height == 6 * 2 + 3)
    let colors = [
      RGBA8(red: 0xFF, green: 0x88, blue: 0),
      RGBA8(red: 0x12, green: 0x34, blue: 0x56, alpha: 0x80),
      RGBA8(red: 0, green: 0, blue: 0),
    ]
    for y in 0..<image.height {
      for x in 0..<image.width {
        let inGap = x % 11 >= 8 || y % 9 >= 6
        let index = (y / 9) * 2 + x / 11
        let expected = inGap || index >= colors.count ? RGBA8.clear : colors[index]
        #expect(image[x, y] == expected, "pixel \(x),\(y)")
      }
    }
  }

  @Test("colors are read from standard input with '-'")
  func standardInput() throws {
    let folder = try RenderOutputFolder()
    let path = folder.path + "/stdin.png"
    let result = try runPickers(
      ["color", "swatch", "-", "--size", "4x4", "-o", path], stdin: Array("#0000ff\n#00ff00\n".utf8)
    )
    #expect(result.status == 0, "\(result.stderr)")
    let image = try RGBAImage(pngFile: path)
    #expect(image.width == 8)
    #expect(image[0, 0] == RGBA8(red: 0, green: 0, blue: 255))
    #expect(image[7, 3] == RGBA8(red: 0, green: 255, blue: 0))
  }

  @Test("labels and rounded corners are drawn")
  func labelled() throws {
    let folder = try RenderOutputFolder()
    let path = folder.path + "/label.png"
    let result = try runPickers([
      "color", "swatch", "#ffee00", "--label", "--radius", "20", "--checkerboard", "-o", path,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let image = try RGBAImage(pngFile: path)
    #expect(image[0, 0].alpha == 0)
    let dark = (0..<image.height).flatMap { y in (0..<image.width).map { image[$0, y] } }
      .filter { $0.red < 80 && $0.green < 80 }
    #expect(dark.count > 30)
  }

  @Test(
    "bad input exits with a clear message and writes no file",
    arguments: [
      (["--size", "0x10"], 2, "--size '0x10' is out of range"),
      (["--size", "banana"], 2, "--size 'banana' is not a size"),
      (["--size", "99999x99999"], 2, "out of range"),
      (["--columns", "0"], 2, "--columns"),
      (["--gap", "-4"], 2, "--gap"),
      (["--radius", "-1"], 2, "--radius"),
      (["--size", "16384x16384", "--columns", "1", "#000", "#fff"], 1, "over the limit"),
    ])
  func badInput(extra: [String], status: Int32, message: String) throws {
    let folder = try RenderOutputFolder()
    let path = folder.path + "/bad.png"
    let result = try runPickers(["color", "swatch", "#abc"] + extra + ["-o", path])
    #expect(result.status == status)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(folder.files().isEmpty)
  }

  @Test("an unparseable color exits 1 naming it, and writes no file")
  func badColor() throws {
    let folder = try RenderOutputFolder()
    let result = try runPickers(["color", "swatch", "#12", "-o", folder.path + "/x.png"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("#12"))
    #expect(folder.files().isEmpty)
  }
}

@Suite("pickers color swatch with CSS colors")
struct SwatchCSSCommandTests {
  @Test("CSS Color 4 syntax is accepted and converted to 8-bit sRGB")
  func cssColors() throws {
    let folder = try RenderOutputFolder()
    let path = folder.path + "/css.png"
    let result = try runPickers([
      "color", "swatch", "rebeccapurple", "rgb(255 0 0 / 50%)", "--size", "2x2", "-o", path,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let image = try RGBAImage(pngFile: path)
    // CSS Color 4: rebeccapurple is #663399; 50% alpha is 127.5, stored as 128.
    #expect(image[0, 0] == RGBA8(red: 0x66, green: 0x33, blue: 0x99))
    #expect(image[2, 0] == RGBA8(red: 255, green: 0, blue: 0, alpha: 128))
  }

  @Test("a bad line of standard input is reported by number and no file is written")
  func badLine() throws {
    let folder = try RenderOutputFolder()
    let result = try runPickers(
      ["color", "swatch", "-", "-o", folder.path + "/x.png"],
      stdin: Array("red\nnot-a-color\n".utf8))
    #expect(result.status == 1)
    #expect(result.stderr.contains("line 2"))
    #expect(folder.files().isEmpty)
  }
}
