import Pickers

/// The magnifier's picture, as plain values drawn by ``MagnifierWindow``.
///
/// A zoomed square of screen pixels around the pointer, the center pixel framed, and a label
/// strip below for the value.
struct Magnifier: Equatable {
  /// Screen pixels shown on each side of the center one.
  var radius = 7
  /// Window pixels per screen pixel.
  var cell = 9
  /// Height of the label strip under the pixels.
  var labelHeight = 18
  /// The gap between the pointer and the window, so the window never covers what it shows.
  var gap = 24

  /// A magnifier scaled for a screen of `dpi` dots per inch (`Xft.dpi`; 96 is scale 1).
  init(dpi: Double?) {
    let scale = max(1, min(4, Int(((dpi ?? 96) / 96).rounded())))
    cell *= scale
    gap *= scale
  }

  /// Screen pixels along one side.
  var span: Int { 2 * radius + 1 }
  /// The window's width, and the height of its zoomed part.
  var side: Int { span * cell }
  /// The window's height.
  var height: Int { side + labelHeight }

  /// The window's top-left corner for a pointer at `pointer` on a `width` x `height` screen:
  /// below right of the pointer, flipped to the other side near an edge.
  func origin(for pointer: ScreenPoint, screenWidth: Int, screenHeight: Int) -> ScreenPoint {
    var x = pointer.x + gap
    var y = pointer.y + gap
    if x + side + 2 > screenWidth { x = pointer.x - gap - side - 2 }
    if y + height + 2 > screenHeight { y = pointer.y - gap - height - 2 }
    return ScreenPoint(x: max(x, 0), y: max(y, 0))
  }

  /// The zoomed pixels, `side` x `side`, row by row; `pixels` holds `span` x `span` screen
  /// pixels (`nil` off the screen, shown dark gray).
  func render(_ pixels: [RGBA8?]) -> [RGBA8] {
    precondition(pixels.count == span * span, "the magnifier shows span x span pixels")
    let offScreen = RGBA8(red: 48, green: 48, blue: 48)
    var image = [RGBA8](repeating: offScreen, count: side * side)
    for row in 0..<span {
      for column in 0..<span {
        let color = pixels[row * span + column] ?? offScreen
        for y in row * cell..<(row + 1) * cell {
          for x in column * cell..<(column + 1) * cell { image[y * side + x] = color }
        }
      }
    }
    // The center pixel gets a one-line frame inside its cell, in black or white, whichever
    // stands out; the cell's middle keeps the pixel's own color.
    let center = pixels[radius * span + radius] ?? offScreen
    let centerColor = Color(center)
    let frame =
      centerColor.wcagContrast(on: .black).ratio >= centerColor.wcagContrast(on: .white).ratio
      ? RGBA8.black : .white
    let low = radius * cell
    let high = low + cell - 1
    for index in low...high {
      image[low * side + index] = frame
      image[high * side + index] = frame
      image[index * side + low] = frame
      image[index * side + high] = frame
    }
    return image
  }

  /// The label: the center pixel's hex value and position.
  static func label(_ color: RGBA8?, at point: ScreenPoint) -> String {
    let hex = color.map { Color($0).hex } ?? "off screen"
    return "\(hex)  \(point.x),\(point.y)"
  }
}
