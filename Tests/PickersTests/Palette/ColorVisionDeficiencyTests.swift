import Testing

@testable import Pickers

@Suite("Color-vision deficiency simulation")
struct ColorVisionDeficiencyTests {
  @Test("severity 0 is the identity for every deficiency")
  func identity() {
    for deficiency in ColorVisionDeficiency.allCases {
      #expect(deficiency.matrix(severity: 0) == [1, 0, 0, 0, 1, 0, 0, 0, 1])
    }
  }

  @Test("severity 1 gives the published dichromacy matrices' first rows")
  func published() {
    // Machado, Oliveira & Fernandes 2009, supplementary table, severity 1.0, first row.
    let expected: [ColorVisionDeficiency: [Double]] = [
      .protanopia: [0.152_286, 1.052_583, -0.204_868],
      .deuteranopia: [0.367_322, 0.860_646, -0.227_968],
      .tritanopia: [1.255_528, -0.076_749, -0.178_779],
    ]
    for (deficiency, row) in expected {
      #expect(Array(deficiency.matrix(severity: 1).prefix(3)) == row)
    }
  }

  @Test("every published matrix keeps white white (rows sum to 1 within rounding)")
  func whitePreserved() {
    for deficiency in ColorVisionDeficiency.allCases {
      for step in 0...20 {
        let m = deficiency.matrix(severity: Double(step) / 20)
        for row in 0..<3 {
          #expect(abs(m[row * 3] + m[row * 3 + 1] + m[row * 3 + 2] - 1) < 1e-5)
        }
      }
    }
  }

  @Test("a severity between two tabulated ones lies between their matrices")
  func interpolation() {
    let low = ColorVisionDeficiency.protanopia.matrix(severity: 0.4)
    let high = ColorVisionDeficiency.protanopia.matrix(severity: 0.5)
    let middle = ColorVisionDeficiency.protanopia.matrix(severity: 0.45)
    for index in 0..<9 {
      #expect(abs(middle[index] - (low[index] + high[index]) / 2) < 1e-12)
    }
  }

  @Test("severities outside 0...1 are clamped")
  func clamped() {
    #expect(
      ColorVisionDeficiency.tritanopia.matrix(severity: 7)
        == ColorVisionDeficiency.tritanopia.matrix(severity: 1))
    #expect(ColorVisionDeficiency.tritanopia.matrix(severity: -1) == [1, 0, 0, 0, 1, 0, 0, 0, 1])
  }

  @Test("protanopia and deuteranopia collapse color to a plane: the matrix is singular")
  func dichromacyIsTwoDimensional() {
    // A dichromat lacks one cone class, so the simulation has rank 2 (Machado et al., section 4).
    func determinant(_ m: [Double]) -> Double {
      m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6])
        + m[2] * (m[3] * m[7] - m[4] * m[6])
    }
    #expect(abs(determinant(ColorVisionDeficiency.protanopia.matrix(severity: 1))) < 1e-5)
    #expect(abs(determinant(ColorVisionDeficiency.deuteranopia.matrix(severity: 1))) < 1e-5)
    #expect(determinant(ColorVisionDeficiency.protanopia.matrix(severity: 0.5)) > 0.1)
  }
}
