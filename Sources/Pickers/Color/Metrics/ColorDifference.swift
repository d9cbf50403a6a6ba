import Glibc

/// A color-difference formula.
public enum DeltaEMethod: String, CaseIterable, Sendable, Codable {
  /// CIE 1976: Euclidean distance in CIE Lab (D50, as CSS defines Lab).
  case cie76 = "76"
  /// CIEDE2000 in CIE Lab (D50), with kL = kC = kH = 1.
  case ciede2000 = "2000"
  /// Euclidean distance in Oklab (CSS Color 4 "deltaEOK"); 1 is black to white.
  case ok
}

extension Color {
  /// How different two colors look, by the given formula (opacity ignored).
  ///
  /// About 1 (deltaE 76 / 2000) or 0.02 (deltaE OK) is a just noticeable difference.
  ///
  ///     Color.red.deltaE(to: .orange, method: .ok)
  public func deltaE(to other: Color, method: DeltaEMethod = .ciede2000) -> Double {
    switch method {
    case .ok:
      return GamutMapping.deltaEOK(
        converted(to: .oklab).channels.resolved, other.converted(to: .oklab).channels.resolved)
    case .cie76:
      return GamutMapping.deltaEOK(
        converted(to: .lab).channels.resolved, other.converted(to: .lab).channels.resolved)
    case .ciede2000:
      return DeltaE.ciede2000(
        converted(to: .lab).channels.resolved, other.converted(to: .lab).channels.resolved)
    }
  }
}

enum DeltaE {
  /// CIEDE2000 between two CIE Lab colors.
  ///
  /// Source: G. Sharma, W. Wu, E. N. Dalal, "The CIEDE2000 color-difference formula:
  /// implementation notes, supplementary test data, and mathematical observations",
  /// Color Research & Application 30(1), 2005, equations 1-23.
  static func ciede2000(_ lab1: Vector3, _ lab2: Vector3) -> Double {
    let degrees = 180 / Double.pi
    let radians = Double.pi / 180
    let pow25to7 = 6_103_515_625.0  // 25^7
    let c1 = (lab1.y * lab1.y + lab1.z * lab1.z).squareRoot()
    let c2 = (lab2.y * lab2.y + lab2.z * lab2.z).squareRoot()
    let meanC = (c1 + c2) / 2
    let meanC7 = pow(meanC, 7)
    let g = 0.5 * (1 - (meanC7 / (meanC7 + pow25to7)).squareRoot())
    let a1 = (1 + g) * lab1.y
    let a2 = (1 + g) * lab2.y
    let cp1 = (a1 * a1 + lab1.z * lab1.z).squareRoot()
    let cp2 = (a2 * a2 + lab2.z * lab2.z).squareRoot()
    func hue(_ b: Double, _ a: Double) -> Double {
      if a == 0 && b == 0 { return 0 }
      let h = atan2(b, a) * degrees
      return h < 0 ? h + 360 : h
    }
    let hp1 = hue(lab1.z, a1)
    let hp2 = hue(lab2.z, a2)
    let deltaL = lab2.x - lab1.x
    let deltaC = cp2 - cp1
    let product = cp1 * cp2
    var deltaH = 0.0
    if product != 0 {
      deltaH = hp2 - hp1
      if deltaH > 180 {
        deltaH -= 360
      } else if deltaH < -180 {
        deltaH += 360
      }
    }
    let deltaBigH = 2 * product.squareRoot() * sin(deltaH / 2 * radians)
    let meanL = (lab1.x + lab2.x) / 2
    let meanCp = (cp1 + cp2) / 2
    var meanH = hp1 + hp2
    if product != 0 {
      if abs(hp1 - hp2) <= 180 {
        meanH /= 2
      } else if hp1 + hp2 < 360 {
        meanH = (meanH + 360) / 2
      } else {
        meanH = (meanH - 360) / 2
      }
    }
    let t =
      1 - 0.17 * cos((meanH - 30) * radians) + 0.24 * cos(2 * meanH * radians) + 0.32
      * cos((3 * meanH + 6) * radians) - 0.20 * cos((4 * meanH - 63) * radians)
    let deltaTheta = 30 * exp(-pow((meanH - 275) / 25, 2))
    let meanCp7 = pow(meanCp, 7)
    let rc = 2 * (meanCp7 / (meanCp7 + pow25to7)).squareRoot()
    let lShift = (meanL - 50) * (meanL - 50)
    let sl = 1 + 0.015 * lShift / (20 + lShift).squareRoot()
    let sc = 1 + 0.045 * meanCp
    let sh = 1 + 0.015 * meanCp * t
    let rt = -sin(2 * deltaTheta * radians) * rc
    let l = deltaL / sl
    let c = deltaC / sc
    let h = deltaBigH / sh
    return (l * l + c * c + h * h + rt * c * h).squareRoot()
  }
}
