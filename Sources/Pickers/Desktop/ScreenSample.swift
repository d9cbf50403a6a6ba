/// One color read from the screen by the sampler helper (`pickers-sample pick`), and where.
///
/// The helper prints one line per sample, `#rrggbb X Y`; the position is `-1 -1` when it is
/// unknown (the desktop portal does not say where the user clicked). Fields after the first
/// three are reserved for later additions and ignored here.
///
///     let sample = ScreenSample(line: "#3366cc 120 48")   // x 120, y 48
///     print(sample?.color.hex ?? "")                      // #3366cc
public struct ScreenSample: Hashable, Sendable {
  /// The pixel's sRGB value, 8 bits per channel, opaque.
  public var pixel: RGBA8
  /// The column in screen pixels (device pixels, not scaled), or `nil` when unknown.
  public var x: Int?
  /// The row in screen pixels, or `nil` when unknown.
  public var y: Int?

  /// Creates a sample.
  public init(pixel: RGBA8, x: Int?, y: Int?) {
    self.pixel = pixel
    self.x = x
    self.y = y
  }

  /// Reads one line of the helper's output; `nil` when it is not `#rrggbb X Y`.
  public init?(line: some StringProtocol) {
    let fields = String(line).split(separator: " ", omittingEmptySubsequences: true)
    guard fields.count >= 3, let pixel = Self.pixel(hex: fields[0]),
      let x = Int(fields[1]), let y = Int(fields[2]), x >= -1, y >= -1
    else { return nil }
    self.pixel = pixel
    self.x = x == -1 ? nil : x
    self.y = y == -1 ? nil : y
  }

  /// Reads every line of the helper's output; `nil` when any line is malformed.
  ///
  ///     let samples = ScreenSample.samples(in: "#ff0000 1 2\n#00ff00 -1 -1\n")   // two
  public static func samples(in output: String) -> [ScreenSample]? {
    var samples: [ScreenSample] = []
    for line in output.split(separator: "\n", omittingEmptySubsequences: true) {
      guard let sample = ScreenSample(line: line) else { return nil }
      samples.append(sample)
    }
    return samples
  }

  /// The color as a ``Color`` in sRGB.
  public var color: Color { Color(pixel) }

  /// The line the helper prints for this sample: `#rrggbb X Y`, with `-1` for an unknown
  /// coordinate.
  public var line: String { "\(color.hex) \(x ?? -1) \(y ?? -1)" }

  private static func pixel(hex: Substring) -> RGBA8? {
    let digits = Array(hex.utf8)
    guard digits.count == 7, digits[0] == UInt8(ascii: "#") else { return nil }
    var bytes: [UInt8] = []
    for index in stride(from: 1, to: 7, by: 2) {
      guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else {
        return nil
      }
      bytes.append(high << 4 | low)
    }
    return RGBA8(red: bytes[0], green: bytes[1], blue: bytes[2])
  }

  private static func hexValue(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}

/// Where the sampler reads the screen: the X server, or the desktop portal (Wayland).
public enum ScreenSampleBackend: String, CaseIterable, Sendable {
  /// The X server named by `DISPLAY`: a pointer grab and the root window's pixels.
  case x11
  /// `org.freedesktop.portal.Screenshot.PickColor` on the session bus.
  case portal

  /// The backend the session calls for, or `nil` when there is no display at all.
  ///
  /// A Wayland session (`WAYLAND_DISPLAY` set, or `XDG_SESSION_TYPE=wayland`) uses the portal
  /// even when Xwayland also sets `DISPLAY`: Xwayland's root window does not show the other
  /// clients' pixels. Otherwise `DISPLAY` selects X11.
  ///
  ///     ScreenSampleBackend.preferred(environment: ["DISPLAY": ":0"])   // .x11
  public static func preferred(environment: [String: String]) -> ScreenSampleBackend? {
    if let wayland = environment["WAYLAND_DISPLAY"], !wayland.isEmpty { return .portal }
    if environment["XDG_SESSION_TYPE"]?.lowercased() == "wayland" { return .portal }
    if let display = environment["DISPLAY"], !display.isEmpty { return .x11 }
    return nil
  }
}
