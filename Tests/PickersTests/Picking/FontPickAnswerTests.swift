import Pickers
import Testing

@Suite("FontPickAnswer")
struct FontPickAnswerTests {
  @Test("each --format: the family, family:style, family size, JSON with both")
  func formats() throws {
    let answer = FontPickAnswer(family: "DejaVu Sans", style: "Bold Oblique", size: 48)
    #expect(answer.text(.family) == "DejaVu Sans")
    #expect(answer.text(.familyStyle) == "DejaVu Sans:Bold Oblique")
    #expect(answer.text(.familySize) == "DejaVu Sans 48")
    #expect(FontPickAnswer(family: "Inter", size: 12.5).text(.familySize) == "Inter 12.5")
    #expect(FontPickAnswer(family: "Inter").text(.familyStyle) == "Inter")
    let json = answer.text(.json)
    #expect(
      json == """
        {
          "family" : "DejaVu Sans",
          "size" : 48,
          "style" : "Bold Oblique"
        }
        """)
    #expect(FontPickAnswer(family: "Inter").text(.json).contains("\"style\" : null"))
  }

  @Test("--json's form: family and style (null when none), never the size")
  func familyAndStyle() throws {
    let bold = FontPickAnswer(family: "DejaVu Sans", style: "Bold", size: 48).familyAndStyle
    #expect(
      String(decoding: try JSONWriter().encode(bold), as: UTF8.self) == """
        {
          "family" : "DejaVu Sans",
          "style" : "Bold"
        }
        """)
    let none = FontPickAnswer(family: "Inter").familyAndStyle
    #expect(
      String(decoding: try JSONWriter().encode(none), as: UTF8.self) == """
        {
          "family" : "Inter",
          "style" : null
        }
        """)
  }

  @Test("the helper line carries family, style and size between processes without loss")
  func helperLine() {
    let answers = [
      FontPickAnswer(family: "DejaVu Sans", style: "Condensed Bold", size: 17.25),
      FontPickAnswer(family: "Noto Sans Mono", size: 240),
      FontPickAnswer(family: "Inter", style: FontPickerState.variableStyleName, size: 6),
    ]
    for answer in answers {
      #expect(FontPickAnswer(helperLine: answer.helperLine + "\n") == answer)
    }
    #expect(FontPickAnswer(helperLine: "DejaVu Sans") == nil)
    #expect(FontPickAnswer(helperLine: "\tBold\t12") == nil)
    #expect(FontPickAnswer(helperLine: "DejaVu Sans\tBold\t1000") == nil)
    #expect(FontPickAnswer(helperLine: "DejaVu Sans\tBold\tnan") == nil)
  }

  @Test("a row's answer: its face with --faces, else Regular, else Book, else the first style")
  func fromEntry() {
    let regular = FontPickerState.Entry(family: "A", styles: ["Bold", "Regular"])
    #expect(FontPickAnswer(entry: regular, size: 20).style == "Regular")
    #expect(FontPickAnswer(entry: regular, size: 20).size == 20)
    let book = FontPickerState.Entry(family: "B", styles: ["Bold", "Book"])
    #expect(FontPickAnswer(entry: book).style == "Book")
    #expect(FontPickAnswer(entry: book).size == FontPickAnswer.defaultSize)
    let other = FontPickerState.Entry(family: "C", styles: ["Heavy", "Light"])
    #expect(FontPickAnswer(entry: other).style == "Heavy")
    let face = FontPickerState.Entry(family: "D", style: "Light", styles: ["Regular", "Light"])
    #expect(FontPickAnswer(entry: face).text(.familyStyle) == face.answer)
    #expect(FontPickAnswer(family: "E", size: 1000).size == FontPickAnswer.sizeRange.upperBound)
  }
}
