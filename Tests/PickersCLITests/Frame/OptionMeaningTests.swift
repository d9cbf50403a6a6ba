import Glibc
import Pickers
import Testing

@Suite("one meaning for --size")
struct SizeOptionTests {
  @Test("a text size is a number; NxN means N, pixel for pixel")
  func textSize() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    for command in ["preview", "specimen"] {
      let base = ["font", command, "DejaVu Sans", "--text", "Size"]
      let number = try runPickers(base + ["--size", "20", "-o", folder + "/n.png"])
      let square = try runPickers(base + ["--size", "20x20", "-o", folder + "/s.png"])
      #expect(number.status == 0 && square.status == 0, "\(square.stderr)")
      let first = try RGBAImage(pngFile: folder + "/n.png")
      let second = try RGBAImage(pngFile: folder + "/s.png")
      #expect(first == second)
      // And it is a different picture from another size.
      _ = try runPickers(base + ["--size", "30", "-o", folder + "/t.png"])
      #expect(try RGBAImage(pngFile: folder + "/t.png").height > first.height)
    }
  }

  @Test("a text size with two different sides is refused, saying what a text size is")
  func textSizeRefused() throws {
    for command in ["preview", "specimen"] {
      let result = try runPickers([
        "font", command, "DejaVu Sans", "--size", "48x20", "-o", "/tmp/never-written.png",
      ])
      #expect(result.status == 2)
      #expect(
        result.stderr.hasPrefix(
          "pickers: --size '48x20' is a picture size (WxH): the text size is a number of "
            + "pixels, such as 48"))
      #expect(access("/tmp/never-written.png", F_OK) != 0)
    }
  }

  @Test("a picture size is WxH; N means NxN")
  func pictureSize() throws {
    let folder = try makeTemporaryDirectory()
    defer { removeTree(folder) }
    let one = try runPickers(["color", "swatch", "red", "--size", "40", "-o", folder + "/a.png"])
    let two = try runPickers([
      "color", "swatch", "red", "--size", "40x40", "-o", folder + "/b.png",
    ])
    #expect(one.status == 0 && two.status == 0)
    let image = try RGBAImage(pngFile: folder + "/a.png")
    #expect(image.width == 40 && image.height == 40)
    #expect(image == (try RGBAImage(pngFile: folder + "/b.png")))
    let wide = try runPickers([
      "color", "swatch", "red", "--size", "40x10", "-o", folder + "/c.png",
    ])
    #expect(wide.status == 0)
    let picture = try RGBAImage(pngFile: folder + "/c.png")
    #expect(picture.width == 40 && picture.height == 10)
  }

  @Test("every --size help says whether it is a text size or a picture size")
  func helpSaysWhich() throws {
    for (path, kind) in [
      (["font", "preview"], "Text size in pixels, a number"),
      (["font", "specimen"], "Text size in pixels, a number"),
      (["color", "swatch"], "Picture size of each swatch in pixels, WxH"),
    ] {
      let help = try runPickers(path + ["--help"]).output
      let flat = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(flat.contains(kind), "\(path)")
    }
  }
}

@Suite("counts are --count N")
struct CountOptionTests {
  @Test("palette distinct --count N is the same as palette distinct N")
  func distinct() throws {
    let option = try runPickers(["palette", "distinct", "--count", "6", "--format", "hex"])
    let short = try runPickers(["palette", "distinct", "-n", "6", "--format", "hex"])
    let positional = try runPickers(["palette", "distinct", "6", "--format", "hex"])
    #expect(option.status == 0)
    #expect(option.output.split(separator: "\n").count == 6)
    #expect(option.output == positional.output)
    #expect(option.output == short.output)
    let agree = try runPickers(["palette", "distinct", "6", "--count", "6", "--format", "hex"])
    #expect(agree.output == option.output)
  }

  @Test("two different counts, or none, are usage errors")
  func refused() throws {
    let both = try runPickers(["palette", "distinct", "3", "--count", "4"])
    #expect(both.status == 2)
    #expect(both.stderr.hasPrefix("pickers: --count 4 and N 3 disagree"))
    let none = try runPickers(["palette", "distinct"])
    #expect(none.status == 2)
    #expect(none.stderr.hasPrefix("pickers: missing --count N"))
  }
}
