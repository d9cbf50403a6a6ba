import Pickers

/// Reads colors from the X server: one pixel at a position, or interactively with a pointer
/// grab, a crosshair cursor and the magnifier.
///
/// Coordinates are the root window's, in device pixels: X11 does not scale them, so on a
/// HiDPI screen the sampled pixel is the one under the pointer's hot spot.
struct X11Sampler {
  /// Seconds to wait for each pick.
  var timeout: Int

  /// Reads the pixel at `point` without any interaction.
  static func sample(at point: ScreenPoint) throws(SampleError) -> ScreenSample {
    let connection = try X11Connection()
    return try sample(at: point, on: connection)
  }

  private static func sample(
    at point: ScreenPoint, on connection: X11Connection, snapshot: ScreenSnapshot? = nil
  ) throws(SampleError) -> ScreenSample {
    guard connection.contains(point) else {
      throw .outsideScreen(
        x: point.x, y: point.y, width: connection.width, height: connection.height)
    }
    var pixels = snapshot?.pixels(x: point.x, y: point.y, width: 1, height: 1) ?? []
    if pixels.isEmpty {
      pixels = try connection.pixels(x: point.x, y: point.y, width: 1, height: 1)
    }
    return ScreenSample(pixel: pixels[0], x: point.x, y: point.y)
  }

  /// Lets the user pick `count` pixels: a click or Enter picks, arrows move the pointer by one
  /// pixel (ten with Shift), Esc or a right click cancels (`nil`).
  ///
  /// The screen is read once, when the sampler starts (as hyprpicker does): the colors are
  /// the ones the user saw, and the magnifier never covers a pixel it is asked for. A screen
  /// over ``ScreenSnapshot/maximumPixels`` is read live instead.
  func pick(count: Int) throws(SampleError) -> [ScreenSample]? {
    let connection = try X11Connection()
    try connection.grab()
    let snapshot = try connection.snapshot()
    let window = try MagnifierWindow(
      connection: connection, magnifier: Magnifier(dpi: connection.resourceDPI()))
    var position = connection.pointer()
    var samples: [ScreenSample] = []
    var deadline = monotonicSeconds() + Double(timeout)
    var needsDrawing = true
    var awaitingRelease = false
    while samples.count < count {
      if needsDrawing && !connection.hasPendingInput {
        try window.show(around: position, snapshot: snapshot)
        needsDrawing = false
      }
      guard let input = connection.nextInput(deadline: deadline) else {
        throw .timedOut(seconds: timeout, waitingFor: "a click")
      }
      switch input {
      case .moved(let point):
        position = point
        needsDrawing = true
      case .pressed(button: 1, let point):
        samples.append(try Self.sample(at: point, on: connection, snapshot: snapshot))
        deadline = monotonicSeconds() + Double(timeout)
        awaitingRelease = true
      case .pressed(button: 3, _), .key(.cancel, _):
        return nil
      case .key(.accept, _):
        samples.append(try Self.sample(at: position, on: connection, snapshot: snapshot))
        deadline = monotonicSeconds() + Double(timeout)
        awaitingRelease = false
      case .key(let key, let shift):
        // The position moves at once, not when the warp's motion event comes back: keys
        // typed quickly (Right Right Enter) are already queued behind it.
        let step = shift ? 10 : 1
        let (dx, dy) =
          switch key {
          case .left: (-step, 0)
          case .right: (step, 0)
          case .up: (0, -step)
          case .down: (0, step)
          default: (0, 0)
          }
        guard dx != 0 || dy != 0 else { break }
        position = connection.clamped(ScreenPoint(x: position.x + dx, y: position.y + dy))
        connection.warpPointer(to: position)
        needsDrawing = true
      case .exposed:
        needsDrawing = true
      case .pressed, .released, .other:
        break
      }
    }
    // Swallow the release of the picking click, so no window below sees a stray one.
    let releaseDeadline = monotonicSeconds() + 0.5
    while awaitingRelease, let input = connection.nextInput(deadline: releaseDeadline) {
      if case .released = input { break }
    }
    return samples
  }
}
