@testable import Pickers

/// A minimal terminal emulator for tests.
///
/// It understands cursor moves (CUP), clear screen and SGR, which is all the screen renderer
/// writes. Written from ECMA-48, independent of the renderer.
struct VirtualTerminal {
  var width: Int
  var height: Int
  var characters: [[Character]]
  var styles: [[String]]
  var row = 0
  var column = 0
  var sgr = "0"

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    characters = Array(repeating: Array(repeating: " ", count: width), count: height)
    styles = Array(repeating: Array(repeating: "0", count: width), count: height)
  }

  mutating func apply(_ output: String) {
    var scalars = Array(output.unicodeScalars)[...]
    while let first = scalars.first {
      scalars = scalars.dropFirst()
      if first == "\u{1B}", scalars.first == "[" {
        scalars = scalars.dropFirst()
        var parameters = ""
        while let next = scalars.first, !("@"..."~").contains(next) {
          parameters.unicodeScalars.append(next)
          scalars = scalars.dropFirst()
        }
        guard let final = scalars.first else { return }
        scalars = scalars.dropFirst()
        switch final {
        case "H":
          let parts = parameters.split(separator: ";").map { Int($0) ?? 1 }
          row = (parts.first ?? 1) - 1
          column = (parts.count > 1 ? parts[1] : 1) - 1
        case "J":
          characters = Array(repeating: Array(repeating: " ", count: width), count: height)
          styles = Array(repeating: Array(repeating: "0", count: width), count: height)
        case "m": sgr = parameters.isEmpty ? "0" : parameters
        default: break
        }
        continue
      }
      let character = Character(first)
      let cellWidth = Screen.displayWidth(of: character)
      guard row < height, column < width else { continue }
      characters[row][column] = character
      styles[row][column] = sgr
      if cellWidth == 2, column + 1 < width {
        characters[row][column + 1] = "\u{0}"
        styles[row][column + 1] = sgr
      }
      column += cellWidth
    }
  }

  func line(_ row: Int) -> String {
    String(characters[row].filter { $0 != "\u{0}" })
  }
}
