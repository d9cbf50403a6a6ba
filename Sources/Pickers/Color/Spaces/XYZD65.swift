/// CIE XYZ relative to D65: the hub every conversion passes through or stops at.
enum XYZD65: ColorSpaceDefinition {
  static let space = ColorSpace.xyzD65
  static let base: ColorSpace? = nil
  static let row = ColorSpaceRow(
    channels: ColorChannel.xyz, gamut: nil, colorFunction: .predefined("xyz-d65"), alias: "xyz")
  static func toBase(_ value: Vector3) -> Vector3 { value }
  static func fromBase(_ value: Vector3) -> Vector3 { value }
}
