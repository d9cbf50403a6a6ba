/// `pickers color ...`: CSS colors with opacity.
struct ColorGroup: CommandGroup {
  static let spec = CommandSpec(
    name: "color",
    abstract: "Parse, convert, compare, mix, render and pick colors (CSS Color 4).",
    subcommands: [
      ColorInfo.self,
      ColorConvert.self,
      ColorContrast.self,
      ColorMix.self,
      ColorDiff.self,
      ColorSwatch.self,
      ColorPick.self,
      ColorSample.self,
    ])
}
