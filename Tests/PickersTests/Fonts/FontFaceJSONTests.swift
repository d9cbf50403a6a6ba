import Testing

@testable import Pickers

@Suite("FontFace JSON")
struct FontFaceJSONTests {
  @Test("the direct face writer gives JSONWriter's bytes for every test face")
  func testFaces() throws {
    let catalog = try FontCatalog(configFile: FontTools.fixturesConf, cache: .disabled)
    let faces = try catalog.faces()
    #expect(faces.contains { !$0.axes.isEmpty && !$0.namedInstances.isEmpty })  // Inter
    #expect(FontFace.jsonArray(faces) == (try JSONWriter().encode(faces)))
    #expect(FontFace.jsonArray([]) == (try JSONWriter().encode([FontFace]())))
  }

  @Test("quotes, control characters, missing names, odd keys and numbers are written alike")
  func edgeCases() throws {
    let odd = FontFace(
      family: "Quote \" back\\slash \t tab \u{1} ünï 😀", familyNames: [], style: "",
      fullName: nil, postScriptName: "PS/Name", weight: .black, width: FontWidth(rawValue: 37),
      slant: .oblique, spacing: .charcell, file: "/fonts/a\nb.ttf", index: 131_073,
      isColor: true, isVariable: true,
      axes: [
        FontAxis(tag: "wght", name: "", minimum: -0.5, defaultValue: 1e-7, maximum: 1e300),
        FontAxis(tag: "XOPQ", name: "x", minimum: 0, defaultValue: 12.25, maximum: 100),
      ],
      namedInstances: [
        FontInstance(name: "Empty", coordinates: [:]),
        FontInstance(name: "Many", coordinates: ["wght": 700, "B": 1, "a10": 2, "a2": 3]),
      ])
    let plain = FontFace(family: "Plain", familyNames: ["Plain", "Other"], style: "Bold", file: "")
    #expect(FontFace.jsonArray([odd, plain]) == (try JSONWriter().encode([odd, plain])))
    var infinite = odd
    infinite.axes[0].maximum = .infinity
    #expect(FontFace.jsonArray([infinite]) == nil)
  }
}
