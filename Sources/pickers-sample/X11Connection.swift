import CX11
import Glibc
import Pickers

/// The code of the last X error, set by the error handler installed by ``X11Connection``.
///
/// Xlib reports errors to one process-wide C callback that captures nothing, so the value has
/// to live in a global; the sampler is single-threaded.
nonisolated(unsafe) private var lastErrorCode: UInt8 = 0

/// What the sampler's event loop sees of an X event.
enum X11Input: Equatable {
  /// The pointer moved to a root position.
  case moved(ScreenPoint)
  /// A mouse button went down at a root position.
  case pressed(button: UInt32, at: ScreenPoint)
  /// A mouse button came up.
  case released(button: UInt32)
  /// A key, and whether Shift was held.
  case key(SamplerKey, shift: Bool)
  /// A window needs redrawing.
  case exposed
  /// Anything else.
  case other
}

/// The keys the sampler acts on.
enum SamplerKey: Equatable {
  case left, right, up, down, accept, cancel, other
}

/// A connection to the X server: the owner of the `Display *` and the cursor it creates.
///
/// The corresponding C functions are `XOpenDisplay` and `XCloseDisplay`.
final class X11Connection {
  /// `Display *`, owned.
  let display: OpaquePointer
  let screen: Int32
  let root: Window
  /// The root window's size in device pixels (X11 does not scale).
  let width: Int
  let height: Int
  private var cursor: Cursor = 0
  private var grabbed = false

  /// Opens the display named by `DISPLAY`.
  ///
  /// Installs handlers so that an X error is recorded instead of ending the process, and a
  /// lost connection ends it with status 3 and a message.
  init() throws(SampleError) {
    _ = XSetErrorHandler { _, event in
      lastErrorCode = event?.pointee.error_code ?? 1
      return 0
    }
    _ = XSetIOErrorHandler { _ in
      try? FileDescriptor.standardError.writeAll("pickers: lost the connection to the X server\n")
      _exit(3)
    }
    guard let display = XOpenDisplay(nil) else {
      throw .cannotOpenDisplay(getenv("DISPLAY").map { String(cString: $0) } ?? "")
    }
    self.display = display
    screen = XDefaultScreen(display)
    root = XRootWindow(display, screen)
    width = Int(XDisplayWidth(display, screen))
    height = Int(XDisplayHeight(display, screen))
  }

  deinit {
    if grabbed { ungrab() }
    if cursor != 0 { XFreeCursor(display, cursor) }
    XCloseDisplay(display)
  }

  /// Whether a point lies on the root window.
  func contains(_ point: ScreenPoint) -> Bool {
    (0..<width).contains(point.x) && (0..<height).contains(point.y)
  }

  /// Reads the root window's pixels in a square of `radius` around `center`, row by row;
  /// pixels off the screen are `nil`.
  ///
  /// The corresponding C function is `XGetImage`.
  ///
  /// With a `snapshot`, the pixels come from it instead of the screen.
  func pixels(
    around center: ScreenPoint, radius: Int, snapshot: ScreenSnapshot? = nil
  ) throws(SampleError) -> [RGBA8?] {
    let side = 2 * radius + 1
    var result = [RGBA8?](repeating: nil, count: side * side)
    let left = max(center.x - radius, 0)
    let top = max(center.y - radius, 0)
    let right = min(center.x + radius, width - 1)
    let bottom = min(center.y + radius, height - 1)
    guard left <= right, top <= bottom else { return result }
    let (columns, rows) = (right - left + 1, bottom - top + 1)
    var read = snapshot?.pixels(x: left, y: top, width: columns, height: rows) ?? []
    if read.isEmpty { read = try pixels(x: left, y: top, width: columns, height: rows) }
    for row in top...bottom {
      for column in left...right {
        let index = (row - center.y + radius) * side + (column - center.x + radius)
        result[index] = read[(row - top) * columns + (column - left)]
      }
    }
    return result
  }

  /// Reads a rectangle of the root window, which must lie on the screen, row by row.
  func pixels(x: Int, y: Int, width: Int, height: Int) throws(SampleError) -> [RGBA8] {
    let image = try ScreenSnapshot(self, x: x, y: y, width: width, height: height)
    return image.pixels(x: x, y: y, width: width, height: height) ?? queryColors(image.values())
  }

  /// The whole screen as it is now, or `nil` when it is over
  /// ``ScreenSnapshot/maximumPixels`` or its visual has no channel masks.
  func snapshot() throws(SampleError) -> ScreenSnapshot? {
    guard width * height <= ScreenSnapshot.maximumPixels else { return nil }
    let image = try ScreenSnapshot(self, x: 0, y: 0, width: width, height: height)
    return image.hasMasks ? image : nil
  }

  /// The value of one channel of a TrueColor pixel, scaled to 8 bits (exact for 8-bit masks).
  static func channel(_ pixel: UInt, mask: UInt) -> UInt8 {
    let shift = mask.trailingZeroBitCount
    let maximum = mask >> shift
    let value = (pixel & mask) >> shift
    return UInt8((value * 255 + maximum / 2) / maximum)
  }

  /// A pixel value of this screen's visual for an 8-bit color (TrueColor visuals only).
  func pixelValue(_ color: RGBA8, masks: (UInt, UInt, UInt)) -> UInt {
    func scaled(_ value: UInt8, _ mask: UInt) -> UInt {
      let shift = mask.trailingZeroBitCount
      let maximum = mask >> shift
      return ((UInt(value) * maximum + 127) / 255) << shift
    }
    return scaled(color.red, masks.0) | scaled(color.green, masks.1) | scaled(color.blue, masks.2)
  }

  /// Colors of pixel values through the default colormap, for visuals without channel masks.
  private func queryColors(_ values: [UInt]) -> [RGBA8] {
    var colors = values.map { XColor(pixel: $0, red: 0, green: 0, blue: 0, flags: 0, pad: 0) }
    XQueryColors(display, XDefaultColormap(display, screen), &colors, Int32(colors.count))
    return colors.map {
      RGBA8(
        red: UInt8($0.red >> 8), green: UInt8($0.green >> 8), blue: UInt8($0.blue >> 8))
    }
  }

  /// Where the pointer is, in root coordinates.
  ///
  /// The corresponding C function is `XQueryPointer`.
  func pointer() -> ScreenPoint {
    var rootReturn: Window = 0
    var child: Window = 0
    var (rootX, rootY, windowX, windowY): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
    var mask: UInt32 = 0
    XQueryPointer(
      display, root, &rootReturn, &child, &rootX, &rootY, &windowX, &windowY, &mask)
    return ScreenPoint(x: Int(rootX), y: Int(rootY))
  }

  /// The nearest point on the screen.
  func clamped(_ point: ScreenPoint) -> ScreenPoint {
    ScreenPoint(x: min(max(point.x, 0), width - 1), y: min(max(point.y, 0), height - 1))
  }

  /// Moves the pointer to a root position.
  ///
  /// The corresponding C function is `XWarpPointer`.
  func warpPointer(to point: ScreenPoint) {
    XWarpPointer(display, 0, root, 0, 0, 0, 0, Int32(point.x), Int32(point.y))
    XFlush(display)
  }

  /// Grabs the pointer, showing a crosshair cursor, and the keyboard.
  ///
  /// Another client's grab (an open menu) is retried for up to a second.
  ///
  /// The corresponding C functions are `XGrabPointer` and `XGrabKeyboard`.
  func grab() throws(SampleError) {
    if cursor == 0 { cursor = XCreateFontCursor(display, UInt32(XC_crosshair)) }
    let events = UInt32(ButtonPressMask | ButtonReleaseMask | PointerMotionMask)
    var pointerGrabbed = false
    for _ in 0..<20 {
      if !pointerGrabbed {
        pointerGrabbed =
          XGrabPointer(
            display, root, 0, events, GrabModeAsync, GrabModeAsync, 0, cursor, 0)
          == GrabSuccess
      }
      if pointerGrabbed
        && XGrabKeyboard(display, root, 0, GrabModeAsync, GrabModeAsync, 0) == GrabSuccess
      {
        grabbed = true
        return
      }
      usleep(50_000)
    }
    if pointerGrabbed { XUngrabPointer(display, 0) }
    throw .cannotGrab(pointerGrabbed ? "keyboard" : "pointer")
  }

  /// Releases the grabs.
  func ungrab() {
    XUngrabKeyboard(display, 0)
    XUngrabPointer(display, 0)
    XSync(display, 0)
    grabbed = false
  }

  /// Whether events are waiting to be read.
  var hasPendingInput: Bool { XPending(display) > 0 }

  /// Waits for the next event until `deadline` (a `CLOCK_MONOTONIC` time in seconds);
  /// `nil` when the deadline passes first.
  func nextInput(deadline: Double) -> X11Input? {
    while XPending(display) == 0 {
      let remaining = deadline - monotonicSeconds()
      if remaining <= 0 { return nil }
      var descriptor = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
      _ = poll(&descriptor, 1, Int32(min(remaining, 1) * 1000) + 1)
      // XPending reads what arrived; it also notices a closed connection (the I/O handler).
    }
    var event = XEvent()
    XNextEvent(display, &event)
    switch event.type {
    case MotionNotify:
      return .moved(ScreenPoint(x: Int(event.xmotion.x_root), y: Int(event.xmotion.y_root)))
    case ButtonPress:
      return .pressed(
        button: event.xbutton.button,
        at: ScreenPoint(x: Int(event.xbutton.x_root), y: Int(event.xbutton.y_root)))
    case ButtonRelease:
      return .released(button: event.xbutton.button)
    case KeyPress:
      let shift = event.xkey.state & UInt32(ShiftMask) != 0
      let symbol = XLookupKeysym(&event.xkey, 0)
      return .key(Self.key(symbol), shift: shift)
    case Expose:
      return event.xexpose.count == 0 ? .exposed : .other
    default:
      return .other
    }
  }

  private static func key(_ symbol: KeySym) -> SamplerKey {
    switch Int32(truncatingIfNeeded: symbol) {
    case XK_Left, XK_KP_Left: .left
    case XK_Right, XK_KP_Right: .right
    case XK_Up, XK_KP_Up: .up
    case XK_Down, XK_KP_Down: .down
    case XK_Return, XK_KP_Enter, XK_space: .accept
    case XK_Escape: .cancel
    default: .other
    }
  }

  /// The `Xft.dpi` resource, which desktops set for HiDPI screens; `nil` when unset.
  func resourceDPI() -> Double? {
    guard let resources = XResourceManagerString(display) else { return nil }
    for line in String(cString: resources).split(separator: "\n") {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2, parts[0].trimmingSpaces == "Xft.dpi" else { continue }
      return Double(parts[1].trimmingSpaces)
    }
    return nil
  }
}

/// A rectangle of the root window copied to this process: the owner of an `XImage`.
///
/// The interactive sampler reads the screen once, before its magnifier appears, so that the
/// magnifier can never hide a pixel it is asked for (the pointer may jump under it).
final class ScreenSnapshot {
  /// The largest screen read at once: 40 M pixels (160 MB), three 4K monitors and more.
  static let maximumPixels = 40_000_000
  /// `XImage *`, owned.
  private let image: UnsafeMutablePointer<XImage>
  private let origin: ScreenPoint
  let width: Int
  let height: Int
  private let masks: (UInt, UInt, UInt)

  /// Copies a rectangle of the root window, which must lie on the screen.
  ///
  /// The corresponding C function is `XGetImage`.
  init(
    _ connection: X11Connection, x: Int, y: Int, width: Int, height: Int
  ) throws(SampleError) {
    lastErrorCode = 0
    guard
      let image = XGetImage(
        connection.display, connection.root, Int32(x), Int32(y), UInt32(width),
        UInt32(height), XAllPlanes(), ZPixmap)
    else {
      XSync(connection.display, 0)
      throw .xRequestFailed(call: "XGetImage", code: lastErrorCode)
    }
    self.image = image
    origin = ScreenPoint(x: x, y: y)
    self.width = width
    self.height = height
    masks = (image.pointee.red_mask, image.pointee.green_mask, image.pointee.blue_mask)
  }

  deinit { cx11_destroy_image(image) }

  /// Whether pixels convert through channel masks (TrueColor and DirectColor visuals).
  var hasMasks: Bool { masks.0 != 0 && masks.1 != 0 && masks.2 != 0 }

  /// The raw pixel values, row by row.
  func values() -> [UInt] {
    var values: [UInt] = []
    values.reserveCapacity(width * height)
    for row in 0..<height {
      for column in 0..<width { values.append(cx11_get_pixel(image, Int32(column), Int32(row))) }
    }
    return values
  }

  /// The colors of a rectangle in root coordinates inside this snapshot, row by row; `nil`
  /// without channel masks.
  func pixels(x: Int, y: Int, width: Int, height: Int) -> [RGBA8]? {
    guard hasMasks else { return nil }
    var colors: [RGBA8] = []
    colors.reserveCapacity(width * height)
    for row in y - origin.y..<y - origin.y + height {
      for column in x - origin.x..<x - origin.x + width {
        let value = cx11_get_pixel(image, Int32(column), Int32(row))
        colors.append(
          RGBA8(
            red: X11Connection.channel(value, mask: masks.0),
            green: X11Connection.channel(value, mask: masks.1),
            blue: X11Connection.channel(value, mask: masks.2)))
      }
    }
    return colors
  }
}

/// Seconds on the monotonic clock.
func monotonicSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

extension Substring {
  /// The text without leading and trailing spaces and tabs.
  fileprivate var trimmingSpaces: Substring {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let start = firstIndex(where: { !isSpace($0) }),
      let end = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return self[start...end]
  }
}
