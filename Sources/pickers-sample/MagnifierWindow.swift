import CX11
import Glibc
import Pickers

/// The magnifier's X window beside the pointer: the owner of the window and its GC.
///
/// An override-redirect window (no window manager decorations, never focused), named
/// `pickers-sample magnifier` so that tests and window tools can find it.
final class MagnifierWindow {
  private let connection: X11Connection
  private let window: Window
  private let gc: GC
  private let masks: (UInt, UInt, UInt)
  private let depth: Int32
  let magnifier: Magnifier
  private var origin = ScreenPoint(x: -1, y: -1)

  /// Creates the window, unmapped until the first ``show(around:snapshot:)``.
  ///
  /// The corresponding C function is `XCreateWindow`.
  init(connection: X11Connection, magnifier: Magnifier) throws(SampleError) {
    self.connection = connection
    self.magnifier = magnifier
    let display = connection.display
    let visual = XDefaultVisual(display, connection.screen)
    masks = (
      visual?.pointee.red_mask ?? 0, visual?.pointee.green_mask ?? 0,
      visual?.pointee.blue_mask ?? 0
    )
    depth = XDefaultDepth(display, connection.screen)
    var attributes = XSetWindowAttributes()
    attributes.override_redirect = 1
    attributes.background_pixel = XBlackPixel(display, connection.screen)
    attributes.border_pixel = XWhitePixel(display, connection.screen)
    attributes.event_mask = ExposureMask
    let valueMask = UInt(CWOverrideRedirect | CWBackPixel | CWBorderPixel | CWEventMask)
    window = XCreateWindow(
      display, connection.root, 0, 0, UInt32(magnifier.side), UInt32(magnifier.height), 1,
      depth, UInt32(InputOutput), visual, valueMask, &attributes)
    guard window != 0, let gc = XCreateGC(display, window, 0, nil) else {
      throw .xRequestFailed(call: "XCreateWindow", code: 0)
    }
    self.gc = gc
    XStoreName(display, window, "pickers-sample magnifier")
  }

  deinit {
    XFreeGC(connection.display, gc)
    XDestroyWindow(connection.display, window)
    XFlush(connection.display)
  }

  /// Moves the window beside `pointer` and draws the pixels around it with their label,
  /// read from `snapshot` when there is one.
  func show(around pointer: ScreenPoint, snapshot: ScreenSnapshot?) throws(SampleError) {
    let display = connection.display
    let pixels = try connection.pixels(
      around: pointer, radius: magnifier.radius, snapshot: snapshot)
    let place = magnifier.origin(
      for: pointer, screenWidth: connection.width, screenHeight: connection.height)
    if place != origin {
      if origin.x < 0 {
        XMoveWindow(display, window, Int32(place.x), Int32(place.y))
        XMapRaised(display, window)
      } else {
        XMoveWindow(display, window, Int32(place.x), Int32(place.y))
      }
      origin = place
    }
    draw(
      magnifier.render(pixels),
      label: Magnifier.label(
        pixels[magnifier.radius * magnifier.span + magnifier.radius],
        at: pointer))
    XFlush(display)
  }

  private func draw(_ picture: [RGBA8], label: String) {
    let display = connection.display
    let side = magnifier.side
    // A client-side image in the screen's own pixel format; XDestroyImage frees its data.
    guard masks.0 != 0,
      let image = XCreateImage(
        display, XDefaultVisual(display, connection.screen), UInt32(depth), ZPixmap, 0, nil,
        UInt32(side), UInt32(side), 32, 0)
    else { return }
    defer { cx11_destroy_image(image) }
    guard let data = malloc(Int(image.pointee.bytes_per_line) * side) else { return }
    image.pointee.data = data.assumingMemoryBound(to: CChar.self)
    for y in 0..<side {
      for x in 0..<side {
        cx11_put_pixel(
          image, Int32(x), Int32(y), connection.pixelValue(picture[y * side + x], masks: masks))
      }
    }
    XPutImage(display, window, gc, image, 0, 0, 0, 0, UInt32(side), UInt32(side))
    XSetForeground(display, gc, XBlackPixel(display, connection.screen))
    XFillRectangle(
      display, window, gc, 0, Int32(side), UInt32(side), UInt32(magnifier.labelHeight))
    XSetForeground(display, gc, XWhitePixel(display, connection.screen))
    let bytes = Array(label.utf8).map { CChar(bitPattern: $0) }
    XDrawString(display, window, gc, 4, Int32(side + 13), bytes, Int32(bytes.count))
  }
}
