import Glibc
import Testing

@testable import Pickers

@Suite("FontDescriptor")
struct FontDescriptorTests {
  /// A configuration: the test fonts plus a rule giving DejaVu Sans features and a variation.
  static func configuredFeaturesConf() throws -> String {
    let path = "/tmp/pickers-descriptor-\(UInt64.random(in: 0...UInt64.max)).conf"
    let text = """
      <?xml version="1.0"?>
      <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
      <fontconfig>
        <include ignore_missing="no">\(FontTools.fixturesConf)</include>
        <match target="font">
          <test name="family"><string>DejaVu Sans</string></test>
          <edit name="fontfeatures" mode="append"><string>smcp</string><string>liga=0</string></edit>
          <edit name="fontvariations" mode="append"><string>wght=500</string></edit>
        </match>
      </fontconfig>
      """
    try writeAtomically(Array(text.utf8), to: path)
    return path
  }

  @Test("the configuration's fontfeatures and fontvariations are those fc-match reports")
  func configuredSettings() throws {
    let conf = try Self.configuredFeaturesConf()
    defer { unlink(conf) }
    let catalog = try FontCatalog(configFile: conf, cache: .disabled)
    var descriptor = FontDescriptor(family: "DejaVu Sans", size: 20)
    descriptor.features = try FontFeature.list("kern=0")
    let resolved = try catalog.resolve(descriptor)
    let expected = try FontTools.run(
      "fc-match", ["DejaVu Sans:pixelsize=20", "--format", "%{fontfeatures}|%{fontvariations}"],
      config: conf)
    let parts = expected.split(separator: "|", omittingEmptySubsequences: false)
    #expect(resolved.configuredFeatures.joined(separator: ",") == String(parts[0]))
    #expect(resolved.configuredVariations == String(parts[1]))
    #expect(resolved.features.map(\.description) == ["smcp=1", "liga=0", "kern=0"])
    #expect(resolved.variation.settings == [.init(tag: "wght", value: 500)])
    // Another family gets nothing from the rule.
    let mono = try catalog.resolve(FontDescriptor(family: "DejaVu Sans Mono"))
    #expect(mono.configuredFeatures.isEmpty)
    #expect(mono.features.isEmpty)
  }

  @Test("the face is fontconfig's: a family's file, a pattern's fc-match with a warning")
  func face() throws {
    let catalog = try FontCatalog(configFile: FontTools.fixturesConf, cache: .disabled)
    let family = try catalog.resolve(FontDescriptor(family: "dejavu serif"))
    #expect(family.warnings.isEmpty)
    #expect(family.font.family == "DejaVu Serif")
    let pattern = try catalog.resolve(FontDescriptor(family: "monospace:bold"))
    let file = try FontTools.run("fc-match", ["monospace:bold", "--format", "%{file}"])
    #expect(pattern.face.path == file)
    #expect(pattern.warnings.count == 1)
  }

  @Test("a preview of a descriptor is the preview of the same settings, byte for byte")
  func previewTakesDescriptor() throws {
    let catalog = try FontCatalog(configFile: FontTools.fixturesConf, cache: .disabled)
    var descriptor = FontDescriptor(family: "DejaVu Sans", size: 30)
    descriptor.features = try FontFeature.list("liga=0")
    descriptor.language = "sr"
    descriptor.weight = .bold
    var classic = PreviewRequest(family: "DejaVu Sans", text: "office бгд", size: 30)
    classic.features = try FontFeature.list("liga=0")
    classic.language = "sr"
    classic.weight = .bold
    let request = PreviewRequest(descriptor: descriptor, text: "office бгд")
    #expect(request == classic)
    #expect(try catalog.render(request).image == (try catalog.render(classic).image))
  }
}
