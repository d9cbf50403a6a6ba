/// `pickers font ...`: the fonts fontconfig can see.
struct FontGroup: CommandGroup {
  static let spec = CommandSpec(
    name: "font",
    abstract: "List, match, preview and pick the system's fonts (through fontconfig).",
    subcommands: [
      FontList.self,
      FontFaces.self,
      FontMatch.self,
      FontInfo.self,
      FontPreview.self,
      FontSpecimen.self,
      FontPick.self,
      FontCollectionGroup.self,
      FontDisable.self,
      FontEnable.self,
      FontDisabled.self,
      FontCompare.self,
      FontInstall.self,
      FontUninstall.self,
    ])
}
