extension Color {
  /// Returns the same color expressed in `target`, without gamut mapping.
  ///
  /// The conversion walks from `space` up to the nearest space the two share (XYZ D65 at the
  /// latest) and down to `target`. Missing components are read as zero; a hue that has no
  /// meaning in `target` (an achromatic color) comes out missing. Values outside `target`'s
  /// gamut are kept as they are: use ``gamutMapped(to:)`` for a displayable value.
  ///
  ///     let lch = Color.red.converted(to: .oklch)   // oklch(0.627955 0.257683 29.2339)
  public func converted(to target: ColorSpace) -> Color {
    if target == space { return self }
    var copy = self
    copy.space = target
    copy.channels = ColorConversion.convert(channels, from: space, to: target)
    return copy
  }
}

/// The conversion engine: walks the tree of spaces defined by ``ColorSpace/base``, calling
/// each space's registry definition (``ColorSpace/definition``) on the way.
enum ColorConversion {
  /// Converts `channels` from `source` to `target`, missing components read as zero.
  @inline(__always)
  static func convert(_ channels: Channels, from source: ColorSpace, to target: ColorSpace)
    -> Channels
  {
    if source == target { return channels }
    let value = convert(channels.resolved, from: source, to: target)
    return finish(value, in: target)
  }

  /// Converts plain components; a powerless hue in the result is NaN.
  static func convert(_ value: Vector3, from source: ColorSpace, to target: ColorSpace) -> Vector3 {
    if source == target { return value }
    // Fast paths for the most used pairs.
    switch (source, target) {
    case (.srgb, .oklch):
      return OKLCH.fromBase(OKLab.fromBase(SRGBLinear.toBase(SRGB.toBase(value))))
    case (.srgb, .oklab): return OKLab.fromBase(SRGBLinear.toBase(SRGB.toBase(value)))
    case (.oklch, .srgb):
      return SRGB.fromBase(SRGBLinear.fromBase(OKLab.toBase(OKLCH.toBase(value))))
    case (.oklab, .srgb): return SRGB.fromBase(SRGBLinear.fromBase(OKLab.toBase(value)))
    default: break
    }
    // Find the common ancestor.
    var up = source
    var down = target
    var upDepth = up.depth
    var downDepth = down.depth
    var current = value
    while upDepth > downDepth, let parent = up.base {
      current = toBase(current, from: up)
      up = parent
      upDepth -= 1
    }
    while downDepth > upDepth, let parent = down.base {
      down = parent
      downDepth -= 1
    }
    while up != down, let upParent = up.base, let downParent = down.base {
      current = toBase(current, from: up)
      up = upParent
      down = downParent
    }
    return descend(current, from: up, to: target)
  }

  /// Applies `fromBase` of every space on the way from `ancestor` down to `target`.
  private static func descend(_ value: Vector3, from ancestor: ColorSpace, to target: ColorSpace)
    -> Vector3
  {
    guard target != ancestor, let parent = target.base else { return value }
    return fromBase(descend(value, from: ancestor, to: parent), to: target)
  }

  @inline(__always)
  static func toBase(_ value: Vector3, from space: ColorSpace) -> Vector3 {
    space.visit(ToBase(value: value))
  }

  @inline(__always)
  static func fromBase(_ value: Vector3, to space: ColorSpace) -> Vector3 {
    space.visit(FromBase(value: value))
  }

  /// One step up the tree, through the registry.
  private struct ToBase: ColorSpaceVisitor {
    var value: Vector3
    @inline(__always)
    func visit<Definition: ColorSpaceDefinition>(_ definition: Definition.Type) -> Vector3 {
      definition.toBase(value)
    }
  }

  /// One step down the tree, through the registry.
  private struct FromBase: ColorSpaceVisitor {
    var value: Vector3
    @inline(__always)
    func visit<Definition: ColorSpaceDefinition>(_ definition: Definition.Type) -> Vector3 {
      definition.fromBase(value)
    }
  }

  /// Turns a NaN (powerless) hue into a missing component.
  @inline(__always)
  static func finish(_ value: Vector3, in space: ColorSpace) -> Channels {
    Channels(
      value.x.isNaN ? nil : value.x, value.y.isNaN ? nil : value.y,
      value.z.isNaN ? nil : value.z)
  }

  /// Converts many colors between two spaces, writing into `output`.
  ///
  /// `input` and `output` hold three components per color, interleaved; missing components
  /// are not represented, and a powerless hue is written as NaN.
  static func convert(
    _ input: UnsafeBufferPointer<Double>, from source: ColorSpace, to target: ColorSpace,
    into output: UnsafeMutableBufferPointer<Double>
  ) {
    precondition(input.count % 3 == 0 && output.count >= input.count, "buffer sizes differ")
    if source == .srgb && (target == .oklch || target == .oklab) {
      OKLabBatch.convert(input, polar: target == .oklch, into: output)
      return
    }
    var index = 0
    while index < input.count {
      let value = convert(
        Vector3(input[index], input[index + 1], input[index + 2]), from: source, to: target)
      output[index] = value.x
      output[index + 1] = value.y
      output[index + 2] = value.z
      index += 3
    }
  }
}

extension ColorConversion {
  /// Linear sRGB straight to LMS: `OKLab.xyzToLMS * SRGBLinear.toXYZ`, multiplied once.
  static let linearSRGBToLMS: Matrix3 = {
    let a = OKLab.xyzToLMS
    let b = SRGBLinear.toXYZ
    func row(_ r: Vector3) -> (Double, Double, Double) {
      (
        r.x * b.r0.x + r.y * b.r1.x + r.z * b.r2.x, r.x * b.r0.y + r.y * b.r1.y + r.z * b.r2.y,
        r.x * b.r0.z + r.y * b.r1.z + r.z * b.r2.z
      )
    }
    return Matrix3(row(a.r0), row(a.r1), row(a.r2))
  }()
}

extension Color {
  /// Converts `colors` to `target` in one call, keeping each color's opacity.
  ///
  /// The same as mapping ``converted(to:)``, for large batches.
  ///
  ///     let oklch = Color.convert(pixels, to: .oklch)
  public static func convert(_ colors: [Color], to target: ColorSpace) -> [Color] {
    colors.map { $0.converted(to: target) }
  }

  /// Converts `count` colors stored as interleaved components (three `Double`s per color)
  /// from `source` to `target`, writing to `output`.
  ///
  /// This is the fastest path: no `Color` values are created. Missing components cannot be
  /// expressed; a hue with no meaning is written as NaN. sRGB to Oklch or Oklab runs two
  /// colors at a time and, from 65,536 colors on, on every online processor.
  ///
  /// - Parameters:
  ///   - input: Components, `3 * count` values.
  ///   - source: The space of `input`.
  ///   - target: The space to write.
  ///   - output: At least as many values as `input`.
  public static func convert(
    components input: UnsafeBufferPointer<Double>, from source: ColorSpace,
    to target: ColorSpace, into output: UnsafeMutableBufferPointer<Double>
  ) {
    ColorConversion.convert(input, from: source, to: target, into: output)
  }
}
